import { data } from "react-router";
import type { Route } from "./+types/quotes";
import { AdminList } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/list-load-failure";
import { adminQuotesTexts as texts } from "~/content/admin";
import { adminMeta } from "~/lib/admin-meta";
import { buildListView, quotesListView } from "~/services/admin-list-view.server";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/services/db.server";

/**
 * /admin/quotes (DECISIONS D18; issue 4 "Cotizaciones"): the quotation requests, searched by name,
 * company, e-mail, product or city, filtered by answered or pending, sorted, paged and exported as
 * CSV — the one list screen.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const view = await buildListView(getDb(), quotesListView, new URL(request.url));
  return data({ view }, { headers: admin.headers });
}

export const meta: Route.MetaFunction = () => adminMeta(texts.metaTitle, texts.metaDescription);

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  return (
    <AdminList
      view={loaderData.view}
      title={texts.title}
      intro={texts.intro}
      searchPlaceholder={texts.searchPlaceholder}
      emptyText={texts.empty}
      loadingText={texts.loading}
    />
  );
}

export function ErrorBoundary() {
  return <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
}
