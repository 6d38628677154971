import { Check, RotateCcw } from "lucide-react";
import { Form } from "react-router";
import { PageMessage, SubmitButton, useActionFeedback, usePosting } from "~/components/admin/admin-form";
import { Panel } from "~/components/admin/admin-page";
import { BackToList, RecordError, RecordFields, type RecordField } from "~/components/admin/admin-record";
import { adminContactsTexts, adminQuotesTexts } from "~/content/admin";
import { adminPaths } from "~/lib/admin";

/** The two kinds of inquiry staff answer: a quotation request and a contact message. */
export type InquiryKind = "quote" | "contact";

const kinds = {
  quote: { texts: adminQuotesTexts, list: adminPaths.quotes, id: "cotizacion" },
  contact: { texts: adminContactsTexts, list: adminPaths.contacts, id: "mensaje" },
} as const;

/** What an inquiry's loader gives its page (routes/admin/inquiry.server.ts). */
export interface InquiryPageData {
  name: string;
  fields: RecordField[];
  longText: string | null;
  answered: boolean;
  statusText: string;
  flash: { kind: "success" | "error"; description: string } | null;
}

/** The title in the browser's tab: the inquiry's subject once loaded. */
export const inquiryTitle = (kind: InquiryKind, name: string) => kinds[kind].texts.detailTitle(name);

/**
 * One inquiry in full (routes/admin/quote.tsx, contact.tsx), with "Marcar como respondida/o" or back
 * to pending.
 */
export function InquiryPage({
  kind,
  page,
  reply,
}: {
  kind: InquiryKind;
  page: InquiryPageData;
  reply: { tone: "error"; title: string; message: string } | undefined;
}) {
  const { texts: t, list, id } = kinds[kind];
  const title = t.detailTitle(page.name);
  const busy = usePosting();
  const shown = useActionFeedback(reply, page.flash);
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={list}>{t.back}</BackToList>
      <h1 className="mt-3 text-2xl font-bold wrap-anywhere text-foreground">{title}</h1>
      <PageMessage shown={shown} className="mt-4" />
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-foreground">{page.statusText}</p>
        <input type="hidden" name="answered" value={page.answered ? "false" : "true"} />
        <SubmitButton
          variant={page.answered ? "outline" : "primary"}
          busy={busy}
          busyText={t.saving}
          icon={page.answered ? RotateCcw : Check}
        >
          {page.answered ? t.markPending : t.markAnswered}
        </SubmitButton>
      </Form>
      <Panel id={`${id}-datos`} title={title} hideTitle>
        <RecordFields fields={page.fields} />
      </Panel>
      <Panel
        id={`${id}-texto`}
        title={kind === "quote" ? adminQuotesTexts.fields.notes : adminContactsTexts.fields.message}
      >
        <p className="mt-2 max-w-prose wrap-anywhere whitespace-pre-line text-foreground">
          {page.longText ?? adminQuotesTexts.noNotes}
        </p>
      </Panel>
    </div>
  );
}

export function InquiryError({ kind, error }: { kind: InquiryKind; error: unknown }) {
  return <RecordError error={error} texts={kinds[kind].texts} backTo={kinds[kind].list} />;
}
