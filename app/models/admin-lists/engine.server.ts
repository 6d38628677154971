import { sql, type RawBuilder, type Selectable } from "kysely";
import { csvBom, csvRow, type CsvCell } from "~/lib/csv";
import { foldForSearch } from "~/lib/format";
import { dialectOf, type Db, type Dialect } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { formatAdminDateTime } from "~/lib/admin";
import type { ListWidth } from "~/lib/admin-list-view";

/**
 * The list engine: the one list mechanism of the back office, for every list defined beside it
 * (./orders.server.ts, ./quotes.server.ts…), on SQLite and PostgreSQL alike. Why it works as it
 * does: decisions 017 (search, sort, pages, CSV) and 027 (the two query plans, the cleaned search).
 */

export type SortDirection = "asc" | "desc";

export type ListTable = keyof Database & string;

type ColumnOf<T extends ListTable> = keyof Selectable<Database[T]> & string;

/** One column of a list: a header, a cell, and optionally how it sorts and what it searches. */
export interface ListColumn<Row, C extends string = string> {
  /** Stable English key: the `sort` value in the URL, and the column's identity for the UI. */
  key: string;
  /** The Spanish header, in the table and in the CSV. */
  label: string;
  /** The CSV cell, and the on-screen text unless the screen says otherwise. */
  value: (row: Row) => CsvCell;
  /** Table columns it sorts by (the id is added last). Each NOT NULL, leading an index ending with id. */
  sortBy?: readonly C[];
  /** Direction of the first click on this header (default "asc"). */
  firstDirection?: SortDirection;
  /** Table columns the search looks into: migration 0005 indexed them, in this order (tested). */
  searches?: readonly C[];
  /** False: in the CSV only, not in the on-screen table. */
  inTable?: boolean;
  /** False: on screen only, not in the CSV (a column of buttons). */
  inCsv?: boolean;
  /**
   * On screen only from this list width on (decision 034); absent: always, phones' cards included.
   * The CSV has every column whatever this says.
   */
  showFrom?: ListWidth;
}

export interface ListFilterOption {
  /** The value in the URL. */
  value: string;
  label: string;
  /** The condition; `useIndex` false asks SQLite not to answer it from an index (equalsFilterOptions). */
  where: (useIndex: boolean) => RawBuilder<unknown>;
  /** This option's own ListFilter.indexedSorts, when its index is not the other options'. */
  indexedSorts?: readonly string[];
}

/** A filter: one URL parameter holding one of a closed set of values. */
export interface ListFilter {
  key: string;
  label: string;
  /** The choice of no value ("Todas"); default the screens' "Todos". */
  allLabel?: string;
  options: readonly ListFilterOption[];
  /** Column keys whose sort an index shared with this filter serves; with any other, no index. */
  indexedSorts?: readonly string[];
  /**
   * SQLite, with a sort no index of this filter serves: when the chosen option matches at most this
   * many rows (counted through its own index, stopping past the limit), they are read through that
   * index and sorted, instead of walking the sort's index and checking every row, which reads the
   * whole table when they are few (decision 065). Absent: always the walk.
   */
  fewRows?: number;
}

export interface ListDefinition<Row> {
  /** Spanish, URL-safe: the CSV file is named after it ("pedidos-2025-03-01.csv"). */
  name: string;
  table: ListTable;
  columns: readonly ListColumn<Row>[];
  defaultSort: { key: string; direction: SortDirection };
  filters: readonly ListFilter[];
  pageSize: number;
  /** SQLite: the FTS5 trigram table over the searched columns (migration 0005). */
  ftsTable?: string;
  /**
   * The searched columns hold text already folded by `foldForSearch` (a column kept only for the
   * search, decision 039): PostgreSQL then compares it as it is, without translate(lower(…)), which
   * costs about half a millisecond per row of a kilobyte or more.
   */
  searchFolded?: boolean;
}

/** Declares a list with its columns checked against the table's type. */
export function defineList<T extends ListTable>(definition: {
  name: string;
  table: T;
  columns: readonly ListColumn<Selectable<Database[T]>, ColumnOf<T>>[];
  defaultSort: { key: string; direction: SortDirection };
  filters?: readonly ListFilter[];
  pageSize?: number;
  ftsTable?: string;
  searchFolded?: boolean;
}): ListDefinition<Selectable<Database[T]>> {
  const { key } = definition.defaultSort;
  if (!definition.columns.some((column) => column.key === key && column.sortBy)) {
    throw new Error(`List ${definition.name}: the default sort ${key} is not sortable`);
  }
  return {
    ...definition,
    columns: definition.columns as readonly ListColumn<Selectable<Database[T]>>[],
    filters: definition.filters ?? [],
    pageSize: definition.pageSize ?? 50,
  };
}

/**
 * Options comparing `column` with each value. Without `useIndex` it is written `+column = value`,
 * SQLite's way of keeping a term off its indexes: without statistics its planner would read every
 * paid order and sort them (200 ms at a million orders) instead of walking the sort index to the
 * page (under 1 ms). PostgreSQL has statistics (and no unary + for text): it always gets `=`.
 */
export function equalsFilterOptions(
  column: string,
  values: readonly string[],
  labels: Readonly<Record<string, string>>,
): ListFilterOption[] {
  return values.map((value) => ({
    value,
    label: labels[value] ?? value,
    where: (useIndex) =>
      useIndex ? sql`${sql.ref(column)} = ${value}` : sql`+${sql.ref(column)} = ${value}`,
  }));
}

/** "Pendiente"/"Respondido" filter over answered_at (quotes and contact messages). */
export function answeredFilter(answered: string): ListFilter {
  return {
    key: "estado",
    label: "Estado",
    options: [
      { value: "pendiente", label: "Pendientes", where: () => sql`answered_at is null` },
      { value: "respondido", label: answered, where: () => sql`answered_at is not null` },
    ],
  };
}

/** The date a row was created, newest first when sorted by it (every list has one). */
export function dateColumn(label: string) {
  return {
    key: "createdAt",
    label,
    value: (row: { createdAt: string }) => formatAdminDateTime(row.createdAt),
    sortBy: ["createdAt" as const],
    firstDirection: "desc" as const,
  };
}

/** "Sí"/"No" for whether staff marked the row answered. */
export function answeredColumn(label: string) {
  return {
    key: "answered",
    label,
    value: (row: { answeredAt: string | null }) => (row.answeredAt ? "Sí" : "No"),
  };
}

/** A search's count stops here ("más de 10.000"); on SQLite, also the most FTS matches read and sorted. */
const defaultCountLimit = 10_000;

/** Searches are words of at least this many characters (what a trigram index can look up). */
export const minSearchWordLength = 3;

const maxPage = 1_000_000;

/** The list's state as the URL carries it, normalized (every value valid). */
export interface ListState {
  /** The search, cleaned (cleanSearch); "" for none. */
  q: string;
  sort: string;
  dir: SortDirection;
  page: number;
  /** Filter key → chosen value; only valid ones. */
  filters: Record<string, string>;
}

/** Tuning knobs, for tests and the benchmark; the defaults are what the app uses. */
export interface ListOptions {
  /** A search's count stops above this (default 10,000). */
  countLimit?: number;
  /** SQLite: up to this many FTS matches, read and sort them (default: the count limit). */
  matchLimit?: number;
}

// --- URL state ---

/**
 * Control characters (a NUL included) count as spaces and invisible format characters are dropped:
 * FTS5 reads a NUL as the end of its query and PostgreSQL refuses NUL in text (decision 027). Spaces
 * are collapsed, the length capped at 200.
 */
function cleanSearch(value: string): string {
  return value
    .replace(/\p{Cc}/gu, " ")
    .replace(/\p{Cf}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200)
    .trim();
}

/**
 * Reads the list's state from a URL's query; never throws: unknown or invalid values → defaults.
 * `sort` may carry its direction, `sort=likes:desc` (what one choice of a sort selector sends); it
 * then wins over `dir`.
 */
export function parseListState<Row>(definition: ListDefinition<Row>, params: URLSearchParams): ListState {
  const [sortParam, sortDir] = (params.get("sort") ?? "").split(":", 2);
  const column = definition.columns.find((candidate) => candidate.sortBy && candidate.key === sortParam);
  const dir = sortDir === "asc" || sortDir === "desc" ? sortDir : params.get("dir");
  const firstDirection = column ? (column.firstDirection ?? "asc") : definition.defaultSort.direction;
  const page = Number(params.get("page") ?? 1);
  const filters: Record<string, string> = {};
  for (const filter of definition.filters) {
    const value = params.get(filter.key);
    if (filter.options.some((option) => option.value === value)) filters[filter.key] = value!;
  }
  return {
    q: cleanSearch(params.get("q") ?? ""),
    sort: column?.key ?? definition.defaultSort.key,
    dir: dir === "asc" || dir === "desc" ? dir : firstDirection,
    page: Number.isInteger(page) && page >= 1 && page <= maxPage ? page : 1,
    filters,
  };
}

/** The query string for a state, leaving out defaults (so links stay short and canonical). */
export function listSearchParams<Row>(definition: ListDefinition<Row>, state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  for (const filter of definition.filters) {
    const value = state.filters[filter.key];
    if (value !== undefined) params.set(filter.key, value);
  }
  if (state.sort !== definition.defaultSort.key || state.dir !== definition.defaultSort.direction) {
    params.set("sort", state.sort);
    params.set("dir", state.dir);
  }
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** A header click: the same column flips, another starts in its first direction; page 1. */
export function sortByColumn<Row>(definition: ListDefinition<Row>, state: ListState, key: string): ListState {
  const column = definition.columns.find((candidate) => candidate.key === key);
  if (!column?.sortBy) return state;
  const dir: SortDirection =
    state.sort === key ? (state.dir === "asc" ? "desc" : "asc") : (column.firstDirection ?? "asc");
  return { ...state, sort: key, dir, page: 1 };
}

// --- Search text ---

/** The words a search looks for: lower case without diacritics ("ÑUÑOA" → "nunoa"), distinct, ≤ 8. */
export function searchWords(q: string): string[] {
  const words = foldForSearch(q).split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/**
 * Latin-1 letters with diacritics and their plain lower-case letter: PostgreSQL folds with
 * translate() over these (migration 0005's index expression holds the same literals: keep them
 * equal); SQLite's GLOB patterns list them as variants of their letter.
 */
export const accentedLetters = "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ";
export const plainLetters = "aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy";

const letterVariants = new Map<string, string>();
for (let index = 0; index < plainLetters.length; index++) {
  const plain = plainLetters[index]!;
  letterVariants.set(
    plain,
    (letterVariants.get(plain) ?? plain + plain.toUpperCase()) + accentedLetters[index],
  );
}

/** A SQLite GLOB pattern matching `word` (already folded) anywhere, in any case, with any accents. */
export function globPattern(word: string): string {
  let pattern = "*";
  for (const char of word) {
    const upper = char.toUpperCase();
    const variants = letterVariants.get(char) ?? (upper === char || upper.length !== 1 ? char : char + upper);
    if (variants.length > 1) pattern += `[${variants}]`;
    else pattern += "*?[".includes(variants) ? `[${variants}]` : variants;
  }
  return pattern + "*";
}

/** The columns a list searches, in column order (the order migration 0005 indexed them in). */
export function searchedColumns(definition: ListDefinition<never>): string[] {
  return [...new Set(definition.columns.flatMap((column) => column.searches ?? []))];
}

/**
 * PostgreSQL: the folded text of the searched columns; textually migration 0005's pg_trgm index
 * (0010's, `folded`: columns stored folded are joined as they are).
 */
export function postgresSearchExpression(columns: readonly string[], folded = false): RawBuilder<string> {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
    sql` || ' ' || `,
  );
  return folded
    ? sql<string>`(${joined})`
    : sql<string>`translate(lower(${joined}), ${sql.lit(accentedLetters)}, ${sql.lit(plainLetters)})`;
}

/** The row's searched columns contain `word`, in any case and accent. */
function wordCondition(
  dialect: Dialect,
  columns: readonly string[],
  word: string,
  folded: boolean,
): RawBuilder<unknown> {
  if (dialect === "postgres") {
    // A LIKE substring; backslash, LIKE's default escape, escapes % _ and itself.
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return sql`${postgresSearchExpression(columns, folded)} like ${pattern}`;
  }
  const pattern = globPattern(word);
  return sql`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} glob ${pattern}`),
    sql` or `,
  )})`;
}

// --- Query plans ---

/**
 * How the rows are found (decision 027):
 * - "walk": read in the page's sort order, each row checked against the filters and the search's
 *   words (GLOB on SQLite, LIKE on the folded text served by pg_trgm on PostgreSQL);
 * - "matches" (SQLite, at most matchLimit FTS matches): the matching rowids are read and sorted.
 */
type PlanKind = "walk" | "matches";

interface Plan {
  kind: PlanKind;
  /** Conditions the rows must meet (unqualified columns of the list's table). */
  where: RawBuilder<unknown>[];
  total: number;
  totalIsLowerBound: boolean;
  searchTooShort: boolean;
}

function and(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` and `);
}

/**
 * The chosen filters' conditions, for a count (any index helps) or, `forPage`, for reading rows in
 * sort order (on SQLite a filter that shares no index with the sort is told not to use one, unless
 * its rows are few: `fewRows`).
 */
async function filterConditions<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  state: ListState,
  forPage: boolean,
): Promise<RawBuilder<unknown>[]> {
  const dialect = dialectOf(db);
  const conditions: RawBuilder<unknown>[] = [];
  for (const filter of definition.filters) {
    const option = filter.options.find((candidate) => candidate.value === state.filters[filter.key]);
    if (!option) continue;
    const indexedSorts = option.indexedSorts ?? filter.indexedSorts;
    const useIndex = dialect === "postgres" || !forPage || !!indexedSorts?.includes(state.sort);
    const few =
      !useIndex &&
      filter.fewRows !== undefined &&
      (await countRows(db, definition.table, [option.where(true)], filter.fewRows + 1)) <= filter.fewRows;
    conditions.push(
      few
        ? sql`rowid in (select rowid from ${sql.table(definition.table)} where ${option.where(true)})`
        : option.where(useIndex),
    );
  }
  return conditions;
}

/** Rows meeting `conditions`, counting at most `limit` of them when given. */
async function countRows(
  db: Db,
  table: string,
  conditions: readonly RawBuilder<unknown>[],
  limit?: number,
): Promise<number> {
  // A bare count(*) lets SQLite count an index's entries page by page (3× faster than a WHERE).
  const rows = sql`from ${sql.table(table)} ${conditions.length === 0 ? sql`` : sql`where ${and(conditions)}`}`;
  const query =
    limit === undefined
      ? sql<{ n: number | string }>`select count(*) as n ${rows}`
      : sql<{ n: number | string }>`select count(*) as n from (select 1 ${rows} limit ${limit}) as capped`;
  return Number((await query.execute(db)).rows[0]?.n ?? 0);
}

async function plan<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  state: ListState,
  options: ListOptions,
): Promise<Plan> {
  const dialect = dialectOf(db);
  const countLimit = options.countLimit ?? defaultCountLimit;
  const matchLimit = options.matchLimit ?? countLimit;
  const { table, ftsTable } = definition;
  const countFilters = await filterConditions(db, definition, state, false);
  const pageFilters = await filterConditions(db, definition, state, true);
  const words = searchWords(state.q);
  const longWords = words.filter((word) => [...word].length >= minSearchWordLength);
  const shortWords = words.filter((word) => [...word].length < minSearchWordLength);
  const columns = searchedColumns(definition);
  const wordConditions = (list: readonly string[]) =>
    list.map((word) => wordCondition(dialect, columns, word, definition.searchFolded ?? false));
  const searching = (kind: PlanKind, where: RawBuilder<unknown>[], counted: number): Plan => ({
    kind,
    where,
    total: Math.min(counted, countLimit),
    totalIsLowerBound: counted > countLimit,
    searchTooShort: false,
  });

  if (longWords.length === 0 || columns.length === 0) {
    const total = await countRows(db, table, countFilters);
    return {
      kind: "walk",
      where: pageFilters,
      total,
      totalIsLowerBound: false,
      searchTooShort: state.q !== "",
    };
  }
  if (dialect === "postgres" || !ftsTable) {
    const searched = wordConditions(words);
    const counted = await countRows(db, table, [...countFilters, ...searched], countLimit + 1);
    return searching("walk", [...pageFilters, ...searched], counted);
  }

  const fts = sql.table(ftsTable);
  const match = longWords.map((word) => `"${word.replaceAll('"', '""')}"`).join(" AND ");
  // What the index does not answer: filters, and words too short for trigrams.
  const countExtra = [...countFilters, ...wordConditions(shortWords)];
  const pageExtra = [...pageFilters, ...wordConditions(shortWords)];
  // One lazy pass over the index, stopping after the limit: how many rows match and, when they are
  // few enough, which ones (running the FTS query again costs tens of ms over common trigrams).
  const probe = await sql<{ n: number; ids: string | null }>`select count(*) as n, group_concat(rowid) as ids
    from (select rowid from ${fts} where ${fts} match ${match}
      limit ${Math.max(countLimit, matchLimit) + 1}) as probe`.execute(db);
  const indexed = Number(probe.rows[0]?.n ?? 0);

  if (indexed <= matchLimit) {
    const inList = sql`rowid in (select value from json_each(${`[${probe.rows[0]?.ids ?? ""}]`}))`;
    const counted = countExtra.length === 0 ? indexed : await countRows(db, table, [inList, ...countExtra]);
    return searching("matches", [inList, ...pageExtra], counted);
  }
  let counted = indexed;
  if (countExtra.length > 0) {
    // Index matches meeting the rest, reading only the rows the index names. The rowids come from a
    // one-column subquery, so that the conditions' column names refer to the list's table.
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1
      from (select rowid as match_rowid from ${fts} where ${fts} match ${match}) as found
      cross join ${sql.table(table)} on ${sql.table(table)}.rowid = found.match_rowid
      where ${and(countExtra)} limit ${countLimit + 1}) as capped`.execute(db);
    counted = Number(rows[0]?.n ?? 0);
  }
  return searching("walk", [...pageExtra, ...wordConditions(longWords)], counted);
}

/** The sort's table columns, the id last as tie-breaker, so the order is total and stable. */
function sortKeys<Row>(definition: ListDefinition<Row>, state: ListState): string[] {
  const keys = [...(definition.columns.find((column) => column.key === state.sort)?.sortBy ?? [])];
  return keys.includes("id") ? keys : [...keys, "id"];
}

function orderBy(keys: readonly string[], direction: SortDirection): RawBuilder<unknown> {
  return sql.join(keys.map((key) => sql`${sql.ref(key)} ${sql.raw(direction)}`));
}

// --- Pages ---

/** One page of the list for the URL's query: its rows, the count, the normalized state, the plan. */
export async function listPage<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions = {},
) {
  const state = parseListState(definition, params);
  const found = await plan(db, definition, state, options);
  const { pageSize } = definition;
  const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
  const page = Math.min(state.page, pageCount);
  const offset = (page - 1) * pageSize;
  const keys = sortKeys(definition, state);
  const table = sql.table(definition.table);

  // Past the middle of an exactly counted list, the page is read from the other end, so no
  // page skips more than half of the rows.
  const fromEnd = !found.totalIsLowerBound && offset > found.total / 2;
  const limit = fromEnd ? Math.max(0, Math.min(pageSize, found.total - offset)) : pageSize;
  const skip = fromEnd ? Math.max(0, found.total - offset - limit) : offset;
  const innerDirection: SortDirection = fromEnd ? (state.dir === "asc" ? "desc" : "asc") : state.dir;

  // Deferred join: the page's ids come from the sort index alone, then only those rows are read.
  const { rows } = await sql<Row>`select * from ${table}
    where id in (select id from ${table} where ${and(found.where)}
      order by ${orderBy(keys, innerDirection)} limit ${limit} offset ${skip})
    order by ${orderBy(keys, state.dir)}`.execute(db);

  return {
    rows,
    /** Rows matching; when `totalIsLowerBound`, "more than" this many. */
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    /** The page shown: the requested one, clamped to 1…pageCount. */
    page,
    pageCount,
    pageSize,
    /** The normalized state, page clamped: build links from it with listSearchParams. */
    state: { ...state, page },
    /** q held no word of 3+ characters, so nothing was searched (the screen says so). */
    searchTooShort: found.searchTooShort,
    plan: found.kind,
  };
}

/** Every row of the list, whatever the search and the filters ("Total de suscriptores: N"). */
export function countListRows<Row>(db: Db, definition: ListDefinition<Row>): Promise<number> {
  return countRows(db, definition.table, []);
}

// --- CSV export ---

/** Rows of the list's filtered, sorted view, all of them, in keyset batches (decision 017). */
export async function* listRows<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions & { batchSize?: number } = {},
): AsyncGenerator<Row[]> {
  const state = parseListState(definition, params);
  const found = await plan(db, definition, state, options);
  const keys = sortKeys(definition, state);
  const batchSize = options.batchSize ?? 2_000;
  const comparison = sql.raw(state.dir === "asc" ? ">" : "<");
  const keyColumns = sql.join(keys.map((key) => sql.ref(key)));
  let where = found.where;
  for (;;) {
    const { rows } = await sql<Row>`select * from ${sql.table(definition.table)}
      where ${and(where)} order by ${orderBy(keys, state.dir)} limit ${batchSize}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as Record<string, unknown>;
    where = [...found.where, sql`(${keyColumns}) ${comparison} (${sql.join(keys.map((key) => last[key]))})`];
  }
}

/**
 * The CSV of the list's filtered, sorted view as text chunks. The first chunk, the BOM and the
 * header with the first batch, comes only once the search has run (see listCsvStream).
 */
export async function* listCsv<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions & { batchSize?: number } = {},
): AsyncGenerator<string> {
  const columns = definition.columns.filter((column) => column.inCsv !== false);
  let chunk = csvBom + csvRow(columns.map((column) => column.label));
  for await (const batch of listRows(db, definition, params, options)) {
    for (const row of batch) chunk += csvRow(columns.map((column) => column.value(row)));
    yield chunk;
    chunk = "";
  }
  if (chunk) yield chunk;
}

/**
 * The same CSV as a byte stream, for a Response body. It resolves once the first chunk is ready,
 * so that a query that fails is an error answer rather than a file cut short.
 */
export async function listCsvStream<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
): Promise<ReadableStream<Uint8Array>> {
  const chunks = listCsv(db, definition, params);
  const encoder = new TextEncoder();
  const first = await chunks.next();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The download's file name: "pedidos-2025-03-01.csv" (the date in Chile). */
export function csvFileName<Row>(definition: ListDefinition<Row>, now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Santiago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return `${definition.name}-${day}.csv`;
}
