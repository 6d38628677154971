import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "~/components/newsletter-form";
import { PageHeader } from "~/components/page-header";
import { newsletterPageTexts } from "~/content/forms";
import { footer } from "~/content/site";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { formClientAction, type SubmissionReply } from "~/lib/submission";
import { subscribe } from "~/models/subscribers.server";
import { newsletterSchema } from "~/schemas/newsletter";
import { submitPublic } from "~/services/public-submission.server";

/**
 * /newsletter: where the footer's signup posts. Subscribing again is the same quiet success (D15).
 * The page shows the form on its own, e.g. with the answer to a post made without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitPublic({
    request,
    context,
    form: "newsletter",
    schema: newsletterSchema,
    failureMessage: footer.newsletter.errorMessage,
    save: (trx, { email }) => subscribe(trx, email),
  });
  if (!outcome.ok) return outcome.refusal;
  return { status: "success", result: outcome.result } satisfies SubmissionReply;
}

export const clientAction = formClientAction(footer.newsletter.errorMessage);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `${newsletterPageTexts.title} | LifeBox`,
    description: newsletterPageTexts.metaDescription,
    path: "/newsletter",
    noindex: true,
  });

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  return (
    <>
      <PageHeader title={footer.newsletter.heading} intro={footer.newsletter.text} column="xl" />
      <div className="page-column-xl py-12">
        <NewsletterForm company={company} initialReply={actionData} tone="light" id="boletin-pagina" />
      </div>
    </>
  );
}
