import { Link } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import { DeferredForm } from "~/components/deferred-form";
import type { PublicFormApi, PublicFormOptions } from "~/components/public-form-types";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import type { CompanyInfo } from "~/content/company";
import { failureLine, type FormName, type SubmissionReply } from "~/lib/submission";

type Company = Pick<CompanyInfo, "email" | "whatsappNumber">;

/** What a kit's purchase or quotation form takes, on its page (cancelHref) or in its dialog (onCancel). */
export interface KitFormProps<Kit> {
  kit: Kit;
  company: Company;
  initialReply?: SubmissionReply | undefined;
  onCancel?: () => void;
  cancelHref?: string;
}

/**
 * A public form with Conform (contact, purchase, quotation): its code loads when the visitor reaches
 * it (`DeferredForm`), and it posts to `action` without JavaScript too. `children` renders the
 * fields; the captcha, the form's message, the cancel action and the submit button end it.
 */
export function PublicForm<Name extends string>({
  form,
  company,
  labels,
  failure,
  success,
  onCancel,
  cancelHref,
  children,
  ...options
}: PublicFormOptions & {
  /** The form, whose captcha challenges are issued for it. */
  form: FormName;
  company: Company;
  labels: { submitLabel: string; submittingLabel: string; cancelLabel?: string };
  /** The form's own failure sentence, put before the server's reason (see `failureLine`). */
  failure?: string;
  /** A success message (shown instead of an error, and not while sending). */
  success?: string | undefined;
  onCancel?: (() => void) | undefined;
  cancelHref?: string | undefined;
  children: (api: PublicFormApi<Name>) => React.ReactNode;
}) {
  return (
    // A form with a cancel action is in a dialog the visitor has just opened: its code loads at once.
    <DeferredForm<Name> {...options} eager={Boolean(onCancel)}>
      {(api) => {
        const message = api.formMessage && failure ? failureLine(failure, api.formMessage) : api.formMessage;
        return (
          <form
            method="post"
            action={options.action}
            id={api.id}
            noValidate
            onSubmit={api.onSubmit}
            className="space-y-4"
          >
            {children(api)}
            <CaptchaField ref={api.captcha} form={form} company={company} start={api.captchaStart} />
            {message ? <FormMessage tone="error">{message}</FormMessage> : null}
            {success && !message && !api.busy ? <FormMessage tone="success">{success}</FormMessage> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {onCancel ? (
                <Button type="button" variant="outline" onClick={onCancel}>
                  {labels.cancelLabel}
                </Button>
              ) : cancelHref ? (
                <Button asChild variant="outline">
                  <Link to={cancelHref}>{labels.cancelLabel}</Link>
                </Button>
              ) : null}
              <Button type="submit" disabled={api.busy}>
                {api.busy ? labels.submittingLabel : labels.submitLabel}
              </Button>
            </div>
          </form>
        );
      }}
    </DeferredForm>
  );
}
