import type { Route } from "./+types/quote";
import { QuoteForm } from "~/components/quote-form";
import { quoteTexts } from "~/content/forms";
import { kitFormData, KitFormErrorBoundary, kitFormMeta, KitFormPage } from "~/components/kit-form-page";
import { useRootData } from "~/lib/root-data";
import type { QuoteReceived, SubmissionReply } from "~/lib/submission";
import { publicFormAction } from "~/services/public-forms.server";

/**
 * /cotizar/{kitId}: the quotation form as a page (what "Cotizar" opens without JavaScript; with it,
 * the same form opens in the dialog and posts here). The action stores the quotation request.
 */
export function loader({ params }: Route.LoaderArgs) {
  return kitFormData(params.kitId);
}

export function action(args: Route.ActionArgs) {
  return publicFormAction("quote", args);
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
