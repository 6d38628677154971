import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/quote";
import { NotFoundContent } from "~/components/not-found-content";
import { PageHeader } from "~/components/page-header";
import { QuoteForm, quoteThanksPath, type QuoteReceived } from "~/components/quote-form";
import { quoteTexts } from "~/content/forms";
import { getKit, kitPath } from "~/content/kits";
import { rootDataFromMatches, useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import type { SubmissionReply } from "~/lib/submission";
import { quoteSchema } from "~/schemas/quote";
import { storeQuote } from "~/services/customer-submissions.server";
import { getEnv } from "~/services/env.server";
import { processSubmission } from "~/services/submissions.server";

/**
 * /cotizar/{kitId}: the quotation form as a page (what "Cotizar" opens without JavaScript; with it,
 * the same form opens in the dialog and posts here). The action stores the quotation request.
 */
export function loader({ params }: Route.LoaderArgs) {
  const kit = getKit(params.kitId);
  if (!kit) throw data(null, { status: 404 });
  return { kit: { id: kit.id, name: kit.name }, kitPath: kitPath(kit) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The kit is the page's: a form field cannot turn it into another one.
  const kit = getKit(params.kitId);
  if (!kit) throw data(null, { status: 404 });
  const env = getEnv();
  const processed = await processSubmission({
    request,
    clientIp: context.clientIp,
    form: "quote",
    schema: quoteSchema,
    store: (trx, quote) => storeQuote(trx, { ...quote, productId: kit.id }, env),
    failureMessage: quoteTexts.failure,
  });
  if (!processed.ok) return processed.response;
  const { fullName } = processed.value;
  const productId = kit.id;
  if (!processed.scripted) return redirect(quoteThanksPath(productId), 303);
  return data<SubmissionReply<QuoteReceived>>({
    status: "success",
    result: processed.result,
    extra: { fullName, productId },
  });
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const kitName = loaderData?.kit.name ?? "LifeBox";
  return pageMeta({
    title: quoteTexts.pageTitle(kitName),
    description: quoteTexts.pageDescription(kitName),
    path: `/cotizar/${loaderData?.kit.id ?? ""}`,
    siteUrl: rootDataFromMatches(matches).siteUrl,
    noindex: true,
  });
};

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { kit } = loaderData;
  return (
    <>
      <PageHeader title={quoteTexts.title} intro={quoteTexts.description(kit.name)} />
      <div className="mx-auto max-w-2xl px-4 py-10">
        <QuoteForm
          kit={kit}
          company={company}
          initialReply={actionData as SubmissionReply<QuoteReceived> | undefined}
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
