import { data } from "react-router";
import type { Route } from "./+types/contact";
import { AnsweredRecordPage, RecordError } from "~/components/admin/admin-record";
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
  return (
    <AnsweredRecordPage
      id="mensaje"
      title={texts.detailTitle(loaderData.subject)}
      back={{ to: adminPaths.contacts, text: texts.back }}
      answered={{
        answered: loaderData.answered,
        statusText: loaderData.statusText,
        markAnswered: texts.markAnswered,
        markPending: texts.markPending,
        saving: texts.saving,
      }}
      fields={loaderData.fields}
      longText={{ heading: texts.fields.message, text: loaderData.message }}
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
      backTo={adminPaths.contacts}
    />
  );
}
