import { useState } from "react";
import { Link } from "react-router";
import type { PublicFormApi } from "~/components/deferred-form";
import { loadOrderSchema } from "~/components/form-schemas";
import { CheckboxField, EmailField, PhoneField, TextField } from "~/components/form-fields";
import { closePaymentTab, openPaymentTab } from "~/components/payment-tab";
import { PaymentNotice } from "~/components/payment-notice";
import { PublicForm, type KitFormProps } from "~/components/public-form";
import { useRootData } from "~/lib/root-data";
import { Field, FieldGrid } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { regions } from "~/content/chile";
import { purchaseTexts as texts } from "~/content/forms";
import { deliveryPromise } from "~/content/policies";
import { comunasOfRegion, shippingFor } from "~/lib/chile";
import { formatPrice } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import { purchasePath } from "~/lib/submission";
import { orderFieldLimits } from "~/schemas/field-limits";
import type { OrderFormData } from "~/schemas/order";

export interface PurchaseKit {
  id: string;
  name: string;
  price: number;
}

/**
 * The purchase-data form (DECISIONS D6), in the dialog and on the purchase page: stores the order
 * and, paid through a provider, the action sends this tab to the provider's page (docs/decisions/059);
 * with payment links only, it opens the payment tab within the click and goes to the order's page,
 * which sends the tab to the kit's payment link (components/payment-tab.ts).
 */
export function PurchaseForm({ kit, ...props }: KitFormProps<PurchaseKit>) {
  // Paid through a provider, the action sends this tab there; with links only, a new tab opens.
  const { payment } = useRootData();
  return (
    <PublicForm<keyof OrderFormData>
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

function PurchaseFields({ api, kit }: { api: PublicFormApi<keyof OrderFormData>; kit: PurchaseKit }) {
  const hydrated = useHydrated();
  const regionField = api.field("region");
  const comunaField = api.field("comuna");
  // Kept typed values (a refusal without JavaScript re-renders the page with them).
  const [regionCut, setRegionCut] = useState(() => (regionField.initialValue as string | undefined) ?? "");
  const [comunaCut, setComunaCut] = useState(() => (comunaField.initialValue as string | undefined) ?? "");

  const regionComunas = regionCut ? comunasOfRegion(regionCut) : [];
  const shipping = comunaCut ? shippingFor(comunaCut).kind : undefined;

  return (
    <>
      <input type="hidden" name="kitId" value={kit.id} />
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
        <Field label={texts.regionLabel} errors={regionField.errors}>
          {(props) => (
            <Select
              {...props}
              key={regionField.key}
              name={regionField.name}
              defaultValue={(regionField.initialValue as string | undefined) ?? ""}
              autoComplete="address-level1"
              onChange={(event) => {
                setRegionCut(event.target.value);
                setComunaCut("");
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
        <Field label={texts.comunaLabel} errors={comunaField.errors}>
          {(props) => (
            <Select
              {...props}
              key={`${comunaField.key ?? ""}-${regionCut}`}
              name={comunaField.name}
              defaultValue={comunaCut}
              autoComplete="address-level2"
              onChange={(event) => setComunaCut(event.target.value)}
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

      <section aria-label={texts.summaryHeading} className="rounded-md bg-muted p-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{texts.productLabel}</dt>
          <dd className="text-right font-medium">{kit.name}</dd>
          <dt className="text-muted-foreground">{texts.shippingLabel}</dt>
          <dd className="text-right font-medium" aria-live="polite">
            {shipping === "free"
              ? texts.shippingFree
              : shipping === "arranged"
                ? texts.shippingArranged
                : texts.shippingPending}
          </dd>
          <dt className="text-muted-foreground">{texts.deliveryLabel}</dt>
          <dd className="text-right font-medium">{deliveryPromise}</dd>
          <dt className="font-bold">{texts.totalLabel}</dt>
          <dd className="text-right text-base font-bold">{formatPrice(kit.price)}</dd>
        </dl>
      </section>
      <PaymentNotice notice={useRootData().payment.notice} />
    </>
  );
}
