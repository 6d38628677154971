import { useState } from "react";
import { Link } from "react-router";
import type { FormField, PublicFormApi } from "~/components/deferred-form";
import { loadOrderSchema } from "~/components/form-schemas";
import { CheckboxField, EmailField, PhoneField, TextField } from "~/components/form-fields";
import { closePaymentTab, openPaymentTab } from "~/components/payment-tab";
import { PaymentNotice } from "~/components/payment-notice";
import { PublicForm, type KitFormProps } from "~/components/public-form";
import { useRootData } from "~/lib/root-data";
import { Field, FieldError, FieldGrid } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { Input, Select } from "~/components/ui/input";
import { regions } from "~/content/chile";
import { purchaseTexts as texts } from "~/content/forms";
import { deliveryPromise } from "~/content/policies";
import { comunasOfRegion, shippingFor } from "~/lib/chile";
import { formatPrice } from "~/lib/format";
import { maxQuantityPerKit } from "~/lib/order-lines";
import { useHydrated } from "~/lib/use-hydrated";
import { purchasePath } from "~/lib/submission";
import { orderFieldLimits } from "~/schemas/field-limits";
import type { OrderFieldName } from "~/schemas/order";

export interface PurchaseKit {
  id: string;
  name: string;
  price: number;
}

/**
 * The purchase-data form (docs/decisions/014), in the dialog and on the purchase page: stores the order
 * and, paid through a provider, the action sends this tab to the provider's page (docs/decisions/059);
 * with payment links only, it opens the payment tab within the click and goes to the order's page,
 * which sends the tab to the kit's payment link (components/payment-tab.ts).
 */
export function PurchaseForm({ kit, ...props }: KitFormProps<PurchaseKit>) {
  // Paid through a provider, the action sends this tab there; with links only, a new tab opens.
  const { payment } = useRootData();
  return (
    <PublicForm<OrderFieldName>
      {...props}
      form="order"
      id={`compra-${kit.id}`}
      action={purchasePath(kit.id)}
      loadSchema={loadOrderSchema}
      onBeforeSend={payment.opensTab ? openPaymentTab : undefined}
      onFailure={payment.opensTab ? closePaymentTab : undefined}
      labels={texts}
    >
      {(api) => <PurchaseFields api={api} kit={kit} />}
    </PublicForm>
  );
}

function PurchaseFields({ api, kit }: { api: PurchaseFormApi; kit: PurchaseKit }) {
  const { payment } = useRootData();
  // The comuna decides the shipping shown in the summary (a refusal re-renders with the typed one).
  const [shipping, setShipping] = useShippingOf(api);
  const quantityField = api.field("quantity");
  const [quantity, setQuantity] = useState(() => String(quantityField.initialValue ?? "1"));
  const count = /^ *\d{1,2} *$/.test(quantity) ? Number(quantity) : NaN;
  const total = count >= 1 && count <= maxQuantityPerKit ? formatPrice(kit.price * count) : "—";

  return (
    <>
      {/* A fixed payment link charges one kit: that shop sells one per order (docs/decisions/067). */}
      {payment.opensTab ? null : (
        <Field
          label={texts.quantityLabel}
          hint={texts.quantityHint(maxQuantityPerKit)}
          errors={quantityField.errors}
          className="max-w-48"
        >
          {(props) => (
            <Input
              {...props}
              key={quantityField.key}
              name={quantityField.name}
              defaultValue={quantity}
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              onChange={(event) => setQuantity(event.target.value)}
            />
          )}
        </Field>
      )}
      <CustomerFields api={api} onComunaChange={setShipping} />

      <section aria-label={texts.summaryHeading} className="rounded-md bg-muted p-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{texts.productLabel}</dt>
          <dd className="text-right font-medium">
            {count > 1 && total !== "—" ? `${count} × ${kit.name}` : kit.name}
          </dd>
          <dt className="text-muted-foreground">{texts.shippingLabel}</dt>
          <dd className="text-right font-medium" aria-live="polite">
            {shippingText(shipping)}
          </dd>
          <dt className="text-muted-foreground">{texts.deliveryLabel}</dt>
          <dd className="text-right font-medium">{deliveryPromise}</dd>
          <dt className="font-bold">{texts.totalLabel}</dt>
          <dd className="text-right text-base font-bold" aria-live="polite">
            {total}
          </dd>
        </dl>
      </section>
      <PaymentNotice notice={payment.notice} />
    </>
  );
}

export type PurchaseFormApi = PublicFormApi<OrderFieldName>;

/** The shipping of the comuna typed so far (a refusal re-renders with the typed one), and its setter. */
export function useShippingOf(api: PurchaseFormApi) {
  const typed = (api.field("comuna").initialValue as string | undefined) ?? "";
  const [comunaCut, setComunaCut] = useState(typed);
  const kind = comunaCut ? shippingFor(comunaCut).kind : undefined;
  return [kind, setComunaCut] as const;
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
  onComunaChange,
}: {
  api: PurchaseFormApi;
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
      <DocumentFields api={api} />
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
  regionField,
  comunaField,
  labels,
  autoCompleteSection,
  onComunaChange,
}: {
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
  const regionComunas = regionCut ? comunasOfRegion(regionCut) : [];
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
            {regions.map((region) => (
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
              ? regionComunas.map((comuna) => (
                  <option key={comuna.cut} value={comuna.cut}>
                    {comuna.name}
                  </option>
                ))
              : // Without JavaScript the list cannot follow the región: every comuna, by región.
                regions.map((region) => (
                  <optgroup key={region.cut} label={region.name}>
                    {comunasOfRegion(region.cut).map((comuna) => (
                      <option key={comuna.cut} value={comuna.cut}>
                        {comuna.name}
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
function DocumentFields({ api }: { api: PurchaseFormApi }) {
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
