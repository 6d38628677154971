import { useState } from "react";
import { FormFooter } from "~/components/form-actions";
import { TextField } from "~/components/form-fields";
import { usePublicForm } from "~/components/use-public-form";
import type { CompanyInfo } from "~/content/company";
import { contact } from "~/content/site";
import { failureLine, type SubmissionReply } from "~/lib/submission";
import { contactFieldLimits, contactSchema } from "~/schemas/contact";

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
  const { form, fields, captcha, busy, onSubmit, formMessage } = usePublicForm({
    id: "contacto",
    action: "/contacto",
    schema: contactSchema,
    initialReply,
    onBeforeSend: () => setSent(false),
    onSuccess: () => setSent(true),
  });
  return (
    <form method="post" action="/contacto" id={form.id} noValidate onSubmit={onSubmit} className="space-y-4">
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <TextField
          meta={fields.name}
          label={texts.nameLabel}
          autoComplete="name"
          maxLength={contactFieldLimits.name}
        />
        <TextField
          meta={fields.email}
          label={texts.emailLabel}
          type="email"
          autoComplete="email"
          maxLength={contactFieldLimits.email}
        />
        <TextField
          meta={fields.subject}
          label={texts.subjectLabel}
          maxLength={contactFieldLimits.subject}
          className="sm:col-span-2"
        />
        <TextField
          meta={fields.message}
          label={texts.messageLabel}
          rows={6}
          maxLength={contactFieldLimits.message}
          className="sm:col-span-2"
        />
      </fieldset>
      <p className="text-sm text-muted-foreground">{texts.privacyNotice}</p>
      <FormFooter
        form="contact"
        captcha={captcha}
        company={company}
        message={formMessage ? failureLine(texts.errorMessage, formMessage) : undefined}
        success={sent && !busy ? texts.successMessage : undefined}
        busy={busy}
        labels={texts}
      />
    </form>
  );
}
