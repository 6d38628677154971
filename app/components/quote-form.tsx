import { Link } from "react-router";
import { FormFooter } from "~/components/form-actions";
import { showToast } from "~/components/ui/toaster";
import { TextField } from "~/components/form-fields";
import { usePublicForm } from "~/components/use-public-form";
import type { CompanyInfo } from "~/content/company";
import { quoteTexts as texts } from "~/content/forms";
import { quotePath, type SubmissionReply } from "~/lib/submission";
import { quoteFieldLimits, quoteSchema } from "~/schemas/quote";

/**
 * The company quotation form ("Solicitar Cotización", SPEC §5): a toast and the thank-you page on
 * success, an error toast (and the reason inline) on failure. Used in the dialog and on the
 * quotation page (which also works without JavaScript).
 */
export function QuoteForm({
  kit,
  company,
  initialReply,
  onCancel,
  cancelHref,
}: {
  kit: { id: string; name: string };
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  initialReply?: SubmissionReply | undefined;
  onCancel?: () => void;
  cancelHref?: string;
}) {
  // A stored request redirects to the thank-you page, whose toast says so (routes/site/quote.tsx).
  const { form, fields, captcha, busy, onSubmit, formMessage } = usePublicForm({
    id: `cotizacion-${kit.id}`,
    action: quotePath(kit.id),
    schema: quoteSchema,
    initialReply,
    onFailure: (reply) => {
      // Field errors speak for themselves; anything else also gets the spec's error toast.
      if (!reply || reply.formMessage) void showToast("error", texts.failureTitle, texts.failure);
    },
  });

  return (
    <form
      method="post"
      action={quotePath(kit.id)}
      id={form.id}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
    >
      <input type="hidden" name="productId" value={kit.id} />
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <TextField
          meta={fields.fullName}
          label={texts.fullNameLabel}
          autoComplete="name"
          maxLength={quoteFieldLimits.fullName}
        />
        <TextField
          meta={fields.email}
          label={texts.emailLabel}
          type="email"
          autoComplete="email"
          maxLength={quoteFieldLimits.email}
        />
        <TextField
          meta={fields.phone}
          label={texts.phoneLabel}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+56 9 1234 5678"
          maxLength={quoteFieldLimits.phone}
        />
        <TextField
          meta={fields.company}
          label={texts.companyLabel}
          autoComplete="organization"
          maxLength={quoteFieldLimits.company}
        />
        <TextField
          meta={fields.city}
          label={texts.cityLabel}
          autoComplete="address-level2"
          maxLength={quoteFieldLimits.city}
          className="sm:col-span-2"
        />
        <TextField
          meta={fields.additionalNotes}
          label={texts.additionalNotesLabel}
          optional
          hint={texts.additionalNotesHint}
          rows={3}
          maxLength={quoteFieldLimits.additionalNotes}
          className="sm:col-span-2"
        />
      </fieldset>
      <p className="text-sm text-muted-foreground">
        {texts.termsBefore}
        <Link to="/terminos" target="_blank" className="font-semibold underline">
          {texts.termsLink}
        </Link>
        {texts.termsMiddle}
        <Link to="/privacidad" target="_blank" className="font-semibold underline">
          {texts.privacyLink}
        </Link>
        {texts.termsAfter}
      </p>
      <FormFooter
        form="quote"
        captcha={captcha}
        company={company}
        eager={Boolean(onCancel)}
        message={formMessage}
        busy={busy}
        labels={texts}
        onCancel={onCancel}
        cancelHref={cancelHref}
      />
    </form>
  );
}
