import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RecordField } from "~/components/admin/admin-record";
import { adminDashboardTexts, adminOrdersTexts as texts } from "~/content/admin";
import { ordersList } from "~/models/admin-lists/orders.server";
import { listPage } from "~/models/admin-lists/engine.server";
import {
  DocumentFolioTakenError,
  DocumentRecordRefusedError,
  recordOrderDocument,
} from "~/models/orders.server";
import { adminRecordMessages, readFolio } from "~/schemas/admin-records";
import { createAdminAccount } from "~/services/auth.server";
import type { Db } from "~/infra/db.server";
import * as dashboard from "./dashboard";
import {
  args,
  get,
  settle,
  signedInCookie,
  useAsProcessDatabase,
  type Fields,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { adminOrderPage, adminOrdersList } from "../../../tests/support/admin-orders";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { createTestOrder } from "../../../tests/support/orders";

/**
 * The boleta or factura issued for an order, recorded (issue 23, D24; docs/decisions/065), through
 * the real loaders and actions with a real staff session and a real migrated database of every
 * dialect: the order page's form and warning, the refusals (each a 4xx, nothing written), the
 * correction and its records, a provider's record through the model, the orders list's "Emisión"
 * filter and its CSV, and the dashboard's count.
 */
const testEnv = vi.hoisted(async () =>
  (await import("../../../tests/support/admin-env")).stubAdminTestEnv("document-records"),
);
afterAll(async () => removeAdminTestEnv(await testEnv));

const password = "Refugio#2026";
const m = adminRecordMessages;

type DocumentPage = {
  fields: { document: RecordField[] };
  document: {
    missing: string | null;
    later: string | null;
    form: { correcting: boolean; siiType: string } | null;
    earlier: Array<{ text: string }>;
  };
};

describe("the folio staff type", () => {
  it("is read as the SII numbers it, or refused with what is wrong", () => {
    expect(readFolio("1234")).toEqual({ folio: "1234" });
    expect(readFolio(" 001234 ")).toEqual({ folio: "1234" });
    expect(readFolio("1.234.567")).toEqual({ folio: "1234567" });
    expect(readFolio("N° 98")).toEqual({ folio: "98" });
    expect(readFolio("Nº 98")).toEqual({ folio: "98" });
    expect(readFolio("9999999999")).toEqual({ folio: "9999999999" });
    for (const typed of ["", "abc", "12,5", "12.5", "1.23", "-4", "B-123", "1e3"]) {
      expect(readFolio(typed), typed).toEqual({ problem: "invalid" });
    }
    expect(readFolio("0")).toEqual({ problem: "zero" });
    expect(readFolio("000")).toEqual({ problem: "zero" });
    expect(readFolio("10000000000")).toEqual({ problem: "tooLong" });
  });
});

describe.each(dialectsUnderTest)("the document issued for an order on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let cookie: string;
  let staffId: string;

  beforeAll(async () => {
    db = database().db;
    const staff = await createAdminAccount(
      { name: "Marta Admin", email: "marta@lifebox.test", password },
      db,
    );
    staffId = staff.id;
    cookie = await signedInCookie("marta@lifebox.test", password);
  });

  const { pathOf, load, submit } = adminOrderPage<DocumentPage>(() => cookie);
  const record = (id: string, siiType: string, folio: string) =>
    submit(id, { intent: "record-document", siiType, folio });
  const documentOf = (id: string) =>
    db
      .selectFrom("orders")
      .select([
        "documentSiiType",
        "documentFolio",
        "documentIssuedAt",
        "documentRecordedBy",
        "documentProvider",
      ])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const recordsOf = (id: string) =>
    db.selectFrom("orderDocumentRecords").selectAll().where("orderId", "=", id).execute();
  const shown = (fields: RecordField[]) => fields.map((entry) => [entry.label, entry.value]);

  let count = 0;
  /** An order as a customer places it, paid by hand through the status form unless `paid` is false. */
  const newOrder = async ({ paid = true, name = "Camila Rojas" } = {}) => {
    count += 1;
    const created = await createTestOrder(db, { name, email: `documento${count}@example.cl` });
    if (paid) {
      const answer = await submit(created.id, {
        from: "pendiente_pago",
        to: "pagado",
        paymentMeans: "transferencia",
        paymentReference: `OP-${count}`,
      });
      expect(answer.status).toBe(303);
    }
    return created;
  };

  const { open, numbersIn, csv } = adminOrdersList(() => cookie);
  const awaitingOnDashboard = async () =>
    (
      (await settle(() => dashboard.loader(args(get("/admin/dashboard", cookie))))).body as {
        awaitingDocument: string | null;
      }
    ).awaitingDocument;
  const paidWithoutDocumentCount = async () =>
    (
      await db
        .selectFrom("orders")
        .select("id")
        .where("status", "in", ["pagado", "en_preparacion", "enviado", "entregado"])
        .where("documentFolio", "is", null)
        .execute()
    ).length;

  it("is not asked for before the order is paid, and refused then (409, nothing written)", async () => {
    const unpaid = await newOrder({ paid: false });
    const page = await load(unpaid.id);
    expect(shown(page.fields.document)).toEqual([
      ["Documento", "Boleta"],
      ["Folio", "Sin emitir"],
    ]);
    expect(page.document).toEqual({ missing: null, later: texts.documentLater, form: null, earlier: [] });
    const refused = await record(unpaid.id, "39", "1001");
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toBe(texts.documentNotPaid);
    expect((await documentOf(unpaid.id)).documentFolio).toBeNull();
    expect(await recordsOf(unpaid.id)).toEqual([]);
  });

  it("warns on a paid order without its document, offering the type the customer asked for", async () => {
    const boleta = await newOrder();
    const page = await load(boleta.id);
    expect(page.document.missing).toBe(texts.documentMissing("boleta electrónica"));
    expect(page.document.form).toEqual({ correcting: false, siiType: "39" });
    expect(shown(page.fields.document)).toContainEqual(["Folio", "Sin emitir"]);

    const factura = await newOrder({ name: "Compras Austral" });
    await db
      .updateTable("orders")
      .set({
        documentType: "factura",
        invoiceRut: "76.086.428-5",
        invoiceName: "Comercial Austral SpA",
        invoiceGiro: "Venta de artículos de seguridad",
        invoiceAddress: "Av. Apoquindo 4500, oficina 12",
        invoiceRegionCut: "13",
        invoiceComunaCut: "13114",
        invoiceEmail: "facturas@austral.cl",
      })
      .where("id", "=", factura.id)
      .execute();
    const forFactura = await load(factura.id);
    expect(forFactura.document.missing).toBe(texts.documentMissing("factura electrónica"));
    expect(forFactura.document.form?.siiType).toBe("33");
  });

  it("refuses a missing type or a folio that is not one, with a Spanish message under the field (400, nothing written)", async () => {
    const paid = await newOrder();
    const cases: Array<[Fields, Record<string, string[]>]> = [
      [{}, { siiType: [m.chooseDocumentType], folio: [m.folio] }],
      [{ siiType: "39", folio: "   " }, { folio: [m.folio] }],
      [{ siiType: "39", folio: "abc" }, { folio: [m.folio] }],
      [{ siiType: "39", folio: "12,5" }, { folio: [m.folio] }],
      [{ siiType: "39", folio: "-3" }, { folio: [m.folio] }],
      [{ siiType: "39", folio: "0" }, { folio: [m.folioZero] }],
      [{ siiType: "39", folio: "12345678901" }, { folio: [m.folioTooLong] }],
      // Exempt documents are a provider's to record; staff choose boleta or factura electrónica.
      [{ siiType: "41", folio: "55" }, { siiType: [m.chooseDocumentType] }],
      [{ siiType: "boleta", folio: "55" }, { siiType: [m.chooseDocumentType] }],
    ];
    for (const [fields, errors] of cases) {
      const refused = await submit(paid.id, { intent: "record-document", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect((refused.body?.document as { error: Record<string, string[]> }).error).toEqual(errors);
      // The status form's answer is left alone.
      expect(refused.body?.result).toBeUndefined();
    }
    expect(await documentOf(paid.id)).toEqual({
      documentSiiType: null,
      documentFolio: null,
      documentIssuedAt: null,
      documentRecordedBy: null,
      documentProvider: null,
    });
    expect(await recordsOf(paid.id)).toEqual([]);
  });

  it("records the type and folio, shows who and when, and corrects a mistaken folio keeping the record", async () => {
    const paid = await newOrder();
    const before = new Date().toISOString();
    const answer = await record(paid.id, "39", "0001.234");
    // "0001.234" is neither a number nor thousands: refused; "1.234" is Chile's 1234.
    expect(answer.status).toBe(400);
    const recorded = await record(paid.id, "39", "1.234");
    expect(recorded.status).toBe(303);
    expect(recorded.location).toBe(pathOf(paid.id));
    const stored = await documentOf(paid.id);
    expect(stored).toMatchObject({
      documentSiiType: 39,
      documentFolio: "1234",
      documentRecordedBy: staffId,
      documentProvider: null,
    });
    expect(stored.documentIssuedAt! >= before).toBe(true);

    const page = await load(paid.id);
    expect(page.document.missing).toBeNull();
    expect(page.document.form).toEqual({ correcting: true, siiType: "39" });
    const fields = shown(page.fields.document);
    expect(fields).toContainEqual(["Documento emitido", "Boleta electrónica"]);
    expect(fields).toContainEqual(["Folio", "1234"]);
    expect(fields).toContainEqual(["Registrado por", "Marta Admin"]);
    expect(fields.find(([label]) => label === "Emitido el")?.[1]).toMatch(/\d/);
    expect(page.document.earlier).toEqual([]);

    // The same again changes nothing; another folio corrects it, the first record kept.
    expect((await record(paid.id, "39", "1234")).status).toBe(303);
    expect(await recordsOf(paid.id)).toHaveLength(1);
    expect((await record(paid.id, "39", "1235")).status).toBe(303);
    expect((await documentOf(paid.id)).documentFolio).toBe("1235");
    const records = await recordsOf(paid.id);
    expect(records.map((entry) => entry.folio).sort()).toEqual(["1234", "1235"]);
    expect(records.every((entry) => entry.recordedBy === staffId && entry.provider === null)).toBe(true);
    const corrected = await load(paid.id);
    expect(shown(corrected.fields.document)).toContainEqual(["Folio", "1235"]);
    expect(corrected.document.earlier).toHaveLength(1);
    expect(corrected.document.earlier[0]!.text).toMatch(
      /^Boleta electrónica, folio 1234: registrado el .+ por Marta Admin$/,
    );
  });

  it("refuses a folio another order has for the same type, naming that order (409); a factura may share a boleta's number", async () => {
    const first = await newOrder();
    const second = await newOrder();
    expect((await record(first.id, "39", "5000")).status).toBe(303);
    const refused = await record(second.id, "39", "5000");
    expect(refused.status).toBe(409);
    const message = texts.folioTaken("boleta electrónica", "5000", first.number);
    expect(refused.body?.message).toBe(message);
    expect((refused.body?.document as { error: Record<string, string[]> }).error).toEqual({
      folio: [message],
    });
    expect((await documentOf(second.id)).documentFolio).toBeNull();
    // The SII numbers each type on its own.
    expect((await record(second.id, "33", "5000")).status).toBe(303);
    expect(await documentOf(second.id)).toMatchObject({ documentSiiType: 33, documentFolio: "5000" });
    // And the database holds the line too: the first order cannot take the factura's number.
    await expect(
      db.updateTable("orders").set({ documentSiiType: 33 }).where("id", "=", first.id).execute(),
    ).rejects.toThrow();
  });

  it("is refused on a cancelled order, and without a staff session", async () => {
    const cancelled = await newOrder();
    const cancel = await submit(cancelled.id, {
      from: "pagado",
      to: "cancelado",
      cancellationReason: "El cliente se arrepintió de la compra.",
      confirmCancel: "on",
    });
    expect(cancel.status).toBe(303);
    expect((await load(cancelled.id)).document.form).toBeNull();
    expect((await record(cancelled.id, "39", "7001")).status).toBe(409);

    const paid = await newOrder();
    for (const as of [null, "lifebox-admin.session_token=forged"]) {
      const posted = await submit(paid.id, { intent: "record-document", siiType: "39", folio: "7002" }, as);
      expect(posted.status).toBe(302);
      expect(posted.location).toMatch(/^\/admin\/login/);
    }
    expect((await documentOf(paid.id)).documentFolio).toBeNull();
  });

  it("takes a provider's record through the same model, exempt types included, and refuses what is not one", async () => {
    const paid = await newOrder();
    const issuedAt = new Date("2026-11-24T13:00:00.000Z");
    await recordOrderDocument(db, paid.id, {
      siiType: 41,
      folio: "880",
      by: { provider: "openfactura" },
      issuedAt,
    });
    expect(await documentOf(paid.id)).toEqual({
      documentSiiType: 41,
      documentFolio: "880",
      documentIssuedAt: issuedAt.toISOString(),
      documentRecordedBy: null,
      documentProvider: "openfactura",
    });
    const page = await load(paid.id);
    expect(shown(page.fields.document)).toContainEqual(["Documento emitido", "Boleta exenta electrónica"]);
    expect(shown(page.fields.document)).toContainEqual(["Registrado por", "openfactura (automático)"]);
    // Staff correcting it choose the type again: theirs are boleta or factura electrónica.
    expect(page.document.form).toEqual({ correcting: true, siiType: "" });

    const other = await newOrder();
    const refusals: Array<Parameters<typeof recordOrderDocument>[2]> = [
      { siiType: 40 as never, folio: "1", by: { provider: "openfactura" } },
      { siiType: 39, folio: "0", by: { provider: "openfactura" } },
      { siiType: 39, folio: "F-12", by: { provider: "openfactura" } },
      { siiType: 39, folio: "12", by: { provider: "Open Factura" } },
    ];
    for (const refused of refusals) {
      await expect(recordOrderDocument(db, other.id, refused)).rejects.toBeInstanceOf(
        DocumentRecordRefusedError,
      );
    }
    await expect(
      recordOrderDocument(db, other.id, { siiType: 41, folio: "880", by: { staffUserId: staffId } }),
    ).rejects.toBeInstanceOf(DocumentFolioTakenError);
    expect((await documentOf(other.id)).documentFolio).toBeNull();
  });

  it("lists the paid orders without their document in the orders list and its CSV, and the dashboard counts them", async () => {
    const waiting = await newOrder({ name: "Sin Documento" });
    const issued = await newOrder({ name: "Con Documento" });
    const unpaid = await newOrder({ paid: false, name: "Sin Pagar" });
    expect((await record(issued.id, "39", "9001")).status).toBe(303);

    const all = await open("");
    const filter = all.filters.find((candidate) => candidate.label === "Emisión")!;
    expect(filter.options.map((option) => option.label)).toEqual([
      "Todos",
      "Pagados sin documento",
      "Con documento",
    ]);
    expect(filter.options[1]!.href).toBe("/admin/orders?emision=sin-emitir");

    const missing = numbersIn(await open("?emision=sin-emitir"));
    expect(missing).toContain(waiting.number);
    expect(missing).not.toContain(issued.number);
    expect(missing).not.toContain(unpaid.number);
    expect(missing).toHaveLength(await paidWithoutDocumentCount());
    // Another sort: read through the filter's index and sorted while few, else walking the sort's
    // own index and checking each row (a list that takes one order as many): the same orders.
    const byTotal = numbersIn(await open("?emision=sin-emitir&sort=total&dir=desc"));
    expect([...byTotal].sort()).toEqual([...missing].sort());
    const walking = {
      ...ordersList,
      filters: ordersList.filters.map((entry) =>
        entry.key === "emision" ? { ...entry, fewRows: 1 } : entry,
      ),
    };
    const walked = await listPage(db, walking, new URLSearchParams("emision=sin-emitir&sort=total&dir=desc"));
    expect(walked.rows.map((row) => row.number)).toEqual(byTotal);
    const withDocument = numbersIn(await open("?emision=emitido"));
    expect(withDocument).toContain(issued.number);
    expect(withDocument).not.toContain(waiting.number);

    const { header, rows } = await csv(`?emision=emitido&q=${issued.number}`);
    expect(rows.map((row) => row[header.indexOf("N.º de pedido")])).toEqual([issued.number]);
    expect(rows[0]![header.indexOf("Folio")]).toBe("9001");
    expect((await csv("?emision=sin-emitir")).rows).toHaveLength(missing.length);

    const counted = await paidWithoutDocumentCount();
    expect(await awaitingOnDashboard()).toBe(
      adminDashboardTexts.awaitingDocument(counted.toLocaleString("es-CL")),
    );
    // Recording the waiting order's folio takes it off the filter and the count.
    expect((await record(waiting.id, "39", "9002")).status).toBe(303);
    expect(numbersIn(await open("?emision=sin-emitir"))).not.toContain(waiting.number);
    expect(await paidWithoutDocumentCount()).toBe(counted - 1);
    expect(await awaitingOnDashboard()).toBe(
      counted === 1 ? null : adminDashboardTexts.awaitingDocument((counted - 1).toLocaleString("es-CL")),
    );
  });

  it("finds them through migration 0018's indexes, by date and for the count", async () => {
    // PostgreSQL picks by its statistics (a table scan for these few rows): kept off the table, it
    // must still be able to answer from the partial indexes, whose predicates the filter implies.
    const plan = (query: string) =>
      db.transaction().execute(async (trx) => {
        if (dialect === "postgres") await sql`set local enable_seqscan = off`.execute(trx);
        const explained = await sql<Record<string, string>>`${sql.raw(
          dialect === "sqlite" ? "explain query plan" : "explain",
        )} ${sql.raw(query)}`.execute(trx);
        return explained.rows.map((row) => row.detail ?? row["QUERY PLAN"]).join("\n");
      });
    const filter = ordersList.filters.find((candidate) => candidate.key === "emision")!;
    const missing = filter.options[0]!.where(true).compile(db).sql;
    expect(await plan(`select count(*) from orders where ${missing}`)).toContain(
      "orders_paid_without_document_index",
    );
    expect(
      await plan(`select id from orders where ${missing} order by created_at desc, id desc limit 50`),
    ).toContain("orders_paid_without_document_index");
    const issued = filter.options[1]!.where(true).compile(db).sql;
    expect(await plan(`select count(*) from orders where ${issued}`)).toContain(
      "orders_document_folio_index",
    );
  });
});
