import { data } from "react-router";
import type { Route } from "./+types/orders";
import { AdminList } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/list-load-failure";
import { adminOrdersTexts as texts } from "~/content/admin";
import { adminMeta } from "~/lib/admin-meta";
import { buildListView, ordersListView } from "~/services/admin-list-view.server";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/services/db.server";

/**
 * /admin/orders (SPEC §2 "Pedidos"; issue 4): every order, searched by product or customer,
 * filtered by status, sorted by a header, paged and exported as CSV — the one list screen.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const view = await buildListView(getDb(), ordersListView, new URL(request.url));
  return data({ view }, { headers: admin.headers });
}

export const meta: Route.MetaFunction = () => adminMeta(texts.metaTitle, texts.metaDescription);

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
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
