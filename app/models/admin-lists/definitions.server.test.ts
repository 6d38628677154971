import { Migrator, sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatAdminDateTime } from "~/lib/admin";
import {
  csvFileName,
  listCsv,
  listPage,
  listRows,
  postgresSearchExpression,
  searchedColumns,
  type ListDefinition,
} from "~/models/admin-lists/engine.server";
import { chatSessionsList } from "~/models/admin-lists/chatbot.server";
import { contactsList } from "~/models/admin-lists/contacts.server";
import { ordersList } from "~/models/admin-lists/orders.server";
import { quotesList } from "~/models/admin-lists/quotes.server";
import { subscribersList } from "~/models/admin-lists/subscribers.server";
import { recordChatExchange, recordChatFeedback } from "~/models/chatbot-conversations.server";
import { createContactMessage } from "~/models/contacts.server";
import { changeOrderStatus, createOrder } from "~/models/orders.server";
import type { NewOrder } from "~/schemas/order";
import { createQuote } from "~/models/quotes.server";
import { subscribe } from "~/models/subscribers.server";
import { migrateToLatest, migrationProvider, type Db } from "~/infra/db.server";
import {
  createTestDatabase,
  dialectsUnderTest,
  useMigratedDatabase,
  type TestDatabase,
} from "../../../tests/support/databases";

const params = (query: Record<string, string> = {}) => new URLSearchParams(query);

function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    lines: [{ kitId: "essential", quantity: 1 }],
    name: "Ana Pérez Soto",
    email: "ana@example.cl",
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13120",
    address: "Av. Irarrázaval 1234",
    rut: "12.345.678-5",
    notes: null,
    shippingKind: "free",
    ...overrides,
  };
}

async function csvText<Row>(db: Db, definition: ListDefinition<Row>, query: Record<string, string>) {
  let text = "";
  for await (const chunk of listCsv(db, definition, params(query))) text += chunk;
  return text;
}

/** The lists with a search index, each its own module. */
const adminLists = {
  orders: ordersList,
  quotes: quotesList,
  contacts: contactsList,
  subscribers: subscribersList,
  chatSessions: chatSessionsList,
} as const;

/** The search index names of migration 0005, by list. */
const searchIndexes: Record<keyof typeof adminLists, string> = {
  orders: "orders_search",
  quotes: "quotes_search",
  contacts: "contact_messages_search",
  subscribers: "subscribers_search",
  chatSessions: "chat_sessions_search",
};

describe("the CSV file name", () => {
  it("names the list and the day in Chile", () => {
    // 02:00 UTC on 1 March is still 28 February in Santiago (UTC-3).
    expect(csvFileName(ordersList, new Date("2025-03-01T02:00:00.000Z"))).toBe("pedidos-2025-02-28.csv");
    expect(csvFileName(subscribersList, new Date("2025-03-01T12:00:00.000Z"))).toBe(
      "suscriptores-2025-03-01.csv",
    );
  });
});

describe("the columns a list shows at any width (issue 12, decision 034)", () => {
  /** What staff need on every screen, a phone's cards included: no `showFrom`. */
  const essentials: Record<keyof typeof adminLists, string[]> = {
    orders: ["number", "createdAt", "product", "customer", "total", "status"],
    quotes: ["createdAt", "product", "quantity", "name", "company", "answered"],
    contacts: ["createdAt", "name", "subject", "answered"],
    subscribers: ["email", "createdAt"],
    chatSessions: ["id", "startedAt", "duration", "messages", "failed"],
  };

  it.each(Object.keys(essentials) as Array<keyof typeof adminLists>)(
    "%s: the essential columns always, every other one on screen from a width",
    (name) => {
      const onScreen = adminLists[name].columns.filter((column) => column.inTable !== false);
      expect(onScreen.filter((column) => !column.showFrom).map((column) => column.key)).toEqual(
        essentials[name],
      );
    },
  );

  it("reveals the orders' other columns progressively: e-mail, phone and place, address", () => {
    const widths = Object.fromEntries(ordersList.columns.map((column) => [column.key, column.showFrom]));
    expect(widths).toMatchObject({ email: "lg", phone: "xl", place: "xl", address: "2xl" });
  });
});

describe.each(dialectsUnderTest)("the admin lists on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 12, minute));

  describe("the search indexes of migrations 0005 and 0010", () => {
    beforeAll(() => {
      db = database().db;
    });

    it.each(Object.keys(searchIndexes) as Array<keyof typeof adminLists>)(
      "cover exactly the columns the %s list searches",
      async (list) => {
        const definition = adminLists[list];
        const index = searchIndexes[list];
        if (dialect === "sqlite") {
          expect(definition.ftsTable).toBe(index);
          const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${index})`.execute(
            db,
          );
          // The index's columns are the database's names; the definition's, the code's (camelCase).
          const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
          expect(rows.map((row) => row.name)).toEqual(searchedColumns(definition).map(snakeCase));
          // Erased personal data must leave the index at once (docs/decisions/020). Not the chats':
          // their text only grows, and each message rewrites it (docs/decisions/039).
          const config = await sql<{ v: number }>`select v from ${sql.table(`${index}_config`)}
            where k = 'secure-delete'`.execute(db);
          expect(config.rows).toEqual(list === "chatSessions" ? [] : [{ v: 1 }]);
        } else {
          // The list's folded expression must be the indexed one, or PostgreSQL scans the table.
          const plan = await db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const { rows } = await sql<{ "QUERY PLAN": string }>`explain select id
              from ${sql.table(definition.table)}
              where ${postgresSearchExpression(searchedColumns(definition), definition.searchFolded)} like '%perez%'`.execute(
              trx,
            );
            return rows.map((row) => row["QUERY PLAN"]).join("\n");
          });
          expect(plan).toContain(`${index}_index`);
        }
      },
    );
  });

  describe("orders", () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      db = database().db;
      const orders: Array<[string, Partial<NewOrder>]> = [
        ["ana", {}],
        [
          "jose",
          {
            lines: [{ kitId: "nautical-mini", quantity: 1 }],
            name: "José Núñez",
            email: "jose@correo.cl",
            comuna: "13101",
          },
        ],
        [
          "maria",
          {
            lines: [{ kitId: "industry", quantity: 1 }],
            name: "María Ñancupil",
            email: "maria@empresa.cl",
            phone: "+56 2 2345 6789",
          },
        ],
        [
          "pedro",
          {
            lines: [{ kitId: "nautical", quantity: 1 }],
            name: "Pedro Perez",
            email: "pedro@example.cl",
            rut: null,
          },
        ],
        [
          "ines",
          {
            lines: [{ kitId: "expedition", quantity: 1 }],
            name: "Inés Rojas",
            email: "=cmd@example.cl",
            notes: 'Llamar, "urgente"',
          },
        ],
      ];
      for (const [index, [key, overrides]] of orders.entries()) {
        ids[key] = (await createOrder(db, newOrder(overrides), { now: at(index) })).id;
      }
      await changeOrderStatus(db, ids.maria!, "pagado", null, at(10));
      await changeOrderStatus(db, ids.pedro!, "pagado", null, at(11));
      await changeOrderStatus(db, ids.pedro!, "en_preparacion", null, at(12));
    });

    const keysOf = (rows: ReadonlyArray<{ id: string }>) =>
      rows.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0]);

    it("shows the newest first by default", async () => {
      const page = await listPage(db, ordersList, params());
      expect(keysOf(page.rows)).toEqual(["ines", "pedro", "maria", "jose", "ana"]);
      expect(page).toMatchObject({ total: 5, page: 1, pageCount: 1, pageSize: 50 });
    });

    it("searches by product", async () => {
      const search = async (q: string) => keysOf((await listPage(db, ordersList, params({ q }))).rows);
      expect(await search("nautical")).toEqual(["pedro", "jose"]);
      expect(await search("NAUTICAL MINI")).toEqual(["jose"]);
      expect(await search("industry")).toEqual(["maria"]);
    });

    it("searches by customer: name, e-mail, phone, RUT, order number; accents and ñ ignored", async () => {
      const search = async (q: string) => keysOf((await listPage(db, ordersList, params({ q }))).rows);
      expect(await search("perez")).toEqual(["pedro", "ana"]);
      expect(await search("PÉREZ")).toEqual(["pedro", "ana"]);
      expect(await search("nunez")).toEqual(["jose"]);
      expect(await search("ÑANCUPIL")).toEqual(["maria"]);
      expect(await search("ines rojas")).toEqual(["ines"]);
      expect(await search("@empresa")).toEqual(["maria"]);
      expect(await search("2345 6789")).toEqual(["maria"]);
      expect(await search("345.678")).toEqual(["ines", "maria", "jose", "ana"]);
      const { rows } = await listPage(db, ordersList, params({ q: "jose" }));
      expect(keysOf((await listPage(db, ordersList, params({ q: rows[0]!.number }))).rows)).toEqual(["jose"]);
      // The address and the notes are not searched (docs/product.md#spec-2: product or customer).
      expect(await search("irarrazaval")).toEqual([]);
    });

    it("filters by status, and ignores a status that does not exist", async () => {
      const filter = async (estado: string) =>
        keysOf((await listPage(db, ordersList, params({ estado }))).rows);
      expect(await filter("pagado")).toEqual(["maria"]);
      expect(await filter("en_preparacion")).toEqual(["pedro"]);
      expect(await filter("pendiente_pago")).toEqual(["ines", "jose", "ana"]);
      expect(await filter("entregado")).toEqual([]);
      expect(await filter("perdido")).toHaveLength(5);
      // A sort that no index shares with the status (SQLite is told not to use the status index).
      const byTotal = await listPage(
        db,
        ordersList,
        params({ estado: "pendiente_pago", sort: "total", dir: "desc" }),
      );
      expect(keysOf(byTotal.rows)).toEqual(["ines", "ana", "jose"]);
      expect(byTotal.total).toBe(3);
      const searched = await listPage(db, ordersList, params({ q: "perez", estado: "pendiente_pago" }));
      expect(keysOf(searched.rows)).toEqual(["ana"]);
    });

    it("sorts by total, customer, status and number", async () => {
      const sorted = async (sort: string, dir: string) =>
        keysOf((await listPage(db, ordersList, params({ sort, dir }))).rows);
      // industry 539990, nautical 349990, expedition 289990, essential 219990, nautical-mini 199990
      expect(await sorted("total", "desc")).toEqual(["maria", "pedro", "ines", "ana", "jose"]);
      expect(await sorted("total", "asc")).toEqual(["jose", "ana", "ines", "pedro", "maria"]);
      expect(await sorted("customer", "asc")).toEqual(["ana", "ines", "jose", "maria", "pedro"]);
      // en_preparacion < pagado < pendiente_pago, then oldest first within a status.
      expect(await sorted("status", "asc")).toEqual(["pedro", "maria", "ana", "jose", "ines"]);
      const byNumber = (await listPage(db, ordersList, params({ sort: "number", dir: "asc" }))).rows;
      expect(byNumber.map((row) => row.number)).toEqual(byNumber.map((row) => row.number).sort());
    });

    it("exports the filtered view with Spanish headers and readable cells", async () => {
      const text = await csvText(db, ordersList, { q: "ines" });
      const { rows } = await listPage(db, ordersList, params({ q: "ines" }));
      const order = rows[0]!;
      expect(text).toBe(
        "\uFEFFN.º de pedido;Fecha;Productos;Cantidad de kits;Cliente;Email;Teléfono;RUT;Región / comuna;Dirección;Total;Envío;Estado;Courier;N.º de seguimiento;Pagado por;Documento;RUT de la empresa;Razón social;Giro;Dirección de facturación;Email para la factura;Folio;Notas;Motivo de la cancelación;ID del pedido\r\n" +
          `${order.number};${formatAdminDateTime(at(4).toISOString())};LifeBox Expedition;1;Inés Rojas;'=cmd@example.cl;` +
          `"=""+56 9 1234 5678""";12.345.678-5;Metropolitana de Santiago / Ñuñoa;Av. Irarrázaval 1234;289990;Gratis;` +
          `Pendiente de pago;;;;Boleta;;;;;;;"Llamar, ""urgente""";;${order.id}\r\n`,
      );
    });

    it("exports the same rows, in the same order, as the pages show", async () => {
      const query = { sort: "customer", dir: "desc", estado: "pendiente_pago" };
      const shown = (await listPage(db, ordersList, params(query))).rows.map((row) => row.id);
      const exported = [];
      for await (const batch of listRows(db, ordersList, params(query), { batchSize: 2 })) {
        exported.push(...batch.map((row) => row.id));
      }
      expect(exported).toEqual(shown);
      expect(shown).toHaveLength(3);
    });

    it("filters by courier once shipped, and exports the courier and the tracking number", async () => {
      await changeOrderStatus(db, ids.pedro!, "enviado", null, at(13), {
        details: { courier: "starken", trackingNumber: "987654321" },
      });
      const shipped = await listPage(db, ordersList, params({ courier: "starken" }));
      expect(keysOf(shipped.rows)).toEqual(["pedro"]);
      expect((await listPage(db, ordersList, params({ courier: "chilexpress" }))).rows).toEqual([]);
      // A courier that does not exist filters nothing, like an unknown status.
      expect((await listPage(db, ordersList, params({ courier: "dhl" }))).rows).toHaveLength(5);
      const text = await csvText(db, ordersList, { courier: "starken" });
      expect(text).toContain(";Enviado;Starken;987654321;");
    });
  });

  describe("quotes", () => {
    beforeAll(async () => {
      db = database().db;
      const base = {
        productId: "industry",
        phone: "+56 2 2345 6789",
        city: "Rancagua",
        quantity: 12,
        additionalNotes: null,
      };
      await createQuote(
        db,
        { ...base, fullName: "José Muñoz", email: "compras@andes.cl", company: "Constructora Los Andes SpA" },
        { now: at(0) },
      );
      const { id } = await createQuote(
        db,
        {
          ...base,
          productId: "nautical",
          fullName: "Ana Soto",
          email: "ana@pesquera.cl",
          company: "Pesquera Sur",
          city: "Puerto Montt",
        },
        { now: at(1) },
      );
      await db
        .updateTable("quotes")
        .set({ answeredAt: at(5).toISOString() })
        .where("id", "=", id)
        .execute();
    });

    it("searches by name, company, e-mail, product and city", async () => {
      const search = async (q: string) =>
        (await listPage(db, quotesList, params({ q }))).rows.map((row) => row.fullName);
      expect(await search("munoz")).toEqual(["José Muñoz"]);
      expect(await search("los andes")).toEqual(["José Muñoz"]);
      expect(await search("pesquera.cl")).toEqual(["Ana Soto"]);
      expect(await search("nautical")).toEqual(["Ana Soto"]);
      expect(await search("puerto")).toEqual(["Ana Soto"]);
    });

    it("filters answered and pending requests, and sorts by company", async () => {
      const names = async (query: Record<string, string>) =>
        (await listPage(db, quotesList, params(query))).rows.map((row) => row.fullName);
      expect(await names({ estado: "respondido" })).toEqual(["Ana Soto"]);
      expect(await names({ estado: "pendiente" })).toEqual(["José Muñoz"]);
      expect(await names({ sort: "company", dir: "asc" })).toEqual(["José Muñoz", "Ana Soto"]);
      expect(await names({ sort: "company", dir: "desc" })).toEqual(["Ana Soto", "José Muñoz"]);
    });

    it("exports answered as Sí/No", async () => {
      const text = await csvText(db, quotesList, { sort: "company", dir: "desc" });
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(
        "\uFEFFFecha;Producto;Cantidad de kits;Nombre;Empresa;Email;Teléfono;Ciudad;Notas adicionales;Respondida;ID",
      );
      expect(lines[1]).toMatch(
        /^[^;]+;LifeBox Nautical;12;Ana Soto;Pesquera Sur;ana@pesquera\.cl;"=""\+56 2 2345 6789""";Puerto Montt;;Sí;/,
      );
      expect(lines[2]).toMatch(/;No;[0-9a-f-]{36}$/);
    });
  });

  describe("contact messages", () => {
    beforeAll(async () => {
      db = database().db;
      await createContactMessage(
        db,
        {
          name: "Rosa Ibáñez",
          email: "rosa@example.cl",
          subject: "Envío a Ñuñoa",
          message: "¿Llega a la comuna de Providencia?",
        },
        { now: at(0) },
      );
      await createContactMessage(
        db,
        {
          name: "Paula Vera",
          email: "paula@correo.cl",
          subject: "Garantía",
          message: "Consulta sobre Ñuñoa",
        },
        { now: at(1) },
      );
    });

    it("searches by name, e-mail or subject, not by the message", async () => {
      const search = async (q: string) =>
        (await listPage(db, contactsList, params({ q }))).rows.map((row) => row.name);
      expect(await search("ibanez")).toEqual(["Rosa Ibáñez"]);
      expect(await search("CORREO")).toEqual(["Paula Vera"]);
      expect(await search("garantia")).toEqual(["Paula Vera"]);
      expect(await search("nunoa")).toEqual(["Rosa Ibáñez"]);
      expect(await search("providencia")).toEqual([]);
    });

    it("sorts by name", async () => {
      const names = async (dir: string) =>
        (await listPage(db, contactsList, params({ sort: "name", dir }))).rows.map((row) => row.name);
      expect(await names("asc")).toEqual(["Paula Vera", "Rosa Ibáñez"]);
      expect(await names("desc")).toEqual(["Rosa Ibáñez", "Paula Vera"]);
    });
  });

  describe("subscribers", () => {
    beforeAll(async () => {
      db = database().db;
      await subscribe(db, "Ana.Perez@Example.CL", { now: at(0) });
      await subscribe(db, "jose@correo.cl", { now: at(1) });
    });

    it("shows ID and Email, newest first, searched by e-mail in any case", async () => {
      const page = await listPage(db, subscribersList, params({ q: "PEREZ@" }));
      expect(page.rows.map((row) => row.email)).toEqual(["ana.perez@example.cl"]);
      expect(page.total).toBe(1);
      const all = await listPage(db, subscribersList, params());
      expect(all.rows.map((row) => row.email)).toEqual(["jose@correo.cl", "ana.perez@example.cl"]);
      const text = await csvText(db, subscribersList, { q: "correo" });
      expect(text).toBe(
        `\uFEFFEmail;Fecha de suscripción;ID\r\njose@correo.cl;${formatAdminDateTime(at(1).toISOString())};${all.rows[0]!.id}\r\n`,
      );
    });
  });

  describe("chat conversations (issue 13)", () => {
    const t0 = new Date("2026-11-20T15:00:00.000Z");
    const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const answered = (text: string) => ({ text, topic: "shipping" });
    const unanswered = { text: "No estoy seguro de eso. Escríbenos por WhatsApp.", topic: null };
    const sessions: Record<string, { id: string; visitorId: string }> = {};

    /** One exchange of `key`'s visitor, in their session (a new one on the first). */
    async function chat(
      key: string,
      question: string,
      answer: { text: string; topic: string | null; lowConfidence?: boolean },
      at: Date,
    ) {
      const visitorId = sessions[key]?.visitorId ?? crypto.randomUUID();
      const stored = await recordChatExchange(db, {
        visitorId,
        ip: "203.0.113.7",
        sessionId: sessions[key]?.id,
        question,
        answer,
        now: at,
      });
      sessions[key] = { id: stored.sessionId, visitorId };
    }

    beforeAll(async () => {
      db = database().db;
      // Ana: two exchanges, 3 min 5 s apart, then ended by closing the chat 10 s later.
      await chat(
        "ana",
        "¿Hacen despacho a Coyhaique?",
        answered("Enviamos gratis a todo Chile continental."),
        t0,
      );
      await chat("ana", "¿y cuánto demora?", answered("Llega en 3 a 5 días hábiles."), after(185));
      await db
        .updateTable("chatSessions")
        .set({ endedAt: after(195).toISOString() })
        .where("id", "=", sessions.ana!.id)
        .execute();
      // Bruno, later: one question the bot could not answer; still open.
      await chat("bruno", "¿venden REPUESTOS de linterna?", unanswered, after(600));
      // Carla, latest: three exchanges, one unanswered.
      await chat(
        "carla",
        "precio del kit náutico",
        answered("El LifeBox Nautical cuesta $349.990."),
        after(900),
      );
      await chat("carla", "tienen garantía", answered("Tienen garantía de 12 meses."), after(960));
      await chat("carla", "arriendan kits", unanswered, after(1020));
    });

    const keysOf = (rows: ReadonlyArray<{ id: string }>) =>
      rows.map((row) => Object.entries(sessions).find(([, session]) => session.id === row.id)?.[0]);
    const search = async (q: string, options = {}) =>
      keysOf((await listPage(db, chatSessionsList, params({ q }), options)).rows);

    it("shows the newest conversation first, with its message and unanswered counts", async () => {
      const page = await listPage(db, chatSessionsList, params());
      expect(keysOf(page.rows)).toEqual(["carla", "bruno", "ana"]);
      expect(page.rows.map((row) => [row.messageCount, row.unansweredCount])).toEqual([
        [6, 1],
        [2, 1],
        [4, 0],
      ]);
    });

    it("finds a conversation by any word of any message, the visitor's or the bot's, in any case and accent", async () => {
      for (const options of [{}, { matchLimit: 0 }]) {
        // SQLite: the FTS index ({}), and the walk that checks each row (matchLimit 0).
        expect(await search("coyhaique", options)).toEqual(["ana"]);
        expect(await search("COYHAIQUE", options)).toEqual(["ana"]);
        expect(await search("demora", options)).toEqual(["ana"]);
        expect(await search("habiles", options)).toEqual(["ana"]);
        expect(await search("repuestos", options)).toEqual(["bruno"]);
        expect(await search("nautico", options)).toEqual(["carla"]);
        expect(await search("náutico", options)).toEqual(["carla"]);
        expect(await search("garantia", options)).toEqual(["carla"]);
        // Words from different messages of one conversation.
        expect(await search("garantía arriendan", options)).toEqual(["carla"]);
        expect(await search("whatsapp", options)).toEqual(["carla", "bruno"]);
        expect(await search("coyhaique garantia", options)).toEqual([]);
        expect(await search("paraguas", options)).toEqual([]);
      }
    });

    it("finds a conversation by its session id or its visitor's id, whole or in part", async () => {
      const { id, visitorId } = sessions.bruno!;
      expect(await search(id)).toEqual(["bruno"]);
      expect(await search(id.toUpperCase())).toEqual(["bruno"]);
      expect(await search(id.slice(0, 8))).toEqual(["bruno"]);
      expect(await search(visitorId)).toEqual(["bruno"]);
      expect(await search(visitorId.slice(-12))).toEqual(["bruno"]);
    });

    it("filters the conversations with questions the bot could not answer", async () => {
      const filtered = await listPage(db, chatSessionsList, params({ preguntas: "sin-responder" }));
      expect(keysOf(filtered.rows)).toEqual(["carla", "bruno"]);
      expect(filtered.total).toBe(2);
      const searched = await listPage(
        db,
        chatSessionsList,
        params({ preguntas: "sin-responder", q: "coyhaique" }),
      );
      expect(searched.rows).toEqual([]);
    });

    it("sorts by date and by the number of messages", async () => {
      const sorted = async (sort: string, dir: string) =>
        keysOf((await listPage(db, chatSessionsList, params({ sort, dir }))).rows);
      expect(await sorted("startedAt", "asc")).toEqual(["ana", "bruno", "carla"]);
      expect(await sorted("messages", "desc")).toEqual(["carla", "ana", "bruno"]);
      expect(await sorted("messages", "asc")).toEqual(["bruno", "ana", "carla"]);
    });

    describe("the duration (docs/product.md#spec-2: up to now while not ended)", () => {
      afterEach(() => {
        vi.useRealTimers();
      });
      const durationOf = (key: string, rows: ReadonlyArray<Parameters<typeof duration.value>[0]>) =>
        duration.value(rows.find((row) => row.id === sessions[key]!.id)!);
      const duration = chatSessionsList.columns.find((column) => column.key === "duration")!;
      const ended = chatSessionsList.columns.find((column) => column.key === "endedAt")!;

      it("runs from the start to the end, or to now while the conversation is active", async () => {
        const { rows } = await listPage(db, chatSessionsList, params());
        vi.useFakeTimers({ toFake: ["Date"] });
        // Bruno wrote at +600 s; five minutes and seven seconds later he is still there.
        vi.setSystemTime(after(600 + 307));
        expect(durationOf("ana", rows)).toBe("3 min 15 s");
        expect(durationOf("bruno", rows)).toBe("5 min 07 s");
        expect(ended.value(rows.find((row) => row.id === sessions.bruno!.id)!)).toBe("Conversación activa");
        vi.setSystemTime(after(600 + 29 * 60 + 59));
        expect(durationOf("bruno", rows)).toBe("29 min 59 s");
        // 30 minutes without messages end a conversation (D17), at its last message plus 30
        // minutes, even before the hourly clean-up writes it down.
        vi.setSystemTime(after(600 + 45 * 60));
        expect(durationOf("bruno", rows)).toBe("30 min 00 s");
        expect(ended.value(rows.find((row) => row.id === sessions.bruno!.id)!)).toBe(
          formatAdminDateTime(after(600 + 30 * 60).toISOString()),
        );
        expect(durationOf("ana", rows)).toBe("3 min 15 s");
      });
    });

    it("exports the view as CSV: ids, IP, date, end, duration and counts", async () => {
      const text = await csvText(db, chatSessionsList, { q: "coyhaique" });
      expect(text).toBe(
        "\uFEFFID de sesión;ID de visitante;IP;Fecha;Fin;Duración;Mensajes;Sin respuesta;Sin resolver\r\n" +
          `${sessions.ana!.id};${sessions.ana!.visitorId};203.0.113.7;${formatAdminDateTime(t0.toISOString())};` +
          `${formatAdminDateTime(after(195).toISOString())};3 min 15 s;4;0;0\r\n`,
      );
    });

    it("filters the conversations with a failed answer ('Sin resolver'): unanswered, low confidence or marked No", async () => {
      // Dani: an answer with low confidence. Eva: an answer marked "No me sirvió". Felipe: one marked "Sí".
      await chat("dani", "¿sirve para la nieve?", { ...answered("Sí."), lowConfidence: true }, after(2000));
      await chat("eva", "¿cuánto pesa?", answered("Pesa 4 kg."), after(2100));
      await chat("felipe", "¿tiene linterna?", answered("Sí, una frontal."), after(2200));
      for (const [key, feedback] of [
        ["eva", "no"],
        ["felipe", "yes"],
      ] as const) {
        const { id: sessionId, visitorId } = sessions[key]!;
        expect(await recordChatFeedback(db, { visitorId, sessionId, seq: 2, feedback })).toBe("saved");
      }
      const filtered = await listPage(db, chatSessionsList, params({ preguntas: "sin-resolver" }));
      expect(keysOf(filtered.rows)).toEqual(["eva", "dani", "carla", "bruno"]);
      expect(filtered.total).toBe(4);
      expect(filtered.rows.map((row) => row.failedCount)).toEqual([1, 1, 1, 1]);
      const all = await listPage(db, chatSessionsList, params());
      expect(all.total).toBe(6);
      expect(
        keysOf((await listPage(db, chatSessionsList, params({ preguntas: "sin-resolver", q: "pesa" }))).rows),
      ).toEqual(["eva"]);
    });
  });
});

describe.each(dialectsUnderTest)("migration 0010 on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("makes the conversations stored before it searchable by their messages", async () => {
    const { db } = database;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const { error } = await migrator.migrateTo("0008-chat");
    expect(error).toBeUndefined();
    const at = "2026-11-20T15:00:00.000Z";
    await db
      .insertInto("chatSessions")
      .values({
        id: "5b0c7a52-0000-4000-8000-000000000001",
        visitorId: "5b0c7a52-0000-4000-8000-00000000000a",
        visitorIp: "203.0.113.9",
        startedAt: at,
        lastMessageAt: at,
        messageCount: 2,
      })
      .execute();
    await db
      .insertInto("chatMessages")
      .values(
        (["user", "bot"] as const).map((role, index) => ({
          id: crypto.randomUUID(),
          sessionId: "5b0c7a52-0000-4000-8000-000000000001",
          seq: index + 1,
          role,
          content: role === "user" ? "¿Despachan a Puerto Williams?" : "Solo a Chile continental.",
          topic: role === "user" ? null : "shipping",
          createdAt: at,
        })),
      )
      .execute();
    await migrateToLatest(db);
    const { searchText } = await db.selectFrom("chatSessions").select("searchText").executeTakeFirstOrThrow();
    // Folded as the search folds what staff type.
    expect(searchText).toBe("¿despachan a puerto williams?\nsolo a chile continental.");
    for (const q of ["WILLIAMS", "continental", "DESPACHÁN"]) {
      const page = await listPage(db, chatSessionsList, params({ q }));
      expect(page.rows.map((row) => row.id)).toEqual(["5b0c7a52-0000-4000-8000-000000000001"]);
    }
  });
});

describe.each(dialectsUnderTest)("migration 0005 on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("makes the rows that existed before it searchable", async () => {
    const { db } = database;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const { error } = await migrator.migrateTo("0002-customer-submissions");
    expect(error).toBeUndefined();
    await db
      .insertInto("contactMessages")
      .values({
        id: crypto.randomUUID(),
        name: "Ñandú Gómez",
        email: "nandu@example.cl",
        subject: "Antes de la migración",
        message: "x",
        createdAt: new Date().toISOString(),
        answeredAt: null,
      })
      .execute();
    await migrateToLatest(db);
    const page = await listPage(db, contactsList, params({ q: "nandu gomez" }));
    expect(page.rows.map((row) => row.name)).toEqual(["Ñandú Gómez"]);
  });
});
