import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { CaptchaField, type CaptchaHandle } from "~/components/captcha-field";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import type { CompanyInfo } from "~/content/company";
import { submissionMessages } from "~/content/forms";
import { footer } from "~/content/site";
import { cn } from "~/lib/cn";
import { captchaFieldName, failureLine, type SubmissionReply } from "~/lib/submission";
import { newsletterFieldLimits } from "~/schemas/field-limits";

const texts = footer.newsletter;

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
 * The newsletter signup (docs/product.md#spec-4, docs/product.md#d14, #d15): 'Enviando...' with input and
 * button disabled, then the success message and a cleared field, or the error message; both cleared by a new
 * submit. It is on every page, so it does without Conform: the server's zod schema loads on the first submit
 * and the captcha widget on the first touch (docs/decisions/014).
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
  const fetcher = useFetcher<SubmissionReply>();
  const captcha = useRef<CaptchaHandle>(null);
  const input = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const busy = checking || fetcher.state !== "idle";
  // What the page says: the server's last reply, until a new submit begins (docs/product.md#spec-4), or what
  // the browser found before sending.
  const reply = fetcher.data ?? initialReply;
  const [dismissed, setDismissed] = useState<SubmissionReply>();
  const [local, setLocal] = useState<{ fieldError?: string; formError?: string }>({});
  const shown = busy || reply === dismissed ? undefined : reply;
  const fieldError = local.fieldError ?? fieldErrorOf(shown);
  const outcome = local.formError
    ? { status: "error" as const, message: local.formError }
    : shown && !fieldErrorOf(shown)
      ? { status: shown.status, message: shown.formMessage }
      : undefined;

  // After the server's reply: a used or refused solution cannot be sent again, and a success
  // clears the field.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.status === "success" || answer.captchaRejected) captcha.current?.reset();
    if (answer.status === "success" && input.current) input.current.value = "";
  }, [fetcher.data]);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    // Read now: the field is disabled while sending, and disabled fields are not submitted.
    const formData = new FormData(form);
    setDismissed(reply);
    setLocal({});
    setChecking(true);
    try {
      const { newsletterSchema } = await loadSchema();
      const checked = newsletterSchema.safeParse({ email: formData.get("email") ?? "" });
      if (!checked.success) {
        setLocal({ fieldError: checked.error.issues[0]?.message });
        return;
      }
      if (!(await captcha.current?.ensureSolved())) {
        setLocal({ formError: submissionMessages.captchaUnsolved });
        return;
      }
      // The widget has put its solution into the form meanwhile.
      formData.set(captchaFieldName, new FormData(form).get(captchaFieldName) ?? "");
      await fetcher.submit(formData, { method: "post", action: "/newsletter" });
    } finally {
      setChecking(false);
    }
  };

  const errorId = `${id}-email-error`;
  const hintId = `${id}-consent`;
  const dark = tone === "dark";
  return (
    <form method="post" action="/newsletter" id={id} noValidate onSubmit={onSubmit} className="space-y-3">
      <label
        htmlFor={`${id}-email`}
        className={cn("block text-sm font-semibold", dark ? "text-white" : "text-foreground")}
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
          maxLength={newsletterFieldLimits.email}
          disabled={busy}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
          className="block w-full min-w-0 rounded-md border border-input bg-white px-3 py-2 text-base text-foreground placeholder:text-stone-500 focus-visible:outline-3 disabled:opacity-70"
        />
        <Button type="submit" disabled={busy} className="shrink-0">
          {busy ? texts.submittingLabel : texts.submitLabel}
        </Button>
      </div>
      {fieldError ? (
        <p
          id={errorId}
          role="alert"
          className={cn("text-sm font-medium", dark ? "text-red-300" : "text-destructive")}
        >
          {fieldError}
        </p>
      ) : null}
      <p id={hintId} className={cn("text-xs", dark ? "text-stone-400" : "text-subtle-foreground")}>
        {texts.consentNotice}{" "}
        <Link to="/privacidad" className="underline">
          {texts.privacyLinkLabel}
        </Link>
      </p>
      <CaptchaField ref={captcha} form="newsletter" company={company} tone={tone} />
      {outcome?.status === "error" ? (
        <FormMessage tone="error">{failureLine(texts.errorMessage, outcome.message)}</FormMessage>
      ) : null}
      {outcome?.status === "success" ? (
        <FormMessage tone="success">{texts.successMessage}</FormMessage>
      ) : null}
    </form>
  );
}
