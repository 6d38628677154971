/** An admin list's view (models/admin-lists/view.server.ts builds it), as plain data: types only. */

/**
 * How wide an admin list must be before it shows a column (decision 034): the list's own width —
 * not the window's, since the sidebar takes 48 or 256 px of it — at Tailwind's breakpoint sizes:
 * "md" 48rem (768 px), "lg" 64rem (1,024 px), "xl" 80rem (1,280 px), "2xl" 96rem (1,536 px). A
 * column without one is always shown, in the table and on a phone's cards.
 */
export type ListWidth = "md" | "lg" | "xl" | "2xl";

export type AdminListColumnView = {
  key: string;
  label: string;
  /** The address that sorts by this column (the other direction if sorted by it); absent: not sortable. */
  sortHref?: string;
  /** Set on the column the list is sorted by. */
  ariaSort?: "ascending" | "descending";
  /** The direction a click on the header gives, for its accessible name. */
  nextDirection?: "asc" | "desc";
  /** Right-aligned (amounts). */
  numeric: boolean;
  /** Cut to one line with an ellipsis (long texts); otherwise short values, never cut. */
  truncate: boolean;
  /** Shown only from this list width on (decision 034); absent: always, on the cards too. */
  showFrom?: ListWidth;
};

export interface AdminListView<Data = unknown> {
  /** The list's address, the search form's action. */
  path: string;
  /** This view's own address (search, filters, sort, page): where a form on it posts and comes back to. */
  href: string;
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
  /** Each filter's options ("" is "all"), as links; `tabs`: shown as tabs above the list. */
  filters: Array<{
    key: string;
    label: string;
    tabs?: boolean;
    /** `count`: how many rows the option holds, when the screen tells (a tab's "Pendientes (3)"). */
    options: Array<{ value: string; label: string; href: string; selected: boolean; count?: number }>;
  }>;
  columns: AdminListColumnView[];
  /** Key of the column whose cell links to the row's detail page (`href`). */
  linkColumn?: string;
  /** A last column with one action per row, a link to the row's `href` ("Ver conversación"). */
  rowAction?: { label: string; header: string };
  /**
   * One text per column of `columns`, in order; `actionName`, the row action's accessible name;
   * `data`: what the screen's own cells need besides.
   */
  rows: Array<{ id: string; cells: string[]; href?: string; actionName?: string; data?: Data }>;
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
    pages: Array<{ page: number; href: string; current: boolean } | null>;
  };
  /** The CSV of exactly this view (search, filters, sort), every page of it. */
  exportHref: string;
  /** Every row of the list, whatever the search, for a heading that counts them (subscribers). */
  allRows?: number;
  /** A sort selector (a GET form sending `sort=key:dir`), with the fields that keep search and filters. */
  sortChoices?: {
    hidden: Array<{ name: string; value: string }>;
    options: Array<{ value: string; label: string; selected: boolean }>;
  };
}

/** One row of a list view. */
export type AdminListRow<Data = unknown> = AdminListView<Data>["rows"][number];

/** What the orders list's status cell needs besides its text: the shipping still to quote, or quoted. */
export interface OrderRowData {
  shipping: "toQuote" | "quoted" | null;
}

/** A gallery photo's status, as stored. */
export type GalleryStatus = "pending" | "approved" | "rejected";

/** What a gallery row carries for its cells (components/admin/gallery-cells.tsx). */
export interface GalleryRowData {
  status: GalleryStatus;
  statusLabel: string;
  author: string;
  kit: string;
  shortId: string;
  /** Null for a rejected photo: its files were deleted (docs/decisions/052). */
  thumbUrl: string | null;
  thumbWidth: number;
  thumbHeight: number;
  /** Null for a rejected photo, as the thumbnail. */
  imageUrl: string | null;
}
