import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { AnsweredForm, BackToList, RecordError, RecordFields } from "~/components/admin/admin-record";
import { FormMessage } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import { adminContactsTexts as texts } from "~/content/admin";
import { formatAdminDateTime } from "~/lib/admin-format";
import { adminMeta } from "~/lib/admin-meta";
import { adminPaths } from "~/lib/admin-paths";
import { getContactMessageForAdmin, setContactMessageAnswered } from "~/models/contacts-admin.server";
import { answeredAction } from "~/services/admin-answered.server";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/services/db.server";

/**
 * /admin/contacts/:id (SPEC §2 "Contactos"): one contact message in full, and "Marcar como
 * respondido" (or back to pending).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const message = await getContactMessageForAdmin(getDb(), params.id);
  if (!message) throw data({ message: texts.notFound }, { status: 404, headers: admin.headers });
  const f = texts.fields;
  return data(
    {
      subject: message.subject,
      answered: message.answeredAt !== null,
      statusText: message.answeredAt
        ? texts.answeredOn(formatAdminDateTime(message.answeredAt))
        : texts.pending,
      fields: [
        { label: f.createdAt, value: formatAdminDateTime(message.createdAt) },
        { label: f.name, value: message.name },
        { label: f.email, value: message.email, href: `mailto:${message.email}` },
        { label: f.subject, value: message.subject },
        { label: f.id, value: message.id },
      ],
      message: message.message,
    },
    { headers: admin.headers },
  );
}

export function action({ request, params }: Route.ActionArgs) {
  return answeredAction(request, params.id, setContactMessageAnswered, texts);
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(
    loaded ? `${texts.detailTitle(loaded.subject)} | Panel LifeBox` : texts.detailMetaTitle,
    texts.detailMetaDescription,
  );

export default function AdminContact({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.message) void showToast(actionData.tone, actionData.title, actionData.message);
  }, [actionData]);
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={adminPaths.contacts}>{texts.back}</BackToList>
      <h1 className="mt-3 text-2xl font-bold break-words text-stone-900">
        {texts.detailTitle(loaderData.subject)}
      </h1>
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
        aria-labelledby="mensaje-datos"
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
      >
        <h2 id="mensaje-datos" className="sr-only">
          {texts.detailTitle(loaderData.subject)}
        </h2>
        <RecordFields fields={loaderData.fields} />
      </section>
      <section
        aria-labelledby="mensaje-texto"
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
      >
        <h2 id="mensaje-texto" className="text-lg font-bold text-stone-900">
          {texts.fields.message}
        </h2>
        <p className="mt-2 max-w-prose break-words whitespace-pre-line text-stone-900">
          {loaderData.message}
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
      backTo={adminPaths.contacts}
    />
  );
}
