import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search } from "lucide-react";
import { Fragment, useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { adminListTexts as texts } from "~/content/admin";
import type { AdminListColumnView, AdminListRow, AdminListView, ListWidth } from "~/lib/admin-list-view";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Every admin list screen, laid out from the view that models/admin-lists/view.server.ts built:
 * everything formatted and every link built on the server. Search and filter are GET forms and
 * links, sorting and paging are links, all carrying the list's state in the URL — so the screen
 * works without JavaScript, and the back button and a shared address show the same view.
 *
 * The list fits its own width (decision 034), by CSS container queries on the server's markup: a
 * column with `showFrom` appears once the list is that wide, long texts are cut to one line (whole
 * on hover, on keyboard focus and for screen readers), and a list narrower than 40rem (a phone) is
 * a list of cards holding the columns always shown, the table then hidden.
 */

/** A screen's own rendering of a column's cells (an image, a badge, buttons), by column key. */
export type AdminListCells<Data> = Partial<
  Record<string, (row: AdminListRow<Data>, text: string) => React.ReactNode>
>;

const numbers = new Intl.NumberFormat("es-CL");

/**
 * A list's own texts (content/admin.ts), e.g. docs/product.md#spec-8's "No se encontraron compras" (`empty`).
 */
export interface AdminListTexts {
  intro?: string;
  searchPlaceholder: string;
  empty: string;
  /** Shown while another view of this list loads. */
  loading: string;
  /** The heading instead when the view counts every row (`allRows`): "Total de suscriptores: 1.234". */
  countedTitle?: (total: string) => string;
}

/** What renders a row's action: a link to `href`, styled by `className`, named `name`. */
export interface AdminListRowActionProps {
  href: string;
  label: string;
  name: string;
  className: string;
}

type AdminListProps<Data> = {
  view: AdminListView<Data>;
  title: string;
  list: AdminListTexts;
  /** Cells the screen draws itself (the text stays the CSV's and the sort's). */
  cells?: AdminListCells<Data>;
  /** Shown under the heading, before the search (a screen's summary). */
  children?: React.ReactNode;
  /** Renders each row's action (the view's `rowAction`) instead of a plain link, e.g. to open a dialog. */
  RowAction?: React.ComponentType<AdminListRowActionProps>;
};

/** The list screen; `title` is the page's heading (h1). */
export function AdminList<Data>({
  view,
  title: plainTitle,
  list,
  cells,
  children,
  RowAction = RowActionLink,
}: AdminListProps<Data>) {
  const title =
    list.countedTitle && view.allRows !== undefined
      ? list.countedTitle(numbers.format(view.allRows))
      : plainTitle;
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === view.path;
  const { search, pagination } = view;
  const pageOf = texts.pageOf(
    numbers.format(pagination.page),
    numbers.format(pagination.pageCount),
    view.totalIsLowerBound,
  );
  // The table's caption, and the cards' name.
  const label = `${title}, ${view.sortText}. ${pageOf}.`;

  return (
    // The container its columns and cards are chosen by: the list's width, whatever the sidebar takes.
    <div className="@container mx-auto max-w-[100rem]">
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

      {children}

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

        {view.filters
          .filter((filter) => !filter.tabs)
          .map((filter) => (
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
                      {option.count === undefined ? null : ` (${numbers.format(option.count)})`}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
      </div>

      {view.filters
        .filter((filter) => filter.tabs)
        .map((filter) => (
          <FilterTabs key={filter.key} filter={filter} />
        ))}

      <div className="mt-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <p role="status" className="text-sm font-medium text-foreground">
          {busy ? list.loading : view.countText}
        </p>
        {view.sortChoices ? <SortSelector view={view} /> : null}
      </div>

      {view.sortChoices ? null : <SortChoices view={view} />}

      <CardList
        view={view}
        label={label}
        cells={cells}
        empty={<EmptyText view={view} list={list} />}
        RowAction={RowAction}
      />

      {/* The table from 40rem on; `overflow-x-auto` only as a guard: its columns fit (decision 034). */}
      <div className="mt-2 hidden overflow-x-auto rounded-xl border border-border bg-white @min-[40rem]:block">
        <table className="w-full text-left text-sm" aria-busy={busy || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-stone-50 text-foreground">
            <tr>
              {view.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.ariaSort}
                  className={cn(
                    "px-2 py-2 align-bottom font-semibold @min-[48rem]:px-3",
                    !column.truncate && "whitespace-nowrap",
                    column.numeric && "text-right",
                    column.showFrom && shownFrom[column.showFrom],
                  )}
                >
                  <SortLink column={column} className="inline-flex items-center gap-1" />
                </th>
              ))}
              {view.rowAction ? (
                <th scope="col" className="w-px px-2 py-2 @min-[48rem]:px-3">
                  <span className="sr-only">{view.rowAction.header}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {view.rows.length === 0 ? (
              <tr>
                <td
                  colSpan={view.columns.length + (view.rowAction ? 1 : 0)}
                  className="px-3 py-10 text-center text-muted-foreground"
                >
                  <EmptyText view={view} list={list} />
                </td>
              </tr>
            ) : (
              view.rows.map((row) => (
                <tr key={row.id} className="group/row border-t border-border hover:bg-stone-50">
                  {view.columns.map((column, index) => (
                    <td
                      key={column.key}
                      className={cn(
                        "px-2 py-2 align-top text-foreground @min-[48rem]:px-3",
                        // Short values take their own width (1px grows to it, on one line); the cut
                        // columns share the rest (width 0 at most: never more than the rest).
                        column.truncate ? "max-w-0" : "w-px whitespace-nowrap",
                        column.numeric && "text-right tabular-nums",
                        column.showFrom && shownFrom[column.showFrom],
                      )}
                    >
                      {cells?.[column.key]?.(row, row.cells[index] ?? "") ?? (
                        <CellText
                          view={view}
                          row={row}
                          column={column}
                          text={row.cells[index] ?? ""}
                          // A row without a link is focused by its cut texts themselves.
                          focusable={row.href === undefined}
                        />
                      )}
                    </td>
                  ))}
                  {view.rowAction ? (
                    <td className="w-px px-2 py-1.5 align-top whitespace-nowrap @min-[48rem]:px-3">
                      {rowActionOf(view, row, RowAction)}
                    </td>
                  ) : null}
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

const rowActionClass = cn(buttonVariants({ variant: "outline" }), "px-3 py-1.5");

/** The row's action (the view's `rowAction`) as `RowAction` renders it; null if it has none. */
function rowActionOf(
  view: AdminListView,
  row: AdminListView["rows"][number],
  RowAction: React.ComponentType<AdminListRowActionProps>,
) {
  if (!view.rowAction || !row.href) return null;
  const { label } = view.rowAction;
  return (
    <RowAction href={row.href} label={label} name={row.actionName ?? label} className={rowActionClass} />
  );
}

/** A row's action as a plain link (no JavaScript needed). */
function RowActionLink({ href, label, name, className }: AdminListRowActionProps) {
  return (
    <Link to={href} aria-label={name === label ? undefined : name} className={className}>
      {label}
    </Link>
  );
}

/** The classes that show a column once the list is `showFrom` wide (decision 034). */
const shownFrom: Record<ListWidth, string> = {
  md: "hidden @min-[48rem]:table-cell",
  lg: "hidden @min-[64rem]:table-cell",
  xl: "hidden @min-[80rem]:table-cell",
  "2xl": "hidden @min-[96rem]:table-cell",
};

/** A column's header: a link that sorts by it, or its label. */
function SortLink({ column, className }: { column: AdminListColumnView; className?: string }) {
  if (!column.sortHref) return <>{column.label}</>;
  const Icon =
    column.ariaSort === "ascending" ? ArrowUp : column.ariaSort === "descending" ? ArrowDown : ArrowUpDown;
  const next = column.nextDirection === "desc" ? texts.descending : texts.ascending;
  return (
    <Link
      to={column.sortHref}
      aria-current={column.ariaSort ? "true" : undefined}
      className={cn("rounded-sm underline-offset-2 hover:underline", className)}
    >
      {column.label}
      <Icon
        aria-hidden="true"
        className={cn("size-3.5 shrink-0", column.ariaSort ? "text-foreground" : "text-stone-500")}
      />
      <span className="sr-only">{` (${texts.sortBy(next)})`}</span>
    </Link>
  );
}

/** The cards have no headers: their sort links, under 40rem only. */
function SortChoices({ view }: { view: AdminListView }) {
  const id = useId();
  const sortable = view.columns.filter((column) => column.sortHref && !column.showFrom);
  if (sortable.length === 0) return null;
  return (
    <div role="group" aria-labelledby={id} className="mt-2 text-sm @min-[40rem]:hidden">
      <span id={id} className="font-semibold text-foreground">
        {texts.sortLabel}
      </span>
      <ul className="mt-1 flex flex-wrap gap-2">
        {sortable.map((column) => (
          <li key={column.key}>
            <SortLink
              column={column}
              className={cn(
                "inline-flex items-center gap-1 rounded-full border px-3 py-1",
                "bg-white",
                column.ariaSort ? "border-stone-900 font-semibold" : "border-input",
              )}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

type Row = AdminListRow;

/**
 * A cell's text. A cut one keeps its whole text in the page (screen readers read it all), in its
 * title (hover), and shows it whole, wrapped, while anything in its row has the keyboard focus: the
 * row's link, or the text itself when the row has no link (`focusable`).
 */
function CellText({
  view,
  row,
  column,
  text,
  focusable,
}: {
  view: AdminListView;
  row: Row;
  column: AdminListColumnView;
  text: string;
  focusable: boolean;
}) {
  const cut = column.truncate
    ? "block truncate group-focus-within/row:whitespace-normal group-focus-within/row:wrap-anywhere"
    : undefined;
  if (row.href !== undefined && column.key === view.linkColumn) {
    return (
      <Link
        to={row.href}
        title={column.truncate ? text : undefined}
        className={cn("font-semibold text-primary underline", cut)}
      >
        {text || "—"}
      </Link>
    );
  }
  if (!column.truncate || !text) return <>{text}</>;
  return (
    <span className={cut} title={text} tabIndex={focusable ? 0 : undefined}>
      {text}
    </span>
  );
}

/** What the list says when no row is shown. */
function EmptyText({ view, list }: { view: AdminListView; list: AdminListTexts }) {
  return (
    <>
      <span className="block font-medium">{list.empty}</span>
      {view.narrowed ? <span className="mt-1 block text-sm">{texts.noMatchesHint}</span> : null}
    </>
  );
}

/**
 * Under 40rem (a phone) each row is a card: the linking column (else the first) as its title, the
 * other columns always shown as label and value. Hidden by CSS on wider lists, so only one of the
 * two is ever read (decision 034).
 */
function CardList<Data>({
  view,
  label,
  cells,
  empty,
  RowAction,
}: {
  view: AdminListView<Data>;
  label: string;
  cells: AdminListCells<Data> | undefined;
  empty: React.ReactNode;
  RowAction: React.ComponentType<AdminListRowActionProps>;
}) {
  const titleIndex = Math.max(
    0,
    view.columns.findIndex((column) => column.key === view.linkColumn),
  );
  const fields = view.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column, index }) => !column.showFrom && index !== titleIndex);
  if (view.rows.length === 0) {
    return (
      <p className="mt-2 rounded-xl border border-border bg-white px-3 py-10 text-center text-muted-foreground @min-[40rem]:hidden">
        {empty}
      </p>
    );
  }
  return (
    <ul aria-label={label} className="mt-2 space-y-2 @min-[40rem]:hidden">
      {view.rows.map((row) => {
        const title = row.cells[titleIndex] ?? "";
        return (
          <li key={row.id} className="rounded-xl border border-border bg-white p-3 text-sm">
            <p className="font-semibold wrap-anywhere text-foreground">
              {row.href && view.linkColumn ? (
                <Link to={row.href} className="text-primary underline">
                  {title || "—"}
                </Link>
              ) : (
                title
              )}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {fields.map(({ column, index }) => (
                <Fragment key={column.key}>
                  <dt className="text-muted-foreground">{column.label}</dt>
                  <dd
                    className={cn("min-w-0 wrap-anywhere text-foreground", column.numeric && "tabular-nums")}
                  >
                    {cells?.[column.key]?.(row, row.cells[index] ?? "") ?? row.cells[index] ?? ""}
                  </dd>
                </Fragment>
              ))}
            </dl>
            {view.rowAction ? <p className="mt-2">{rowActionOf(view, row, RowAction)}</p> : null}
          </li>
        );
      })}
    </ul>
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

/**
 * A filter shown as tabs (the gallery's Todas / Pendientes / …): links, each with its count when the
 * screen gives it, the chosen one marked for screen readers (`aria-current`). Links rather than an
 * ARIA tablist: each tab is an address of its own, and works without JavaScript.
 */
function FilterTabs({ filter }: { filter: AdminListView["filters"][number] }) {
  return (
    <nav aria-label={filter.label} className="mt-6 border-b border-border">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {filter.options.map((option) => (
          <li key={option.value}>
            <Link
              to={option.href}
              aria-current={option.selected ? "page" : undefined}
              className={cn(
                "inline-block border-b-2 px-3 py-2 text-sm",
                option.selected
                  ? "border-primary font-semibold text-foreground"
                  : "border-transparent text-muted-foreground hover:border-input hover:text-foreground",
              )}
            >
              {option.label}
              {option.count === undefined ? null : (
                <span className="ml-1.5 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-foreground tabular-nums">
                  {numbers.format(option.count)}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The sort selector: a GET form whose one choice sends the column and the direction (`sort=likes:desc`),
 * keeping the search and the filters. With JavaScript a choice applies at once; without it, the
 * "Ordenar" button sends it.
 */
function SortSelector({ view }: { view: AdminListView }) {
  const id = useId();
  const hydrated = useHydrated();
  const choices = view.sortChoices!;
  const selected = choices.options.find((option) => option.selected)?.value ?? "";
  // The choice shown follows the list's sort when a header link changes it; the element itself stays
  // (a new key would take the keyboard focus away from it).
  const [value, setValue] = useState(selected);
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    setShownFor(selected);
    setValue(selected);
  }
  return (
    <Form method="get" action={view.path} className="flex flex-wrap items-center gap-2 text-sm">
      {choices.hidden.map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      <label htmlFor={id} className="font-semibold text-foreground">
        {texts.sortLabel}
      </label>
      <select
        id={id}
        name="sort"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          event.currentTarget.form?.requestSubmit();
        }}
        className="h-9 max-w-full rounded-md border border-input bg-white px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {selected === "" ? <option value="">—</option> : null}
        {choices.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" variant="outline" className="px-3 py-1.5">
          {texts.sortSubmit}
        </Button>
      )}
    </Form>
  );
}
