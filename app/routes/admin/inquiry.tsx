import { parseWithZod } from "@conform-to/zod/v4";
import { data, useMatches } from "react-router";
import type { Route } from "./+types/inquiry";
import { AnsweredRecordPage, RecordError, type RecordField } from "~/components/admin/admin-record";
import { adminContactsTexts, adminPageTitle, adminQuotesTexts } from "~/content/admin";
import { formatAdminDateTime } from "~/lib/admin-format";
import { adminMeta } from "~/lib/admin-meta";
import { adminPaths } from "~/lib/admin-paths";
import {
  getContactMessageForAdmin,
  getQuoteForAdmin,
  setAnswered,
  type AnsweredTable,
} from "~/models/inquiries-admin.server";
import { adminRecordMessages, answeredChangeSchema } from "~/schemas/admin-records";
import { requireAdmin } from "~/services/auth.server";
import { getDb, type Db } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast, type Toast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * One inquiry in full, with "Marcar como respondida/o" (or back to pending): a quotation request at
 * /admin/quotes/:id (DECISIONS D18) or a contact message at /admin/contacts/:id (SPEC §2
 * "Contactos"). One module that app/routes.ts registers twice: on the server the route's pattern
 * picks the kind, in the browser the route's id picks its texts.
 *
 * The action follows post/redirect/get: a stored change answers with a redirect back to the page
 * and the success toast (infra/toast.server.ts), which the page also says in place, so a reload
 * never posts again; a refused form (400) or an unknown record (404) renders the page with the
 * reason.
 */

type Kind = "quote" | "contact";

const texts = { quote: adminQuotesTexts, contact: adminContactsTexts } as const;

/** Each kind's list (the way back) and table. */
const kinds: Record<Kind, { list: string; table: AnsweredTable; routeId: string }> = {
  quote: { list: adminPaths.quotes, table: "quotes", routeId: "admin-quote" },
  contact: { list: adminPaths.contacts, table: "contactMessages", routeId: "admin-contact" },
};

/** The kind at a route's pattern ("admin/quotes/:id": React Router leaves out the leading slash). */
function kindAt(pattern: string): Kind {
  const address = `/${pattern.replace(/^\/+/, "")}`;
  const kind = (Object.keys(kinds) as Kind[]).find((key) => address === `${kinds[key].list}/:id`);
  if (!kind) throw new Error(`app/routes.ts registers routes/admin/inquiry.tsx at ${pattern}, no inquiry's`);
  return kind;
}

/** The kind shown in the browser: this route is the last match (it has no children). */
function kindOf(matches: ReadonlyArray<{ id: string } | undefined>): Kind {
  const id = matches.at(-1)?.id;
  const kind = (Object.keys(kinds) as Kind[]).find((key) => kinds[key].routeId === id);
  if (!kind)
    throw new Error(`routes/admin/inquiry.tsx is registered under a route id it does not know: ${id}`);
  return kind;
}

interface InquiryPage {
  kind: Kind;
  /** The title's subject: the requester's name, or the message's subject. */
  name: string;
  answered: boolean;
  statusText: string;
  fields: RecordField[];
  /** The comments of a quotation request (null: none), or the message. */
  longText: string | null;
  /** The change the action redirected here with, also said in the page (the root shows the toast). */
  flash: Toast | null;
}

type InquiryRecord = Omit<InquiryPage, "flash">;

async function quotePage(db: Db, id: string): Promise<InquiryRecord | undefined> {
  const quote = await getQuoteForAdmin(db, id);
  if (!quote) return undefined;
  const t = adminQuotesTexts;
  const f = t.fields;
  return {
    kind: "quote",
    name: quote.fullName,
    answered: quote.answeredAt !== null,
    statusText: quote.answeredAt ? t.answeredOn(formatAdminDateTime(quote.answeredAt)) : t.pending,
    fields: [
      { label: f.createdAt, value: formatAdminDateTime(quote.createdAt) },
      { label: f.product, value: quote.productName },
      { label: f.name, value: quote.fullName },
      { label: f.company, value: quote.company },
      { label: f.email, value: quote.email, href: `mailto:${quote.email}` },
      { label: f.phone, value: quote.phone, href: `tel:${quote.phone.replace(/[^\d+]/g, "")}` },
      { label: f.city, value: quote.city },
      { label: f.id, value: quote.id },
    ],
    longText: quote.additionalNotes,
  };
}

async function contactPage(db: Db, id: string): Promise<InquiryRecord | undefined> {
  const message = await getContactMessageForAdmin(db, id);
  if (!message) return undefined;
  const t = adminContactsTexts;
  const f = t.fields;
  return {
    kind: "contact",
    name: message.subject,
    answered: message.answeredAt !== null,
    statusText: message.answeredAt ? t.answeredOn(formatAdminDateTime(message.answeredAt)) : t.pending,
    fields: [
      { label: f.createdAt, value: formatAdminDateTime(message.createdAt) },
      { label: f.name, value: message.name },
      { label: f.email, value: message.email, href: `mailto:${message.email}` },
      { label: f.subject, value: message.subject },
      { label: f.id, value: message.id },
    ],
    longText: message.message,
  };
}

export async function loader({ request, params, pattern }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const kind = kindAt(pattern);
  const record = await (kind === "quote" ? quotePage : contactPage)(getDb(), params.id);
  if (!record) throw data({ message: texts[kind].notFound }, { status: 404, headers: admin.headers });
  const page: InquiryPage = { ...record, flash: await pageFlash(request, texts[kind].successTitle) };
  return data(page, { headers: admin.headers });
}

export async function action({ request, params, pattern }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const kind = kindAt(pattern);
  const t = texts[kind];
  const refuse = (message: string, status: 400 | 404) =>
    data({ tone: "error" as const, title: t.failureTitle, message }, { status, headers: admin.headers });
  const submission = parseWithZod(await requireFormData(request), { schema: answeredChangeSchema });
  if (submission.status !== "success") return refuse(adminRecordMessages.invalid, 400);
  const answered = submission.value.answered === "true";
  const outcome = await setAnswered(getDb(), kinds[kind].table, params.id, answered);
  if (outcome === "not-found") return refuse(t.notFound, 404);
  logger.info({ adminId: admin.user.id, recordId: params.id, answered, outcome }, "Marked answered");
  return redirectWithToast(
    `${kinds[kind].list}/${encodeURIComponent(params.id)}`,
    { kind: "success", title: t.successTitle, description: answered ? t.markedAnswered : t.markedPending },
    admin.headers,
  );
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const t = texts[kindOf(matches)];
  return adminMeta(
    loaded ? adminPageTitle(t.detailTitle(loaded.name)) : t.detailMetaTitle,
    t.detailMetaDescription,
  );
};

export default function AdminInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const t = texts[kind];
  return (
    <AnsweredRecordPage
      id={kind === "quote" ? "cotizacion" : "mensaje"}
      title={t.detailTitle(loaderData.name)}
      backTo={kinds[kind].list}
      answered={loaderData.answered}
      statusText={loaderData.statusText}
      texts={t}
      fields={loaderData.fields}
      longText={
        kind === "quote"
          ? { heading: adminQuotesTexts.fields.notes, text: loaderData.longText ?? adminQuotesTexts.noNotes }
          : { heading: adminContactsTexts.fields.message, text: loaderData.longText ?? "" }
      }
      reply={actionData}
      flash={loaderData.flash}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const kind = kindOf(useMatches());
  return <RecordError error={error} texts={texts[kind]} backTo={kinds[kind].list} />;
}
