import { data, redirect } from "react-router";
import type { Route } from "./+types/purchase";
import { PurchaseForm, type OrderCreated } from "~/components/purchase-form";
import { purchaseTexts } from "~/content/forms";
import {
  kitFormData,
  KitFormErrorBoundary,
  kitFormMeta,
  KitFormPage,
  pageKit,
} from "~/components/kit-form-page";
import { useRootData } from "~/lib/root-data";
import type { SubmissionReply } from "~/lib/submission";
import { orderSchema } from "~/schemas/order";
import { storeOrder } from "~/services/customer-submissions.server";
import { getEnv } from "~/services/env.server";
import { processSubmission } from "~/services/submissions.server";

/**
 * /comprar/{kitId}: the purchase-data form as a page (what "Comprar" opens without JavaScript; with
 * it, the same form opens in a dialog and posts here). The action stores the order (DECISIONS D6).
 */
export function loader({ params }: Route.LoaderArgs) {
  return kitFormData(params.kitId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The kit is the page's: a form field cannot turn it into another one.
  const kit = pageKit(params.kitId);
  const env = getEnv();
  const processed = await processSubmission({
    request,
    clientIp: context.clientIp,
    form: "order",
    schema: orderSchema,
    store: (trx, order) => storeOrder(trx, { ...order, kitId: kit.id }, env),
    failureMessage: purchaseTexts.failure,
  });
  if (!processed.ok) return processed.response;
  const { id, number, paymentUrl } = processed.stored;
  if (!processed.scripted) return redirect(`/pedido/${id}`, 303);
  return data<SubmissionReply<OrderCreated>>({
    status: "success",
    result: processed.result,
    extra: { orderId: id, number, paymentUrl },
  });
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  kitFormMeta({
    kitId: loaderData?.kit.id,
    matches,
    title: purchaseTexts.pageTitle(loaderData?.kit.name ?? "LifeBox"),
    description: purchaseTexts.pageDescription(loaderData?.kit.name ?? "LifeBox"),
    basePath: "/comprar",
  });

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { kit } = loaderData;
  return (
    <KitFormPage title={purchaseTexts.title(kit.name)} intro={purchaseTexts.description}>
      <PurchaseForm
        kit={kit}
        company={company}
        initialReply={actionData as SubmissionReply<OrderCreated> | undefined}
        cancelHref={loaderData.kitPath}
      />
    </KitFormPage>
  );
}

export const ErrorBoundary = KitFormErrorBoundary;
