import type { Route } from "./+types/orders";
import { AdminList, type AdminListCells } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/admin-page";
import { adminOrdersTexts as texts, adminPageTitle } from "~/content/admin";
import type { OrderRowData } from "~/lib/admin-list-view";
import { adminMeta } from "~/lib/admin";
import { ordersScreen } from "~/models/admin-lists/orders.server";
import { listViewLoader } from "./list.server";

/** /admin/orders, "Pedidos" (docs/product.md#spec-2): models/admin-lists/orders.server.ts's list. */
export const loader = listViewLoader(ordersScreen);

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

/**
 * An order's status, with a flag when its shipping outside the continent waits for staff's quote
 * (amber: something to do) or was quoted: seen at a glance in the table and on a phone's cards
 * (docs/decisions/063, 072).
 */
const cells: AdminListCells<OrderRowData> = {
  status: (row, text) => {
    const flag = row.data?.shipping;
    if (!flag) return text;
    return (
      <span className="flex flex-wrap items-center gap-1.5">
        {text}
        <span
          className={
            flag === "toQuote"
              ? "rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950"
              : "rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-medium text-foreground"
          }
        >
          {texts.shippingFlags[flag]}
        </span>
      </span>
    );
  },
};

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <AdminList view={loaderData.view} title={texts.title} list={texts} cells={cells} />;
}

export const ErrorBoundary = () => <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
