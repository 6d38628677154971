import {
  adminContactsTexts,
  adminListTexts,
  adminOrdersTexts,
  adminQuotesTexts,
  adminSubscribersTexts,
  type CountNoun,
} from "~/content/admin";
import type { AdminListView } from "~/components/admin/admin-list";
import { adminPaths } from "~/lib/admin-paths";
import type { CsvCell } from "~/lib/csv";
import { formatPrice } from "~/lib/format";
import {
  contactsList,
  ordersList,
  quotesList,
  subscribersList,
} from "~/models/admin-lists/definitions.server";
import {
  countListRows,
  listPage,
  listSearchParams,
  minSearchWordLength,
  sortByColumn,
  type ListDefinition,
  type ListState,
} from "~/models/admin-lists/engine.server";
import type { Db } from "~/infra/db.server";

/**
 * The list screen view builder: the server side of the one admin list screen (ARCHITECTURE "One
 * list mechanism for the admin"; issue 4), used by the list route (./list.tsx) and its CSV
 * download (./list-export.ts). A list definition (models/admin-lists/definitions.server.ts) says
 * what a list holds and how it searches, sorts, filters and exports; the screen below adds what
 * only the screen needs (its address, the detail page of a row, how a cell reads on screen when it
 * differs from the CSV). `buildListView` turns the request's URL into a ready-to-render
 * AdminListView — every link (sort, filter, page, export) built from the list's normalized state,
 * so the state lives in the URL and the page works without JavaScript.
 */

interface Identified {
  id: string;
}

export interface AdminListViewConfig<Row extends Identified> {
  definition: ListDefinition<Row>;
  /** The screen's address: the route's pattern in app/routes.ts. */
  path: string;
  /** The CSV download's address (a resource route outside the admin frame). */
  exportPath: string;
  /** What the list counts, for "3 pedidos". */
  count: CountNoun;
  /** A cell's text on screen when it differs from the CSV's value (amounts, long texts), by column key. */
  display?: Readonly<Record<string, (row: Row) => string>>;
  /** Column keys shown right-aligned (amounts). */
  numeric?: readonly string[];
  /** The row's detail page and the column whose cell links to it. */
  detail?: { column: string; href: (row: Row) => string };
  /** The heading counts every row of the list, whatever the search ("Total de Suscripciones: N"). */
  headingCountsAll?: boolean;
}

/** Declares a list screen; the row type comes from the list definition. */
export function defineListView<Row extends Identified>(
  config: AdminListViewConfig<Row>,
): AdminListViewConfig<Row> {
  const keys = new Set(config.definition.columns.map((column) => column.key));
  for (const key of [
    ...Object.keys(config.display ?? {}),
    ...(config.numeric ?? []),
    config.detail?.column,
  ]) {
    if (key !== undefined && !keys.has(key)) {
      throw new Error(`List view ${config.path}: unknown column ${key}`);
    }
  }
  return config;
}

/** Long texts in a table cell: the first `length` characters; the detail page has all of it. */
export function truncateText(text: string | null | undefined, length = 80): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= length
    ? flat
    : `${chars
        .slice(0, length - 1)
        .join("")
        .trimEnd()}…`;
}

const numbers = new Intl.NumberFormat("es-CL");

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  return typeof value === "number" ? numbers.format(value) : value;
}

/** "1 pedido", "3 pedidos", "más de 10.000 pedidos". */
export function countText(total: number, isLowerBound: boolean, noun: CountNoun): string {
  const text = `${numbers.format(total)} ${total === 1 && !isLowerBound ? noun.one : noun.other}`;
  return isLowerBound ? adminListTexts.moreThan(text) : text;
}

/** The page numbers to offer: the first, the last, and two either side of the current one. */
function pageWindow(page: number, pageCount: number): Array<number | null> {
  const shown = new Set([1, pageCount]);
  for (let candidate = page - 2; candidate <= page + 2; candidate++) {
    if (candidate >= 1 && candidate <= pageCount) shown.add(candidate);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  for (const [index, value] of sorted.entries()) {
    if (index > 0 && value - sorted[index - 1]! > 1) result.push(null);
    result.push(value);
  }
  return result;
}

const directionText = (direction: "asc" | "desc") =>
  direction === "asc" ? adminListTexts.ascending : adminListTexts.descending;

/** The list screen for the request's URL: one page of rows and every link the screen offers. */
export async function buildListView<Row extends Identified>(
  db: Db,
  config: AdminListViewConfig<Row>,
  url: URL,
): Promise<AdminListView> {
  const { definition, path } = config;
  const [found, allRows] = await Promise.all([
    listPage(db, definition, url.searchParams),
    config.headingCountsAll ? countListRows(db, definition) : undefined,
  ]);
  const { state } = found;
  const hrefFor = (next: ListState, base = path) => {
    const query = listSearchParams(definition, next).toString();
    return query ? `${base}?${query}` : base;
  };
  const firstPage = (next: Partial<ListState>): ListState => ({ ...state, ...next, page: 1 });

  const shown = definition.columns.filter((column) => column.inTable !== false);
  const numeric = new Set(config.numeric ?? []);
  const columns = shown.map((column) => {
    const base = { key: column.key, label: column.label, numeric: numeric.has(column.key) };
    if (!column.sortBy) return base;
    const next = sortByColumn(definition, state, column.key);
    return {
      ...base,
      sortHref: hrefFor(next),
      nextDirection: next.dir,
      ...(state.sort === column.key
        ? { ariaSort: state.dir === "asc" ? ("ascending" as const) : ("descending" as const) }
        : {}),
    };
  });

  const rows = found.rows.map((row) => ({
    id: row.id,
    cells: shown.map((column) => config.display?.[column.key]?.(row) ?? cellText(column.value(row))),
    ...(config.detail ? { href: config.detail.href(row) } : {}),
  }));

  const filters = definition.filters.map((filter) => {
    const others = Object.fromEntries(Object.entries(state.filters).filter(([key]) => key !== filter.key));
    return {
      key: filter.key,
      label: filter.label,
      options: [
        {
          value: "",
          label: adminListTexts.filterAll,
          href: hrefFor(firstPage({ filters: others })),
          selected: state.filters[filter.key] === undefined,
        },
        ...filter.options.map((option) => ({
          value: option.value,
          label: option.label,
          href: hrefFor(firstPage({ filters: { ...others, [filter.key]: option.value } })),
          selected: state.filters[filter.key] === option.value,
        })),
      ],
    };
  });

  const hidden = [...listSearchParams(definition, firstPage({ q: "" })).entries()].map(([name, value]) => ({
    name,
    value,
  }));
  const sortedColumn = definition.columns.find((column) => column.key === state.sort);
  const { page, pageCount } = found;

  return {
    path,
    search: {
      value: state.q,
      hidden,
      tooShort: found.searchTooShort,
      minWordLength: minSearchWordLength,
      clearHref: hrefFor(firstPage({ q: "" })),
    },
    filters,
    columns,
    ...(config.detail ? { linkColumn: config.detail.column } : {}),
    rows,
    countText: countText(found.total, found.totalIsLowerBound, config.count),
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    narrowed: (state.q !== "" && !found.searchTooShort) || Object.keys(state.filters).length > 0,
    sortText: adminListTexts.sortedBy(sortedColumn?.label ?? state.sort, directionText(state.dir)),
    pagination: {
      page,
      pageCount,
      ...(page > 1 ? { previousHref: hrefFor({ ...state, page: page - 1 }) } : {}),
      ...(page < pageCount ? { nextHref: hrefFor({ ...state, page: page + 1 }) } : {}),
      pages: pageWindow(page, pageCount).map((number) =>
        number === null
          ? null
          : { page: number, href: hrefFor({ ...state, page: number }), current: number === page },
      ),
    },
    exportHref: hrefFor(firstPage({}), config.exportPath),
    ...(allRows === undefined ? {} : { allRows }),
  };
}

// ---------------------------------------------------------------------------------------------
// The four lists of issue 4
// ---------------------------------------------------------------------------------------------

const exportPathOf = (path: string) => `${path}/export.csv`;

const ordersListView = defineListView({
  definition: ordersList,
  path: adminPaths.orders,
  exportPath: exportPathOf(adminPaths.orders),
  count: adminOrdersTexts.count,
  display: { total: (row) => formatPrice(row.total) },
  numeric: ["total"],
  detail: { column: "number", href: (row) => `${adminPaths.orders}/${row.id}` },
});

const quotesListView = defineListView({
  definition: quotesList,
  path: adminPaths.quotes,
  exportPath: exportPathOf(adminPaths.quotes),
  count: adminQuotesTexts.count,
  display: { notes: (row) => truncateText(row.additionalNotes) },
  detail: { column: "name", href: (row) => `${adminPaths.quotes}/${row.id}` },
});

const contactsListView = defineListView({
  definition: contactsList,
  path: adminPaths.contacts,
  exportPath: exportPathOf(adminPaths.contacts),
  count: adminContactsTexts.count,
  display: { message: (row) => truncateText(row.message) },
  detail: { column: "subject", href: (row) => `${adminPaths.contacts}/${row.id}` },
});

const subscribersListView = defineListView({
  definition: subscribersList,
  path: adminPaths.subscribers,
  exportPath: exportPathOf(adminPaths.subscribers),
  count: adminSubscribersTexts.count,
  headingCountsAll: true,
});

type AnyListView = AdminListViewConfig<Identified>;

const listViews = [ordersListView, quotesListView, contactsListView, subscribersListView].map(
  (view) => view as unknown as AnyListView,
);

/**
 * A route's pattern as an address: React Router gives the matched route's path pattern without
 * its leading slash ("admin/orders").
 */
const addressOf = (pattern: string) => `/${pattern.replace(/^\/+/, "")}`;

/** The list screen at a route's pattern ("admin/orders"), if any. */
export function listViewAt(pattern: string): AnyListView | undefined {
  return listViews.find((view) => view.path === addressOf(pattern));
}

/** The list screen whose CSV download is at a route's pattern ("admin/orders/export.csv"), if any. */
export function listViewExportedAt(pattern: string): AnyListView | undefined {
  return listViews.find((view) => view.exportPath === addressOf(pattern));
}
