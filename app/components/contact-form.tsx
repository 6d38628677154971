import { useState } from "react";
import { DeferredForm } from "~/components/deferred-form";
import { FormFooter } from "~/components/form-actions";
import { loadContactSchema } from "~/components/form-schemas";
import { TextField } from "~/components/form-fields";
import type { CompanyInfo } from "~/content/company";
import { contact } from "~/content/site";
import { failureLine, type SubmissionReply } from "~/lib/submission";
import { contactFieldLimits } from "~/schemas/field-limits";

const texts = contact.form;

/** The contact form of /contacto (SPEC §2, §4): success message and cleared fields, or the error. */
export function ContactForm({
  company,
  initialReply,
}: {
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  initialReply?: SubmissionReply | undefined;
}) {
  const [sent, setSent] = useState(initialReply?.status === "success");
  return (
    <DeferredForm<keyof typeof contactFieldLimits>
      id="contacto"
      action="/contacto"
      loadSchema={loadContactSchema}
      initialReply={initialReply}
      onBeforeSend={() => setSent(false)}
      onSuccess={() => setSent(true)}
    >
      {(api) => (
        <form
          method="post"
          action="/contacto"
          id={api.id}
          noValidate
          onSubmit={api.onSubmit}
          className="space-y-4"
        >
          <fieldset disabled={api.busy} className="grid gap-4 sm:grid-cols-2">
            <TextField
              meta={api.field("name")}
              label={texts.nameLabel}
              autoComplete="name"
              maxLength={contactFieldLimits.name}
            />
            <TextField
              meta={api.field("email")}
              label={texts.emailLabel}
              type="email"
              autoComplete="email"
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
          </fieldset>
          <p className="text-sm text-muted-foreground">{texts.privacyNotice}</p>
          <FormFooter
            form="contact"
            captcha={api.captcha}
            captchaStart={api.captchaStart}
            busy={api.busy}
            company={company}
            message={api.formMessage ? failureLine(texts.errorMessage, api.formMessage) : undefined}
            success={sent && !api.busy ? texts.successMessage : undefined}
            labels={texts}
          />
        </form>
      )}
    </DeferredForm>
  );
}
