import { redirect } from "react-router";
import type { Route } from "./+types/purchase";
import { PurchaseForm } from "~/components/purchase-form";
import { purchaseTexts } from "~/content/forms";
import { kitFormMeta, KitFormPage } from "~/components/kit-form-page";
import { NotFoundBoundary } from "~/components/not-found-content";
import { useRootData } from "~/lib/root-data";
import { formClientAction } from "~/lib/submission";
import { placeOrder } from "~/models/orders.server";
import { orderSchema } from "~/schemas/order";
import { kitFormData, pageKit } from "./kit-form.server";
import { submitPublicForm } from "./public-form.server";

/**
 * /comprar/{kitId}: the purchase-data form as a page (what "Comprar" opens without JavaScript; with
 * it, the same form opens in a dialog and posts here). The action stores the order (DECISIONS D6).
 */
export function loader({ params }: Route.LoaderArgs) {
  return kitFormData(params.kitId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const kit = pageKit(params.kitId);
  const outcome = await submitPublicForm({
    request,
    context,
    form: "order",
    schema: orderSchema,
    failureMessage: purchaseTexts.failure,
    // The kit is the page's: a form field cannot change it.
    save: (order, captcha) => placeOrder({ ...order, kitId: kit.id, captcha }),
  });
  if (!outcome.ok) return outcome.refusal;
  return redirect(`/pedido/${outcome.stored.id}`, 303);
}

export const clientAction = formClientAction(purchaseTexts.failure);

export const meta: Route.MetaFunction = (args) => kitFormMeta(args, purchaseTexts, "/comprar");

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { kit } = loaderData;
  return (
    <KitFormPage title={purchaseTexts.title(kit.name)} intro={purchaseTexts.description}>
      <PurchaseForm kit={kit} company={company} initialReply={actionData} cancelHref={loaderData.kitPath} />
    </KitFormPage>
  );
}

export const ErrorBoundary = NotFoundBoundary;
