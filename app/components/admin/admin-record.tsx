import { ArrowLeft, Check, RotateCcw } from "lucide-react";
import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { PageMessage, SubmitButton, useActionFeedback, type Feedback } from "~/components/admin/admin-form";
import { ListLoadFailure, PageNotice, Panel } from "~/components/admin/admin-page";

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

export function RecordFields({
  fields,
  className = "",
}: {
  fields: readonly RecordField[];
  className?: string;
}) {
  return (
    <dl className={`grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr] ${className}`}>
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
 * back to `backTo`), or it could not be read.
 */
export function RecordError({
  error,
  texts,
  backTo,
}: {
  error: unknown;
  texts: { notFoundTitle: string; notFound: string; title: string; loadFailure: string; back: string };
  backTo: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageNotice title={texts.notFoundTitle}>
        <p className="mt-4 text-stone-700">{texts.notFound}</p>
        <p className="mt-8">
          <BackToList to={backTo}>{texts.back}</BackToList>
        </p>
      </PageNotice>
    );
  }
  return <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
}

/** The texts of a quotation's or a contact message's page (content/admin.ts). */
interface AnsweredTexts {
  back: string;
  markAnswered: string;
  markPending: string;
  saving: string;
}

/**
 * A quotation request or a contact message in full: its title; its state said in words, with one
 * button ("Marcar como respondida", or its undo) posting the opposite for the page's action to
 * store; the fields; and the long text (notes or message) on its own. `reply` is the action's
 * refusal (said in place and in a toast); `flash` the change it redirected back with (said in
 * place: the root shows its toast).
 */
export function AnsweredRecordPage({
  id,
  title,
  backTo,
  texts,
  answered,
  statusText,
  fields,
  longText,
  reply,
  flash,
}: {
  /** Prefix of the sections' ids. */
  id: string;
  title: string;
  backTo: string;
  texts: AnsweredTexts;
  answered: boolean;
  statusText: string;
  fields: readonly RecordField[];
  longText: { heading: string; text: string };
  reply: (Feedback & { title: string }) | undefined;
  flash: Parameters<typeof useActionFeedback>[1];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const shown = useActionFeedback(reply, flash);
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={backTo}>{texts.back}</BackToList>
      <h1 className="mt-3 text-2xl font-bold break-words text-stone-900">{title}</h1>
      <PageMessage shown={shown} className="mt-4" />
      <div className="mt-4">
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-stone-900">{statusText}</p>
          <input type="hidden" name="answered" value={answered ? "false" : "true"} />
          <SubmitButton
            variant={answered ? "outline" : "primary"}
            busy={busy}
            busyText={texts.saving}
            icon={answered ? RotateCcw : Check}
          >
            {answered ? texts.markPending : texts.markAnswered}
          </SubmitButton>
        </Form>
      </div>
      <Panel id={`${id}-datos`} title={title} hideTitle>
        <RecordFields fields={fields} />
      </Panel>
      <Panel id={`${id}-texto`} title={longText.heading}>
        <p className="mt-2 max-w-prose break-words whitespace-pre-line text-stone-900">{longText.text}</p>
      </Panel>
    </div>
  );
}
