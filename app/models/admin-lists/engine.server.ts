import { sql, type RawBuilder, type Selectable } from "kysely";
import { z } from "zod";
import { csvBom, csvRow, type CsvCell } from "~/lib/csv";
import { dialectOf, type Db, type Dialect } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";

/**
 * The list engine: the one list mechanism of the back office (ARCHITECTURE "One list mechanism for
 * the admin", DECISIONS D18, docs/decisions/017-admin-lists.md and 027-admin-list-modules.md). A
 * list is described once (./definitions.server.ts) — its table, its columns (Spanish header, how it
 * sorts, what it searches, what its CSV cell holds), its filters and default sort — and this module
 * does the rest for every admin table, on SQLite and PostgreSQL alike:
 *
 * - reads the list's state from the URL (q, sort, dir, page and the filters); anything unknown or
 *   invalid falls back to the default, so a hand-edited address never fails (control characters
 *   in a search, a NUL byte included, are dropped: neither database accepts them in a query);
 * - searches case- and accent-insensitively ("perez" finds "Pérez", "ÑUÑOA" finds "Ñuñoa"), each
 *   word of 3+ characters as a substring, through an index (SQLite FTS5 trigram, PostgreSQL
 *   pg_trgm; migration 0005);
 * - sorts by a clicked column with the row's id as tie-breaker, so the order is total and stable;
 * - pages on the server (never loads a table), counting exactly, except that a search's count
 *   stops at `countLimit` ("más de 10.000");
 * - exports the filtered, sorted view as CSV in batches (keyset), in the same order the pages show.
 */

export type SortDirection = "asc" | "desc";

/** Tables a list can show. */
export type ListTable = keyof Database & string;

type ColumnOf<T extends ListTable> = keyof Selectable<Database[T]> & string;

/** One column of a list: a header, a cell, and optionally how it sorts and what it searches. */
export interface ListColumn<Row, C extends string = string> {
  /** Stable English key: the `sort` value in the URL, and the column's identity for the UI. */
  key: string;
  /** The Spanish header, in the table and as the CSV header. */
  label: string;
  /** What the cell holds, as text or number: written into the CSV, and shown by default. */
  value: (row: Row) => CsvCell;
  /**
   * Table columns this column sorts by, in order (the row id is always added as the last key).
   * Absent: not sortable. Each must be NOT NULL and should lead an index ending with id.
   */
  sortBy?: readonly C[];
  /** Direction of the first click on this header (default "asc"). */
  firstDirection?: SortDirection;
  /** Table columns the search looks into for this column (must match migration 0005's index). */
  searches?: readonly C[];
  /** False: only in the CSV export, not in the on-screen table (default true). */
  inTable?: boolean;
}

/** One value of a filter, e.g. the status "pagado" of the orders list. */
export interface ListFilterOption {
  /** The value in the URL. */
  value: string;
  /** What staff read. */
  label: string;
  /**
   * The condition on the list's table (unqualified column names). `useIndex` false: the page's
   * sort has no index that also serves this filter, so on SQLite the condition should not be
   * answered from an index (see equalsFilterOptions); it is only a hint.
   */
  where: (useIndex: boolean) => RawBuilder<unknown>;
}

/** A filter: one URL parameter holding one of a closed set of values. */
export interface ListFilter {
  /** The URL parameter, e.g. "estado". */
  key: string;
  label: string;
  options: readonly ListFilterOption[];
  /**
   * Column keys whose sort an index shared with this filter serves, e.g. ["createdAt"] for an
   * index (status, created_at, id). With any other sort the filter is told not to use an index.
   */
  indexedSorts?: readonly string[];
}

export interface ListDefinition<Row> {
  /** Spanish, lower-case, URL-safe: the CSV file is named after it ("pedidos-2025-03-01.csv"). */
  name: string;
  table: ListTable;
  /** Table columns every row carries (what the cells, the detail link and the CSV need). */
  select: readonly string[];
  columns: readonly ListColumn<Row>[];
  defaultSort: { key: string; direction: SortDirection };
  filters: readonly ListFilter[];
  pageSize: number;
  /** SQLite: the FTS5 trigram table over the searched columns (migration 0005). */
  ftsTable?: string;
}

/** Declares a list with its columns checked against the table's type. */
export function defineList<T extends ListTable, K extends ColumnOf<T>>(definition: {
  name: string;
  table: T;
  select: readonly K[];
  columns: readonly ListColumn<Pick<Selectable<Database[T]>, K>, ColumnOf<T>>[];
  defaultSort: { key: string; direction: SortDirection };
  filters?: readonly ListFilter[];
  pageSize?: number;
  ftsTable?: string;
}): ListDefinition<Pick<Selectable<Database[T]>, K>> {
  const sortable = definition.columns.filter((column) => column.sortBy);
  if (!sortable.some((column) => column.key === definition.defaultSort.key)) {
    throw new Error(
      `List ${definition.name}: the default sort ${definition.defaultSort.key} is not sortable`,
    );
  }
  return {
    ...definition,
    columns: definition.columns as readonly ListColumn<Pick<Selectable<Database[T]>, K>>[],
    filters: definition.filters ?? [],
    pageSize: definition.pageSize ?? defaultPageSize,
  };
}

/**
 * Filter options that compare one column with each of `values`.
 *
 * Without `useIndex`, the comparison is written `+column = value`: SQLite's documented way of
 * keeping a term from being answered from an index. Without statistics, SQLite's planner believes
 * an equality on an indexed column matches a handful of rows, so for "status = 'pagado' ordered by
 * total" it would read every paid order and sort them (200 ms at a million orders) instead of
 * walking the total index and stopping at the page (under 1 ms). PostgreSQL keeps statistics and
 * needs no hint (and has no unary + for text), so it always gets the plain comparison.
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

export const defaultPageSize = 50;

/**
 * A search's count stops here; the UI then says "más de 10.000". On SQLite it is also the most
 * index matches a search reads and sorts (the "matches" plan below); above it, it walks the sort
 * order instead.
 */
export const defaultCountLimit = 10_000;

/** Searches are words of at least this many characters (what a trigram index can look up). */
export const minSearchWordLength = 3;

const maxSearchLength = 200;
const maxSearchWords = 8;
const maxPage = 1_000_000;

/** The list's state as the URL carries it, normalized (every value valid). */
export interface ListState {
  /** The search as typed (trimmed, inner spaces collapsed); "" for none. */
  q: string;
  sort: string;
  dir: SortDirection;
  page: number;
  /** Filter key → chosen value; only valid ones. */
  filters: Record<string, string>;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Rows matching; when `totalIsLowerBound`, "more than" this many. */
  total: number;
  totalIsLowerBound: boolean;
  /** The page shown (the requested one, clamped to 1…pageCount). */
  page: number;
  pageCount: number;
  pageSize: number;
  /** The normalized state (page clamped): build links from it with listSearchParams. */
  state: ListState;
  /** True when q held no word of 3+ characters, so nothing was searched (the UI says so). */
  searchTooShort: boolean;
}

/** Tuning knobs, for tests and the benchmark; the defaults are what the app uses. */
export interface ListOptions {
  /** A search's count stops above this (default 10,000). */
  countLimit?: number;
  /** SQLite: up to this many index matches, read and sort them (default: the count limit). */
  matchLimit?: number;
}

// ---------------------------------------------------------------------------------------------
// URL state
// ---------------------------------------------------------------------------------------------

const directionSchema = z.enum(["asc", "desc"]);

/**
 * The search as the list uses it: control characters (NUL, other C0/C1 codes) count as spaces and
 * invisible format characters (zero-width space, soft hyphen…) are dropped — SQLite's FTS5 reads a
 * NUL as the end of its query and PostgreSQL refuses NUL in text — then spaces are collapsed and
 * the length capped.
 */
function cleanSearch(value: string): string {
  return value
    .replace(/\p{Cc}/gu, " ")
    .replace(/\p{Cf}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, maxSearchLength)
    .trim();
}

/** Reads the list's state from a URL's query; never throws, unknown or invalid values → defaults. */
export function parseListState<Row>(definition: ListDefinition<Row>, params: URLSearchParams): ListState {
  const sortKeys = definition.columns.filter((column) => column.sortBy).map((column) => column.key);
  const schema = z.object({
    q: z.string().transform(cleanSearch).catch(""),
    sort: z
      .string()
      .refine((value) => sortKeys.includes(value))
      .optional()
      .catch(undefined),
    dir: directionSchema.optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(maxPage).catch(1),
  });
  const raw = schema.parse({
    q: params.get("q") ?? "",
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
    page: params.get("page") ?? 1,
  });
  const sort = raw.sort ?? definition.defaultSort.key;
  const sortColumn = definition.columns.find((column) => column.key === sort);
  const dir =
    raw.dir ??
    (raw.sort === undefined ? definition.defaultSort.direction : (sortColumn?.firstDirection ?? "asc"));
  const filters: Record<string, string> = {};
  for (const filter of definition.filters) {
    const value = params.get(filter.key);
    if (value !== null && filter.options.some((option) => option.value === value))
      filters[filter.key] = value;
  }
  return { q: raw.q, sort, dir, page: raw.page, filters };
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

/**
 * The state after clicking a column's header: the same column flips direction, another column
 * starts in its first direction; back to page 1. A column that does not sort changes nothing.
 */
export function sortByColumn<Row>(definition: ListDefinition<Row>, state: ListState, key: string): ListState {
  const column = definition.columns.find((candidate) => candidate.key === key);
  if (!column?.sortBy) return state;
  const dir: SortDirection =
    state.sort === key ? (state.dir === "asc" ? "desc" : "asc") : (column.firstDirection ?? "asc");
  return { ...state, sort: key, dir, page: 1 };
}

// ---------------------------------------------------------------------------------------------
// Search text
// ---------------------------------------------------------------------------------------------

/** Lower case without diacritics: "ÑUÑOA Pérez" → "nunoa perez". */
export function foldSearchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words a search looks for: folded, distinct, at most 8. */
export function searchWords(q: string): string[] {
  const words = foldSearchText(q).split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, maxSearchWords);
}

/**
 * Latin-1 letters with diacritics and their plain lower-case letter. PostgreSQL folds with
 * translate() over these (the same literal is in migration 0005's index expression: keep them equal);
 * SQLite's fallback GLOB lists them as variants of their letter.
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

/** PostgreSQL LIKE pattern for a substring, escaping % _ and \ (backslash is LIKE's default escape). */
function likeSubstring(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** FTS5 query: every word as a quoted string (a substring for the trigram tokenizer), all of them. */
function ftsQuery(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" AND ");
}

/** The columns a list searches, in column order (the order migration 0005 indexed them in). */
export function searchedColumns(definition: ListDefinition<never>): string[] {
  return [...new Set(definition.columns.flatMap((column) => column.searches ?? []))];
}

/**
 * PostgreSQL: the folded text of a row's searched columns. Must stay textually the same as the
 * expression migration 0005 indexes with pg_trgm, or the index is not used.
 */
export function postgresSearchExpression(columns: readonly string[]): RawBuilder<string> {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
    sql` || ' ' || `,
  );
  return sql<string>`translate(lower(${joined}), ${sql.lit(accentedLetters)}, ${sql.lit(plainLetters)})`;
}

// ---------------------------------------------------------------------------------------------
// Query plans
// ---------------------------------------------------------------------------------------------

/**
 * How the rows are found. Two ways, whatever the list and the database:
 * - "walk": the rows are read in the page's sort order (SQLite walks the sort index), each checked
 *   against the conditions: the filters and, when there is a search, its words (GLOB patterns that
 *   accept any case and accent on SQLite; LIKE on the folded text on PostgreSQL, whose pg_trgm
 *   index the planner uses when it pays). Without a search the count is exact; with one, it stops
 *   at countLimit. A broad search fills its first pages after a few thousand rows.
 * - "matches" (SQLite, a search with at most matchLimit index matches): one lazy FTS5 query gives
 *   the matching rowids, as a list; those rows are read and sorted. A narrow search walking the
 *   sort order would read most of the table to fill a page.
 * (Until decision 027 there were four on SQLite: "all" and "scan" were the walk without and with a
 * search, "candidates" the matches up to 2,000, and 2,000–10,000 matches walked the sort index
 * keeping the rowids of the list, "membership", whose cost depended on where the matches fell in
 * the sort order. PostgreSQL's "like" is the walk.)
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

interface Resolved<Row> {
  definition: ListDefinition<Row>;
  state: ListState;
  dialect: Dialect;
  countLimit: number;
  matchLimit: number;
}

function and(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` and `);
}

/**
 * The chosen filters' conditions. `forPage`: for the query that reads a page in sort order (on
 * SQLite a filter without an index matching the sort is told not to use one); otherwise for a count.
 */
function filterConditions<Row>(
  definition: ListDefinition<Row>,
  state: ListState,
  dialect: Dialect,
  forPage: boolean,
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  for (const filter of definition.filters) {
    const option = filter.options.find((candidate) => candidate.value === state.filters[filter.key]);
    if (!option) continue;
    const useIndex = dialect === "postgres" || !forPage || (filter.indexedSorts ?? []).includes(state.sort);
    conditions.push(option.where(useIndex));
  }
  return conditions;
}

/**
 * The row's searched columns contain `word`, in any case and accent: GLOB on SQLite, LIKE on the
 * folded expression (migration 0005's pg_trgm index) on PostgreSQL.
 */
function wordCondition(dialect: Dialect, columns: readonly string[], word: string): RawBuilder<unknown> {
  if (dialect === "postgres") return sql`${postgresSearchExpression(columns)} like ${likeSubstring(word)}`;
  const pattern = globPattern(word);
  return sql`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} glob ${pattern}`),
    sql` or `,
  )})`;
}

/** Rows meeting `conditions`, counting at most `limit` of them when given. */
async function countRows(
  db: Db,
  table: string,
  conditions: readonly RawBuilder<unknown>[],
  limit?: number,
): Promise<number> {
  // A bare count(*) lets SQLite count an index's entries page by page (3× faster than a WHERE).
  const where = conditions.length === 0 ? sql`` : sql`where ${and(conditions)}`;
  const query =
    limit === undefined
      ? sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} ${where}`
      : sql<{
          n: number | string;
        }>`select count(*) as n from (select 1 from ${sql.table(table)} ${where} limit ${limit}) as capped`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function plan<Row>(db: Db, resolved: Resolved<Row>): Promise<Plan> {
  const { definition, state, dialect, countLimit, matchLimit } = resolved;
  const table = definition.table;
  // Filters as a count needs them (any index helps) and as a page in sort order needs them.
  const countFilters = filterConditions(definition, state, dialect, false);
  const pageFilters = filterConditions(definition, state, dialect, true);
  const words = searchWords(state.q);
  const longWords = words.filter((word) => [...word].length >= minSearchWordLength);
  const shortWords = words.filter((word) => [...word].length < minSearchWordLength);
  const columns = searchedColumns(definition);
  const wordConditions = (list: readonly string[]) =>
    list.map((word) => wordCondition(dialect, columns, word));
  /** A search's plan: its count stops above countLimit. */
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

  if (dialect === "postgres" || !definition.ftsTable) {
    const searched = wordConditions(words);
    const counted = await countRows(db, table, [...countFilters, ...searched], countLimit + 1);
    return searching("walk", [...pageFilters, ...searched], counted);
  }

  const fts = sql.table(definition.ftsTable);
  const match = ftsQuery(longWords);
  // What the index does not answer: filters, and words too short for trigrams.
  const countExtra = [...countFilters, ...wordConditions(shortWords)];
  const pageExtra = [...pageFilters, ...wordConditions(shortWords)];

  // One lazy pass over the index, stopping after the limit: how many rows match (up to it) and,
  // when they are not too many, which ones. The page and the count then use that list of rowids
  // rather than running the FTS query again (over common trigrams it costs tens of milliseconds at
  // a million rows).
  const probeLimit = Math.max(countLimit, matchLimit) + 1;
  const probe = await sql<{ n: number; ids: string | null }>`select count(*) as n, group_concat(rowid) as ids
    from (select rowid from ${fts} where ${fts} match ${match} limit ${probeLimit}) as probe`.execute(db);
  const indexed = Number(probe.rows[0]?.n ?? 0);

  if (indexed <= matchLimit) {
    const inList = sql`rowid in (select value from json_each(${`[${probe.rows[0]?.ids ?? ""}]`}))`;
    const counted = countExtra.length === 0 ? indexed : await countRows(db, table, [inList, ...countExtra]);
    return searching("matches", [inList, ...pageExtra], counted);
  }

  let counted = indexed;
  if (countExtra.length > 0) {
    // Index matches that also meet the rest, read lazily from the index and only the rows it
    // names. The rowids come from a one-column subquery, so that the conditions' column names
    // (which the FTS table shares) refer to the list's table.
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1
      from (select rowid as match_rowid from ${fts} where ${fts} match ${match}) as found
      cross join ${sql.table(table)} on ${sql.table(table)}.rowid = found.match_rowid
      where ${and(countExtra)} limit ${countLimit + 1}) as capped`.execute(db);
    counted = Number(rows[0]?.n ?? 0);
  }
  // Very many matches: walking the sort order and checking each row finds a page quickly.
  return searching("walk", [...pageExtra, ...wordConditions(longWords)], counted);
}

function sortKeys<Row>(definition: ListDefinition<Row>, state: ListState): string[] {
  const column = definition.columns.find((candidate) => candidate.key === state.sort);
  const keys = [...(column?.sortBy ?? [])];
  if (!keys.includes("id")) keys.push("id");
  return keys;
}

function orderBy(keys: readonly string[], direction: SortDirection): RawBuilder<unknown> {
  return sql.join(keys.map((key) => sql`${sql.ref(key)} ${sql.raw(direction)}`));
}

function selectedColumns<Row>(definition: ListDefinition<Row>, keys: readonly string[]): RawBuilder<unknown> {
  const columns = [...new Set([...definition.select, ...keys])];
  return sql.join(columns.map((column) => sql.ref(column)));
}

function resolve<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions,
): Resolved<Row> {
  return {
    definition,
    state: parseListState(definition, params),
    dialect: dialectOf(db),
    countLimit: options.countLimit ?? defaultCountLimit,
    matchLimit: options.matchLimit ?? options.countLimit ?? defaultCountLimit,
  };
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/**
 * One page of a list for the URL's query: its rows, the count, and the normalized state. Runs a
 * count and one page query (plus, on SQLite, a cheap index probe when searching).
 */
export async function listPage<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions = {},
): Promise<ListPage<Row>> {
  const resolved = resolve(db, definition, params, options);
  const { state } = resolved;
  const found = await plan(db, resolved);
  const pageSize = definition.pageSize;
  const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
  const page = Math.min(state.page, pageCount);
  const offset = (page - 1) * pageSize;
  const keys = sortKeys(definition, state);
  const table = sql.table(definition.table);
  const where = and(found.where);

  // Past the middle of an exactly counted list, the page is read from the other end, so no
  // page skips more than half of the rows.
  const fromEnd = !found.totalIsLowerBound && offset > found.total / 2;
  const limit = fromEnd ? Math.max(0, Math.min(pageSize, found.total - offset)) : pageSize;
  const skip = fromEnd ? Math.max(0, found.total - offset - limit) : offset;
  const innerDirection: SortDirection = fromEnd ? (state.dir === "asc" ? "desc" : "asc") : state.dir;

  // Deferred join: the page's ids come from the sort index alone (no table reads for skipped
  // rows), then only those rows are read.
  const { rows } = await sql<Row>`select ${selectedColumns(definition, keys)} from ${table}
    where id in (select id from ${table} where ${where}
      order by ${orderBy(keys, innerDirection)} limit ${limit} offset ${skip})
    order by ${orderBy(keys, state.dir)}`.execute(db);

  return {
    rows: [...rows],
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    page,
    pageCount,
    pageSize,
    state: { ...state, page },
    searchTooShort: found.searchTooShort,
  };
}

/** Every row of the list, whatever the search and the filters ("Total de Suscripciones: N"). */
export function countListRows<Row>(db: Db, definition: ListDefinition<Row>): Promise<number> {
  return countRows(db, definition.table, []);
}

/** For tests and the benchmark: which plan a query takes. */
export async function explainListPlan<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions = {},
): Promise<PlanKind> {
  return (await plan(db, resolve(db, definition, params, options))).kind;
}

// ---------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------

export const defaultExportBatchSize = 2_000;

/** Rows of the list's filtered, sorted view, all of them, read in keyset batches. */
export async function* listRows<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions & { batchSize?: number } = {},
): AsyncGenerator<Row[]> {
  const resolved = resolve(db, definition, params, options);
  const { state } = resolved;
  const found = await plan(db, resolved);
  const keys = sortKeys(definition, state);
  const table = sql.table(definition.table);
  const batchSize = options.batchSize ?? defaultExportBatchSize;
  const comparison = sql.raw(state.dir === "asc" ? ">" : "<");
  let after: Record<string, unknown> | undefined;
  for (;;) {
    const where = [...found.where];
    if (after) {
      const last = after;
      where.push(
        sql`(${sql.join(keys.map((key) => sql.ref(key)))}) ${comparison} (${sql.join(keys.map((key) => last[key]))})`,
      );
    }
    const { rows } = await sql<Row>`select ${selectedColumns(definition, keys)} from ${table}
      where ${and(where)} order by ${orderBy(keys, state.dir)} limit ${batchSize}`.execute(db);
    if (rows.length > 0) yield [...rows];
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1] as Record<string, unknown>;
  }
}

/** The CSV of the list's filtered, sorted view as text chunks: BOM and header, then one per batch. */
export async function* listCsv<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions & { batchSize?: number } = {},
): AsyncGenerator<string> {
  const batches = listRows(db, definition, params, options);
  const cells = (batch: readonly Row[]) => {
    let chunk = "";
    for (const row of batch) chunk += csvRow(definition.columns.map((column) => column.value(row)));
    return chunk;
  };
  // The search and the first batch run before the header is given out (see listCsvStream).
  const first = await batches.next();
  yield csvBom + csvRow(definition.columns.map((column) => column.label));
  if (first.done) return;
  yield cells(first.value);
  for await (const batch of batches) yield cells(batch);
}

/**
 * The same CSV as a byte stream, for a Response body. It resolves once the search and the first
 * batch have run, so that a query that fails makes the download an error answer rather than a
 * file cut short (a dropped connection).
 */
export async function listCsvStream<Row>(
  db: Db,
  definition: ListDefinition<Row>,
  params: URLSearchParams,
  options: ListOptions & { batchSize?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const chunks = listCsv(db, definition, params, options);
  const encoder = new TextEncoder();
  const header = await chunks.next();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (!header.done) controller.enqueue(encoder.encode(header.value));
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
