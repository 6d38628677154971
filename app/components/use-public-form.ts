import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { CaptchaHandle } from "~/components/captcha-field";
import { submissionMessages } from "~/content/forms";
import { captchaFieldName, type SubmissionReply } from "~/lib/submission";

/**
 * The browser side of every public form (ARCHITECTURE "Forms"): Conform validates with the shared
 * zod schema, the ALTCHA challenge is solved before the first send, and a fetcher posts the form to
 * its route's action. A reply (a refusal, or a success that stays on the page) is handed to
 * onSuccess or onFailure; a success that redirects (an order, a quotation) takes the browser to its
 * page. Without JavaScript the same markup posts as a plain form and the page shows the action's
 * answer (`initialReply`).
 */
export function usePublicForm<Schema extends z.ZodType>({
  id,
  action,
  schema,
  initialReply,
  onBeforeSend,
  onSuccess,
  onFailure,
}: {
  id: string;
  /** The route whose action takes the form. */
  action: string;
  schema: Schema;
  initialReply?: SubmissionReply | undefined;
  /** Runs inside the submit event, once the fields are valid (e.g. to open a tab without a pop-up block). */
  onBeforeSend?: () => void;
  onSuccess?: (reply: SubmissionReply) => void;
  /** A refusal of the server, or a captcha that could not be solved (no reply). */
  onFailure?: (reply: SubmissionReply | undefined) => void;
}) {
  const fetcher = useFetcher<SubmissionReply>();
  const captcha = useRef<CaptchaHandle>(null);
  const [solving, setSolving] = useState(false);
  const [captchaError, setCaptchaError] = useState<string>();
  const reply = fetcher.data ?? initialReply;

  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult: reply?.result,
    // Messages appear on submit, then follow the typing. (Validating on blur made messages appear
    // while the pointer was on its way to the submit button, moving it away from the click.)
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // Each new reply of the server: a used or refused solution cannot be sent again (the next send
  // solves a new challenge), then the form's own reaction.
  const onReply = useEffectEvent((answer: SubmissionReply) => {
    if (answer.status === "success" || answer.captchaRejected) captcha.current?.reset();
    if (answer.status === "success") onSuccess?.(answer);
    else onFailure?.(answer);
  });
  useEffect(() => {
    if (fetcher.data) onReply(fetcher.data);
  }, [fetcher.data]);

  const send = async (element: HTMLFormElement) => {
    // Read the fields before the busy state disables them (disabled fields are not submitted).
    const formData = new FormData(element);
    setSolving(true);
    try {
      if (!(await captcha.current?.ensureSolved())) {
        setCaptchaError(submissionMessages.captchaUnsolved);
        onFailure?.(undefined);
        return;
      }
      // The widget (outside the disabled fields) now holds the solution.
      formData.set(captchaFieldName, new FormData(element).get(captchaFieldName) ?? "");
      await fetcher.submit(formData, { method: "post", action });
    } finally {
      setSolving(false);
    }
  };

  const busy = solving || fetcher.state !== "idle";
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
  return { form, fields, captcha, busy, onSubmit, formMessage, reply };
}
