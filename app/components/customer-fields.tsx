import { useState } from "react";
import { Link } from "react-router";
import type { FormField, PublicFormApi } from "~/components/public-form-types";
import { CheckboxField, EmailField, PhoneField, TextField } from "~/components/form-fields";
import { Field, FieldError, FieldGrid } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { purchaseTexts as texts } from "~/content/forms";
import { cn } from "~/lib/cn";
import type { Places } from "~/lib/places";
import { useHydrated } from "~/lib/use-hydrated";
import { orderFieldLimits } from "~/schemas/field-limits";
import type { OrderFieldName } from "~/schemas/order";

/**
 * The customer's part of the purchase forms (the "Comprar" dialog, components/purchase-form.tsx, and
 * the cart's checkout, components/checkout-form.tsx): the spec's fields, the document (D24) and the
 * Terms. Chile's regiones and comunas come as `places` (lib/places.ts): the dialog's code carries
 * them, the checkout's page has them from its loader, so its first load carries no list as code.
 */

export type PurchaseFormApi = PublicFormApi<OrderFieldName>;

/** The shipping of the comuna typed so far (a refusal re-renders with the typed one), and its setter. */
export function useShippingOf(api: PurchaseFormApi, places: Places) {
  const typed = (api.field("comuna").initialValue as string | undefined) ?? "";
  const [comunaCut, setComunaCut] = useState(typed);
  const kind = comunaCut ? shippingOfPlace(places, comunaCut) : undefined;
  return [kind, setComunaCut] as const;
}

/** Free to continental Chile; quoted for the comunas `places` lists so, and for an unknown one (D7). */
function shippingOfPlace(places: Places, comunaCut: string): "free" | "arranged" {
  const known = places.regions.some((region) => region.comunas.some(([cut]) => cut === comunaCut));
  return known && !places.quoted.includes(comunaCut) ? "free" : "arranged";
}

/** The shipping line of a summary: free, to be quoted, or not known until the comuna is chosen. */
export function shippingText(kind: "free" | "arranged" | undefined): string {
  return kind === "free"
    ? texts.shippingFree
    : kind === "arranged"
      ? texts.shippingArranged
      : texts.shippingPending;
}

/**
 * The customer's data of a purchase (the "Comprar" dialog's and the cart's checkout): the spec's
 * fields, the document (D24) and the Terms.
 */
export function CustomerFields({
  api,
  places,
  onComunaChange,
}: {
  api: PurchaseFormApi;
  places: Places;
  onComunaChange: (cut: string) => void;
}) {
  return (
    <FieldGrid disabled={api.busy}>
      <TextField
        meta={api.field("name")}
        label={texts.nameLabel}
        autoComplete="name"
        maxLength={orderFieldLimits.name}
        className="sm:col-span-2"
      />
      <EmailField
        meta={api.field("email")}
        label={texts.emailLabel}
        hint={texts.emailHint}
        maxLength={orderFieldLimits.email}
      />
      <PhoneField meta={api.field("phone")} label={texts.phoneLabel} maxLength={orderFieldLimits.phone} />
      <PlaceFields
        places={places}
        regionField={api.field("region")}
        comunaField={api.field("comuna")}
        labels={{ region: texts.regionLabel, comuna: texts.comunaLabel }}
        autoCompleteSection="shipping"
        onComunaChange={onComunaChange}
      />
      <TextField
        meta={api.field("address")}
        label={texts.addressLabel}
        hint={texts.addressHint}
        autoComplete="street-address"
        maxLength={orderFieldLimits.address}
        className="sm:col-span-2"
      />
      <TextField
        meta={api.field("rut")}
        label={texts.rutLabel}
        optional
        hint={texts.rutHint}
        placeholder="12.345.678-5"
        maxLength={12}
      />
      <TextField
        meta={api.field("notes")}
        label={texts.notesLabel}
        optional
        hint={texts.notesHint}
        rows={2}
        maxLength={orderFieldLimits.notes}
      />
      <DocumentFields api={api} places={places} />
      <div className="sm:col-span-2 sm:pb-4">
        <CheckboxField meta={api.field("acceptTerms")} id={`${api.id}-terms`}>
          {texts.termsBefore}
          <Link to="/terminos" target="_blank" className="font-semibold underline">
            {texts.termsLink}
          </Link>
          {texts.termsAfter}
        </CheckboxField>
      </div>
    </FieldGrid>
  );
}

/**
 * A región and its comuna, as two selects: with JavaScript the comuna's list follows the región;
 * without it, every comuna, grouped by región (the server checks that they match).
 */
function PlaceFields({
  places,
  regionField,
  comunaField,
  labels,
  autoCompleteSection,
  onComunaChange,
}: {
  places: Places;
  regionField: FormField;
  comunaField: FormField;
  labels: { region: string; comuna: string };
  /** The autofill section: the shipping address, or the factura's ("billing"). */
  autoCompleteSection: "shipping" | "billing";
  onComunaChange?: (cut: string) => void;
}) {
  const hydrated = useHydrated();
  // Kept typed values (a refusal without JavaScript re-renders the page with them).
  const [regionCut, setRegionCut] = useState(() => (regionField.initialValue as string | undefined) ?? "");
  const [comunaCut, setComunaCut] = useState(() => (comunaField.initialValue as string | undefined) ?? "");
  const chooseComuna = (cut: string) => {
    setComunaCut(cut);
    onComunaChange?.(cut);
  };
  const comunasOf = (cut: string) => places.regions.find((region) => region.cut === cut)?.comunas ?? [];
  const regionComunas = regionCut ? comunasOf(regionCut) : [];
  return (
    <>
      <Field label={labels.region} errors={regionField.errors}>
        {(props) => (
          <Select
            {...props}
            key={regionField.key}
            name={regionField.name}
            defaultValue={(regionField.initialValue as string | undefined) ?? ""}
            autoComplete={`${autoCompleteSection} address-level1`}
            onChange={(event) => {
              setRegionCut(event.target.value);
              chooseComuna("");
            }}
          >
            <option value="">{texts.regionPlaceholder}</option>
            {places.regions.map((region) => (
              <option key={region.cut} value={region.cut}>
                {region.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={labels.comuna} errors={comunaField.errors}>
        {(props) => (
          <Select
            {...props}
            key={`${comunaField.key ?? ""}-${regionCut}`}
            name={comunaField.name}
            defaultValue={comunaCut}
            autoComplete={`${autoCompleteSection} address-level2`}
            onChange={(event) => chooseComuna(event.target.value)}
          >
            <option value="">
              {regionCut || !hydrated ? texts.comunaPlaceholder : texts.comunaFirstRegion}
            </option>
            {hydrated
              ? regionComunas.map(([cut, name]) => (
                  <option key={cut} value={cut}>
                    {name}
                  </option>
                ))
              : // Without JavaScript the list cannot follow the región: every comuna, by región.
                places.regions.map((region) => (
                  <optgroup key={region.cut} label={region.name}>
                    {region.comunas.map(([cut, name]) => (
                      <option key={cut} value={cut}>
                        {name}
                      </option>
                    ))}
                  </optgroup>
                ))}
          </Select>
        )}
      </Field>
    </>
  );
}

/**
 * Hidden while "Boleta" is chosen, by CSS (`:has`), so it works without JavaScript; a browser
 * without `:has` shows the factura's fields always, their legend saying they are for a factura only.
 */
const shownForFactura = "[form:has(input[name=documentType][value=boleta]:checked)_&]:hidden";

/** "Documento": boleta (the default) or factura, and a factura's company (D24; docs/decisions/064). */
function DocumentFields({ api, places }: { api: PurchaseFormApi; places: Places }) {
  const documentField = api.field("documentType");
  const chosen = documentField.initialValue === "factura" ? "factura" : "boleta";
  const errorId = `${api.id}-documento-error`;
  const options = [
    { value: "boleta", label: texts.documentBoleta, hint: undefined },
    { value: "factura", label: texts.documentFactura, hint: texts.documentFacturaHint },
  ] as const;
  return (
    <>
      <fieldset
        className="sm:col-span-2 sm:pb-4"
        aria-invalid={documentField.errors ? true : undefined}
        aria-describedby={documentField.errors ? errorId : undefined}
      >
        <legend className="text-sm font-semibold text-foreground">{texts.documentLegend}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {options.map((option) => (
            <div key={option.value} className="flex items-start gap-2">
              <input
                type="radio"
                id={`${api.id}-documento-${option.value}`}
                key={documentField.key}
                name={documentField.name}
                value={option.value}
                defaultChecked={chosen === option.value}
                className="mt-1 size-4 accent-primary"
              />
              <label htmlFor={`${api.id}-documento-${option.value}`} className="text-sm text-foreground">
                {option.label}
                {option.hint ? (
                  <span className="block text-xs text-subtle-foreground">{option.hint}</span>
                ) : null}
              </label>
            </div>
          ))}
        </div>
        {documentField.errors ? <FieldError id={errorId}>{documentField.errors[0]}</FieldError> : null}
      </fieldset>
      <fieldset className={cn("rounded-md border border-border p-3 sm:col-span-2 sm:mb-4", shownForFactura)}>
        <legend className="px-1 text-sm font-semibold text-foreground">{texts.invoiceLegend}</legend>
        <FieldGrid>
          <TextField
            meta={api.field("invoiceRut")}
            label={texts.invoiceRutLabel}
            placeholder="76.123.456-0"
            maxLength={12}
          />
          <TextField
            meta={api.field("invoiceName")}
            label={texts.invoiceNameLabel}
            autoComplete="organization"
            maxLength={orderFieldLimits.invoiceName}
          />
          <TextField
            meta={api.field("invoiceGiro")}
            label={texts.invoiceGiroLabel}
            maxLength={orderFieldLimits.invoiceGiro}
            className="sm:col-span-2"
          />
          <TextField
            meta={api.field("invoiceAddress")}
            label={texts.invoiceAddressLabel}
            autoComplete="billing street-address"
            maxLength={orderFieldLimits.invoiceAddress}
            className="sm:col-span-2"
          />
          <PlaceFields
            places={places}
            regionField={api.field("invoiceRegion")}
            comunaField={api.field("invoiceComuna")}
            labels={{ region: texts.invoiceRegionLabel, comuna: texts.invoiceComunaLabel }}
            autoCompleteSection="billing"
          />
          <EmailField
            meta={api.field("invoiceEmail")}
            label={texts.invoiceEmailLabel}
            hint={texts.invoiceEmailHint}
            maxLength={orderFieldLimits.invoiceEmail}
            className="sm:col-span-2"
          />
        </FieldGrid>
      </fieldset>
    </>
  );
}
