import { useState } from "react";
import {
  CustomerFields,
  shippingText,
  useShippingOf,
  type PurchaseFormApi,
} from "~/components/customer-fields";
import { loadOrderSchema } from "~/components/form-schemas";
import { closePaymentTab, openPaymentTab } from "~/components/payment-tab";
import { PaymentNotice } from "~/components/payment-notice";
import { PublicForm, type KitFormProps } from "~/components/public-form";
import { useRootData } from "~/lib/root-data";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { purchaseTexts as texts } from "~/content/forms";
import { deliveryPromise } from "~/content/policies";
import { formatPrice } from "~/lib/format";
import { maxQuantityPerKit } from "~/lib/order-lines";
import { placesOf } from "~/lib/places";
import { purchasePath } from "~/lib/submission";
import type { OrderFieldName } from "~/schemas/order";

/** Chile's places for the dialog's selects: its code is loaded with the dialog, not with the page. */
const places = placesOf();

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
  const [shipping, setShipping] = useShippingOf(api, places);
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
      <CustomerFields api={api} places={places} onComunaChange={setShipping} />

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
