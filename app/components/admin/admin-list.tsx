import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search } from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { adminListTexts as texts } from "~/content/admin";
import { cn } from "~/lib/cn";

/**
 * Every admin list screen, laid out from the view that routes/admin/list-view.server.ts built:
 * everything formatted and every link built on the server. Search and filter are GET forms and
 * links, sorting and paging are links, all carrying the list's state in the URL — so the screen
 * works without JavaScript, and the back button and a shared address show the same view.
 */

type AdminListColumnView = {
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
};

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
  /** Each filter's options ("" is "all"), as links. */
  filters: Array<{
    key: string;
    label: string;
    options: Array<{ value: string; label: string; href: string; selected: boolean }>;
  }>;
  columns: AdminListColumnView[];
  /** Key of the column whose cell links to the row's detail page (`href`). */
  linkColumn?: string;
  /** One text per column of `columns`, in order. */
  rows: Array<{ id: string; cells: string[]; href?: string }>;
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
}

const numbers = new Intl.NumberFormat("es-CL");

/** A list's own texts (content/admin.ts), e.g. SPEC §8's "No se encontraron compras" (`empty`). */
export interface AdminListTexts {
  intro?: string;
  searchPlaceholder: string;
  empty: string;
  /** Shown while another view of this list loads. */
  loading: string;
}

type AdminListProps = { view: AdminListView; title: string; list: AdminListTexts };

/** The list screen; `title` is the page's heading (h1). */
export function AdminList({ view, title, list }: AdminListProps) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === view.path;
  const { search, pagination } = view;
  const pageOf = texts.pageOf(
    numbers.format(pagination.page),
    numbers.format(pagination.pageCount),
    view.totalIsLowerBound,
  );

  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-foreground">{title}</h1>
          {list.intro ? <p className="mt-1 text-muted-foreground">{list.intro}</p> : null}
        </div>
        <div className="text-right">
          <Button asChild variant="outline">
            <a href={view.exportHref} download aria-describedby={`${id}-export-hint`}>
              <Download aria-hidden="true" className="size-4" />
              {texts.exportCsv}
            </a>
          </Button>
          <p id={`${id}-export-hint`} className="mt-1 max-w-64 text-xs text-subtle-foreground">
            {texts.exportHint}
          </p>
        </div>
      </div>

      <div className="mt-6 space-y-4 rounded-xl border border-border bg-white p-4">
        <Form method="get" action={view.path} role="search" className="flex flex-wrap items-end gap-2">
          {search.hidden.map((field) => (
            <input key={field.name} type="hidden" name={field.name} value={field.value} />
          ))}
          <div className="min-w-56 flex-1">
            <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-foreground">
              {texts.searchLabel}
            </label>
            <Input
              // A new search from a link (or the back button) refills the box.
              key={search.value}
              id={`${id}-q`}
              type="search"
              name="q"
              defaultValue={search.value}
              placeholder={list.searchPlaceholder}
              maxLength={200}
              autoComplete="off"
              aria-describedby={search.tooShort ? `${id}-too-short` : undefined}
              className="mt-1"
            />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            {texts.searchSubmit}
          </Button>
          {search.value ? (
            <Button asChild variant="ghost">
              <Link to={search.clearHref}>{texts.clearSearch}</Link>
            </Button>
          ) : null}
        </Form>
        {search.tooShort ? (
          <p id={`${id}-too-short`} role="status" className="text-sm font-medium text-amber-900">
            {texts.searchTooShort(search.minWordLength)}
          </p>
        ) : null}

        {view.filters.map((filter) => (
          <div key={filter.key} role="group" aria-labelledby={`${id}-filter-${filter.key}`}>
            <span id={`${id}-filter-${filter.key}`} className="text-sm font-semibold text-foreground">
              {filter.label}
            </span>
            <ul className="mt-1 flex flex-wrap gap-2">
              {filter.options.map((option) => (
                <li key={option.value}>
                  <Link
                    to={option.href}
                    aria-current={option.selected ? "true" : undefined}
                    className={cn(
                      "inline-block rounded-full border px-3 py-1 text-sm",
                      option.selected
                        ? "border-stone-900 bg-stone-900 font-semibold text-white"
                        : "border-input bg-white text-foreground hover:bg-muted",
                    )}
                  >
                    {option.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>

      <p role="status" className="mt-4 text-sm font-medium text-foreground">
        {busy ? list.loading : view.countText}
      </p>

      <div
        role="region"
        aria-labelledby={`${id}-caption`}
        aria-describedby={`${id}-scroll-hint`}
        // Focusable so a keyboard can scroll a table wider than the screen.
        tabIndex={0}
        // `relative`: the screen-reader-only texts of far-right columns (absolutely positioned) stay
        // inside this scroller instead of widening the page.
        className="relative mt-2 overflow-x-auto rounded-xl border border-border bg-white"
      >
        <p id={`${id}-scroll-hint`} className="sr-only">
          {texts.tableScrollHint}
        </p>
        <table className="min-w-full text-left text-sm" aria-busy={busy || undefined}>
          <caption id={`${id}-caption`} className="sr-only">
            {`${title}, ${view.sortText}. ${pageOf}.`}
          </caption>
          <thead className="bg-stone-50 text-foreground">
            <tr>
              {view.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.ariaSort}
                  className={cn("px-3 py-2 font-semibold whitespace-nowrap", column.numeric && "text-right")}
                >
                  <HeaderContent column={column} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.length === 0 ? (
              <tr>
                <td colSpan={view.columns.length} className="px-3 py-10 text-center text-muted-foreground">
                  <span className="block font-medium">{list.empty}</span>
                  {view.narrowed ? <span className="mt-1 block text-sm">{texts.noMatchesHint}</span> : null}
                </td>
              </tr>
            ) : (
              view.rows.map((row) => (
                <tr key={row.id} className="border-t border-border hover:bg-stone-50">
                  {view.columns.map((column, index) => {
                    const text = row.cells[index] ?? "";
                    const linked = row.href !== undefined && column.key === view.linkColumn;
                    return (
                      <td
                        key={column.key}
                        className={cn(
                          "px-3 py-2 align-top text-foreground",
                          column.numeric || text.length <= 24 ? "whitespace-nowrap" : "min-w-48",
                          column.numeric && "text-right tabular-nums",
                        )}
                      >
                        {linked ? (
                          <Link to={row.href!} className="font-semibold text-primary underline">
                            {text || "—"}
                          </Link>
                        ) : (
                          text
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {pagination.pageCount > 1 ? (
        <nav
          aria-label={texts.pagination}
          className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
        >
          <p className="text-foreground">{pageOf}</p>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <PageStep href={pagination.previousHref} rel="prev">
                {texts.previous}
              </PageStep>
            </li>
            {pagination.pages.map((link, index) =>
              link === null ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-subtle-foreground">
                  …
                </li>
              ) : (
                <li key={link.page}>
                  <Link
                    to={link.href}
                    aria-current={link.current ? "page" : undefined}
                    aria-label={texts.pageLink(numbers.format(link.page))}
                    className={cn(
                      "inline-block min-w-9 rounded-md px-2 py-1.5 text-center",
                      link.current
                        ? "bg-stone-900 font-semibold text-white"
                        : "border border-input text-foreground hover:bg-muted",
                    )}
                  >
                    {numbers.format(link.page)}
                  </Link>
                </li>
              ),
            )}
            <li>
              <PageStep href={pagination.nextHref} rel="next">
                {texts.next}
              </PageStep>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

function HeaderContent({ column }: { column: AdminListColumnView }) {
  if (!column.sortHref) return <>{column.label}</>;
  const Icon =
    column.ariaSort === "ascending" ? ArrowUp : column.ariaSort === "descending" ? ArrowDown : ArrowUpDown;
  const next = column.nextDirection === "desc" ? texts.descending : texts.ascending;
  return (
    <Link
      to={column.sortHref}
      className="inline-flex items-center gap-1 rounded-sm underline-offset-2 hover:underline"
    >
      {column.label}
      <Icon
        aria-hidden="true"
        className={cn("size-3.5", column.ariaSort ? "text-foreground" : "text-stone-500")}
      />
      <span className="sr-only">{` (${texts.sortBy(next)})`}</span>
    </Link>
  );
}

/** "Anterior" / "Siguiente": a link, or a dimmed label on the first or last page. */
function PageStep({
  href,
  rel,
  children,
}: {
  href: string | undefined;
  rel: "prev" | "next";
  children: React.ReactNode;
}) {
  const className = "inline-block rounded-md border px-3 py-1.5";
  return href ? (
    <Link to={href} rel={rel} className={cn(className, "border-input text-foreground hover:bg-muted")}>
      {children}
    </Link>
  ) : (
    <span aria-disabled="true" className={cn(className, "border-border text-stone-500")}>
      {children}
    </span>
  );
}
