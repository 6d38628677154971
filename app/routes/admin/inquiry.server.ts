import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { InquiryKind } from "~/components/admin/inquiry-page";
import type { RecordField } from "~/components/admin/admin-record";
import { adminContactsTexts, adminQuotesTexts } from "~/content/admin";
import { adminPaths, formatAdminDateTime } from "~/lib/admin";
import { formatCount } from "~/lib/format";
import { getContactMessageForAdmin } from "~/models/contacts.server";
import { getQuoteForAdmin, setAnswered, type AnsweredTable } from "~/models/quotes.server";
import { adminRecordMessages, answeredChangeSchema } from "~/schemas/admin-records";
import { requireAdmin } from "~/services/auth.server";
import { getDb, type Db } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * The server side of an inquiry's page, for ./quote.tsx (/admin/quotes/:id, docs/product.md#d18) and
 * ./contact.tsx (/admin/contacts/:id, docs/product.md#spec-2): the record in full, and "Marcar como
 * respondida/o" (or back to pending). A change redirects back with its toast (post/redirect/get); a
 * refusal (400, 404) renders the page.
 */
const kinds = {
  quote: { texts: adminQuotesTexts, list: adminPaths.quotes, table: "quotes" },
  contact: { texts: adminContactsTexts, list: adminPaths.contacts, table: "contactMessages" },
} as const satisfies Record<InquiryKind, { texts: object; list: string; table: AnsweredTable }>;

/** An inquiry's page: its state in words and its fields, from `createdAt` to `id`. */
function inquiryPage(
  kind: InquiryKind,
  row: { id: string; createdAt: string; answeredAt: string | null },
  /** `name`: the title's subject; `longText`: the quotation's comments (null: none), or the message. */
  page: { name: string; fields: RecordField[]; longText: string | null },
) {
  const t = kinds[kind].texts;
  return {
    ...page,
    answered: row.answeredAt !== null,
    statusText: row.answeredAt ? t.answeredOn(formatAdminDateTime(row.answeredAt)) : t.pending,
    fields: [
      { label: t.fields.createdAt, value: formatAdminDateTime(row.createdAt) },
      ...page.fields,
      { label: t.fields.id, value: row.id },
    ],
  };
}

/** "1.200" kits, or "Sin indicar" for a quotation stored before the form asked (migration 0015). */
function formatKitQuantity(quantity: number | null): string {
  return quantity === null ? adminQuotesTexts.noQuantity : formatCount(quantity);
}

async function findInquiry(db: Db, kind: InquiryKind, id: string) {
  if (kind === "quote") {
    const quote = await getQuoteForAdmin(db, id);
    const f = adminQuotesTexts.fields;
    return (
      quote &&
      inquiryPage(kind, quote, {
        name: quote.fullName,
        fields: [
          { label: f.product, value: quote.productName },
          { label: f.quantity, value: formatKitQuantity(quote.quantity) },
          { label: f.name, value: quote.fullName },
          { label: f.company, value: quote.company },
          { label: f.email, value: quote.email, href: `mailto:${quote.email}` },
          { label: f.phone, value: quote.phone, href: `tel:${quote.phone.replace(/[^\d+]/g, "")}` },
          { label: f.city, value: quote.city },
        ],
        longText: quote.additionalNotes,
      })
    );
  }
  const message = await getContactMessageForAdmin(db, id);
  const f = adminContactsTexts.fields;
  return (
    message &&
    inquiryPage(kind, message, {
      name: message.subject,
      fields: [
        { label: f.name, value: message.name },
        { label: f.email, value: message.email, href: `mailto:${message.email}` },
        { label: f.subject, value: message.subject },
      ],
      longText: message.message,
    })
  );
}

interface Args {
  request: Request;
  params: { id: string };
}

/** The page's loader for one kind of inquiry. */
export function inquiryLoader(kind: InquiryKind) {
  return async ({ request, params }: Args) => {
    const admin = await requireAdmin(request);
    const { texts } = kinds[kind];
    const record = await findInquiry(getDb(), kind, params.id);
    if (!record) throw data({ message: texts.notFound }, { status: 404, headers: admin.headers });
    // The change the action redirected here with, also said in the page (the root shows the toast).
    const flash = await pageFlash(request, texts.successTitle);
    return data({ ...record, flash }, { headers: admin.headers });
  };
}

/** The page's action: marks the inquiry answered, or pending again. */
export function inquiryAction(kind: InquiryKind) {
  return async ({ request, params }: Args) => {
    const admin = await requireAdmin(request);
    const { texts: t, list, table } = kinds[kind];
    const refuse = (message: string, status: 400 | 404) =>
      data({ tone: "error" as const, title: t.failureTitle, message }, { status, headers: admin.headers });
    const submission = parseWithZod(await requireFormData(request), { schema: answeredChangeSchema });
    if (submission.status !== "success") return refuse(adminRecordMessages.invalid, 400);
    const answered = submission.value.answered === "true";
    const outcome = await setAnswered(getDb(), table, params.id, answered);
    if (outcome === "not-found") return refuse(t.notFound, 404);
    logger.info({ adminId: admin.user.id, recordId: params.id, answered, outcome }, "Marked answered");
    return redirectWithToast(
      `${list}/${encodeURIComponent(params.id)}`,
      { kind: "success", title: t.successTitle, description: answered ? t.markedAnswered : t.markedPending },
      admin.headers,
    );
  };
}
