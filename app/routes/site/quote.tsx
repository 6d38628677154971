import type { Route } from "./+types/quote";
import { QuoteForm } from "~/components/quote-form";
import { quoteTexts } from "~/content/forms";
import { kitFormMeta, KitFormPage } from "~/components/kit-form-page";
import { NotFoundBoundary } from "~/components/not-found-content";
import { useRootData } from "~/lib/root-data";
import { formClientAction, quoteThanksPath } from "~/lib/submission";
import { requestQuote } from "~/models/quotes.server";
import { quoteSchema } from "~/schemas/quote";
import { submitPublic } from "~/services/public-submission.server";
import { redirectWithToast } from "~/infra/toast.server";
import { kitFormData, pageKit } from "./kit-form.server";

/**
 * /cotizar/{kitId}: the quotation form as a page (what "Cotizar" opens without JavaScript; with it,
 * the same form opens in the dialog and posts here). The action stores the quotation request.
 */
export function loader({ params }: Route.LoaderArgs) {
  return kitFormData(params.kitId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const kit = pageKit(params.kitId);
  const outcome = await submitPublic({
    request,
    context,
    form: "quote",
    schema: quoteSchema,
    failureMessage: quoteTexts.failure,
    // The kit is the page's: a form field cannot change it.
    save: (trx, quote) => requestQuote(trx, { ...quote, productId: kit.id }),
  });
  if (!outcome.ok) return outcome.refusal;
  // docs/product.md#spec-8: the toast 'Cotización recibida', on the thank-you page (docs/product.md#d10).
  return redirectWithToast(quoteThanksPath(kit.id), {
    kind: "success",
    title: quoteTexts.successTitle,
    description: quoteTexts.successText(outcome.value.fullName),
  });
}

export const clientAction = formClientAction(quoteTexts.failure);

export const meta: Route.MetaFunction = (args) => kitFormMeta(args, quoteTexts, "/cotizar");

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { kit } = loaderData;
  return (
    <KitFormPage title={quoteTexts.title} intro={quoteTexts.description(kit.name)}>
      <QuoteForm kit={kit} company={company} initialReply={actionData} cancelHref={loaderData.kitPath} />
    </KitFormPage>
  );
}

export const ErrorBoundary = NotFoundBoundary;
