import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { CaptchaHandle } from "~/components/captcha-field";
import type {
  FormField,
  PublicFormApi,
  PublicFormOptions,
  SendProgress,
} from "~/components/public-form-types";
import { submissionMessages } from "~/content/forms";
import { captchaFieldName, type SubmissionReply } from "~/lib/submission";

/**
 * The browser side of every public form with Conform, loaded with the form's code (deferred-form.tsx):
 * Conform validates with the shared zod schema, the ALTCHA challenge is solved before the first send,
 * and a fetcher posts to the route's action — or the form's `transport` sends it (the gallery's
 * upload, with its progress). A reply goes to onSuccess or onFailure; a success that redirects (an
 * order, a quotation) takes the browser to its page.
 */
export function usePublicForm<Name extends string>({
  id,
  action,
  transport,
  schema,
  initialReply,
  typedValues,
  onBeforeSend,
  onSuccess,
  onFailure,
}: Omit<PublicFormOptions, "loadSchema"> & {
  schema: z.ZodType<Record<string, unknown>>;
  /** What the visitor typed before the form's code ran: it stays in the fields. */
  typedValues?: Record<string, string> | undefined;
}): PublicFormApi<Name> {
  const fetcher = useFetcher<SubmissionReply>();
  const captcha = useRef<CaptchaHandle>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress>();
  const [captchaError, setCaptchaError] = useState<string>();
  // The last reply: the fetcher's, or the transport's.
  const [transported, setTransported] = useState<SubmissionReply>();
  const latest = transport ? transported : fetcher.data;
  const reply = latest ?? initialReply;
  // The first result is the server's reply to a post made without JavaScript, with what was typed
  // since (a result Conform is given once, not a new object each render).
  const [firstResult] = useState(() =>
    initialReply && typedValues
      ? { ...initialReply.result, initialValue: typedValues }
      : initialReply?.result,
  );

  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult: latest?.result ?? firstResult,
    defaultValue: typedValues,
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
    if (latest) onReply(latest);
  }, [latest]);

  const send = async (element: HTMLFormElement) => {
    // Read the fields before the busy state disables them (disabled fields are not submitted).
    const formData = new FormData(element);
    setSending(true);
    try {
      if (!(await captcha.current?.ensureSolved())) {
        setCaptchaError(submissionMessages.captchaUnsolved);
        onFailure?.(undefined);
        return;
      }
      // The widget (outside the disabled fields) now holds the solution.
      formData.set(captchaFieldName, new FormData(element).get(captchaFieldName) ?? "");
      if (transport) setTransported(await transport(formData, setProgress));
      else await fetcher.submit(formData, { method: "post", action });
    } finally {
      setSending(false);
      setProgress(undefined);
    }
  };

  const busy = sending || fetcher.state !== "idle";
  return {
    id: form.id,
    // Conform's fields answer for any name.
    field: (name) => fields[name] as FormField,
    onSubmit(event) {
      setCaptchaError(undefined);
      form.onSubmit(event);
      if (event.defaultPrevented) return; // invalid: Conform shows the messages
      event.preventDefault();
      if (busy) return;
      onBeforeSend?.();
      void send(event.currentTarget);
    },
    busy,
    progress,
    formMessage: busy ? undefined : (captchaError ?? reply?.formMessage),
    captcha,
    captchaStart: "mount",
  };
}
