import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LucideIcon } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { TextField } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import { adminFieldLimits } from "~/schemas/admin-auth";

/** A Conform form checked with `schema` on submit, then (unless `revalidate` is false) while typing. */
export function useAdminForm<Schema extends z.ZodType>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  { revalidate = true }: { revalidate?: boolean } = {},
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: revalidate ? "onInput" : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The `<Form>` of a `useAdminForm`, checked by Conform instead of the browser. */
export function AdminForm({
  form,
  ...props
}: React.ComponentProps<typeof Form> & {
  form: { id: string; onSubmit: React.FormEventHandler<HTMLFormElement> };
}) {
  return <Form id={form.id} onSubmit={form.onSubmit} noValidate {...props} />;
}

/** Whether the page is posting a form (a search is a GET). */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formMethod === "POST";
}

/** A message for the page: what its action answered, or the change it redirected back with. */
interface Feedback {
  tone: "success" | "error";
  message?: string | undefined;
}

/**
 * An admin page's answer to its own form: a refusal (the action's `reply`) is also said in a toast
 * (its `title`, or `failureTitle`); a success came with the redirect (post/redirect/get), whose toast
 * the root shows, and empties the form (`reset`). Returns what the page says in place.
 */
export function useActionFeedback(
  reply: (Feedback & { title?: string }) | undefined,
  flash: { kind: "success" | "error"; description: string } | null,
  { failureTitle = "", reset }: { failureTitle?: string; reset?: () => void } = {},
): Feedback | undefined {
  useEffect(() => {
    if (reply?.message) void showToast(reply.tone, reply.title ?? failureTitle, reply.message);
  }, [reply, failureTitle]);
  useEffect(() => {
    if (flash) reset?.();
  }, [flash, reset]);
  return reply ?? (flash ? { tone: flash.kind, message: flash.description } : undefined);
}

/** The page's message (useActionFeedback), said in place; nothing when there is none. */
export function PageMessage({ shown, className }: { shown: Feedback | undefined; className?: string }) {
  return shown?.message ? (
    <FormMessage tone={shown.tone} className={className}>
      {shown.message}
    </FormMessage>
  ) : null;
}

/** A staff password: `autoComplete` tells password managers whether it is the current or a new one. */
export function PasswordField({
  autoComplete = "new-password",
  ...field
}: Pick<React.ComponentProps<typeof TextField>, "meta" | "label" | "hint"> & {
  autoComplete?: "current-password" | "new-password";
}) {
  return (
    <TextField
      {...field}
      type="password"
      autoComplete={autoComplete}
      maxLength={adminFieldLimits.passwordMax}
    />
  );
}

/** A form's submit button, disabled and saying `busyText` while the form is being sent. */
export function SubmitButton({
  busy,
  busyText,
  icon: Icon,
  children,
  ...button
}: Omit<React.ComponentProps<typeof Button>, "type" | "disabled"> & {
  busy: boolean;
  busyText: string;
  icon?: LucideIcon;
}) {
  return (
    <Button type="submit" disabled={busy} {...button}>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {busy ? busyText : children}
    </Button>
  );
}
