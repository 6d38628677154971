import { Link } from "react-router";
import { loadQuoteSchema } from "~/components/form-schemas";
import { EmailField, PhoneField, TextField } from "~/components/form-fields";
import { PublicForm, type KitFormProps } from "~/components/public-form";
import { showToast } from "~/components/ui/toaster";
import { FieldGrid } from "~/components/ui/field";
import { quoteTexts as texts } from "~/content/forms";
import { quotePath } from "~/lib/submission";
import { quoteFieldLimits } from "~/schemas/field-limits";
import type { QuoteFormData } from "~/schemas/quote";

/**
 * The company quotation form ("Solicitar cotización", docs/product.md#spec-5), in the dialog and on the
 * quotation page. A stored request redirects to the thank-you page, whose toast says so
 * (routes/site/quote.tsx).
 */
export function QuoteForm({ kit, ...props }: KitFormProps<{ id: string; name: string }>) {
  return (
    <PublicForm<keyof QuoteFormData>
      {...props}
      form="quote"
      id={`cotizacion-${kit.id}`}
      action={quotePath(kit.id)}
      loadSchema={loadQuoteSchema}
      onFailure={(reply) => {
        // Field errors speak for themselves; anything else also gets the spec's error toast.
        if (!reply || reply.formMessage) void showToast("error", texts.failureTitle, texts.failure);
      }}
      labels={texts}
    >
      {(api) => (
        <>
          <input type="hidden" name="productId" value={kit.id} />
          <FieldGrid disabled={api.busy}>
            <TextField
              meta={api.field("fullName")}
              label={texts.fullNameLabel}
              autoComplete="name"
              maxLength={quoteFieldLimits.fullName}
            />
            <EmailField
              meta={api.field("email")}
              label={texts.emailLabel}
              maxLength={quoteFieldLimits.email}
            />
            <PhoneField
              meta={api.field("phone")}
              label={texts.phoneLabel}
              maxLength={quoteFieldLimits.phone}
            />
            <TextField
              meta={api.field("company")}
              label={texts.companyLabel}
              autoComplete="organization"
              maxLength={quoteFieldLimits.company}
            />
            <TextField
              meta={api.field("city")}
              label={texts.cityLabel}
              autoComplete="address-level2"
              maxLength={quoteFieldLimits.city}
            />
            {/* Text with a numeric keypad, not type="number", which reads "10.000" as ten (schemas/quote.ts). */}
            <TextField
              meta={api.field("quantity")}
              label={texts.quantityLabel}
              hint={texts.quantityHint}
              inputMode="numeric"
              autoComplete="off"
              maxLength={quoteFieldLimits.quantity}
            />
            <TextField
              meta={api.field("additionalNotes")}
              label={texts.additionalNotesLabel}
              optional
              hint={texts.additionalNotesHint}
              rows={3}
              maxLength={quoteFieldLimits.additionalNotes}
              className="sm:col-span-2"
            />
          </FieldGrid>
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
        </>
      )}
    </PublicForm>
  );
}
