import { expect } from "vitest";
import type { AdminListView } from "~/lib/admin-list-view";
import * as list from "~/routes/admin/orders";
import * as listExport from "~/routes/admin/orders-export";
import * as order from "~/routes/admin/order";
import { args, get, post, settle, type Fields } from "./admin-requests";

/**
 * The back office's orders as a staff member uses them, for the tests of their loaders and
 * actions: `cookie` is read at each request (it exists once the test's beforeAll signed in).
 */

/** The order page (/admin/orders/:id): its data, and the forms posted to it. */
export function adminOrderPage<Page>(cookie: () => string) {
  const pathOf = (id: string) => `/admin/orders/${id}`;
  return {
    pathOf,
    /** The page's data (its loader answering 200). */
    async load(id: string): Promise<Page> {
      const answer = await settle(() =>
        order.loader({ ...args<object>(get(pathOf(id), cookie()), undefined, { id }) } as never),
      );
      expect(answer.status).toBe(200);
      return answer.body as unknown as Page;
    },
    /** A form posted to the page; `as`: the session cookie sent instead, null for none. */
    submit(id: string, fields: Fields, as: string | null = cookie()) {
      return settle(() =>
        order.action({
          ...args<object>(post(pathOf(id), fields, as ?? undefined), undefined, { id }),
        } as never),
      );
    },
  };
}

/** The orders list (/admin/orders) and its CSV, for a query such as "?estado=pagado". */
export function adminOrdersList(cookie: () => string) {
  const routeArgs = <Args>(path: string) =>
    ({ ...args<object>(get(path, cookie())), pattern: path.split("?")[0]!.slice(1) }) as Args;
  return {
    async open(query: string): Promise<AdminListView> {
      return (await settle(() => list.loader(routeArgs(`/admin/orders${query}`)))).body
        ?.view as AdminListView;
    },
    /** The order numbers a view shows, in its order. */
    numbersIn(view: AdminListView) {
      const index = view.columns.findIndex((column) => column.key === "number");
      return view.rows.map((row) => row.cells[index]);
    },
    /** The CSV's header and rows, split into cells. */
    async csv(query: string): Promise<{ header: string[]; rows: string[][] }> {
      const response = await listExport.loader(routeArgs(`/admin/orders/export.csv${query}`));
      const [header = "", ...rows] = (await response.text()).split("\r\n").filter(Boolean);
      return { header: header.replace(/^\uFEFF/, "").split(";"), rows: rows.map((row) => row.split(";")) };
    },
  };
}
