import { data } from "react-router";
import type { Route } from "./+types/subscribers";
import { AdminList } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/list-load-failure";
import { adminSubscribersTexts as texts } from "~/content/admin";
import { adminMeta } from "~/lib/admin-meta";
import { countSubscribers } from "~/models/subscribers-admin.server";
import { buildListView, subscribersListView } from "~/services/admin-list-view.server";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/services/db.server";

/**
 * /admin/mails (SPEC §2 "Subscribers"): 'Total de Suscripciones: N' — every subscription, whatever
 * the search — then the table ID and Email searched with 'Buscar por email...' (case- and
 * accent-insensitive), sorted, paged and exported as CSV through the one list screen.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const [view, total] = await Promise.all([
    buildListView(db, subscribersListView, new URL(request.url)),
    countSubscribers(db),
  ]);
  return data(
    { view, title: texts.title(new Intl.NumberFormat("es-CL").format(total)) },
    { headers: admin.headers },
  );
}

export const meta: Route.MetaFunction = () => adminMeta(texts.metaTitle, texts.metaDescription);

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  return (
    <AdminList
      view={loaderData.view}
      title={loaderData.title}
      intro={texts.intro}
      searchPlaceholder={texts.searchPlaceholder}
      emptyText={texts.empty}
      loadingText={texts.loading}
    />
  );
}

export function ErrorBoundary() {
  return <ListLoadFailure title={texts.heading} message={texts.loadFailure} />;
}
