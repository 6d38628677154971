import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import {
  defineList,
  countListRows,
  globPattern,
  listCsv,
  listCsvStream,
  listPage,
  listRows,
  listSearchParams,
  parseListState,
  searchWords,
  sortByColumn,
  type ListOptions,
} from "~/models/admin-lists/engine.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";

/**
 * The mechanism, on a list of its own over contact_messages (the real lists are tested in
 * definitions.server.test.ts). Small pages, so that paging is exercised with a few rows.
 */
const messages = defineList({
  name: "mensajes",
  table: "contactMessages",
  columns: [
    { key: "name", label: "Nombre", value: (row) => row.name, sortBy: ["name"], searches: ["name"] },
    { key: "email", label: "Email", value: (row) => row.email, searches: ["email"] },
    { key: "subject", label: "Asunto", value: (row) => row.subject, searches: ["subject"] },
    {
      key: "createdAt",
      label: "Fecha",
      value: (row) => row.createdAt,
      sortBy: ["createdAt"],
      firstDirection: "desc",
    },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  filters: [
    {
      key: "estado",
      label: "Estado",
      options: [
        { value: "pendiente", label: "Pendientes", where: () => sql`answered_at is null` },
        { value: "respondido", label: "Respondidos", where: () => sql`answered_at is not null` },
      ],
    },
  ],
  pageSize: 2,
  ftsTable: "contact_messages_search",
});

const params = (query: Record<string, string> = {}) => new URLSearchParams(query);

describe("list state in the URL", () => {
  it("gives the defaults for an empty query", () => {
    expect(parseListState(messages, params())).toEqual({
      q: "",
      sort: "createdAt",
      dir: "desc",
      page: 1,
      filters: {},
    });
  });

  it("keeps valid values, trimming and collapsing the search", () => {
    expect(
      parseListState(
        messages,
        params({ q: "  Ana   Pérez ", sort: "name", dir: "desc", page: "3", estado: "pendiente" }),
      ),
    ).toEqual({ q: "Ana Pérez", sort: "name", dir: "desc", page: 3, filters: { estado: "pendiente" } });
  });

  it("falls back to the default for every unknown or invalid value", () => {
    const invalid: Array<Record<string, string>> = [
      { sort: "email" }, // a column that does not sort
      { sort: "drop table" },
      { dir: "up" },
      { page: "0" },
      { page: "-2" },
      { page: "1.5" },
      { page: "abc" },
      { page: "1e99" },
      { estado: "borrado" },
      { otro: "x" },
    ];
    for (const query of invalid) {
      expect(parseListState(messages, params(query)), JSON.stringify(query)).toEqual({
        q: "",
        sort: "createdAt",
        dir: "desc",
        page: 1,
        filters: {},
      });
    }
  });

  it("drops control characters from a search: a NUL byte is a space, a zero-width one nothing", () => {
    expect(parseListState(messages, params({ q: "abc\u0000" })).q).toBe("abc");
    expect(parseListState(messages, params({ q: "ana\u0000p\u00e9rez\u0007" })).q).toBe("ana pérez");
    expect(parseListState(messages, params({ q: "ñu\u200bñoa\u00ad" })).q).toBe("ñuñoa");
    expect(parseListState(messages, params({ q: "\u0000\u0001\u009f" })).q).toBe("");
  });

  it("starts a newly chosen column in its first direction, and shortens an overlong search", () => {
    expect(parseListState(messages, params({ sort: "name" })).dir).toBe("asc");
    expect(parseListState(messages, params({ sort: "createdAt" })).dir).toBe("desc");
    expect(parseListState(messages, params({ dir: "asc" }))).toMatchObject({ sort: "createdAt", dir: "asc" });
    expect(parseListState(messages, params({ q: "a".repeat(500) })).q).toHaveLength(200);
  });

  it("reads a sort choice that carries its direction (a selector's value), which wins over dir", () => {
    expect(parseListState(messages, params({ sort: "name:desc" }))).toMatchObject({
      sort: "name",
      dir: "desc",
    });
    expect(parseListState(messages, params({ sort: "name:asc", dir: "desc" }))).toMatchObject({
      sort: "name",
      dir: "asc",
    });
    // An invalid direction is no direction; a column that does not sort is the default sort.
    expect(parseListState(messages, params({ sort: "name:up" }))).toMatchObject({ sort: "name", dir: "asc" });
    expect(parseListState(messages, params({ sort: "email:desc" }))).toMatchObject({
      sort: "createdAt",
      dir: "desc",
    });
    // Links write it the usual way.
    const state = parseListState(messages, params({ sort: "name:desc" }));
    expect(listSearchParams(messages, state).toString()).toBe("sort=name&dir=desc");
  });

  it("writes only what differs from the defaults, and reads it back the same", () => {
    const state = parseListState(
      messages,
      params({ q: "ana", sort: "name", dir: "asc", page: "2", estado: "respondido" }),
    );
    const written = listSearchParams(messages, state);
    expect(written.toString()).toBe("q=ana&estado=respondido&sort=name&dir=asc&page=2");
    expect(parseListState(messages, written)).toEqual(state);
    expect(listSearchParams(messages, parseListState(messages, params())).toString()).toBe("");
  });

  it("toggles the direction of the sorted column and starts another column afresh", () => {
    const state = parseListState(messages, params({ sort: "name", dir: "asc", page: "4" }));
    expect(sortByColumn(messages, state, "name")).toMatchObject({ sort: "name", dir: "desc", page: 1 });
    expect(sortByColumn(messages, state, "createdAt")).toMatchObject({
      sort: "createdAt",
      dir: "desc",
      page: 1,
    });
    expect(sortByColumn(messages, state, "email")).toBe(state);
  });
});

describe("search words and patterns", () => {
  it("folds case and accents, drops repeats", () => {
    expect(searchWords(" ÑUÑOA  Pérez ñuñoa ")).toEqual(["nunoa", "perez"]);
  });

  it("makes a GLOB pattern that accepts any case and accent, and escapes GLOB's own characters", () => {
    expect(globPattern("nu")).toBe("*[nNÑñ][uUÙÚÛÜùúûü]*");
    expect(globPattern("a*?[1")).toBe("*[aAÀÁÂÃÄÅàáâãäå][*][?][[]1*");
  });
});

/** Plans forced by the tuning knobs, so that both ways of searching are tested on SQLite. */
const sqlitePlans: Array<[string, ListOptions]> = [
  ["matches", {}],
  ["walk", { matchLimit: 0 }],
];

describe.each(dialectsUnderTest)("the list mechanism on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;

  /** Rows by name, in insertion (= created_at) order; ids sort like the letters after "0000". */
  const people = [
    { name: "Ana Pérez", email: "ana@example.cl", subject: "Consulta por envío", answered: false },
    { name: "Bruno Díaz", email: "bruno@example.cl", subject: "Factura", answered: true },
    { name: "Carla Muñoz", email: "carla@ñuñoa.cl", subject: "Kit para la oficina", answered: false },
    { name: "Diego Perez", email: "DIEGO@EXAMPLE.CL", subject: "Garantía", answered: false },
    { name: "Elena Soto", email: "elena@example.cl", subject: "Vivo en ÑUÑOA", answered: true },
    { name: "Ana Pérez", email: "ana2@example.cl", subject: "Segunda consulta", answered: false },
    { name: "Zoe Ruiz", email: "zoe@example.cl", subject: '=HYPERLINK("x")', answered: false },
  ];
  const idOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
  const timeOf = (index: number) => new Date(Date.UTC(2025, 0, 1, 12, index)).toISOString();

  beforeAll(async () => {
    db = database().db;
    for (const [index, person] of people.entries()) {
      await db
        .insertInto("contactMessages")
        .values({
          id: idOf(index),
          name: person.name,
          email: person.email,
          subject: person.subject,
          message: "Hola",
          createdAt: timeOf(index),
          answeredAt: person.answered ? timeOf(index + 30) : null,
        })
        .execute();
    }
  });

  const names = (rows: ReadonlyArray<{ name: string }>) => rows.map((row) => row.name);
  const emails = (rows: ReadonlyArray<{ email: string }>) => rows.map((row) => row.email);

  /** All rows of a query, page after page. */
  async function allPages(query: Record<string, string>, options: ListOptions = {}) {
    const rows = [];
    for (let page = 1; ; page++) {
      const result = await listPage(db, messages, params({ ...query, page: String(page) }), options);
      rows.push(...result.rows);
      if (page >= result.pageCount) return rows;
    }
  }

  const plans: Array<[string, ListOptions]> = dialect === "sqlite" ? sqlitePlans : [["walk", {}]];

  describe.each(plans)("searching (%s)", (expectedPlan, options) => {
    it("takes the plan it is meant to", async () => {
      expect((await listPage(db, messages, params({ q: "example" }), options)).plan).toBe(expectedPlan);
    });

    it("ignores case and accents, ñ included", async () => {
      const search = async (q: string) => emails(await allPages({ q, sort: "name", dir: "asc" }, options));
      expect(await search("perez")).toEqual(["ana@example.cl", "ana2@example.cl", "DIEGO@EXAMPLE.CL"]);
      expect(await search("PÉREZ")).toEqual(["ana@example.cl", "ana2@example.cl", "DIEGO@EXAMPLE.CL"]);
      expect(await search("ÑUÑOA")).toEqual(["carla@ñuñoa.cl", "elena@example.cl"]);
      expect(await search("nunoa")).toEqual(["carla@ñuñoa.cl", "elena@example.cl"]);
      expect(await search("muñoz")).toEqual(["carla@ñuñoa.cl"]);
      expect(await search("Garantia")).toEqual(["DIEGO@EXAMPLE.CL"]);
    });

    it("finds substrings in every searched column, and needs every word", async () => {
      const search = async (q: string) => names(await allPages({ q, sort: "name", dir: "asc" }, options));
      expect(await search("runo@exa")).toEqual(["Bruno Díaz"]);
      expect(await search("ofic")).toEqual(["Carla Muñoz"]);
      expect(await search("ana consulta")).toEqual(["Ana Pérez", "Ana Pérez"]);
      expect(await search("ana segunda")).toEqual(["Ana Pérez"]);
      expect(await search("zzz")).toEqual([]);
      expect(await search("100%")).toEqual([]);
      expect(await search('hyperlink("x')).toEqual(["Zoe Ruiz"]);
    });

    it("ignores a NUL byte and other control characters in the search", async () => {
      const search = async (q: string) => names(await allPages({ q, sort: "name", dir: "asc" }, options));
      expect(await search("bruno\u0000")).toEqual(["Bruno Díaz"]);
      expect(await search("\u0000diaz\u0000bru")).toEqual(["Bruno Díaz"]);
      const exported = [];
      for await (const batch of listRows(db, messages, params({ q: "bruno\u0000" }), options)) {
        exported.push(...batch);
      }
      expect(names(exported)).toEqual(["Bruno Díaz"]);
    });

    it("uses short words as a filter beside a long one", async () => {
      const rows = await allPages({ q: "ana 2@" }, options);
      expect(emails(rows)).toEqual(["ana2@example.cl"]);
    });

    it("combines a search with a filter", async () => {
      const rows = await allPages({ q: "ñuñoa", estado: "respondido" }, options);
      expect(emails(rows)).toEqual(["elena@example.cl"]);
      expect(emails(await allPages({ q: "perez", estado: "respondido" }, options))).toEqual([]);
    });

    it("exports what the pages show", async () => {
      const queries: Array<Record<string, string>> = [
        { q: "example", sort: "name", dir: "asc" },
        { q: "example", sort: "name", dir: "desc" },
        { q: "perez", estado: "pendiente" },
      ];
      for (const query of queries) {
        const shown = await allPages(query, options);
        const exported = [];
        for await (const batch of listRows(db, messages, params(query), { ...options, batchSize: 2 })) {
          exported.push(...batch);
        }
        expect(exported.map((row) => row.id)).toEqual(shown.map((row) => row.id));
      }
    });
  });

  it("searches nothing when no word has three characters", async () => {
    const result = await listPage(db, messages, params({ q: "an pe" }));
    expect(result.searchTooShort).toBe(true);
    expect(result.total).toBe(people.length);
    expect((await listPage(db, messages, params({ q: "ana" }))).searchTooShort).toBe(false);
  });

  it("counts a search up to the limit, then says 'more than'", async () => {
    const capped = await listPage(db, messages, params({ q: "example" }), { countLimit: 3 });
    expect(capped).toMatchObject({ total: 3, totalIsLowerBound: true, pageCount: 2 });
    const exact = await listPage(db, messages, params({ q: "example" }));
    expect(exact).toMatchObject({ total: 6, totalIsLowerBound: false, pageCount: 3 });
    const unsearched = await listPage(db, messages, params(), { countLimit: 3 });
    expect(unsearched).toMatchObject({ total: 7, totalIsLowerBound: false });
    expect(unsearched.plan).toBe("walk");
    // Every row, whatever the search or filter.
    expect(await countListRows(db, messages)).toBe(7);
  });

  it("sorts by a clicked column both ways, equal names by id", async () => {
    const ascending = await allPages({ sort: "name", dir: "asc" });
    expect(names(ascending)).toEqual([
      "Ana Pérez",
      "Ana Pérez",
      "Bruno Díaz",
      "Carla Muñoz",
      "Diego Perez",
      "Elena Soto",
      "Zoe Ruiz",
    ]);
    expect(ascending[0]!.id).toBe(idOf(0));
    expect(ascending[1]!.id).toBe(idOf(5));
    const descending = await allPages({ sort: "name", dir: "desc" });
    expect(descending.map((row) => row.id)).toEqual(ascending.map((row) => row.id).reverse());
  });

  it("sorts by the default column, newest first", async () => {
    const rows = await allPages({});
    expect(rows.map((row) => row.id)).toEqual(people.map((_, index) => idOf(index)).reverse());
  });

  it("pages on the server: first, middle, last, and beyond the last (clamped)", async () => {
    const all = await allPages({ sort: "name", dir: "asc" });
    const page = (number: string) =>
      listPage(db, messages, params({ sort: "name", dir: "asc", page: number }));
    const first = await page("1");
    expect(first).toMatchObject({ page: 1, pageCount: 4, pageSize: 2, total: 7, totalIsLowerBound: false });
    expect(first.rows.map((row) => row.id)).toEqual(all.slice(0, 2).map((row) => row.id));
    expect((await page("2")).rows.map((row) => row.id)).toEqual(all.slice(2, 4).map((row) => row.id));
    // Pages past the middle are read from the other end: same rows.
    expect((await page("3")).rows.map((row) => row.id)).toEqual(all.slice(4, 6).map((row) => row.id));
    const last = await page("4");
    expect(last.rows.map((row) => row.id)).toEqual([all[6]!.id]);
    const beyond = await page("99");
    expect(beyond.page).toBe(4);
    expect(beyond.state.page).toBe(4);
    expect(beyond.rows).toEqual(last.rows);
  });

  it("gives one empty page when nothing matches", async () => {
    const result = await listPage(db, messages, params({ q: "nadie", page: "3" }));
    expect(result).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it("filters by an allowed value and ignores any other", async () => {
    expect(emails(await allPages({ estado: "respondido" }))).toEqual([
      "elena@example.cl",
      "bruno@example.cl",
    ]);
    expect((await listPage(db, messages, params({ estado: "pendiente" }))).total).toBe(5);
    expect((await listPage(db, messages, params({ estado: "x' or 1=1 --" }))).total).toBe(7);
  });

  it("exports the filtered, sorted view as CSV, in batches, byte for byte", async () => {
    const query = params({ estado: "pendiente", sort: "name", dir: "desc" });
    let text = "";
    const chunks = [];
    for await (const chunk of listCsv(db, messages, query, { batchSize: 2 })) {
      chunks.push(chunk);
      text += chunk;
    }
    expect(chunks).toHaveLength(3); // 5 rows in batches of 2, the header with the first
    expect(text).toBe(
      "\uFEFFNombre;Email;Asunto;Fecha\r\n" +
        `Zoe Ruiz;zoe@example.cl;"'=HYPERLINK(""x"")";${timeOf(6)}\r\n` +
        `Diego Perez;DIEGO@EXAMPLE.CL;Garantía;${timeOf(3)}\r\n` +
        `Carla Muñoz;carla@ñuñoa.cl;Kit para la oficina;${timeOf(2)}\r\n` +
        `Ana Pérez;ana2@example.cl;Segunda consulta;${timeOf(5)}\r\n` +
        `Ana Pérez;ana@example.cl;Consulta por envío;${timeOf(0)}\r\n`,
    );
  });

  it("leaves a column marked inCsv: false (buttons) out of the CSV, and only that one", async () => {
    const withButtons = {
      ...messages,
      columns: [...messages.columns, { key: "actions", label: "Acciones", value: () => "x", inCsv: false }],
    };
    let text = "";
    for await (const chunk of listCsv(db, withButtons, params({ q: "bruno" }))) text += chunk;
    expect(text).toBe(
      `\uFEFFNombre;Email;Asunto;Fecha\r\nBruno Díaz;bruno@example.cl;Factura;${timeOf(1)}\r\n`,
    );
  });

  it("exports just the header when nothing matches", async () => {
    const chunks = [];
    for await (const chunk of listCsv(db, messages, params({ q: "nadie" }))) chunks.push(chunk);
    expect(chunks).toEqual(["\uFEFFNombre;Email;Asunto;Fecha\r\n"]);
  });

  it("fails before the first byte when the search cannot run, so the download is an error answer", async () => {
    const broken = { ...messages, table: "no_such_table" as typeof messages.table };
    await expect(listCsvStream(db, broken, params({ q: "bruno" }))).rejects.toThrow();
  });

  it("streams the CSV as UTF-8 bytes with a byte-order mark", async () => {
    const stream = await listCsvStream(db, messages, params({ q: "bruno" }));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      `\uFEFFNombre;Email;Asunto;Fecha\r\nBruno Díaz;bruno@example.cl;Factura;${timeOf(1)}\r\n`,
    );
  });

  it("keeps the search index in step with changes and deletions", async () => {
    const id = "00000000-0000-4000-8000-999999999999";
    await db
      .insertInto("contactMessages")
      .values({
        id,
        name: "Óscar Núñez",
        email: "oscar@example.cl",
        subject: "Temporal",
        message: "x",
        createdAt: timeOf(50),
        answeredAt: null,
      })
      .execute();
    const ids = async (q: string) => (await allPages({ q })).map((row) => row.id);
    expect(await ids("nunez")).toEqual([id]);
    await db.updateTable("contactMessages").set({ name: "Anónimo" }).where("id", "=", id).execute();
    expect(await ids("nunez")).toEqual([]);
    expect(await ids("anonimo")).toEqual([id]);
    await db.deleteFrom("contactMessages").where("id", "=", id).execute();
    expect(await ids("anonimo")).toEqual([]);
    expect(await ids("temporal")).toEqual([]);
  });
});
