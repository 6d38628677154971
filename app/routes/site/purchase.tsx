import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/purchase";
import { NotFoundContent } from "~/components/not-found-content";
import { PageHeader } from "~/components/page-header";
import { PurchaseForm, type OrderCreated } from "~/components/purchase-form";
import { purchaseTexts } from "~/content/forms";
import { getKit, kitPath } from "~/content/kits";
import type { KitId } from "~/content/types";
import { rootDataFromMatches, useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
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
  const kit = getKit(params.kitId);
  if (!kit) throw data(null, { status: 404 });
  return { kit: { id: kit.id, name: kit.name, price: kit.price }, kitPath: kitPath(kit) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The kit is the page's: a form field cannot turn it into another one.
  const kit = getKit(params.kitId);
  if (!kit) throw data(null, { status: 404 });
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

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const kitName = loaderData?.kit.name ?? "LifeBox";
  return pageMeta({
    title: purchaseTexts.pageTitle(kitName),
    description: purchaseTexts.pageDescription(kitName),
    path: `/comprar/${loaderData?.kit.id ?? ""}`,
    siteUrl: rootDataFromMatches(matches).siteUrl,
    noindex: true,
  });
};

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { kit } = loaderData;
  return (
    <>
      <PageHeader title={purchaseTexts.title(kit.name)} intro={purchaseTexts.description} />
      <div className="mx-auto max-w-2xl px-4 py-10">
        <PurchaseForm
          kit={{ ...kit, id: kit.id as KitId }}
          company={company}
          initialReply={actionData as SubmissionReply<OrderCreated> | undefined}
          cancelHref={loaderData.kitPath}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}
