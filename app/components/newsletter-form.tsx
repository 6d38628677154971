import { useRef, useState } from "react";
import { Link } from "react-router";
import { CaptchaField, type CaptchaHandle } from "~/components/captcha-field";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import type { CompanyInfo } from "~/content/company";
import { submissionMessages } from "~/content/forms";
import { footer } from "~/content/site";
import { captchaFieldName, failureLine, postForm, type SubmissionReply } from "~/lib/submission";

const texts = footer.newsletter;
const maxEmailLength = 254;

/** The shared schema, loaded with the first submit: this form is in every page's footer. */
const loadSchema = () => import("~/schemas/newsletter");

/** What was typed, when a page answered a post made without JavaScript. */
function typedEmailOf(reply: SubmissionReply | undefined): string | undefined {
  const value = (reply?.result.initialValue as Record<string, unknown> | null | undefined)?.email;
  return reply?.status === "error" && typeof value === "string" ? value : undefined;
}

function fieldErrorOf(reply: SubmissionReply | undefined): string | undefined {
  return reply?.result.error?.email?.[0];
}

/**
 * The newsletter signup (SPEC §4, DECISIONS D14/D15): 'Enviando...' with input and button disabled,
 * then the success message and a cleared field, or the error message; both cleared by a new submit.
 *
 * It is on every page, so it does without Conform: the same zod schema as the server's is loaded on
 * the first submit, and the captcha widget on the first touch. With JavaScript it asks /newsletter
 * for a JSON reply; without, it posts there and gets the page with the same form and the outcome.
 */
export function NewsletterForm({
  company,
  initialReply,
  tone = "dark",
  id = "boletin",
}: {
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  initialReply?: SubmissionReply | undefined;
  tone?: "dark" | "light";
  /** Prefix of the form's ids (two forms on one page need different ones). */
  id?: string;
}) {
  const captcha = useRef<CaptchaHandle>(null);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ status: "success" | "error"; message?: string } | undefined>(
    initialReply && !fieldErrorOf(initialReply)
      ? { status: initialReply.status, message: initialReply.formMessage }
      : undefined,
  );
  const [fieldError, setFieldError] = useState(fieldErrorOf(initialReply));

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    // Read now: the field is disabled while sending, and disabled fields are not submitted.
    const formData = new FormData(form);
    setOutcome(undefined);
    setFieldError(undefined);
    setBusy(true);
    try {
      const { newsletterSchema } = await loadSchema();
      const checked = newsletterSchema.safeParse({ email: formData.get("email") ?? "" });
      if (!checked.success) {
        setFieldError(checked.error.issues[0]?.message);
        return;
      }
      if (!(await captcha.current?.ensureSolved())) {
        setOutcome({ status: "error", message: submissionMessages.captchaUnsolved });
        return;
      }
      // The widget has put its solution into the form meanwhile.
      formData.set(captchaFieldName, new FormData(form).get(captchaFieldName) ?? "");
      const reply = await postForm<undefined>(form.action, formData, texts.errorMessage);
      if (reply.status === "success" || reply.captchaRejected) captcha.current?.reset();
      if (reply.status === "success" && input.current) input.current.value = "";
      setFieldError(fieldErrorOf(reply));
      setOutcome(fieldErrorOf(reply) ? undefined : { status: reply.status, message: reply.formMessage });
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-email-error`;
  const hintId = `${id}-consent`;
  const dark = tone === "dark";
  return (
    <form method="post" action="/newsletter" id={id} noValidate onSubmit={onSubmit} className="space-y-3">
      <label
        htmlFor={`${id}-email`}
        className={`block text-sm font-semibold ${dark ? "text-white" : "text-stone-900"}`}
      >
        {texts.emailLabel}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={`${id}-email`}
          name="email"
          defaultValue={typedEmailOf(initialReply)}
          type="email"
          required
          autoComplete="email"
          placeholder={texts.placeholder}
          maxLength={maxEmailLength}
          disabled={busy}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
          className="block w-full min-w-0 rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-3 disabled:opacity-70"
        />
        <Button type="submit" disabled={busy} className="shrink-0">
          {busy ? texts.submittingLabel : texts.submitLabel}
        </Button>
      </div>
      {fieldError ? (
        <p
          id={errorId}
          role="alert"
          className={`text-sm font-medium ${dark ? "text-red-300" : "text-red-700"}`}
        >
          {fieldError}
        </p>
      ) : null}
      <p id={hintId} className={`text-xs ${dark ? "text-stone-400" : "text-stone-600"}`}>
        {texts.consentNotice}{" "}
        <Link to="/privacidad" className="underline">
          {texts.privacyLinkLabel}
        </Link>
      </p>
      <CaptchaField ref={captcha} company={company} tone={tone} />
      {outcome?.status === "error" ? (
        <FormMessage tone="error">{failureLine(texts.errorMessage, outcome.message)}</FormMessage>
      ) : null}
      {outcome?.status === "success" ? (
        <FormMessage tone="success">{texts.successMessage}</FormMessage>
      ) : null}
    </form>
  );
}
