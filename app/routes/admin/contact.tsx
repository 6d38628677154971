import type { Route } from "./+types/contact";
import { InquiryError, InquiryPage, inquiryTitle } from "~/components/admin/inquiry-page";
import { adminPageTitle, adminContactsTexts as texts } from "~/content/admin";
import { adminMeta } from "~/lib/admin";
import { inquiryAction, inquiryLoader } from "./inquiry.server";

/** /admin/contacts/:id, a contact message (docs/product.md#spec-2), in full (./inquiry.server.ts). */
export const loader = inquiryLoader("contact");
export const action = inquiryAction("contact");

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(
    data ? adminPageTitle(inquiryTitle("contact", data.name)) : texts.detailMetaTitle,
    texts.detailMetaDescription,
  );

export default function AdminContact({ loaderData, actionData }: Route.ComponentProps) {
  return <InquiryPage kind="contact" page={loaderData} reply={actionData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <InquiryError kind="contact" error={error} />
);
