import { data } from "react-router";
import type { Route } from "./+types/quote";
import { AnsweredRecordPage, RecordError } from "~/components/admin/admin-record";
import { adminQuotesTexts as texts } from "~/content/admin";
import { formatAdminDateTime } from "~/lib/admin-format";
import { adminMeta } from "~/lib/admin-meta";
import { adminPaths } from "~/lib/admin-paths";
import { getQuoteForAdmin, setQuoteAnswered } from "~/models/quotes-admin.server";
import { answeredAction } from "~/services/admin-answered.server";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/services/db.server";

/**
 * /admin/quotes/:id (DECISIONS D18): one quotation request in full, with its long comments, and
 * "Marcar como respondida" (or back to pending).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const quote = await getQuoteForAdmin(getDb(), params.id);
  if (!quote) throw data({ message: texts.notFound }, { status: 404, headers: admin.headers });
  const f = texts.fields;
  return data(
    {
      name: quote.fullName,
      answered: quote.answeredAt !== null,
      statusText: quote.answeredAt ? texts.answeredOn(formatAdminDateTime(quote.answeredAt)) : texts.pending,
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
      notes: quote.additionalNotes,
    },
    { headers: admin.headers },
  );
}

export function action({ request, params }: Route.ActionArgs) {
  return answeredAction(request, params.id, setQuoteAnswered, texts);
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(
    loaded ? `${texts.detailTitle(loaded.name)} | Panel LifeBox` : texts.detailMetaTitle,
    texts.detailMetaDescription,
  );

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AnsweredRecordPage
      id="cotizacion"
      title={texts.detailTitle(loaderData.name)}
      back={{ to: adminPaths.quotes, text: texts.back }}
      answered={{
        answered: loaderData.answered,
        statusText: loaderData.statusText,
        markAnswered: texts.markAnswered,
        markPending: texts.markPending,
        saving: texts.saving,
      }}
      fields={loaderData.fields}
      longText={{ heading: texts.fields.notes, text: loaderData.notes ?? texts.noNotes }}
      reply={actionData}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordError
      error={error}
      notFoundTitle={texts.notFoundTitle}
      notFoundText={texts.notFound}
      failureTitle={texts.title}
      failureText={texts.loadFailure}
      back={texts.back}
      backTo={adminPaths.quotes}
    />
  );
}
