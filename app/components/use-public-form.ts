import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import type { z } from "zod";
import type { CaptchaHandle } from "~/components/captcha-field";
import { submissionMessages } from "~/content/forms";
import { captchaFieldName, postForm, type SubmissionReply } from "~/lib/submission";

/**
 * The browser side of every public form (ARCHITECTURE "Forms"): Conform validates with the shared
 * zod schema, the ALTCHA challenge is solved before the first send, and the form is posted to its
 * own URL asking for a JSON reply (server/app.ts answers it before React Router). Each reply is
 * handed to onSuccess or onFailure. Without JavaScript the same markup posts as a plain form and
 * the page shows the action's answer (`initialReply`).
 */
export function usePublicForm<Schema extends z.ZodType, Extra>({
  id,
  schema,
  initialReply,
  failureMessage,
  onBeforeSend,
  onSuccess,
  onFailure,
}: {
  id: string;
  schema: Schema;
  initialReply?: SubmissionReply<Extra> | undefined;
  /** Shown when the reply never came (network failure). */
  failureMessage: string;
  /** Runs inside the submit event, once the fields are valid (e.g. to open a tab without a pop-up block). */
  onBeforeSend?: () => void;
  onSuccess?: (reply: SubmissionReply<Extra>) => void;
  /** A refusal of the server, or a captcha that could not be solved (no reply). */
  onFailure?: (reply: SubmissionReply<Extra> | undefined) => void;
}) {
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);
  const [captchaError, setCaptchaError] = useState<string>();
  const [reply, setReply] = useState(initialReply);

  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult: reply?.result,
    // Messages appear on submit, then follow the typing. (Validating on blur made messages appear
    // while the pointer was on its way to the submit button, moving it away from the click.)
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const send = async (element: HTMLFormElement) => {
    // Read the fields before the busy state disables them (disabled fields are not submitted).
    const formData = new FormData(element);
    setBusy(true);
    try {
      if (!(await captcha.current?.ensureSolved())) {
        setCaptchaError(submissionMessages.captchaUnsolved);
        onFailure?.(undefined);
        return;
      }
      // The widget (outside the disabled fields) now holds the solution.
      formData.set(captchaFieldName, new FormData(element).get(captchaFieldName) ?? "");
      const answer = await postForm<Extra>(element.action, formData, failureMessage);
      // A used or refused solution cannot be sent again: the next send solves a new challenge.
      if (answer.status === "success" || answer.captchaRejected) captcha.current?.reset();
      setReply(answer);
      if (answer.status === "success") onSuccess?.(answer);
      else onFailure?.(answer);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setCaptchaError(undefined);
    form.onSubmit(event);
    if (event.defaultPrevented) return; // invalid: Conform shows the messages
    event.preventDefault();
    if (busy) return;
    onBeforeSend?.();
    void send(event.currentTarget);
  };

  const formMessage = busy ? undefined : (captchaError ?? reply?.formMessage);
  return { form, fields, captcha, busy, onSubmit, formMessage };
}
