import type { Route } from "./+types/quote";
import { InquiryError, InquiryPage, inquiryTitle } from "~/components/admin/inquiry-page";
import { adminPageTitle, adminQuotesTexts as texts } from "~/content/admin";
import { adminMeta } from "~/lib/admin";
import { inquiryAction, inquiryLoader } from "./inquiry.server";

/** /admin/quotes/:id, a quotation request (docs/product.md#d18), in full (./inquiry.server.ts). */
export const loader = inquiryLoader("quote");
export const action = inquiryAction("quote");

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(
    data ? adminPageTitle(inquiryTitle("quote", data.name)) : texts.detailMetaTitle,
    texts.detailMetaDescription,
  );

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  return <InquiryPage kind="quote" page={loaderData} reply={actionData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <InquiryError kind="quote" error={error} />
);
