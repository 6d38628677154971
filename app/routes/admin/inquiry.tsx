import { parseWithZod } from "@conform-to/zod/v4";
import { Check, RotateCcw } from "lucide-react";
import { data, Form, useMatches } from "react-router";
import type { Route } from "./+types/inquiry";
import { PageMessage, SubmitButton, useActionFeedback, usePosting } from "~/components/admin/admin-form";
import { Panel } from "~/components/admin/admin-page";
import { BackToList, RecordError, RecordFields, type RecordField } from "~/components/admin/admin-record";
import { adminContactsTexts, adminPageTitle, adminQuotesTexts } from "~/content/admin";
import { adminMeta, adminPaths, formatAdminDateTime } from "~/lib/admin";
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
 * One inquiry in full, with "Marcar como respondida/o" (or back to pending): a quotation request
 * (/admin/quotes/:id, docs/product.md#d18) or a contact message (/admin/contacts/:id,
 * docs/product.md#spec-2). Registered twice in app/routes.ts: the route's pattern picks the kind on the
 * server, its id in the browser. A change redirects back with its toast (post/redirect/get); a refusal (400,
 * 404) renders the page.
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

/** An inquiry's page: its state in words and its fields, from `createdAt` to `id`. */
function inquiryPage(
  kind: Kind,
  row: { id: string; createdAt: string; answeredAt: string | null },
  /** `name`: the title's subject; `longText`: the quotation's comments (null: none), or the message. */
  page: { name: string; fields: RecordField[]; longText: string | null },
) {
  const t = texts[kind];
  return {
    kind,
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

async function findInquiry(db: Db, kind: Kind, id: string) {
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

export async function loader({ request, params, pattern }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const kind = kindAt(pattern);
  const record = await findInquiry(getDb(), kind, params.id);
  if (!record) throw data({ message: texts[kind].notFound }, { status: 404, headers: admin.headers });
  // The change the action redirected here with, also said in the page (the root shows the toast).
  const flash = await pageFlash(request, texts[kind].successTitle);
  return data({ ...record, flash }, { headers: admin.headers });
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
  const { kind, answered } = loaderData;
  const t = texts[kind];
  const title = t.detailTitle(loaderData.name);
  const id = kind === "quote" ? "cotizacion" : "mensaje";
  const busy = usePosting();
  const shown = useActionFeedback(actionData, loaderData.flash);
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={kinds[kind].list}>{t.back}</BackToList>
      <h1 className="mt-3 text-2xl font-bold wrap-anywhere text-foreground">{title}</h1>
      <PageMessage shown={shown} className="mt-4" />
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-foreground">{loaderData.statusText}</p>
        <input type="hidden" name="answered" value={answered ? "false" : "true"} />
        <SubmitButton
          variant={answered ? "outline" : "primary"}
          busy={busy}
          busyText={t.saving}
          icon={answered ? RotateCcw : Check}
        >
          {answered ? t.markPending : t.markAnswered}
        </SubmitButton>
      </Form>
      <Panel id={`${id}-datos`} title={title} hideTitle>
        <RecordFields fields={loaderData.fields} />
      </Panel>
      <Panel id={`${id}-texto`} title={kind === "quote" ? t.fields.notes : t.fields.message}>
        <p className="mt-2 max-w-prose wrap-anywhere whitespace-pre-line text-foreground">
          {loaderData.longText ?? adminQuotesTexts.noNotes}
        </p>
      </Panel>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const kind = kindOf(useMatches());
  return <RecordError error={error} texts={texts[kind]} backTo={kinds[kind].list} />;
}
