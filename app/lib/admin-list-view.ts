/**
 * The shape of an admin list screen as the browser receives it (services/admin-list-view.server.ts
 * builds it, components/admin/admin-list.tsx renders it). Everything is already formatted and
 * every link already built on the server: the component only lays it out, so the page is the same
 * with or without JavaScript and no list logic reaches the browser.
 */

/** What a sorted header announces (WAI-ARIA `aria-sort`). */
export type AriaSort = "ascending" | "descending";

export interface AdminListColumnView {
  key: string;
  label: string;
  /** The address that sorts by this column (same column: the other direction). Absent: not sortable. */
  sortHref?: string;
  /** Set on the column the list is sorted by. */
  ariaSort?: AriaSort;
  /** The direction a click on the header gives, for its accessible name. */
  nextDirection?: "asc" | "desc";
  /** Right-aligned (amounts). */
  numeric: boolean;
}

export interface AdminListRowView {
  id: string;
  /** One text per column of `columns`, in order. */
  cells: string[];
  /** The row's detail page, linked from the cell of `linkColumn`. */
  href?: string;
}

export interface AdminListFilterOptionView {
  /** "" for "all". */
  value: string;
  label: string;
  href: string;
  selected: boolean;
}

export interface AdminListFilterView {
  key: string;
  label: string;
  options: AdminListFilterOptionView[];
}

export interface AdminListPageLink {
  page: number;
  href: string;
  current: boolean;
}

export interface AdminListView {
  /** The list's address, the search form's action. */
  path: string;
  search: {
    /** The search as the list understood it (normalized). */
    value: string;
    /** Fields the search form sends along so the filters and the sort survive a new search. */
    hidden: Array<{ name: string; value: string }>;
    /** The query held no word long enough to search: nothing was filtered by it. */
    tooShort: boolean;
    /** The shortest word a search looks up. */
    minWordLength: number;
    /** The address without the search (keeps filters and sort). */
    clearHref: string;
  };
  filters: AdminListFilterView[];
  columns: AdminListColumnView[];
  /** Key of the column whose cell links to the row's detail page. */
  linkColumn?: string;
  rows: AdminListRowView[];
  /** "3 pedidos", "más de 10.000 pedidos". */
  countText: string;
  total: number;
  totalIsLowerBound: boolean;
  /** A search or a filter narrows the list (the empty text then says nothing matched). */
  narrowed: boolean;
  /** "ordenado por Fecha, de más reciente a más antiguo" for the table's caption. */
  sortText: string;
  pagination: {
    page: number;
    pageCount: number;
    previousHref?: string;
    nextHref?: string;
    /** Page numbers around the current one (with the first and the last); `null` marks a gap. */
    pages: Array<AdminListPageLink | null>;
  };
  /** The CSV of exactly this view (search, filters, sort), every page of it. */
  exportHref: string;
}
