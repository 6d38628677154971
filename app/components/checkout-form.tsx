import { Link } from "react-router";
import { OrderLinesTable } from "~/components/order-lines";
import { loadCheckoutSchema } from "~/components/form-schemas";
import { PaymentNotice } from "~/components/payment-notice";
import { PublicForm } from "~/components/public-form";
import {
  CustomerFields,
  shippingText,
  useShippingOf,
  type PurchaseFormApi,
} from "~/components/customer-fields";
import type { CompanyInfo } from "~/content/company";
import { checkoutTexts as texts, orderLinesTexts } from "~/content/cart";
import { purchaseTexts } from "~/content/forms";
import { formatPrice } from "~/lib/format";
import type { OrderLine } from "~/lib/order-lines";
import type { Places } from "~/lib/places";
import { useRootData } from "~/lib/root-data";
import type { SubmissionReply } from "~/lib/submission";
import type { OrderFieldName } from "~/schemas/order";

/** The path of the cart's checkout (its page and its form's action). */
export const checkoutPath = "/carro/finalizar";

/**
 * The cart's checkout form (issue 23, D23): the customer's data of the "Comprar" dialog, the
 * document, the Terms, and the order's lines and totals as the server will charge them; the
 * shipping follows the comuna chosen. "Proceder al pago" stores the order and goes to pay.
 */
export function CheckoutForm({
  lines,
  subtotal,
  company,
  places,
  initialReply,
}: {
  lines: ReadonlyArray<Pick<OrderLine, "kitName" | "unitPrice" | "quantity" | "lineTotal">>;
  subtotal: number;
  /** Chile's places for the selects, from the page's loader (lib/places.ts). */
  places: Places;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  initialReply?: SubmissionReply | undefined;
}) {
  return (
    <PublicForm<OrderFieldName>
      form="order"
      id="finalizar-compra"
      action={checkoutPath}
      loadSchema={loadCheckoutSchema}
      company={company}
      initialReply={initialReply}
      labels={purchaseTexts}
    >
      {(api) => <CheckoutFields api={api} lines={lines} subtotal={subtotal} places={places} />}
    </PublicForm>
  );
}

function CheckoutFields({
  api,
  lines,
  subtotal,
  places,
}: {
  api: PurchaseFormApi;
  places: Places;
  lines: ReadonlyArray<Pick<OrderLine, "kitName" | "unitPrice" | "quantity" | "lineTotal">>;
  subtotal: number;
}) {
  const { payment } = useRootData();
  const [shipping, setShipping] = useShippingOf(api, places);
  return (
    <>
      <CustomerFields api={api} places={places} onComunaChange={setShipping} />
      <section aria-labelledby="finalizar-resumen" className="rounded-md bg-muted p-3">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="finalizar-resumen" className="text-lg font-bold">
            {texts.summaryHeading}
          </h2>
          <Link to="/carro" className="text-sm font-semibold underline">
            {texts.editCart}
          </Link>
        </div>
        <OrderLinesTable
          lines={lines}
          className="mt-2"
          totals={[
            { label: orderLinesTexts.subtotal, value: formatPrice(subtotal) },
            { label: orderLinesTexts.shipping, value: shippingText(shipping) },
            {
              // Outside the continent the shipping is quoted before paying (D25).
              label: shipping === "arranged" ? texts.totalBeforeShipping : orderLinesTexts.total,
              value: formatPrice(subtotal),
              strong: true,
            },
          ]}
        />
      </section>
      <PaymentNotice notice={payment.notice} />
    </>
  );
}
