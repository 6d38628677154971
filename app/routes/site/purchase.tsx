import { redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/purchase";
import { PurchaseForm } from "~/components/purchase-form";
import { purchaseTexts } from "~/content/forms";
import { kitFormMeta, KitFormPage } from "~/components/kit-form-page";
import { NotFoundBoundary } from "~/components/not-found-content";
import { useRootData } from "~/lib/root-data";
import { formClientAction } from "~/lib/submission";
import { paymentTexts } from "~/content/payments";
import { shippingFor } from "~/lib/places";
import { orderPaymentPath } from "~/lib/payments";
import { placeOrder } from "~/models/orders.server";
import { paymentPagePath, startOrderPayment } from "~/services/payments/checkout.server";
import { submitPublic } from "~/services/public-submission.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { orderSchema } from "~/schemas/order";
import { kitFormData, pageKit } from "./kit-form.server";

/**
 * /comprar/{kitId}: the purchase-data form as a page (what "Comprar" opens without JavaScript; with
 * it, the same form opens in a dialog and posts here). The action stores the order (docs/product.md#d6).
 */
export function loader({ params }: Route.LoaderArgs) {
  return kitFormData(params.kitId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const kit = pageKit(params.kitId);
  const env = getEnv();
  const outcome = await submitPublic({
    request,
    context,
    form: "order",
    schema: orderSchema,
    failureMessage: purchaseTexts.failure,
    // The link-only shop charges the kit's fixed link: one kit, and no shipping cost to be quoted.
    check: (order) => (env.payments.provider === "link" ? linkRefusal(order) : undefined),
    // The kit is the page's: a form field cannot change it; its price is the catalogue's.
    save: (trx, { quantity, ...order }) =>
      placeOrder(trx, { ...order, lines: [{ kitId: kit.id, quantity }] }),
  });
  if (!outcome.ok) return outcome.refusal;
  const orderId = outcome.stored.id;
  // Payment links; or an order outside the continent, which waits for its shipping quote (D25).
  if (env.payments.provider === "link" || shippingFor(outcome.value.comuna).kind !== "free") {
    return redirect(`/pedido/${orderId}`, 303);
  }
  // Straight to the provider, in this tab: a new attempt for the order's stored total.
  const started = await startOrderPayment(getDb(), env, orderId);
  if (started.ok) return redirectDocument(paymentPagePath(started.attempt.id), 303);
  return redirect(orderPaymentPath(orderId, "no-disponible"), 303);
}

/** What a shop with fixed payment links cannot charge: more than one kit, or a quoted shipping. */
function linkRefusal(order: { quantity: number; comuna: string }): Record<string, string[]> | undefined {
  if (order.quantity !== 1) return { quantity: [paymentTexts.linkRefusesQuantity] };
  if (shippingFor(order.comuna).kind !== "free") return { comuna: [paymentTexts.linkRefusesQuotedShipping] };
  return undefined;
}

export const clientAction = formClientAction(purchaseTexts.failure);

export const meta: Route.MetaFunction = (args) => kitFormMeta(args, purchaseTexts, "/comprar");

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { company, payment } = useRootData();
  const { kit } = loaderData;
  return (
    <KitFormPage
      title={purchaseTexts.title(kit.name)}
      intro={payment.opensTab ? purchaseTexts.descriptionNewTab : purchaseTexts.description}
    >
      <PurchaseForm kit={kit} company={company} initialReply={actionData} cancelHref={loaderData.kitPath} />
    </KitFormPage>
  );
}

export const ErrorBoundary = NotFoundBoundary;
