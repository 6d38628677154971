import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminContactsTexts, adminOrdersTexts, adminQuotesTexts } from "~/content/admin";
import { formatAdminDateTime } from "~/lib/admin";
import { createContactMessage } from "~/models/contacts.server";
import { changeOrderStatus, createOrder } from "~/models/orders.server";
import { createQuote } from "~/models/quotes.server";
import { adminRecordMessages } from "~/schemas/admin-records";
import { createAdminAccount, type AdminUser } from "~/services/auth.server";
import type { Db } from "~/infra/db.server";
import { takeToast } from "~/infra/toast.server";
import * as contact from "./contact";
import * as quote from "./quote";
import * as order from "./order";
import {
  args,
  cookieAfter,
  get,
  post,
  settle,
  signedInCookie,
  useAsProcessDatabase,
  type Answer,
  type Fields,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";

/**
 * The admin detail pages (issue 4): an order with its history and status change (docs/product.md#d9), a
 * quotation request and a contact message with "answered" (one module, registered twice in
 * app/routes.ts: each request carries the route pattern React Router matched, as it does). Real
 * loaders and actions, real sessions, a real migrated database of every dialect under test.
 */
const testEnv = vi.hoisted(async () =>
  (await import("../../../tests/support/admin-env")).stubAdminTestEnv("records"),
);

afterAll(async () => removeAdminTestEnv(await testEnv));

const password = "Refugio#2026";
/** What a change to "Pagado" made by hand needs (issue 22): the means and the operation number. */
const manualPayment = { paymentMeans: "transferencia", paymentReference: "TRX-001" };
const unknownId = "0b6c1f0e-7a53-4c55-9f0e-3f1d2c4b5a69";

type Module = {
  loader: (args: never) => unknown;
  action: (args: never) => unknown;
};

/** The route's pattern, as React Router hands it over: "admin/quotes/:id". */
const patternOf = (path: string) => path.slice(1).replace(/\/[^/]*$/, "/:id");
const withPattern = (request: Request, path: string, id: string) =>
  ({ ...args<object>(request, undefined, { id }), pattern: patternOf(path) }) as never;
const load = (module: Module, path: string, id: string, cookie?: string) =>
  settle(() => module.loader(withPattern(get(path, cookie), path, id)));
const submit = (module: Module, path: string, id: string, fields: Fields, cookie?: string) =>
  settle(() => module.action(withPattern(post(path, fields, cookie), path, id)));

describe.each(dialectsUnderTest)("the admin detail pages on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let cookie: string;
  let admin: AdminUser;
  let orderId: string;
  let quoteId: string;
  let messageId: string;

  beforeAll(async () => {
    db = database().db;
    admin = await createAdminAccount({ name: "Tomás Admin", email: "tomas@lifebox.test", password }, db);
    cookie = await signedInCookie("tomas@lifebox.test", password);
    ({ id: orderId } = await createOrder(
      db,
      {
        lines: [{ kitId: "expedition", quantity: 1 }],
        name: "Inés Rojas",
        email: "ines@example.cl",
        phone: "+56 9 8765 4321",
        region: "05",
        comuna: "05101",
        address: "Calle Esmeralda 12",
        rut: "12.345.678-5",
        notes: "Dejar en conserjería,\npor favor",
        shippingKind: "free",
      },
      { now: new Date("2026-01-10T12:00:00.000Z") },
    ));
    ({ id: quoteId } = await createQuote(db, {
      productId: "industry",
      fullName: "Jorge Muñoz",
      email: "compras@andes.cl",
      phone: "+56 2 2345 6789",
      company: "Constructora Los Andes SpA",
      city: "Rancagua",
      quantity: 1200,
      additionalNotes: "Necesitamos 40 kits.\nEntrega en Rancagua y en Calama.",
    }));
    ({ id: messageId } = await createContactMessage(db, {
      name: "Rosa Ibáñez",
      email: "rosa@example.cl",
      subject: "Envío a Ñuñoa",
      message: "¿Llega a Ñuñoa?\n\nGracias.",
    }));
  });

  const orderPath = () => `/admin/orders/${orderId}`;
  const statusOf = async () =>
    (await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow())
      .status;
  const historyRows = () =>
    db
      .selectFrom("orderStatusChanges")
      .select(["fromStatus", "toStatus", "changedBy"])
      .where("orderId", "=", orderId)
      .orderBy("changedAt")
      .execute();

  it("sends anonymous visitors to the sign-in page, for every loader and action", async () => {
    const cases: Array<[Module, string, string]> = [
      [order, orderPath(), orderId],
      [quote, `/admin/quotes/${quoteId}`, quoteId],
      [contact, `/admin/contacts/${messageId}`, messageId],
    ];
    for (const [module, path, id] of cases) {
      const page = await load(module, path, id);
      expect(page.status, path).toBe(302);
      expect(page.location, path).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
      const fields: Fields =
        module === order ? { from: "pendiente_pago", to: "pagado", ...manualPayment } : { answered: "true" };
      const posted = await submit(module, path, id, fields, "lifebox-admin.session_token=forged");
      expect(posted.status, path).toBe(302);
      expect(posted.location, path).toMatch(/^\/admin\/login/);
    }
    // Nothing was changed by them.
    expect(await statusOf()).toBe("pendiente_pago");
    const answered = await db.selectFrom("quotes").select("answeredAt").where("id", "=", quoteId).execute();
    expect(answered).toEqual([{ answeredAt: null }]);
  });

  it("answers an unknown or malformed id with a Spanish 404", async () => {
    for (const [module, base, notFound] of [
      [order, "/admin/orders", adminOrdersTexts.notFound],
      [quote, "/admin/quotes", adminQuotesTexts.notFound],
      [contact, "/admin/contacts", adminContactsTexts.notFound],
    ] as Array<[Module, string, string]>) {
      for (const id of [unknownId, "no-es-un-id", "1 OR 1=1"]) {
        const page = await load(module, `${base}/${encodeURIComponent(id)}`, id, cookie);
        expect(page.status, `${base} ${id}`).toBe(404);
        expect(page.body, `${base} ${id}`).toEqual({ message: notFound });
      }
      const fields: Fields =
        module === order ? { from: "pendiente_pago", to: "pagado", ...manualPayment } : { answered: "true" };
      const posted = await submit(module, `${base}/${unknownId}`, unknownId, fields, cookie);
      expect(posted.status, base).toBe(404);
      expect(posted.body?.message, base).toBe(notFound);
    }
  });

  describe("an order", () => {
    it("shows everything the customer sent, its history, and only the allowed next statuses", async () => {
      const page = await load(order, orderPath(), orderId, cookie);
      expect(page.status).toBe(200);
      const body = page.body as {
        statusLabel: string;
        fields: {
          order: Array<{ label: string; value: string }>;
          customer: Array<{ label: string; value: string }>;
        };
        lines: unknown[];
        totals: unknown[];
        history: Array<{ at: string; change: string; by: string }>;
        nextStatuses: Array<{ value: string; label: string }>;
      };
      expect(body.statusLabel).toBe("Pendiente de pago");
      const values = Object.fromEntries(
        [...body.fields.order, ...body.fields.customer].map((field) => [field.label, field.value]),
      );
      expect(body.lines).toEqual([
        {
          kitId: "expedition",
          kitName: "LifeBox Expedition",
          unitPrice: 289990,
          quantity: 1,
          lineTotal: 289990,
        },
      ]);
      expect(body.totals).toEqual([
        { label: "Productos", value: "$289.990" },
        { label: "Envío", value: "Gratis (Chile continental)" },
        { label: "Total", value: "$289.990", strong: true },
      ]);
      expect(values).toMatchObject({
        Nombre: "Inés Rojas",
        Email: "ines@example.cl",
        Teléfono: "+56 9 8765 4321",
        RUT: "12.345.678-5",
        Región: expect.stringContaining("Valparaíso"),
        Comuna: "Valparaíso",
        Dirección: "Calle Esmeralda 12",
        Notas: "Dejar en conserjería,\npor favor",
        Fecha: formatAdminDateTime("2026-01-10T12:00:00.000Z"),
      });
      expect(body.history).toEqual([
        {
          id: expect.any(String),
          at: formatAdminDateTime("2026-01-10T12:00:00.000Z"),
          change: "→ Pendiente de pago",
          by: "Sistema",
        },
      ]);
      expect(body.nextStatuses).toEqual([
        { value: "pagado", label: "Pagado" },
        { value: "cancelado", label: "Cancelado" },
      ]);
    });

    it("stores an allowed change with the signed-in admin, and shows it in the history by name", async () => {
      const answer = await submit(
        order,
        orderPath(),
        orderId,
        { from: "pendiente_pago", to: "pagado", ...manualPayment },
        cookie,
      );
      // Post/redirect/get: back to the order, whose page says what was done.
      expect([answer.status, answer.location]).toEqual([303, orderPath()]);
      const shown = await load(order, orderPath(), orderId, cookieAfter(answer.headers, cookie));
      expect(shown.body?.flash).toMatchObject({
        kind: "success",
        description: adminOrdersTexts.statusChanged("Pagado", true),
      });
      expect(await statusOf()).toBe("pagado");
      expect(await historyRows()).toEqual([
        { fromStatus: null, toStatus: "pendiente_pago", changedBy: null },
        { fromStatus: "pendiente_pago", toStatus: "pagado", changedBy: admin.id },
      ]);
      const page = await load(order, orderPath(), orderId, cookie);
      const body = page.body as {
        history: Array<{ change: string; by: string }>;
        nextStatuses: Array<{ value: string }>;
      };
      expect(body.history.map((entry) => [entry.change, entry.by])).toEqual([
        ["→ Pendiente de pago", "Sistema"],
        ["Pendiente de pago → Pagado", "Tomás Admin"],
      ]);
      expect(body.nextStatuses.map((status) => status.value)).toEqual(["en_preparacion", "cancelado"]);
    });

    it("refuses a change the lifecycle does not allow, with a Spanish message and nothing changed", async () => {
      const before = await historyRows();
      const refused = await submit(order, orderPath(), orderId, { from: "pagado", to: "entregado" }, cookie);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        tone: "error",
        message: adminOrdersTexts.transitionRefused("Pagado", "Entregado"),
      });
      expect(refused.body?.message).toBe("Un pedido «Pagado» no puede pasar a «Entregado».");
      expect(await statusOf()).toBe("pagado");
      expect(await historyRows()).toEqual(before);
    });

    it("refuses a change chosen on a status that is no longer the order's (409)", async () => {
      const before = await historyRows();
      // Another staff member's form still shows "Pendiente de pago"; cancelling is allowed from both.
      const stale = await submit(
        order,
        orderPath(),
        orderId,
        {
          from: "pendiente_pago",
          to: "cancelado",
          confirmCancel: "on",
          cancellationReason: "Sin stock del kit.",
        },
        cookie,
      );
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ tone: "error", message: adminOrdersTexts.conflict });
      expect(await statusOf()).toBe("pagado");
      expect(await historyRows()).toEqual(before);
    });

    it("cancels only with the confirmation ticked", async () => {
      const before = await historyRows();
      const unconfirmed = await submit(
        order,
        orderPath(),
        orderId,
        { from: "pagado", to: "cancelado" },
        cookie,
      );
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body?.result).toMatchObject({
        error: { confirmCancel: [adminRecordMessages.confirmCancel] },
      });
      expect(await statusOf()).toBe("pagado");
      expect(await historyRows()).toEqual(before);
    });

    it("asks for a status when none was chosen, and rejects one that does not exist", async () => {
      const empty = await submit(order, orderPath(), orderId, { from: "pagado" }, cookie);
      expect(empty.status).toBe(400);
      expect(empty.body?.result).toMatchObject({ error: { to: [adminRecordMessages.chooseStatus] } });
      const bogus = await submit(order, orderPath(), orderId, { from: "pagado", to: "perdido" }, cookie);
      expect(bogus.status).toBe(400);
      expect(await statusOf()).toBe("pagado");
    });

    it("says a final status has no next step", async () => {
      await changeOrderStatus(db, orderId, "cancelado", null);
      const page = await load(order, orderPath(), orderId, cookie);
      expect((page.body as { nextStatuses: unknown[] }).nextStatuses).toEqual([]);
      const refused = await submit(
        order,
        orderPath(),
        orderId,
        { from: "cancelado", to: "pagado", ...manualPayment },
        cookie,
      );
      expect(refused.status).toBe(422);
      expect(await statusOf()).toBe("cancelado");
    });

    it("names a change whose staff account no longer exists as an unknown staff member", async () => {
      const { id } = await createOrder(db, {
        lines: [{ kitId: "essential", quantity: 1 }],
        name: "Pablo Soto",
        email: "pablo@example.cl",
        phone: "+56 9 1111 2222",
        region: "13",
        comuna: "13101",
        address: "Av. Matta 1",
        rut: null,
        notes: null,
        shippingKind: "free",
      });
      await changeOrderStatus(db, id, "pagado", "00000000-0000-4000-8000-00000000dead");
      const page = await load(order, `/admin/orders/${id}`, id, cookie);
      const history = (page.body as { history: Array<{ by: string }> }).history;
      expect(history.map((entry) => entry.by)).toEqual(["Sistema", "Administrador desconocido"]);
    });
  });

  describe("shipping, cancelling and undoing (issue 12)", () => {
    async function orderIn(path: Array<"pagado" | "en_preparacion">) {
      const { id } = await createOrder(db, {
        lines: [{ kitId: "essential", quantity: 1 }],
        name: "Marta Vidal",
        email: "marta@example.cl",
        phone: "+56 9 3333 4444",
        region: "13",
        comuna: "13101",
        address: "Av. Matta 2",
        rut: null,
        notes: null,
        shippingKind: "free",
      });
      for (const to of path) await changeOrderStatus(db, id, to, null);
      return { id, path: `/admin/orders/${id}` };
    }
    const row = (id: string) =>
      db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    it("ships only with a courier and its tracking number, shown on the order with the tracking link", async () => {
      const { id, path } = await orderIn(["pagado", "en_preparacion"]);
      const missing = await submit(
        order,
        path,
        id,
        { from: "en_preparacion", to: "enviado", courier: "starken" },
        cookie,
      );
      expect(missing.status).toBe(400);
      expect(missing.body?.result).toMatchObject({
        error: { trackingNumber: [adminRecordMessages.trackingNumber] },
      });
      expect((await row(id)).status).toBe("en_preparacion");

      const shipped = await submit(
        order,
        path,
        id,
        { from: "en_preparacion", to: "enviado", courier: "starken", trackingNumber: "987654321" },
        cookie,
      );
      expect([shipped.status, shipped.location]).toEqual([303, path]);
      expect(await row(id)).toMatchObject({
        status: "enviado",
        courier: "starken",
        trackingNumber: "987654321",
      });
      const page = await load(order, path, id, cookieAfter(shipped.headers, cookie));
      const body = page.body as {
        fields: { order: Array<{ label: string; value: string; href?: string }> };
        undo: { id: string; text: string } | null;
        flash: { description: string };
      };
      expect(body.fields.order).toEqual(
        expect.arrayContaining([
          { label: "Courier", value: "Starken" },
          {
            label: "N.º de seguimiento",
            value: "987654321",
            href: "https://www.starken.cl/seguimiento?codigo=987654321",
          },
        ]),
      );
      expect(body.flash.description).toBe(adminOrdersTexts.statusChanged("Enviado", true));
      expect(body.undo?.text).toMatch(
        /^Cambiaste el estado de «En preparación» a «Enviado»\. Puedes deshacerlo hasta las \d\d:\d\d:\d\d;/,
      );
    });

    it("undoes a change just made, once, and withdraws the customer's e-mail", async () => {
      const { id, path } = await orderIn([]);
      const paid = await submit(
        order,
        path,
        id,
        { from: "pendiente_pago", to: "pagado", ...manualPayment },
        cookie,
      );
      expect(paid.status).toBe(303);
      const page = await load(order, path, id, cookie);
      const undo = (page.body as { undo: { id: string } }).undo;
      const { mailId } = await db
        .selectFrom("orderStatusChanges")
        .select("mailId")
        .where("id", "=", undo.id)
        .executeTakeFirstOrThrow();
      expect(mailId).not.toBeNull();

      const undone = await submit(order, path, id, { undo: undo.id }, cookie);
      expect([undone.status, undone.location]).toEqual([303, path]);
      expect((await row(id)).status).toBe("pendiente_pago");
      expect(
        await db.selectFrom("mailQueue").select("id").where("id", "=", mailId).executeTakeFirst(),
      ).toBeUndefined();
      const after = await load(order, path, id, cookieAfter(undone.headers, cookie));
      const shown = after.body as {
        undo: unknown;
        history: Array<{ change: string }>;
        flash: { description: string };
      };
      expect(shown.undo).toBeNull();
      expect(shown.flash.description).toBe(adminOrdersTexts.undone("Pendiente de pago"));
      expect(shown.history.map((entry) => entry.change)).toEqual([
        "→ Pendiente de pago",
        "Pendiente de pago → Pagado (deshecho)",
        "Deshecho: Pagado → Pendiente de pago",
      ]);

      const again = await submit(order, path, id, { undo: undo.id }, cookie);
      expect(again.status).toBe(409);
      expect(again.body?.message).toBe(adminOrdersTexts.undoRefused);
      const malformed = await submit(order, path, id, { undo: "x" }, cookie);
      expect(malformed.status).toBe(400);
      expect((await row(id)).status).toBe("pendiente_pago");
    });

    it("refuses to undo after the minute", async () => {
      const { id, path } = await orderIn([]);
      await submit(order, path, id, { from: "pendiente_pago", to: "pagado", ...manualPayment }, cookie);
      const change = await db
        .selectFrom("orderStatusChanges")
        .select("id")
        .where("orderId", "=", id)
        .where("toStatus", "=", "pagado")
        .executeTakeFirstOrThrow();
      // The change as if made two minutes ago.
      const earlier = new Date(Date.now() - 120_000).toISOString();
      await db
        .updateTable("orderStatusChanges")
        .set({ changedAt: earlier })
        .where("id", "=", change.id)
        .execute();
      expect((await load(order, path, id, cookie)).body).toMatchObject({ undo: null });
      const late = await submit(order, path, id, { undo: change.id }, cookie);
      expect(late.status).toBe(409);
      expect((await row(id)).status).toBe("pagado");
    });

    it("refuses an undo from someone not signed in", async () => {
      const { id, path } = await orderIn([]);
      const anonymous = await submit(order, path, id, { undo: unknownId });
      expect(anonymous.status).toBe(302);
      expect((await row(id)).status).toBe("pendiente_pago");
    });
  });

  it("shows a quotation's kits after its product, as Chile writes the number, or 'Sin indicar' for an older one", async () => {
    const fieldsOf = async (id: string) => {
      const page = await load(quote as Module, `/admin/quotes/${id}`, id, cookie);
      expect(page.status).toBe(200);
      return (page.body as { fields: Array<{ label: string; value: string }> }).fields;
    };
    const fields = await fieldsOf(quoteId);
    expect(fields.slice(1, 4)).toEqual([
      { label: "Producto", value: "LifeBox Industry" },
      { label: "Cantidad de kits", value: "1.200" },
      { label: "Nombre", value: "Jorge Muñoz" },
    ]);
    // Stored before the form asked for a quantity (migration 0015).
    const { id: older } = await createQuote(db, {
      productId: "nautical",
      fullName: "Ana Soto",
      email: "ana@pesquera.cl",
      phone: "+56 9 2345 6789",
      company: "Pesquera Sur",
      city: "Puerto Montt",
      quantity: 5,
    });
    await db.updateTable("quotes").set({ quantity: null }).where("id", "=", older).execute();
    expect(await fieldsOf(older)).toContainEqual({ label: "Cantidad de kits", value: "Sin indicar" });
  });

  describe.each([
    {
      name: "a quotation request",
      module: quote as Module,
      table: "quotes" as const,
      id: () => quoteId,
      path: () => `/admin/quotes/${quoteId}`,
      texts: adminQuotesTexts,
      longText: "Necesitamos 40 kits.\nEntrega en Rancagua y en Calama.",
    },
    {
      name: "a contact message",
      module: contact as Module,
      table: "contactMessages" as const,
      id: () => messageId,
      path: () => `/admin/contacts/${messageId}`,
      texts: adminContactsTexts,
      longText: "¿Llega a Ñuñoa?\n\nGracias.",
    },
  ])("$name", ({ module, table, id, path, texts, longText }) => {
    const answeredAt = async () =>
      (await db.selectFrom(table).select("answeredAt").where("id", "=", id()).executeTakeFirstOrThrow())
        .answeredAt;

    /** The toast the page a redirect leads to shows (app/root.tsx reads it the same way). */
    const toastAfter = async (answer: Answer) =>
      (await takeToast(get(answer.location!, cookieAfter(answer.headers)))).toast;
    /** The change the page a redirect leads to says in place. */
    const flashAfter = async (answer: Answer) =>
      (await load(module, answer.location!, id(), cookieAfter(answer.headers, cookie))).body?.flash;

    it("shows the whole long text, pending", async () => {
      const page = await load(module, path(), id(), cookie);
      expect(page.status).toBe(200);
      const body = page.body as { answered: boolean; statusText: string; longText: string };
      expect(body.longText).toBe(longText);
      expect(body).toMatchObject({ answered: false, statusText: texts.pending });
    });

    it("is marked answered, and back to pending, each answered with a redirect and a toast", async () => {
      const marked = await submit(module, path(), id(), { answered: "true" }, cookie);
      // Post/redirect/get: a reload of the page that follows does not post again.
      expect(marked.status).toBe(303);
      expect(marked.location).toBe(path());
      expect(await toastAfter(marked)).toEqual({
        kind: "success",
        title: texts.successTitle,
        description: texts.markedAnswered,
      });
      // The toast travels in its signed cookie; the page says it in place too.
      expect(marked.headers.getSetCookie().some((line) => line.startsWith("lifebox_toast="))).toBe(true);
      expect(await flashAfter(marked)).toMatchObject({ kind: "success", description: texts.markedAnswered });
      const stamp = await answeredAt();
      expect(stamp).not.toBeNull();
      const page = await load(module, path(), id(), cookie);
      expect(page.body).toMatchObject({
        answered: true,
        statusText: texts.answeredOn(formatAdminDateTime(stamp!)),
      });

      // Marking again keeps the first time.
      await submit(module, path(), id(), { answered: "true" }, cookie);
      expect(await answeredAt()).toBe(stamp);

      const undone = await submit(module, path(), id(), { answered: "false" }, cookie);
      expect(undone.status).toBe(303);
      expect(await toastAfter(undone)).toMatchObject({ kind: "success", description: texts.markedPending });
      expect(await flashAfter(undone)).toMatchObject({ description: texts.markedPending });
      expect(await answeredAt()).toBeNull();
    });

    it("refuses a form that is not the page's with 400", async () => {
      const answer = await submit(module, path(), id(), { answered: "maybe" }, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body?.message).toBe(adminRecordMessages.invalid);
      expect(await answeredAt()).toBeNull();
    });
  });
});
