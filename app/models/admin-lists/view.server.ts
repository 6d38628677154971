import { adminListTexts, type CountNoun } from "~/content/admin";
import type { AdminListView } from "~/lib/admin-list-view";
import type { CsvCell } from "~/lib/csv";
import {
  countListRows,
  listPage,
  listSearchParams,
  minSearchWordLength,
  sortByColumn,
  type ListDefinition,
  type ListState,
  type SortDirection,
} from "~/models/admin-lists/engine.server";
import type { Db } from "~/infra/db.server";

/**
 * The server side of the one admin list screen (decision 027): what a list's screen adds to its
 * definition (address, detail links, on-screen cells), declared in each list's module beside this
 * one, and the ready-to-render view whose every link carries the list's state in the URL, for the
 * list's route (routes/admin/orders.tsx…; components/admin/admin-list.tsx renders it).
 */

export interface AdminListViewConfig<Row extends { id: string }, Data = unknown> {
  definition: ListDefinition<Row>;
  /** The screen's address, its route's in app/routes.ts; the CSV is at `${path}/export.csv`. */
  path: string;
  /** What the list counts, for "3 pedidos". */
  count: CountNoun;
  /** A cell's text on screen when it differs from the CSV's value, by column key. */
  display?: Readonly<Record<string, (row: Row) => string>>;
  /** Column keys shown right-aligned (amounts); like `short`, never cut. */
  numeric?: readonly string[];
  /** Column keys whose values are short (codes, dates, statuses): never cut; every other one is cut to one line. */
  short?: readonly string[];
  /** The column whose cell links to the row's detail page, `${path}/${id}`. */
  detailColumn?: string;
  /** The heading counts every row of the list, whatever the search ("Total de suscriptores: N"). */
  headingCountsAll?: boolean;
  /** What the screen's own cells need of each row besides their texts (an image's address…): `row.data`. */
  rowData?: (row: Row) => Data;
  /** A sort selector's choices (column key and direction), besides the clickable headers. */
  sortChoices?: ReadonlyArray<{ key: string; dir: SortDirection; label: string }>;
  /** The key of the filter shown as tabs above the list rather than among the search's filters. */
  tabs?: string;
  /**
   * A last column with one action per row, a link to `${path}/${id}` ("Ver conversación"): `label`
   * its text, `header` the column's (read by screen readers), `name(row)` its accessible name.
   */
  rowAction?: { label: string; header: string; name: (row: Row) => string };
}

const numbers = new Intl.NumberFormat("es-CL");

/** Long texts in a table cell (messages, comments): the first 80 characters; the detail page has all of it. */
export function truncateText(text: string | null): string {
  const chars = [...(text ?? "").replace(/\s+/g, " ").trim()];
  return chars.length <= 80 ? chars.join("") : `${chars.slice(0, 79).join("").trimEnd()}…`;
}

const cellText = (value: CsvCell) => (typeof value === "number" ? numbers.format(value) : (value ?? ""));

/** "1 pedido", "3 pedidos", "más de 10.000 pedidos". */
function countText(total: number, isLowerBound: boolean, noun: CountNoun): string {
  const text = `${numbers.format(total)} ${total === 1 && !isLowerBound ? noun.one : noun.other}`;
  return isLowerBound ? adminListTexts.moreThan(text) : text;
}

/** The page numbers to offer: the first, the last, and two either side of the current one. */
function pageWindow(page: number, pageCount: number): Array<number | null> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) =>
    index > 0 && number - shown[index - 1]! > 1 ? [null, number] : [number],
  );
}

/** The list screen for the request's URL: one page of rows and every link the screen offers. */
export async function buildListView<Row extends { id: string }, Data = unknown>(
  db: Db,
  config: AdminListViewConfig<Row, Data>,
  url: URL,
): Promise<AdminListView<Data>> {
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
  const short = new Set([...numeric, ...(config.short ?? [])]);
  const columns = shown.map((column) => {
    const base = {
      key: column.key,
      label: column.label,
      numeric: numeric.has(column.key),
      truncate: !short.has(column.key),
      ...(column.showFrom ? { showFrom: column.showFrom } : {}),
    };
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

  const { rowAction } = config;
  const rows = found.rows.map((row) => ({
    id: row.id,
    cells: shown.map((column) => config.display?.[column.key]?.(row) ?? cellText(column.value(row))),
    ...(config.detailColumn || rowAction ? { href: `${path}/${row.id}` } : {}),
    ...(rowAction ? { actionName: rowAction.name(row) } : {}),
    ...(config.rowData ? { data: config.rowData(row) } : {}),
  }));

  const filters = definition.filters.map((filter) => {
    const others = Object.fromEntries(Object.entries(state.filters).filter(([key]) => key !== filter.key));
    return {
      key: filter.key,
      label: filter.label,
      ...(config.tabs === filter.key ? { tabs: true } : {}),
      options: [
        {
          value: "",
          label: filter.allLabel ?? adminListTexts.filterAll,
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
  // The selector sends `sort=key:dir` (engine's parseListState) with the search and the filters.
  const sortChoices = config.sortChoices
    ? {
        hidden: [
          ...listSearchParams(
            definition,
            firstPage({ sort: definition.defaultSort.key, dir: definition.defaultSort.direction }),
          ).entries(),
        ].map(([name, value]) => ({ name, value })),
        options: config.sortChoices.map((choice) => ({
          value: `${choice.key}:${choice.dir}`,
          label: choice.label,
          selected: state.sort === choice.key && state.dir === choice.dir,
        })),
      }
    : undefined;

  return {
    path,
    href: hrefFor(state),
    search: {
      value: state.q,
      hidden,
      tooShort: found.searchTooShort,
      minWordLength: minSearchWordLength,
      clearHref: hrefFor(firstPage({ q: "" })),
    },
    filters,
    columns,
    ...(config.detailColumn ? { linkColumn: config.detailColumn } : {}),
    ...(rowAction ? { rowAction: { label: rowAction.label, header: rowAction.header } } : {}),
    rows,
    countText: countText(found.total, found.totalIsLowerBound, config.count),
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    narrowed: (state.q !== "" && !found.searchTooShort) || Object.keys(state.filters).length > 0,
    sortText: adminListTexts.sortedBy(
      sortedColumn?.label ?? state.sort,
      state.dir === "asc" ? adminListTexts.ascending : adminListTexts.descending,
    ),
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
    exportHref: hrefFor(firstPage({}), `${path}/export.csv`),
    ...(sortChoices ? { sortChoices } : {}),
    ...(allRows === undefined ? {} : { allRows }),
  };
}

/** Declares a list's screen; the row type comes from its definition. */
export const defineListScreen = <Row extends { id: string }, Data = unknown>(
  config: AdminListViewConfig<Row, Data>,
) => config;
