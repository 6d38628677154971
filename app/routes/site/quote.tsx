import { data, redirect } from "react-router";
import type { Route } from "./+types/quote";
import { QuoteForm, quoteThanksPath, type QuoteReceived } from "~/components/quote-form";
import { quoteTexts } from "~/content/forms";
import {
  kitFormData,
  KitFormErrorBoundary,
  kitFormMeta,
  KitFormPage,
  pageKit,
} from "~/components/kit-form-page";
import { useRootData } from "~/lib/root-data";
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
  return kitFormData(params.kitId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The kit is the page's: a form field cannot turn it into another one.
  const kit = pageKit(params.kitId);
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
  if (!processed.scripted) return redirect(quoteThanksPath(kit.id), 303);
  return data<SubmissionReply<QuoteReceived>>({
    status: "success",
    result: processed.result,
    extra: { fullName: processed.value.fullName, productId: kit.id },
  });
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  kitFormMeta({
    kitId: loaderData?.kit.id,
    matches,
    title: quoteTexts.pageTitle(loaderData?.kit.name ?? "LifeBox"),
    description: quoteTexts.pageDescription(loaderData?.kit.name ?? "LifeBox"),
    basePath: "/cotizar",
  });

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { kit } = loaderData;
  return (
    <KitFormPage title={quoteTexts.title} intro={quoteTexts.description(kit.name)}>
      <QuoteForm
        kit={kit}
        company={company}
        initialReply={actionData as SubmissionReply<QuoteReceived> | undefined}
        cancelHref={loaderData.kitPath}
      />
    </KitFormPage>
  );
}

export const ErrorBoundary = KitFormErrorBoundary;
