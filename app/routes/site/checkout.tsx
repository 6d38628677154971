import { data, redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/checkout";
import { CheckoutForm } from "~/components/checkout-form";
import { FormMessage } from "~/components/ui/field";
import { checkoutTexts as texts, cartTexts } from "~/content/cart";
import { purchaseTexts } from "~/content/forms";
import { placesOf, shippingFor } from "~/lib/places";
import { orderPaymentPath } from "~/lib/payments";
import { useRootData } from "~/lib/root-data";
import { formatPrice } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { formClientAction, type SubmissionReply } from "~/lib/submission";
import { placeOrder } from "~/models/orders.server";
import { checkoutSchema } from "~/schemas/order";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { cartView, readCart, saveCart, withPricesSeen } from "~/services/cart.server";
import { paymentPagePath, startOrderPayment } from "~/services/payments/checkout.server";
import { submitPublic } from "~/services/public-submission.server";

/**
 * /carro/finalizar (issue 23, D23; docs/decisions/068): the checkout of the cart — its lines and
 * totals as the server will charge them, the customer's data, the document and the Terms, then
 * "Proceder al pago": the order is stored with the cart's lines priced from the catalogue, the cart
 * is emptied, and the customer goes to pay its total (or, outside the continent, to the order's
 * page, which waits for the shipping quote). A price that changed since the cart was filled is
 * said before paying: on this page, and again if it changes while the form is filled.
 */

const privateHeaders = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const items = await readCart(request);
  if (items.length === 0) throw redirect("/carro", { headers: privateHeaders });
  const cart = cartView(items);
  // Once shown here, the prices now are the ones the customer saw: the order may be placed.
  const headers: HeadersInit = cart.pricesChanged
    ? { ...privateHeaders, "Set-Cookie": await saveCart(withPricesSeen(items)) }
    : privateHeaders;
  return data({ ...cart, places: placesOf() }, { headers });
}

export const headers: Route.HeadersFunction = () => privateHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv();
  const items = await readCart(request);
  // Prices are the catalogue's; one that changed after this page was shown is said before paying.
  const changed = cartView(items).pricesChanged;
  let toldOfChange = false;
  const outcome = await submitPublic({
    request,
    context,
    form: "order",
    schema: checkoutSchema,
    failureMessage: purchaseTexts.failure,
    check: () => {
      if (items.length === 0) return { "": [texts.emptyCart] };
      if (changed) {
        toldOfChange = true;
        return { "": [texts.cartChanged] };
      }
      if (env.payments.provider === "link") return { "": [texts.linkRefusesCart] };
      return undefined;
    },
    save: (trx, order) =>
      placeOrder(trx, { ...order, lines: items.map(({ kitId, quantity }) => ({ kitId, quantity })) }),
  });
  if (!outcome.ok) {
    if (toldOfChange) {
      // The new prices are shown with the refusal: the next "Proceder al pago" takes them.
      const refusal = outcome.refusal;
      return data(refusal.data, {
        ...refusal.init,
        headers: { ...privateHeaders, "Set-Cookie": await saveCart(withPricesSeen(items)) },
      });
    }
    return outcome.refusal;
  }
  const orderId = outcome.stored.id;
  // The order holds the cart's kits now: the cart is emptied.
  const headers = { "Set-Cookie": await saveCart([]) };
  if (shippingFor(outcome.value.comuna).kind !== "free") {
    return redirect(`/pedido/${orderId}`, { status: 303, headers });
  }
  const started = await startOrderPayment(getDb(), env, orderId);
  if (started.ok) return redirectDocument(paymentPagePath(started.attempt.id), { status: 303, headers });
  return redirect(orderPaymentPath(orderId, "no-disponible"), { status: 303, headers });
}

export const clientAction = formClientAction(purchaseTexts.failure);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: texts.metaTitle,
    description: texts.metaDescription,
    path: "/carro/finalizar",
    noindex: true,
  });

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { lines, subtotal, pricesChanged, places } = loaderData;
  return (
    <div className="page-column-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">{texts.title}</h1>
      <p className="mt-3 text-muted-foreground">{texts.intro}</p>
      {pricesChanged ? (
        <div className="mt-4 space-y-1">
          <FormMessage tone="error">{texts.pricesChanged}</FormMessage>
          <ul className="list-disc pl-6 text-sm text-destructive-strong">
            {lines
              .filter((line) => line.previousPrice !== null)
              .map((line) => (
                <li key={line.kitId}>
                  {cartTexts.priceChanged(
                    line.kitName,
                    formatPrice(line.previousPrice!),
                    formatPrice(line.unitPrice),
                  )}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-8">
        <CheckoutForm
          lines={lines}
          subtotal={subtotal}
          places={places}
          company={company}
          initialReply={actionData as SubmissionReply | undefined}
        />
      </div>
    </div>
  );
}
