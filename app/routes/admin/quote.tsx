import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/quote";
import { AnsweredForm, BackToList, RecordError, RecordFields } from "~/components/admin/admin-record";
import { FormMessage } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
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
  useEffect(() => {
    if (actionData?.message) void showToast(actionData.tone, actionData.title, actionData.message);
  }, [actionData]);
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={adminPaths.quotes}>{texts.back}</BackToList>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">{texts.detailTitle(loaderData.name)}</h1>
      {actionData?.message ? (
        <FormMessage tone={actionData.tone} className="mt-4">
          {actionData.message}
        </FormMessage>
      ) : null}
      <div className="mt-4">
        <AnsweredForm
          answered={loaderData.answered}
          statusText={loaderData.statusText}
          markAnswered={texts.markAnswered}
          markPending={texts.markPending}
          saving={texts.saving}
        />
      </div>
      <section
        aria-labelledby="cotizacion-datos"
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
      >
        <h2 id="cotizacion-datos" className="sr-only">
          {texts.detailTitle(loaderData.name)}
        </h2>
        <RecordFields fields={loaderData.fields} />
      </section>
      <section
        aria-labelledby="cotizacion-notas"
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
      >
        <h2 id="cotizacion-notas" className="text-lg font-bold text-stone-900">
          {texts.fields.notes}
        </h2>
        <p className="mt-2 max-w-prose break-words whitespace-pre-line text-stone-900">
          {loaderData.notes ?? texts.noNotes}
        </p>
      </section>
    </div>
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
