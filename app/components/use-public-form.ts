import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { CaptchaHandle } from "~/components/captcha-field";
import { submissionMessages } from "~/content/forms";
import type { SubmissionReply } from "~/lib/submission";

/**
 * The browser side of every public form (ARCHITECTURE "Forms"): Conform validates with the shared
 * zod schema, the ALTCHA challenge is solved before the first send, and a fetcher posts to the
 * route's action. Each answer of the server is handed once to onSuccess or onFailure. Without
 * JavaScript the same markup posts as a plain form and the page shows the action's answer
 * (`initialReply`).
 */
export function usePublicForm<Schema extends z.ZodType, Extra>({
  id,
  schema,
  initialReply,
  onBeforeSend,
  onSuccess,
  onFailure,
}: {
  id: string;
  schema: Schema;
  initialReply?: SubmissionReply<Extra> | undefined;
  /** Runs inside the submit event, once the fields are valid (e.g. to open a tab without a pop-up block). */
  onBeforeSend?: () => void;
  onSuccess?: (reply: SubmissionReply<Extra>) => void;
  /** A refusal of the server, or a captcha that could not be solved (no reply). */
  onFailure?: (reply: SubmissionReply<Extra> | undefined) => void;
}) {
  const fetcher = useFetcher<SubmissionReply<Extra>>();
  const captcha = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [solving, setSolving] = useState(false);
  const [captchaError, setCaptchaError] = useState<string>();
  const reply = fetcher.data ?? initialReply;

  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult: reply?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const callbacks = useRef({ onSuccess, onFailure });
  useEffect(() => {
    callbacks.current = { onSuccess, onFailure };
  });
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    // A used or refused solution cannot be sent again: the next send solves a new challenge.
    if (answer.status === "success" || answer.captchaRejected) captcha.current?.reset();
    if (answer.status === "success") callbacks.current.onSuccess?.(answer);
    else callbacks.current.onFailure?.(answer);
  }, [fetcher.state, fetcher.data]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setCaptchaError(undefined);
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    onBeforeSend?.();
    if (captcha.current?.isSolved()) return; // the fetcher sends it
    event.preventDefault();
    setSolving(true);
    void (captcha.current?.ensureSolved() ?? Promise.resolve(false)).then((solved) => {
      // Enable the fields again before sending: disabled fields are not part of a submission.
      flushSync(() => setSolving(false));
      if (solved) {
        formRef.current?.requestSubmit();
      } else {
        setCaptchaError(submissionMessages.captchaUnsolved);
        callbacks.current.onFailure?.(undefined);
      }
    });
  };

  const busy = solving || fetcher.state !== "idle";
  const formMessage = busy ? undefined : (captchaError ?? reply?.formMessage);
  return { fetcher, form, fields, captcha, formRef, busy, onSubmit, formMessage, reply };
}
