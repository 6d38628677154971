import http from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminListView } from "~/lib/admin-list-view";
import type { ChatConversationData } from "~/components/admin/chatbot-conversation";
import { chatSessionsList } from "~/models/admin-lists/chatbot.server";
import { contactsList } from "~/models/admin-lists/contacts.server";
import { galleryList } from "~/models/admin-lists/gallery.server";
import { ordersList } from "~/models/admin-lists/orders.server";
import { quotesList } from "~/models/admin-lists/quotes.server";
import { subscribersList } from "~/models/admin-lists/subscribers.server";
import { csvFileName } from "~/models/admin-lists/engine.server";
import { recordChatExchange } from "~/models/chatbot-conversations.server";
import { createContactMessage } from "~/models/contacts.server";
import { changeOrderStatus, createOrder } from "~/models/orders.server";
import type { NewOrder } from "~/schemas/order";
import { createQuote } from "~/models/quotes.server";
import { subscribe } from "~/models/subscribers.server";
import { createAdminAccount } from "~/services/auth.server";
import type { Db } from "~/infra/db.server";
import { formatAdminDateTime } from "~/lib/admin";
import * as chatbotConversation from "./chatbot-conversation";
import * as chatbotPage from "./chatbot";
import * as chatbotExport from "./chatbot-export";
import * as contactsPage from "./contacts";
import * as contactsExport from "./contacts-export";
import * as galleryExport from "./gallery-export";
import * as ordersPage from "./orders";
import * as ordersExport from "./orders-export";
import * as quotesPage from "./quotes";
import * as quotesExport from "./quotes-export";
import * as subscribersPage from "./subscribers";
import * as subscribersExport from "./subscribers-export";
import {
  args,
  get,
  settle,
  signedInCookie,
  useAsProcessDatabase,
  type Answer,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";

/**
 * The admin list screens and their CSV downloads (issue 4): real loaders on a real migrated database
 * of every dialect under test, rows created through the real models, a real staff session. Each
 * list is its own route module, and its CSV download another; each request carries the route
 * pattern React Router matched, as it does (without the leading slash).
 */
const testEnv = vi.hoisted(async () =>
  (await import("../../../tests/support/admin-env")).stubAdminTestEnv("lists"),
);

afterAll(async () => removeAdminTestEnv(await testEnv));

const password = "Refugio#2026";
const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 12, minute));

function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    lines: [{ kitId: "essential", quantity: 1 }],
    name: "Ana Pérez Soto",
    email: "ana@example.cl",
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13120",
    address: "Av. Irarrázaval 1234",
    rut: null,
    notes: null,
    shippingKind: "free",
    ...overrides,
  };
}

const viewOf = (answer: Answer) => answer.body?.view as AdminListView;
const column = (view: AdminListView, key: string) => view.columns.find((candidate) => candidate.key === key)!;
const cell = (view: AdminListView, key: string) => {
  const index = view.columns.findIndex((candidate) => candidate.key === key);
  return view.rows.map((row) => row.cells[index]);
};

describe.each(dialectsUnderTest)("the admin lists on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let cookie: string;

  beforeAll(async () => {
    db = database().db;
    await createAdminAccount({ name: "Lía Admin", email: "lia@lifebox.test", password }, db);
    cookie = await signedInCookie("lia@lifebox.test", password);
  });

  const paths = {
    orders: "/admin/orders",
    quotes: "/admin/quotes",
    contacts: "/admin/contacts",
    subscribers: "/admin/mails",
    chatbot: "/admin/chatbot",
  } as const;
  type List = keyof typeof paths;
  /** Each list's route module, and each download's. */
  const list = (name: List) =>
    ({
      orders: ordersPage,
      quotes: quotesPage,
      contacts: contactsPage,
      subscribers: subscribersPage,
      chatbot: chatbotPage,
    })[name];
  const exports: Record<string, { loader: (args: never) => Promise<Response> }> = {
    "/admin/orders/export.csv": ordersExport,
    "/admin/quotes/export.csv": quotesExport,
    "/admin/contacts/export.csv": contactsExport,
    "/admin/mails/export.csv": subscribersExport,
    "/admin/chatbot/export.csv": chatbotExport,
    "/admin/gallery/export.csv": galleryExport,
  };
  const listExport = (path: string) => exports[path.split("?")[0]!]!;
  /** What React Router hands the loader of `path` (the route's pattern: the path without its query). */
  const routeArgs = <Args>(path: string, withCookie = true) =>
    ({
      ...args<object>(get(path, withCookie ? cookie : undefined)),
      pattern: path.split("?")[0]!.slice(1),
    }) as Args;
  const open = (name: List, query = "", withCookie = true) =>
    settle(() => list(name).loader(routeArgs(`${paths[name]}${query}`, withCookie)));
  /** A download's answer; `text` keeps the byte-order mark (Response.text() would drop it). */
  const download = async (path: string, withCookie = true): Promise<Answer> => {
    let response: Response;
    try {
      response = await listExport(path).loader(routeArgs(path, withCookie));
    } catch (thrown) {
      return settle(() => {
        throw thrown;
      });
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      location: null,
      headers: response.headers,
      body: undefined,
      text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
    };
  };

  it("sends anonymous visitors to the sign-in page, coming back to the same view", async () => {
    for (const name of Object.keys(paths) as List[]) {
      const answer = await open(name, "?q=perez&page=2", false);
      expect(answer.status, name).toBe(302);
      expect(answer.location, name).toBe(
        `/admin/login?redirectTo=${encodeURIComponent(`${paths[name]}?q=perez&page=2`)}`,
      );
      // A forged session cookie is no session either.
      const forged = await settle(() =>
        list(name).loader({
          ...args<object>(get(paths[name], "lifebox-admin.session_token=forged")),
          pattern: paths[name].slice(1),
        } as never),
      );
      expect(forged.status, name).toBe(302);
    }
  });

  it("shows each list at its own address, from the one module", async () => {
    const views = await Promise.all(
      (Object.keys(paths) as List[]).map(async (name) => viewOf(await open(name))),
    );
    expect(views.map((view) => view.path)).toEqual(Object.values(paths));
    expect(views.map((view) => view.exportHref)).toEqual(
      Object.values(paths).map((path) => `${path}/export.csv`),
    );
    // Only the subscribers' and the conversations' headings count every row.
    expect(views.map((view) => view.allRows)).toEqual([undefined, undefined, undefined, 0, 0]);
  });

  it("hides on screen only the columns a definition shows from a width; the CSV keeps every column", async () => {
    const definitions = {
      orders: ordersList,
      quotes: quotesList,
      contacts: contactsList,
      subscribers: subscribersList,
      chatbot: chatSessionsList,
    } as const;
    for (const name of Object.keys(paths) as List[]) {
      const { columns } = definitions[name];
      const view = viewOf(await open(name));
      expect(
        view.columns.map((shown) => [shown.key, shown.showFrom]),
        name,
      ).toEqual(
        columns
          .filter((defined) => defined.inTable !== false)
          .map((defined) => [defined.key, defined.showFrom]),
      );
      expect(
        columns.some((defined) => defined.showFrom),
        name,
      ).toBe(true);
      const csv = await download(`${paths[name]}/export.csv`);
      expect(csv.text?.replace("\uFEFF", "").split("\r\n")[0], name).toBe(
        columns.map((defined) => defined.label).join(";"),
      );
    }
  });

  it("answers an anonymous CSV download with 401 and no file", async () => {
    // The gallery's own screen (./gallery.tsx) downloads through the same module.
    for (const path of [...Object.values(paths), "/admin/gallery"]) {
      const answer = await download(`${path}/export.csv`, false);
      expect(answer.status, path).toBe(401);
      expect(answer.headers.get("content-disposition"), path).toBeNull();
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("downloads the gallery through the same module, with every column but the buttons", async () => {
    const csv = await download("/admin/gallery/export.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/filename="galeria-/);
    expect(csv.text?.replace("\uFEFF", "").split("\r\n")[0]).toBe(
      galleryList.columns
        .filter((defined) => defined.inCsv !== false)
        .map((defined) => defined.label)
        .join(";"),
    );
    expect(
      galleryList.columns.filter((defined) => defined.inCsv === false).map((defined) => defined.key),
    ).toEqual(["actions"]);
  });

  describe("Pedidos", () => {
    const ids: Record<string, string> = {};
    const numbers: Record<string, string> = {};
    beforeAll(async () => {
      const made: Array<[string, Partial<NewOrder>]> = [
        ["ana", {}],
        [
          "jose",
          {
            // Two lines: the list shows, searches and sorts the kits inside them.
            lines: [
              { kitId: "expedition", quantity: 2 },
              { kitId: "nautical-mini", quantity: 1 },
            ],
            name: "José Núñez",
            email: "jose@correo.cl",
          },
        ],
        [
          "maria",
          { lines: [{ kitId: "industry", quantity: 1 }], name: "María Ñancupil", email: "=maria@empresa.cl" },
        ],
      ];
      for (const [index, [key, overrides]] of made.entries()) {
        const order = await createOrder(db, newOrder(overrides), { now: at(index) });
        ids[key] = order.id;
        numbers[key] = order.number;
      }
      await changeOrderStatus(db, ids.maria!, "pagado", null, at(10));
    });

    it("shows the orders newest first, with formatted cells and a link to each order", async () => {
      const answer = await open("orders");
      expect(answer.status).toBe(200);
      const view = viewOf(answer);
      expect(view.countText).toBe("3 pedidos");
      expect(cell(view, "number")).toEqual([numbers.maria, numbers.jose, numbers.ana]);
      expect(cell(view, "total")).toEqual(["$539.990", "$779.970", "$219.990"]);
      expect(cell(view, "product")).toEqual([
        "LifeBox Industry",
        "2 × LifeBox Expedition, LifeBox Nautical Mini",
        "LifeBox Essential",
      ]);
      expect(cell(view, "status")).toEqual(["Pagado", "Pendiente de pago", "Pendiente de pago"]);
      expect(cell(view, "place")[0]).toBe("Metropolitana de Santiago / Ñuñoa");
      expect(view.linkColumn).toBe("number");
      expect(view.rows[0]!.href).toBe(`/admin/orders/${ids.maria}`);
      // Only the table's columns: RUT, shipping, notes and the id are for the CSV.
      expect(view.columns.map((header) => header.key)).not.toContain("rut");
      expect(view.columns.map((header) => header.label)).toEqual([
        "N.º de pedido",
        "Fecha",
        "Productos",
        "Cliente",
        "Email",
        "Teléfono",
        "Región / comuna",
        "Dirección",
        "Total",
        "Estado",
        "Courier",
        "N.º de seguimiento",
        "Pagado por",
        "Documento",
      ]);
      expect(column(view, "total").numeric).toBe(true);
      expect(view.exportHref).toBe("/admin/orders/export.csv");
    });

    it("searches by customer or product, ignoring case and accents, and keeps the search in the links", async () => {
      for (const q of ["nunez", "NÚÑEZ", "nautical mini", "expedition"]) {
        const view = viewOf(await open("orders", `?q=${encodeURIComponent(q)}`));
        expect(cell(view, "customer"), q).toEqual(["José Núñez"]);
        expect(view.countText).toBe("1 pedido");
        expect(view.narrowed).toBe(true);
      }
      const view = viewOf(await open("orders", "?q=%C3%B1ancupil"));
      expect(view.search.value).toBe("ñancupil");
      expect(column(view, "customer").sortHref).toBe(
        `/admin/orders?q=${encodeURIComponent("ñancupil")}&sort=customer&dir=asc`,
      );
      expect(view.exportHref).toBe(`/admin/orders/export.csv?q=${encodeURIComponent("ñancupil")}`);
      expect(view.search.clearHref).toBe("/admin/orders");

      const none = viewOf(await open("orders", "?q=zzzzzz"));
      expect(none.rows).toEqual([]);
      expect(none.countText).toBe("0 pedidos");
    });

    it("ignores a NUL byte in the search, on the screen and in the CSV download", async () => {
      const answer = await open("orders", "?q=nunez%00");
      expect(answer.status).toBe(200);
      const view = viewOf(answer);
      expect(view.search.value).toBe("nunez");
      expect(cell(view, "customer")).toEqual(["José Núñez"]);
      expect(view.exportHref).toBe("/admin/orders/export.csv?q=nunez");

      const csv = await download("/admin/orders/export.csv?q=nunez%00");
      expect(csv.status).toBe(200);
      const lines = csv.text!.split("\r\n");
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(";José Núñez;");

      // Nothing but control characters: no search at all.
      const blank = viewOf(await open("orders", "?q=%00%01%7F"));
      expect(blank.search.value).toBe("");
      expect(blank.rows).toHaveLength(3);
      expect((await download("/admin/orders/export.csv?q=abc%00")).status).toBe(200);
    });

    it("sends a CSV download whole over a real connection, a NUL byte in its search included", async () => {
      // The download's loader behind a real socket, its Response written the way
      // @react-router/express writes one (writeReadableStreamToWritable); a body that fails once
      // the headers are out can only be cut off, as the production server did for ?q=abc%00.
      const server = http.createServer(async (req, res) => {
        const path = req.url!;
        let response: Response;
        try {
          response = await listExport(path).loader({
            ...args<object>(
              new Request(`http://localhost${path}`, { headers: { cookie: req.headers.cookie! } }),
            ),
            pattern: path.split("?")[0]!.slice(1),
          } as never);
        } catch {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(response.status, Object.fromEntries(response.headers));
        await writeReadableStreamToWritable(response.body!, res).catch(() => res.destroy());
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        for (const query of ["q=nunez%00", "q=abc%00", "q=%00"]) {
          const answer = await fetch(`${base}/admin/orders/export.csv?${query}`, { headers: { cookie } });
          expect(answer.status, query).toBe(200);
          const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await answer.arrayBuffer());
          expect(text.startsWith("\uFEFFN.º de pedido;"), query).toBe(true);
          expect(text.endsWith("\r\n"), query).toBe(true);
        }
        const searched = await fetch(`${base}/admin/orders/export.csv?q=nunez%00`, { headers: { cookie } });
        expect((await searched.text()).split("\r\n")[1]).toContain(";José Núñez;");
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it("says a search of too short words was not applied", async () => {
      const view = viewOf(await open("orders", "?q=ab"));
      expect(view.search.tooShort).toBe(true);
      expect(view.search.minWordLength).toBe(3);
      expect(view.rows).toHaveLength(3);
      expect(view.narrowed).toBe(false);
    });

    it("sorts by a clicked header: a new column starts in its first direction, the same one flips", async () => {
      const initial = viewOf(await open("orders"));
      expect(column(initial, "createdAt").ariaSort).toBe("descending");
      expect(column(initial, "customer").ariaSort).toBeUndefined();
      expect(column(initial, "createdAt").sortHref).toBe("/admin/orders?sort=createdAt&dir=asc");
      expect(column(initial, "customer").sortHref).toBe("/admin/orders?sort=customer&dir=asc");
      expect(column(initial, "total").sortHref).toBe("/admin/orders?sort=total&dir=desc");
      expect(column(initial, "email").sortHref).toBeUndefined();
      expect(initial.sortText).toBe("ordenada por Fecha, descendente");

      const ascending = viewOf(await open("orders", "?sort=customer&dir=asc"));
      expect(cell(ascending, "customer")).toEqual(["Ana Pérez Soto", "José Núñez", "María Ñancupil"]);
      expect(column(ascending, "customer").ariaSort).toBe("ascending");
      expect(column(ascending, "createdAt").ariaSort).toBeUndefined();
      expect(column(ascending, "customer").sortHref).toBe("/admin/orders?sort=customer&dir=desc");

      const descending = viewOf(await open("orders", "?sort=customer&dir=desc"));
      expect(cell(descending, "customer")).toEqual(["María Ñancupil", "José Núñez", "Ana Pérez Soto"]);
      expect(column(descending, "customer").ariaSort).toBe("descending");
      // Back to the default order: the short address.
      expect(column(descending, "createdAt").sortHref).toBe("/admin/orders");
    });

    it("filters by status, with a link per status that keeps the search and the sort", async () => {
      const view = viewOf(await open("orders", "?estado=pagado&sort=customer&dir=asc"));
      expect(cell(view, "customer")).toEqual(["María Ñancupil"]);
      const [filter] = view.filters;
      expect(filter!.label).toBe("Estado");
      expect(filter!.options.map((option) => [option.label, option.selected])).toEqual([
        ["Todos", false],
        ["Pendiente de pago", false],
        ["Pagado", true],
        ["En preparación", false],
        ["Enviado", false],
        ["Entregado", false],
        ["Cancelado", false],
      ]);
      expect(filter!.options[0]!.href).toBe("/admin/orders?sort=customer&dir=asc");
      expect(filter!.options[1]!.href).toBe("/admin/orders?estado=pendiente_pago&sort=customer&dir=asc");
      expect(view.search.hidden).toEqual([
        { name: "estado", value: "pagado" },
        { name: "sort", value: "customer" },
        { name: "dir", value: "asc" },
      ]);
      expect(view.exportHref).toBe("/admin/orders/export.csv?estado=pagado&sort=customer&dir=asc");

      const pending = viewOf(await open("orders", "?estado=pendiente_pago"));
      expect(cell(pending, "customer")).toEqual(["José Núñez", "Ana Pérez Soto"]);
      const delivered = viewOf(await open("orders", "?estado=entregado"));
      expect(delivered.rows).toEqual([]);
      expect(delivered.narrowed).toBe(true);
    });

    it("downloads the filtered, sorted view as CSV with the list's headers", async () => {
      const answer = await download("/admin/orders/export.csv?estado=pendiente_pago&sort=customer&dir=asc");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers.get("content-disposition")).toBe(
        `attachment; filename="${csvFileName(ordersList)}"`,
      );
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const lines = answer.text!.split("\r\n");
      expect(lines[0]).toBe(
        "\uFEFFN.º de pedido;Fecha;Productos;Cantidad de kits;Cliente;Email;Teléfono;RUT;Región / comuna;Dirección;Total;Envío;Estado;Courier;N.º de seguimiento;Pagado por;Documento;RUT de la empresa;Razón social;Giro;Dirección de facturación;Email para la factura;Folio;Notas;Motivo de la cancelación;ID del pedido",
      );
      expect(lines.slice(1, -1).map((line) => line.split(";")[0])).toEqual([numbers.ana, numbers.jose]);
      expect(lines[1]).toContain(";Ana Pérez Soto;ana@example.cl;");
      expect(lines.at(-1)).toBe("");

      // Every row, and a cell that a spreadsheet would run as a formula is neutralised.
      const all = await download("/admin/orders/export.csv");
      expect(all.text!.split("\r\n")).toHaveLength(5);
      expect(all.text).toContain(";'=maria@empresa.cl;");
    });
  });

  describe("Cotizaciones", () => {
    let quoteId: string;
    beforeAll(async () => {
      ({ id: quoteId } = await createQuote(
        db,
        {
          productId: "industry",
          fullName: "Jorge Muñoz",
          email: "compras@andes.cl",
          phone: "+56 2 2345 6789",
          company: "Constructora Los Andes SpA",
          city: "Rancagua",
          quantity: 1200,
          additionalNotes: `Necesitamos 40 kits para faenas. ${"Detalle de la obra. ".repeat(10)}`,
        },
        { now: at(20) },
      ));
      await createQuote(
        db,
        {
          productId: "nautical",
          fullName: "Ana Soto",
          email: "ana@pesquera.cl",
          phone: "+56 9 2345 6789",
          company: "Pesquera Sur",
          city: "Puerto Montt",
          quantity: 5,
        },
        { now: at(21) },
      );
      await db
        .updateTable("quotes")
        .set({ answeredAt: at(30).toISOString() })
        .where("id", "=", quoteId)
        .execute();
      // Stored before the form asked for a quantity (migration 0015).
      await db.updateTable("quotes").set({ quantity: null }).where("email", "=", "ana@pesquera.cl").execute();
    });

    it("lists the requests with a link to each, long comments shortened, searched without accents", async () => {
      const view = viewOf(await open("quotes"));
      expect(cell(view, "name")).toEqual(["Ana Soto", "Jorge Muñoz"]);
      expect(view.linkColumn).toBe("name");
      expect(view.rows[1]!.href).toBe(`/admin/quotes/${quoteId}`);
      const notes = cell(view, "notes")[1]!;
      expect(notes.startsWith("Necesitamos 40 kits para faenas.")).toBe(true);
      expect(notes.endsWith("…")).toBe(true);
      expect([...notes].length).toBeLessThanOrEqual(80);
      expect(cell(view, "answered")).toEqual(["No", "Sí"]);
      // How many kits, as Chile writes it, on every screen; "Sin indicar" for an older request.
      expect(cell(view, "quantity")).toEqual(["Sin indicar", "1.200"]);
      expect(column(view, "quantity")).toMatchObject({ label: "Cantidad de kits", numeric: true });
      expect(column(view, "quantity").showFrom).toBeUndefined();

      expect(cell(viewOf(await open("quotes", "?q=MUNOZ")), "name")).toEqual(["Jorge Muñoz"]);
      expect(cell(viewOf(await open("quotes", "?estado=respondido")), "name")).toEqual(["Jorge Muñoz"]);
      expect(cell(viewOf(await open("quotes", "?estado=pendiente")), "name")).toEqual(["Ana Soto"]);
    });

    it("downloads the requests with the full comments", async () => {
      const answer = await download("/admin/quotes/export.csv?q=andes");
      expect(answer.headers.get("content-disposition")).toBe(
        `attachment; filename="${csvFileName(quotesList)}"`,
      );
      const lines = answer.text!.split("\r\n");
      expect(lines[0]).toBe(
        "\uFEFFFecha;Producto;Cantidad de kits;Nombre;Empresa;Email;Teléfono;Ciudad;Notas adicionales;Respondida;ID",
      );
      expect(lines).toHaveLength(3);
      // A number a spreadsheet can sum, without the thousands separator of the screen.
      expect(lines[1]).toMatch(/^[^;]+;LifeBox Industry;1200;Jorge Muñoz;/);
      expect(lines[1]).toContain(`${"Detalle de la obra. ".repeat(9)}Detalle de la obra.`);
      expect(lines[1]).toMatch(new RegExp(`;Sí;${quoteId}$`));
      // An older request's quantity is an empty cell.
      const older = (await download("/admin/quotes/export.csv?q=pesquera")).text!.split("\r\n");
      expect(older[1]).toMatch(/^[^;]+;LifeBox Nautical;;Ana Soto;/);
    });
  });

  describe("Contactos", () => {
    let messageId: string;
    beforeAll(async () => {
      ({ id: messageId } = await createContactMessage(
        db,
        {
          name: "Rosa Ibáñez",
          email: "rosa@example.cl",
          subject: "Envío a Ñuñoa",
          message: "¿Llega a la comuna de Ñuñoa antes del viernes?",
        },
        { now: at(40) },
      ));
      await createContactMessage(
        db,
        { name: "Paula Vera", email: "paula@correo.cl", subject: "Garantía", message: "Consulta" },
        { now: at(41) },
      );
    });

    it("lists the messages, searched by name, e-mail or subject in any case and accent", async () => {
      const view = viewOf(await open("contacts"));
      expect(view.columns.map((header) => header.label)).toEqual([
        "Fecha",
        "Nombre",
        "Email",
        "Asunto",
        "Mensaje",
        "Respondido",
      ]);
      expect(cell(view, "subject")).toEqual(["Garantía", "Envío a Ñuñoa"]);
      expect(view.rows[1]!.href).toBe(`/admin/contacts/${messageId}`);
      expect(cell(viewOf(await open("contacts", "?q=IBANEZ")), "name")).toEqual(["Rosa Ibáñez"]);
      expect(cell(viewOf(await open("contacts", "?q=garantia")), "name")).toEqual(["Paula Vera"]);
      const sorted = viewOf(await open("contacts", "?sort=name&dir=asc"));
      expect(cell(sorted, "name")).toEqual(["Paula Vera", "Rosa Ibáñez"]);
      expect(column(sorted, "name").sortHref).toBe("/admin/contacts?sort=name&dir=desc");
    });

    it("downloads the messages", async () => {
      const answer = await download("/admin/contacts/export.csv?q=nunoa");
      expect(answer.headers.get("content-disposition")).toBe(
        `attachment; filename="${csvFileName(contactsList)}"`,
      );
      expect(answer.text!.split("\r\n").slice(0, 2)).toEqual([
        "\uFEFFFecha;Nombre;Email;Asunto;Mensaje;Respondido;ID",
        expect.stringMatching(
          /^[^;]+;Rosa Ibáñez;rosa@example\.cl;Envío a Ñuñoa;¿Llega a la comuna de Ñuñoa antes del viernes\?;No;/,
        ),
      ]);
    });
  });

  describe("Suscriptores", () => {
    const count = 55;
    beforeAll(async () => {
      for (let index = 0; index < count; index++) {
        await subscribe(db, `persona${String(index).padStart(2, "0")}@Ejemplo.CL`, { now: at(index) });
      }
    });

    it("is titled with every subscription, whatever the search", async () => {
      expect(viewOf(await open("subscribers")).allRows).toBe(55);
      const searched = await open("subscribers", "?q=PERSONA07");
      const view = viewOf(searched);
      expect(view.allRows).toBe(55);
      expect(view.columns.map((header) => header.label)).toEqual(["Email", "Fecha de suscripción", "ID"]);
      expect(cell(view, "email")).toEqual(["persona07@ejemplo.cl"]);
      expect(view.rows[0]!.href).toBeUndefined();
      expect(view.countText).toBe("1 suscriptor");
    });

    it("pages on the server with Anterior/Siguiente and page links", async () => {
      const first = viewOf(await open("subscribers"));
      expect(first.rows).toHaveLength(50);
      expect(cell(first, "email")[0]).toBe("persona54@ejemplo.cl");
      expect(first.pagination).toMatchObject({ page: 1, pageCount: 2, nextHref: "/admin/mails?page=2" });
      expect(first.pagination.previousHref).toBeUndefined();
      expect(first.pagination.pages).toEqual([
        { page: 1, href: "/admin/mails", current: true },
        { page: 2, href: "/admin/mails?page=2", current: false },
      ]);

      const second = viewOf(await open("subscribers", "?page=2"));
      expect(cell(second, "email")).toEqual([
        "persona04@ejemplo.cl",
        "persona03@ejemplo.cl",
        "persona02@ejemplo.cl",
        "persona01@ejemplo.cl",
        "persona00@ejemplo.cl",
      ]);
      expect(second.pagination).toMatchObject({ page: 2, pageCount: 2, previousHref: "/admin/mails" });
      expect(second.pagination.nextHref).toBeUndefined();
      // The sort keeps the page out of its links (a new order starts on page 1), paging keeps the sort.
      expect(column(second, "email").sortHref).toBe("/admin/mails?sort=email&dir=asc");
      const sorted = viewOf(await open("subscribers", "?sort=email&dir=asc&page=2"));
      expect(sorted.pagination.previousHref).toBe("/admin/mails?sort=email&dir=asc");
      expect(cell(sorted, "email")[0]).toBe("persona50@ejemplo.cl");
      // A page past the end shows the last one.
      expect(viewOf(await open("subscribers", "?page=99")).pagination.page).toBe(2);
    });

    it("shows no rows for a search nothing matches, marked as narrowed", async () => {
      const view = viewOf(await open("subscribers", "?q=nadie-con-este-email"));
      expect(view.rows).toEqual([]);
      expect(view.narrowed).toBe(true);
    });

    it("downloads every page of the searched view", async () => {
      const answer = await download("/admin/mails/export.csv?q=ejemplo.cl&sort=email&dir=asc&page=2");
      expect(answer.headers.get("content-disposition")).toBe(
        `attachment; filename="${csvFileName(subscribersList)}"`,
      );
      const lines = answer.text!.split("\r\n").filter(Boolean);
      expect(lines[0]).toBe("\uFEFFEmail;Fecha de suscripción;ID");
      expect(lines).toHaveLength(count + 1);
      expect(lines[1]).toMatch(/^persona00@ejemplo\.cl;[^;]+;[0-9a-f-]{36}$/);
    });
  });
  describe("Chatbot", () => {
    const started = new Date(Date.UTC(2026, 0, 10, 15, 0));
    const later = (seconds: number) => new Date(started.getTime() + seconds * 1000);
    let ana: { id: string; visitorId: string };
    let bruno: { id: string; visitorId: string };
    beforeAll(async () => {
      const visitorId = crypto.randomUUID();
      const first = await recordChatExchange(db, {
        visitorId,
        ip: "203.0.113.7",
        question: "¿Hacen despacho a Coyhaique?",
        answer: { text: "Enviamos gratis a todo Chile continental.", topic: "shipping" },
        now: started,
      });
      await recordChatExchange(db, {
        visitorId,
        ip: "203.0.113.7",
        sessionId: first.sessionId,
        question: "¿arriendan kits?",
        answer: { text: "No estoy seguro de eso.", topic: null },
        now: later(65),
      });
      await db
        .updateTable("chatSessions")
        .set({ endedAt: later(125).toISOString() })
        .where("id", "=", first.sessionId)
        .execute();
      ana = { id: first.sessionId, visitorId };
      const brunoVisitor = crypto.randomUUID();
      const second = await recordChatExchange(db, {
        visitorId: brunoVisitor,
        ip: "2001:db8::1",
        question: "precio del kit náutico",
        answer: { text: "El LifeBox Nautical cuesta $349.990.", topic: "price" },
        now: later(600),
      });
      await db
        .updateTable("chatSessions")
        .set({ endedAt: later(601).toISOString() })
        .where("id", "=", second.sessionId)
        .execute();
      bruno = { id: second.sessionId, visitorId: brunoVisitor };
    });

    it("lists the conversations newest first, counted in the heading, each with 'Ver conversación'", async () => {
      const view = viewOf(await open("chatbot"));
      expect(view.columns.map((header) => header.label)).toEqual([
        "ID de sesión",
        "ID de visitante",
        "IP",
        "Fecha",
        "Duración",
        "Mensajes",
        "Sin respuesta",
        "Sin resolver",
      ]);
      expect(cell(view, "id")).toEqual([bruno.id, ana.id]);
      expect(cell(view, "visitorId")).toEqual([bruno.visitorId, ana.visitorId]);
      expect(cell(view, "ip")).toEqual(["2001:db8::1", "203.0.113.7"]);
      expect(cell(view, "startedAt")).toEqual([
        formatAdminDateTime(later(600).toISOString()),
        formatAdminDateTime(started.toISOString()),
      ]);
      expect(cell(view, "startedAt")[1]).toBe("10-01-2026 12:00");
      expect(cell(view, "duration")).toEqual(["0 min 01 s", "2 min 05 s"]);
      expect(cell(view, "messages")).toEqual(["2", "4"]);
      expect(cell(view, "unanswered")).toEqual(["0", "1"]);
      expect(cell(view, "failed")).toEqual(["0", "1"]);
      expect(view.countText).toBe("2 conversaciones");
      expect(view.allRows).toBe(2);
      expect(view.rowAction).toEqual({ label: "Ver conversación", header: "Acciones" });
      expect(view.linkColumn).toBeUndefined();
      expect(view.rows[1]).toMatchObject({
        href: `/admin/chatbot/${ana.id}`,
        actionName: "Ver conversación del 10-01-2026 12:00",
      });
      expect(view.exportHref).toBe("/admin/chatbot/export.csv");
    });

    it("searches the messages and the ids, and filters the conversations with unanswered questions", async () => {
      for (const q of ["coyhaique", "NÁUTICO", ana.visitorId, bruno.id.slice(0, 13)]) {
        const view = viewOf(await open("chatbot", `?q=${encodeURIComponent(q)}`));
        expect(cell(view, "id"), q).toEqual([q === "coyhaique" || q === ana.visitorId ? ana.id : bruno.id]);
        expect(view.countText).toBe("1 conversación");
        // The heading still counts every conversation.
        expect(view.allRows).toBe(2);
      }
      const filtered = viewOf(await open("chatbot", "?preguntas=sin-responder"));
      expect(cell(filtered, "id")).toEqual([ana.id]);
      expect(filtered.filters[0]!.label).toBe("Conversaciones");
      expect(filtered.filters[0]!.options.map((option) => [option.label, option.selected])).toEqual([
        ["Todas", false],
        ["Sin resolver", false],
        ["Con preguntas sin responder", true],
      ]);
      expect(filtered.exportHref).toBe("/admin/chatbot/export.csv?preguntas=sin-responder");
      const failed = viewOf(await open("chatbot", "?preguntas=sin-resolver"));
      expect(cell(failed, "id")).toEqual([ana.id]);
      const none = viewOf(await open("chatbot", "?q=paraguas"));
      expect(none.rows).toEqual([]);
      expect(none.countText).toBe("0 conversaciones");
    });

    it("downloads the searched conversations as CSV", async () => {
      const answer = await download("/admin/chatbot/export.csv?q=coyhaique");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-disposition")).toBe(
        `attachment; filename="${csvFileName(chatSessionsList)}"`,
      );
      expect(csvFileName(chatSessionsList)).toMatch(/^conversaciones-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(answer.text!.split("\r\n")).toEqual([
        "\uFEFFID de sesión;ID de visitante;IP;Fecha;Fin;Duración;Mensajes;Sin respuesta;Sin resolver",
        `${ana.id};${ana.visitorId};203.0.113.7;10-01-2026 12:00;10-01-2026 12:02;2 min 05 s;4;1;1`,
        "",
      ]);
    });

    describe("one conversation (the dialog's data, or its page without JavaScript)", () => {
      const openConversation = (id: string, withCookie = true) =>
        settle(() =>
          chatbotConversation.loader(
            args(get(`/admin/chatbot/${id}`, withCookie ? cookie : undefined), undefined, { id }),
          ),
        );

      it("has every message in order, Usuario and Bot, with times, the unanswered one marked", async () => {
        const answer = await openConversation(ana.id);
        expect(answer.status).toBe(200);
        expect((answer.body as unknown as ChatConversationData).conversation).toEqual({
          id: ana.id,
          visitorId: ana.visitorId,
          visitorIp: "203.0.113.7",
          startedAt: "10-01-2026 12:00",
          endedAt: "10-01-2026 12:02",
          duration: "2 min 05 s",
          messageCount: "4",
          messages: [
            {
              seq: 1,
              role: "user",
              content: "¿Hacen despacho a Coyhaique?",
              time: "12:00",
              at: started.toISOString(),
              failures: [],
            },
            {
              seq: 2,
              role: "bot",
              content: "Enviamos gratis a todo Chile continental.",
              time: "12:00",
              at: started.toISOString(),
              failures: [],
            },
            {
              seq: 3,
              role: "user",
              content: "¿arriendan kits?",
              time: "12:01",
              at: later(65).toISOString(),
              failures: [],
            },
            {
              seq: 4,
              role: "bot",
              content: "No estoy seguro de eso.",
              time: "12:01",
              at: later(65).toISOString(),
              failures: ["unanswered"],
            },
          ],
        });
      });

      it("says an active conversation has no end yet", async () => {
        const visitorId = crypto.randomUUID();
        const now = new Date();
        const { sessionId } = await recordChatExchange(db, {
          visitorId,
          ip: "203.0.113.8",
          question: "hola",
          answer: { text: "¡Hola!", topic: "greeting" },
          now,
        });
        const { conversation } = (await openConversation(sessionId)).body as unknown as ChatConversationData;
        expect(conversation).toMatchObject({ endedAt: null, messageCount: "2" });
        expect(conversation!.duration).toMatch(/^0 min \d{2} s$/);
      });

      it("answers 404 with no conversation for an unknown id, and sends anonymous visitors to sign in", async () => {
        const unknown = await openConversation("00000000-0000-4000-8000-000000000000");
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual({ conversation: null });
        expect((await openConversation("no-es-un-id")).status).toBe(404);
        const anonymous = await openConversation(ana.id, false);
        expect([anonymous.status, anonymous.location]).toEqual([
          302,
          `/admin/login?redirectTo=${encodeURIComponent(`/admin/chatbot/${ana.id}`)}`,
        ]);
      });
    });
  });
});
