import { useState } from "react";
import { Link } from "react-router";
import { loadContactSchema } from "~/components/form-schemas";
import { EmailField, TextField } from "~/components/form-fields";
import { FieldGrid } from "~/components/ui/field";
import { PublicForm } from "~/components/public-form";
import type { CompanyInfo } from "~/content/company";
import { contact } from "~/content/site";
import type { SubmissionReply } from "~/lib/submission";
import { contactFieldLimits } from "~/schemas/field-limits";

const texts = contact.form;

/**
 * The contact form of /contacto (docs/product.md#spec-2, #spec-4): success message and cleared fields, or the
 * error.
 */
export function ContactForm({
  company,
  initialReply,
}: {
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  initialReply?: SubmissionReply | undefined;
}) {
  const [sent, setSent] = useState(initialReply?.status === "success");
  return (
    <PublicForm<keyof typeof contactFieldLimits>
      form="contact"
      id="contacto"
      action="/contacto"
      loadSchema={loadContactSchema}
      initialReply={initialReply}
      onBeforeSend={() => setSent(false)}
      onSuccess={() => setSent(true)}
      company={company}
      labels={texts}
      failure={texts.errorMessage}
      success={sent ? texts.successMessage : undefined}
    >
      {(api) => (
        <>
          <FieldGrid disabled={api.busy}>
            <TextField
              meta={api.field("name")}
              label={texts.nameLabel}
              autoComplete="name"
              maxLength={contactFieldLimits.name}
            />
            <EmailField
              meta={api.field("email")}
              label={texts.emailLabel}
              maxLength={contactFieldLimits.email}
            />
            <TextField
              meta={api.field("subject")}
              label={texts.subjectLabel}
              maxLength={contactFieldLimits.subject}
              className="sm:col-span-2"
            />
            <TextField
              meta={api.field("message")}
              label={texts.messageLabel}
              rows={6}
              maxLength={contactFieldLimits.message}
              className="sm:col-span-2"
            />
          </FieldGrid>
          <p className="text-sm text-muted-foreground">
            {texts.privacyNotice.before}
            {/* A new tab, as in the quotation form: what was typed here stays. */}
            <Link to="/privacidad" target="_blank" className="font-semibold underline">
              {texts.privacyNotice.link}
            </Link>
            {texts.privacyNotice.after}
          </p>
        </>
      )}
    </PublicForm>
  );
}
