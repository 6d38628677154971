import { ArrowLeft, Check, RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { ListLoadFailure } from "~/components/admin/list-load-failure";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";

/**
 * Pieces of the admin detail pages (an order, a quotation request, a contact message): the way
 * back to the list, the record's fields, and the answer to an unknown record.
 */

export function BackToList({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-strong underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** One field of a record: its label and its text ("—" when empty), or a link. */
export interface RecordField {
  label: string;
  value: string;
  href?: string;
  /** Long text kept with its line breaks. */
  long?: boolean;
}

export function RecordFields({ fields }: { fields: readonly RecordField[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="font-medium text-stone-600">{field.label}</dt>
          <dd
            className={`break-words text-stone-900 ${field.long ? "whitespace-pre-line" : ""} ${
              field.long ? "sm:max-w-prose" : ""
            }`}
          >
            {field.value && field.href ? (
              <a href={field.href} className="text-brand-strong underline">
                {field.value}
              </a>
            ) : (
              field.value || "—"
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A detail page's error boundary: the record does not exist (404, said in Spanish with the way
 * back), or it could not be read.
 */
export function RecordError({
  error,
  notFoundTitle,
  notFoundText,
  failureTitle,
  failureText,
  back,
  backTo,
}: {
  error: unknown;
  notFoundTitle: string;
  notFoundText: string;
  failureTitle: string;
  failureText: string;
  back: string;
  backTo: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">{notFoundTitle}</h1>
        <p className="mt-4 text-stone-700">{notFoundText}</p>
        <p className="mt-8">
          <BackToList to={backTo}>{back}</BackToList>
        </p>
      </div>
    );
  }
  return <ListLoadFailure title={failureTitle} message={failureText} />;
}

/**
 * "Marcar como respondida" or, once answered, its undo: one button posting the opposite of the
 * record's state (the page's action stores it), with the state said in words next to it.
 */
export function AnsweredForm({
  answered,
  statusText,
  markAnswered,
  markPending,
  saving,
}: {
  answered: boolean;
  statusText: string;
  markAnswered: string;
  markPending: string;
  saving: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <p className="text-sm font-medium text-stone-900">{statusText}</p>
      <input type="hidden" name="answered" value={answered ? "false" : "true"} />
      <Button type="submit" variant={answered ? "outline" : "primary"} disabled={busy}>
        {answered ? (
          <RotateCcw aria-hidden="true" className="size-4" />
        ) : (
          <Check aria-hidden="true" className="size-4" />
        )}
        {busy ? saving : answered ? markPending : markAnswered}
      </Button>
    </Form>
  );
}

/** What the "answered" action answers when it refuses (routes/admin/inquiry.tsx). */
export interface AnsweredReply {
  tone: "success" | "error";
  title: string;
  message?: string | undefined;
}

/**
 * A quotation request or a contact message in full: its title, the answered state with its
 * button, the fields, and the long text (notes or message) on its own. `reply` is the action's
 * refusal (said in place and in a toast); `flash` the change it redirected back with (said in
 * place: the root shows its toast).
 */
export function AnsweredRecordPage({
  id,
  title,
  back,
  answered,
  fields,
  longText,
  reply,
  flash,
}: {
  /** Prefix of the sections' ids. */
  id: string;
  title: string;
  back: { to: string; text: string };
  answered: {
    answered: boolean;
    statusText: string;
    markAnswered: string;
    markPending: string;
    saving: string;
  };
  fields: readonly RecordField[];
  longText: { heading: string; text: string };
  reply: AnsweredReply | undefined;
  flash?: { tone: "success" | "error"; message: string } | null | undefined;
}) {
  useEffect(() => {
    if (reply?.message) void showToast(reply.tone, reply.title, reply.message);
  }, [reply]);
  const shown = reply ?? flash ?? undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={back.to}>{back.text}</BackToList>
      <h1 className="mt-3 text-2xl font-bold break-words text-stone-900">{title}</h1>
      {shown?.message ? (
        <FormMessage tone={shown.tone} className="mt-4">
          {shown.message}
        </FormMessage>
      ) : null}
      <div className="mt-4">
        <AnsweredForm {...answered} />
      </div>
      <section
        aria-labelledby={`${id}-datos`}
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
      >
        <h2 id={`${id}-datos`} className="sr-only">
          {title}
        </h2>
        <RecordFields fields={fields} />
      </section>
      <section
        aria-labelledby={`${id}-texto`}
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
      >
        <h2 id={`${id}-texto`} className="text-lg font-bold text-stone-900">
          {longText.heading}
        </h2>
        <p className="mt-2 max-w-prose break-words whitespace-pre-line text-stone-900">{longText.text}</p>
      </section>
    </div>
  );
}
