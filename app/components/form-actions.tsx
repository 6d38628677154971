import { Link } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import type { PublicFormApi } from "~/components/deferred-form";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import type { CompanyInfo } from "~/content/company";
import type { FormName } from "~/lib/submission";

/** The submit button (with the spec's pending text) and the cancel action of a public form. */
export function FormActions({
  busy,
  submitLabel,
  submittingLabel,
  cancelLabel,
  onCancel,
  cancelHref,
}: {
  busy: boolean;
  submitLabel: string;
  submittingLabel: string;
  cancelLabel?: string;
  onCancel?: (() => void) | undefined;
  cancelHref?: string | undefined;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {cancelLabel && onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : cancelLabel && cancelHref ? (
        <Button asChild variant="outline">
          <Link to={cancelHref}>{cancelLabel}</Link>
        </Button>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? submittingLabel : submitLabel}
      </Button>
    </div>
  );
}

/** The end of every public form: the captcha, the form's message and its actions. */
export function FormFooter({
  form,
  captcha,
  captchaStart,
  company,
  message,
  success,
  labels,
  ...actions
}: Omit<React.ComponentProps<typeof FormActions>, "submitLabel" | "submittingLabel" | "cancelLabel"> & {
  /** The form's texts: the submit label, its pending text and, with a cancel action, its label. */
  labels: { submitLabel: string; submittingLabel: string; cancelLabel?: string };
  /** The form, whose captcha challenges are issued for it. */
  form: FormName;
  captcha: PublicFormApi["captcha"];
  captchaStart: PublicFormApi["captchaStart"];
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  /** An error for the whole form. */
  message?: string | undefined;
  /** A success message (shown instead of an error). */
  success?: string | undefined;
}) {
  return (
    <>
      <CaptchaField ref={captcha} form={form} company={company} start={captchaStart} />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      {success && !message ? <FormMessage tone="success">{success}</FormMessage> : null}
      <FormActions {...labels} {...actions} />
    </>
  );
}
