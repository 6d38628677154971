import fs from "node:fs";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { submissionMessages } from "~/content/forms";
import { paymentTexts } from "~/content/payments";
import { getKit } from "~/content/kits";
import type { FormName, SubmissionReply } from "~/lib/submission";
import { createCaptchaChallenge, getCaptchaSettings } from "~/services/captcha.server";
import { setDatabase, type Db, type DbHandle } from "~/infra/db.server";
import { examplePaymentLink } from "~/infra/env.server";
import { renderNotification } from "~/emails/templates.server";
import * as contact from "./contact";
import * as newsletter from "./newsletter";
import * as purchase from "./purchase";
import * as quote from "./quote";
import * as unsubscribe from "./unsubscribe";
import * as root from "../../root";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";

/**
 * The public forms end to end below the HTTP server: real Requests into the real route actions, the
 * real checks (rate limit verdict, body, honeypot, schema, ALTCHA, single use), the real models and a
 * real migrated database of every dialect under test. (The rate limit itself is counted by the
 * Express server: server/app.test.ts.)
 *
 * The configuration is read once per process (getEnv), so it is set before anything reads it.
 */
const testEnv = vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dataDir = mkdtempSync(join(tmpdir(), "lifebox-forms-test-"));
  const values = {
    DATA_DIR: dataDir,
    CAPTCHA_SECRET: "f0".repeat(32),
    CAPTCHA_DIFFICULTY: "50",
    FORM_RATE_LIMIT: "5",
    SHOP_NOTIFY_EMAIL: "tienda@lifebox.test",
    SMTP_URL: "",
    PAYMENT_LINK_ESSENTIAL: "",
    PAYMENT_LINK_NAUTICAL_MINI: "",
    // The link-only shop (docs/decisions/059): checkout through a provider is
    // app/routes/site/payments.test.ts.
    PAYMENT_PROVIDER: "link",
    LOG_LEVEL: "silent",
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return values;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  fs.rmSync((await testEnv).DATA_DIR, { recursive: true, force: true });
});

// --- helpers ------------------------------------------------------------------------------------

const shopEmail = "tienda@lifebox.test";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const orderNumber = /^LB-[A-HJ-KM-NP-Z2-9]{6}$/;

let sequence = 0;
/** A value no other test uses, so rows can be told apart. */
const unique = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;
const uniqueEmail = (name: string) => `${name}.${unique()}@example.cl`;
/** A fresh visitor IP per use, so one test's posts never count against another's. */
const nextIp = () => `198.51.100.${(++sequence % 250) + 1}`;

/** The `altcha` field of a freshly solved challenge of `form`, as the browser's widget posts it. */
async function captchaPayload(form: FormName, now?: Date): Promise<string> {
  const challenge = await createCaptchaChallenge(getCaptchaSettings(), form, now);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("The test challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

type Fields = Record<string, string>;

/** A form post as a browser sends it: urlencoded by default, multipart on request. */
function formPost(path: string, fields: Fields, { multipart = false } = {}): Request {
  const url = `http://localhost${path}`;
  if (!multipart) return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(url, { method: "POST", body });
}

/**
 * What React Router hands an action or loader: the server adds the nonce, the IP and the rate
 * limiter's verdict.
 */
function routeArgs<Args>(
  request: Request,
  params: Record<string, string> = {},
  clientIp = nextIp(),
  formRateLimited = false,
): Args {
  return { request, params, context: { cspNonce: "n", clientIp, formRateLimited } } as unknown as Args;
}

interface Answer {
  status: number;
  location: string | null;
  headers?: Headers;
  body: SubmissionReply | undefined;
}

/**
 * An action's answer in one shape: a redirect (Response), React Router's data() (a
 * DataWithResponseInit with `data` and `init`), or a plain object (200).
 */
function statusAndBody(result: unknown): Answer {
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("location"),
      headers: result.headers,
      body: undefined,
    };
  }
  if (
    typeof result === "object" &&
    result !== null &&
    (result as { type?: unknown }).type === "DataWithResponseInit"
  ) {
    const { data, init } = result as { data: Answer["body"]; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, body: data };
  }
  return { status: 200, location: null, body: result as Answer["body"] };
}

const withHoneypot = (fields: Fields): Fields => ({ website: "", ...fields });

/** The page a form is posted to: the kit named in the form when it is one, else Essential's. */
function pageKit(id: string | undefined): string {
  return id !== undefined && getKit(id) ? id : "essential";
}

async function postOrder(
  fields: Fields,
  { ip = nextIp(), multipart = false, urlKit = pageKit(fields.kitId), rateLimited = false } = {},
) {
  const request = formPost(`/comprar/${urlKit}`, fields, { multipart });
  return statusAndBody(await purchase.action(routeArgs(request, { kitId: urlKit }, ip, rateLimited)));
}

async function postQuote(fields: Fields, ip = nextIp()) {
  const urlKit = pageKit(fields.productId);
  const request = formPost(`/cotizar/${urlKit}`, fields);
  return statusAndBody(await quote.action(routeArgs(request, { kitId: urlKit }, ip)));
}

async function postContact(fields: Fields, ip = nextIp()) {
  return statusAndBody(await contact.action(routeArgs(formPost("/contacto", fields), {}, ip)));
}

async function postNewsletter(fields: Fields, ip = nextIp()) {
  return statusAndBody(await newsletter.action(routeArgs(formPost("/newsletter", fields), {}, ip)));
}

/** A complete purchase-data form as the page posts it (untrimmed, as people type). */
async function orderFields(overrides: Fields = {}): Promise<Fields> {
  return withHoneypot({
    // Names the page posted to (postOrder); the form's own kit field is not read.
    kitId: "essential",
    quantity: "1",
    name: "  Ana Pérez Soto ",
    email: ` ${uniqueEmail("ana")} `,
    phone: " +56 9 1234 5678 ",
    region: "13",
    comuna: "13101",
    address: "  Av. Libertador Bernardo O'Higgins 1234, depto. 56 ",
    rut: " 123456785 ",
    notes: "  Dejar en conserjería ",
    acceptTerms: "on",
    altcha: await captchaPayload("order"),
    ...overrides,
  });
}

async function quoteFields(overrides: Fields = {}): Promise<Fields> {
  return withHoneypot({
    productId: "essential",
    fullName: "  Carla Muñoz ",
    email: ` ${uniqueEmail("carla")} `,
    phone: " +56 2 2345 6789 ",
    company: " Constructora Andes SpA ",
    city: " Concepción ",
    quantity: " 1.200 ",
    additionalNotes: "  Entrega en marzo. ",
    altcha: await captchaPayload("quote"),
    ...overrides,
  });
}

async function contactFields(overrides: Fields = {}): Promise<Fields> {
  return withHoneypot({
    name: "  Pedro Soto ",
    email: ` ${uniqueEmail("pedro")} `,
    subject: " Consulta por despacho ",
    message: "  ¿Despachan a Punta Arenas?\nGracias. ",
    altcha: await captchaPayload("contact"),
    ...overrides,
  });
}

async function newsletterFields(overrides: Fields = {}): Promise<Fields> {
  return withHoneypot({
    email: ` ${uniqueEmail("Sub").toUpperCase()} `,
    altcha: await captchaPayload("newsletter"),
    ...overrides,
  });
}

const tables = [
  "orders",
  "orderLines",
  "orderStatusChanges",
  "quotes",
  "contactMessages",
  "subscribers",
  "mailQueue",
  "usedCaptchaChallenges",
] as const;
type Table = (typeof tables)[number];

async function countRows(db: Db, table: Table): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n);
}

/** How many rows each table holds: "nothing stored" means this does not change. */
async function rowCounts(db: Db): Promise<Record<Table, number>> {
  const counts = await Promise.all(tables.map((table) => countRows(db, table)));
  return Object.fromEntries(tables.map((table, i) => [table, counts[i]])) as Record<Table, number>;
}

async function mailIds(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom("mailQueue").select("id").execute()).map((row) => row.id));
}

/** The e-mails queued since `before`, sorted by kind, with their text as the mail worker writes it. */
async function mailSince(db: Db, before: Set<string>) {
  const rows = await db
    .selectFrom("mailQueue")
    .select(["id", "kind", "toAddress", "subject", "textBody", "templateData", "status", "sentAt"])
    .execute();
  return rows
    .filter((row) => !before.has(row.id))
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map(({ id: _id, templateData, textBody, ...row }) => ({
      ...row,
      text: templateData ? renderNotification(row.kind, JSON.parse(templateData)).text : textBody,
    }));
}

/** Installs the test database as the process's database for the block's tests. */
function useAsProcessDatabase(database: () => DbHandle) {
  const holder = globalThis as typeof globalThis & { __lifeboxDb?: DbHandle };
  let previous: DbHandle | undefined;
  beforeAll(() => {
    previous = holder.__lifeboxDb;
    setDatabase(database());
  });
  afterAll(() => {
    // Only forget it here: the database itself is dropped by useMigratedDatabase.
    holder.__lifeboxDb = previous;
  });
}

// --- the tests ----------------------------------------------------------------------------------

describe.each(dialectsUnderTest)("customer forms on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it("uses the test configuration", () => {
    expect(getCaptchaSettings()).toEqual({ secret: "f0".repeat(32), difficulty: 50 });
  });

  describe("purchase (order)", () => {
    it("orders the kit of the page, whatever kit the form names", async () => {
      const fields = await orderFields({ kitId: "industry" });
      const answer = await postOrder(fields, { urlKit: "essential-mini" });
      expect(answer.status).toBe(303);
      const row = await db
        .selectFrom("orderLines")
        .select(["kitId", "unitPrice", "quantity"])
        .where("orderId", "=", answer.location!.replace("/pedido/", ""))
        .execute();
      expect(row).toEqual([
        { kitId: "essential-mini", unitPrice: getKit("essential-mini")!.price, quantity: 1 },
      ]);
    });

    it("answers 404 for a page of no kit and stores nothing", async () => {
      const before = await rowCounts(db);
      await expect(postOrder(await orderFields(), { urlKit: "deluxe" })).rejects.toMatchObject({
        init: { status: 404 },
      });
      expect(await rowCounts(db)).toEqual(before);
    });

    it("stores a plain form post exactly and redirects to the order page", async () => {
      const fields = await orderFields({
        // Whatever else is posted is ignored; the price comes from the catalogue.
        price: "1",
        unitPrice: "1",
        total: "1",
        kitName: "Gratis",
        status: "pagado",
        shippingKind: "free",
        id: "00000000-0000-4000-8000-000000000000",
      });
      const email = fields.email!.trim();
      const mailBefore = await mailIds(db);
      const before = await rowCounts(db);

      const answer = await postOrder(fields);

      expect(answer.status).toBe(303);
      expect(answer.body).toBeUndefined();
      const id = /^\/pedido\/(.+)$/.exec(answer.location ?? "")?.[1];
      expect(id).toMatch(uuid);

      const row = await db.selectFrom("orders").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
      const kit = getKit("essential")!;
      expect(row).toEqual({
        id,
        number: expect.stringMatching(orderNumber),
        linesSummary: kit.name,
        kitCount: 1,
        shippingKind: "free",
        total: kit.price,
        status: "pendiente_pago",
        customerName: "Ana Pérez Soto",
        email,
        phone: "+56 9 1234 5678",
        regionCut: "13",
        comunaCut: "13101",
        address: "Av. Libertador Bernardo O'Higgins 1234, depto. 56",
        rut: "12.345.678-5",
        notes: "Dejar en conserjería",
        termsAcceptedAt: expect.stringMatching(isoTime),
        createdAt: expect.stringMatching(isoTime),
        updatedAt: expect.stringMatching(isoTime),
        // Set only when shipped or cancelled.
        courier: null,
        courierName: null,
        trackingNumber: null,
        cancellationReason: null,
        paidBy: null,
        subtotal: kit.price,
        shippingCost: 0,
        shippingQuotedAt: null,
        shippingQuotedBy: null,
        // A boleta (the default, D24): no company, nothing issued yet.
        documentType: "boleta",
        invoiceRut: null,
        invoiceName: null,
        invoiceGiro: null,
        invoiceAddress: null,
        invoiceRegionCut: null,
        invoiceComunaCut: null,
        invoiceEmail: null,
        documentSiiType: null,
        documentFolio: null,
        documentIssuedAt: null,
        documentRecordedBy: null,
        documentProvider: null,
      });
      expect(kit.price).toBe(219990);
      expect(row.termsAcceptedAt).toBe(row.createdAt);
      expect(await db.selectFrom("orderLines").selectAll().where("orderId", "=", id!).execute()).toEqual([
        {
          orderId: id,
          position: 1,
          kitId: "essential",
          kitName: kit.name,
          unitPrice: kit.price,
          quantity: 1,
          lineTotal: kit.price,
        },
      ]);

      const changes = await db
        .selectFrom("orderStatusChanges")
        .selectAll()
        .where("orderId", "=", id!)
        .execute();
      expect(changes).toEqual([
        {
          id: expect.stringMatching(uuid),
          orderId: id,
          fromStatus: null,
          toStatus: "pendiente_pago",
          changedBy: null,
          changedAt: row.createdAt,
          mailId: null,
          undoes: null,
          paymentMeans: null,
          paymentReference: null,
        },
      ]);

      const mails = await mailSince(db, mailBefore);
      expect(
        mails.map(({ kind, toAddress, status, sentAt }) => ({ kind, toAddress, status, sentAt })),
      ).toEqual([
        { kind: "order-confirmation", toAddress: email, status: "pending", sentAt: null },
        { kind: "shop-new-order", toAddress: shopEmail, status: "pending", sentAt: null },
      ]);
      for (const mail of mails) expect(mail.text).toContain(row.number);

      expect(await rowCounts(db)).toEqual({
        ...before,
        orders: before.orders + 1,
        orderLines: before.orderLines + 1,
        orderStatusChanges: before.orderStatusChanges + 1,
        mailQueue: before.mailQueue + 2,
        usedCaptchaChallenges: before.usedCaptchaChallenges + 1,
      });
    });

    it("stores blank optional fields as null", async () => {
      const fields = await orderFields({ kitId: "nautical-mini", rut: "   ", notes: "" });
      const answer = await postOrder(fields);
      expect(answer.status).toBe(303);
      const id = answer.location!.replace("/pedido/", "");
      const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const kit = getKit("nautical-mini")!;
      expect(row).toMatchObject({
        linesSummary: kit.name,
        total: kit.price,
        shippingKind: "free",
        rut: null,
        notes: null,
        status: "pendiente_pago",
      });
    });

    it("refuses, with payment links only, more than one kit (a link charges one kit's price), storing nothing", async () => {
      const fields = await orderFields({ quantity: "2" });
      const before = await rowCounts(db);
      const answer = await postOrder(fields);
      expect(answer.status).toBe(422);
      expect(answer.body?.result.error).toEqual({ quantity: [paymentTexts.linkRefusesQuantity] });
      expect(await rowCounts(db)).toEqual(before);
    });

    it.each(["0", "21", "2.5", "-1", "dos", ""])(
      "refuses the quantity %j with a Spanish message under the field, storing nothing",
      async (quantity) => {
        const before = await rowCounts(db);
        const answer = await postOrder(await orderFields({ quantity }));
        expect(answer.status).toBe(400);
        expect(answer.body?.result.error).toEqual({ quantity: ["Ingresa una cantidad de 1 a 20 kits."] });
        expect(await rowCounts(db)).toEqual(before);
      },
    );

    it("refuses, with payment links only, a shipping to be quoted (Isla de Pascua), storing nothing", async () => {
      const fields = await orderFields({ kitId: "nautical-mini", region: "05", comuna: "05201" });
      const answer = await postOrder(fields);
      expect(answer.status).toBe(422);
      expect(answer.body?.result.error).toEqual({ comuna: [paymentTexts.linkRefusesQuotedShipping] });
      // The typed values come back for a page without JavaScript.
      expect(answer.body?.result.initialValue).toMatchObject({ email: fields.email });
      const stored = await db
        .selectFrom("orders")
        .select("id")
        .where("email", "=", fields.email!.trim())
        .execute();
      expect(stored).toEqual([]);
    });

    it("reads a multipart post the same way", async () => {
      const fields = await orderFields();
      const answer = await postOrder(fields, { multipart: true });
      expect(answer.status).toBe(303);
      const row = await db
        .selectFrom("orders")
        .select(["email", "customerName"])
        .where("id", "=", answer.location!.replace("/pedido/", ""))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: fields.email!.trim(), customerName: "Ana Pérez Soto" });
    });

    it("sends the order's payment link in the customer's e-mail", async () => {
      const fields = await orderFields();
      const mailBefore = await mailIds(db);
      const answer = await postOrder(fields);
      expect(answer.status).toBe(303);
      const { number } = await db
        .selectFrom("orders")
        .select("number")
        .where("id", "=", answer.location!.replace("/pedido/", ""))
        .executeTakeFirstOrThrow();
      const paymentUrl = examplePaymentLink("essential").replace("{pedido}", number);
      expect(paymentUrl).toBe(`https://pago.lifebox.example/essential?pedido=${number}`);
      const receipt = (await mailSince(db, mailBefore)).find((mail) => mail.kind === "order-confirmation");
      expect(receipt?.text).toContain(paymentUrl);
    });

    it("refuses a replayed captcha with 403 and stores nothing", async () => {
      const altcha = await captchaPayload("order");
      expect((await postOrder(await orderFields({ altcha }))).status).toBe(303);
      const before = await rowCounts(db);

      const replay = await postOrder(await orderFields({ altcha }));
      expect(replay.status).toBe(403);
      expect(replay.body).toMatchObject({
        status: "error",
        formMessage: submissionMessages.captchaInvalid,
        captchaRejected: true,
        result: { status: "error", error: { "": [submissionMessages.captchaInvalid] } },
      });
      // Also from another IP, and on another form (for which it was never valid).
      expect((await postOrder(await orderFields({ altcha }))).status).toBe(403);
      expect((await postContact(await contactFields({ altcha }))).status).toBe(403);
      expect(await rowCounts(db)).toEqual(before);
    });

    it("accepts a captcha only once when two posts race with it", async () => {
      const altcha = await captchaPayload("order");
      const before = await rowCounts(db);
      const answers = await Promise.all([
        postOrder(await orderFields({ altcha })),
        postOrder(await orderFields({ altcha })),
        postOrder(await orderFields({ altcha })),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([303, 403, 403]);
      expect(await rowCounts(db)).toEqual({
        ...before,
        orders: before.orders + 1,
        orderLines: before.orderLines + 1,
        orderStatusChanges: before.orderStatusChanges + 1,
        mailQueue: before.mailQueue + 2,
        usedCaptchaChallenges: before.usedCaptchaChallenges + 1,
      });
    });

    it("stores nothing, and keeps the captcha, when storing fails (503)", async () => {
      const altcha = await captchaPayload("order");
      const before = await rowCounts(db);
      // Make queueing the e-mails fail: the order written just before must go too.
      await sql`alter table mail_queue rename to mail_queue_away`.execute(db);
      let answer: Answer;
      try {
        answer = await postOrder(await orderFields({ altcha }));
      } finally {
        await sql`alter table mail_queue_away rename to mail_queue`.execute(db);
      }
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        status: "error",
        formMessage: "Ocurrió un error al intentar crear la orden. Intenta nuevamente.",
      });
      expect(await rowCounts(db)).toEqual(before);
      expect((await postOrder(await orderFields({ altcha }))).status).toBe(303);
    });

    it("refuses a missing captcha with 403 and the Spanish message, storing nothing", async () => {
      const before = await rowCounts(db);
      const { altcha: _altcha, ...withoutCaptcha } = await orderFields();
      const missing = await postOrder(withoutCaptcha);
      expect(missing.status).toBe(403);
      expect(missing.body).toMatchObject({
        status: "error",
        formMessage: submissionMessages.captchaMissing,
        captchaRejected: true,
      });
      expect(submissionMessages.captchaMissing).toBe(
        "Falta la verificación anti-spam, que necesita JavaScript. Actívalo e intenta nuevamente, o escríbenos por WhatsApp o correo electrónico.",
      );
      const empty = await postOrder(await orderFields({ altcha: "" }));
      expect(empty.status).toBe(403);
      expect(empty.body?.formMessage).toBe(submissionMessages.captchaMissing);
      expect(await rowCounts(db)).toEqual(before);
    });

    it("refuses a tampered, foreign or expired captcha with 403, storing nothing", async () => {
      const before = await rowCounts(db);
      const decoded = JSON.parse(Buffer.from(await captchaPayload("order"), "base64").toString("utf8")) as {
        challenge: unknown;
        solution: { counter: number; derivedKey: string };
      };
      const key = decoded.solution.derivedKey;
      decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
      const tampered = Buffer.from(JSON.stringify(decoded)).toString("base64");
      const expired = await captchaPayload("order", new Date(Date.now() - 11 * 60_000));
      const otherForm = await captchaPayload("newsletter");

      for (const altcha of [tampered, "garbage", Buffer.from("{}").toString("base64"), expired, otherForm]) {
        const answer = await postOrder(await orderFields({ altcha }));
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({
          formMessage: submissionMessages.captchaInvalid,
          captchaRejected: true,
        });
      }
      expect(await rowCounts(db)).toEqual(before);
    });

    it("refuses a filled honeypot with 400 and stores nothing", async () => {
      const before = await rowCounts(db);
      const altcha = await captchaPayload("order");
      const filled = await postOrder(await orderFields({ website: "https://spam.example", altcha }));
      expect(filled.status).toBe(400);
      expect(filled.body).toMatchObject({ status: "error", formMessage: submissionMessages.honeypot });
      expect(await rowCounts(db)).toEqual(before);
      // The captcha was not used up by the refusal.
      expect((await postOrder(await orderFields({ altcha }))).status).toBe(303);
    });

    it("refuses a missing honeypot with 400 and stores nothing", async () => {
      const before = await rowCounts(db);
      const { website: _website, ...withoutHoneypot } = await orderFields();
      const answer = await postOrder(withoutHoneypot);
      expect(answer.status).toBe(400);
      expect(answer.body?.formMessage).toBe(submissionMessages.honeypot);
      expect(await rowCounts(db)).toEqual(before);
    });

    it("answers invalid fields with 400 and the schema's Spanish messages, keeping the captcha", async () => {
      const altcha = await captchaPayload("order");
      const before = await rowCounts(db);
      const { acceptTerms: _acceptTerms, ...withoutTerms } = await orderFields({
        altcha,
        name: " A ",
        phone: "1234567",
        address: "Calle 1",
        region: "13",
        comuna: "05201",
        rut: "12.345.678-9",
      });
      const answer = await postOrder(withoutTerms);

      expect(answer.status).toBe(400);
      expect(answer.body?.status).toBe("error");
      expect(answer.body?.result.status).toBe("error");
      expect(answer.body?.result.error).toEqual({
        name: ["El nombre debe tener al menos 2 caracteres."],
        phone: ["El teléfono debe tener al menos 8 dígitos."],
        address: ["La dirección debe tener al menos 10 caracteres."],
        rut: ["Ingresa un RUT válido (por ejemplo, 12.345.678-5)."],
        acceptTerms: ["Debes aceptar los Términos y condiciones para continuar."],
        comuna: ["Selecciona una comuna de la región elegida."],
      });
      // The typed values come back for the form to keep them.
      expect(answer.body?.result.initialValue).toMatchObject({ name: " A ", phone: "1234567" });
      expect(answer.body?.captchaRejected).toBeUndefined();
      expect(await rowCounts(db)).toEqual(before);

      // The same captcha still works once the fields are right.
      const fixed = await postOrder(await orderFields({ altcha }));
      expect(fixed.status).toBe(303);
      expect(await countRows(db, "orders")).toBe(before.orders + 1);
    });

    it.each([
      ["a fractional quantity", { quantity: "1.5" }, "quantity", "Ingresa una cantidad de 1 a 20 kits."],
      ["a bad e-mail", { email: "ana@" }, "email", "Ingresa un email válido."],
      [
        "letters in the phone",
        { phone: "nueve 12345678" },
        "phone",
        "El teléfono solo puede tener números, espacios y el signo + al inicio.",
      ],
      ["an unknown región", { region: "99" }, "region", "Selecciona una región."],
      [
        "terms not accepted",
        { acceptTerms: "off" },
        "acceptTerms",
        "Debes aceptar los Términos y condiciones para continuar.",
      ],
    ])("answers %s with 400 and its message", async (_label, overrides: Fields, field, message) => {
      const before = await rowCounts(db);
      const answer = await postOrder(await orderFields(overrides));
      expect(answer.status).toBe(400);
      expect(answer.body?.result.error?.[field]).toEqual([message]);
      expect(await rowCounts(db)).toEqual(before);
    });

    describe("documento: boleta or factura (issue 23, D24)", () => {
      /** A company's factura data as typed: loosely, a RUT without dots. */
      const company: Fields = {
        documentType: "factura",
        invoiceRut: " 76086428-5 ",
        invoiceName: " Comercial Austral SpA ",
        invoiceGiro: " Venta de artículos de seguridad ",
        invoiceAddress: " Av. Apoquindo 4500, oficina 12 ",
        invoiceRegion: "13",
        invoiceComuna: "13114",
        invoiceEmail: " facturas@austral.cl ",
      };
      const storedDocument = (id: string) =>
        db
          .selectFrom("orders")
          .select([
            "documentType",
            "invoiceRut",
            "invoiceName",
            "invoiceGiro",
            "invoiceAddress",
            "invoiceRegionCut",
            "invoiceComunaCut",
            "invoiceEmail",
            "documentFolio",
            "documentIssuedAt",
          ])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();

      it("stores a factura with every field of the company, the RUT written the Chilean way, and both e-mails say so", async () => {
        const mailBefore = await mailIds(db);
        const answer = await postOrder(await orderFields(company));
        expect(answer.status).toBe(303);
        expect(await storedDocument(answer.location!.replace("/pedido/", ""))).toEqual({
          documentType: "factura",
          invoiceRut: "76.086.428-5",
          invoiceName: "Comercial Austral SpA",
          invoiceGiro: "Venta de artículos de seguridad",
          invoiceAddress: "Av. Apoquindo 4500, oficina 12",
          invoiceRegionCut: "13",
          invoiceComunaCut: "13114",
          invoiceEmail: "facturas@austral.cl",
          documentFolio: null,
          documentIssuedAt: null,
        });
        const mails = await mailSince(db, mailBefore);
        expect(mails).toHaveLength(2);
        for (const mail of mails) {
          expect(mail.text).toContain("Documento: Factura\n");
          expect(mail.text).toContain("RUT de la empresa: 76.086.428-5\n");
          expect(mail.text).toContain("Razón social: Comercial Austral SpA\n");
        }
      });

      it("stores a boleta when nothing is chosen, and none of the company fields a boleta posts", async () => {
        const plain = await postOrder(await orderFields());
        expect((await storedDocument(plain.location!.replace("/pedido/", ""))).documentType).toBe("boleta");
        const back = await postOrder(
          await orderFields({ ...company, documentType: "boleta", invoiceRut: "1-1" }),
        );
        expect(back.status).toBe(303);
        expect(await storedDocument(back.location!.replace("/pedido/", ""))).toMatchObject({
          documentType: "boleta",
          invoiceRut: null,
          invoiceName: null,
          invoiceEmail: null,
        });
      });

      it.each([
        [
          "invoiceRut",
          "76.086.428-4",
          "El RUT de la empresa no es válido: revisa el número y el dígito verificador.",
        ],
        ["invoiceRut", "", "Ingresa el RUT de la empresa (por ejemplo, 76.123.456-0)."],
        ["invoiceName", "", "Ingresa la razón social de la empresa."],
        ["invoiceGiro", " ", "Ingresa el giro de la empresa."],
        ["invoiceAddress", "", "Ingresa la dirección de facturación (al menos 5 caracteres)."],
        ["invoiceRegion", "", "Selecciona la región de facturación."],
        ["invoiceComuna", "", "Selecciona la comuna de facturación de la región elegida."],
        ["invoiceComuna", "05101", "Selecciona la comuna de facturación de la región elegida."],
        ["invoiceEmail", "", "Ingresa un email válido para recibir la factura."],
        ["invoiceEmail", "facturas@", "Ingresa un email válido para recibir la factura."],
      ])(
        "refuses a factura's %s %j with 400 and its message, storing nothing",
        async (field, value, message) => {
          const before = await rowCounts(db);
          const answer = await postOrder(await orderFields({ ...company, [field]: value }));
          expect(answer.status).toBe(400);
          expect(answer.body?.result.error).toEqual({ [field]: [message] });
          expect(await rowCounts(db)).toEqual(before);
        },
      );
    });

    it("refuses a post the rate limiter counted over the limit with 429, storing nothing", async () => {
      const before = await rowCounts(db);
      const altcha = await captchaPayload("order");
      const refused = await postOrder(await orderFields({ altcha }), { rateLimited: true });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status: "error", formMessage: submissionMessages.rateLimited });
      expect(await rowCounts(db)).toEqual(before);
      // The refused post did not use up its captcha.
      expect((await postOrder(await orderFields({ altcha }))).status).toBe(303);
    });

    it("refuses an oversized body with 413, storing nothing", async () => {
      const before = await rowCounts(db);
      const answer = await postOrder(await orderFields({ notes: "ñ".repeat(35 * 1024) }));
      expect(answer.status).toBe(413);
      expect(answer.body?.formMessage).toBe(submissionMessages.tooLarge);
      expect(await rowCounts(db)).toEqual(before);
    });

    it("refuses JSON with 415 and a malformed multipart body with 400", async () => {
      const before = await rowCounts(db);
      const json = new Request("http://localhost/comprar/essential", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(await orderFields()),
      });
      const jsonAnswer = statusAndBody(await purchase.action(routeArgs(json, { kitId: "essential" })));
      expect(jsonAnswer.status).toBe(415);
      expect(jsonAnswer.body?.formMessage).toBe(submissionMessages.malformed);

      const broken = new Request("http://localhost/comprar/essential", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=----lifebox" },
        body: '------lifebox\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna',
      });
      const brokenAnswer = statusAndBody(await purchase.action(routeArgs(broken, { kitId: "essential" })));
      expect(brokenAnswer.status).toBe(400);
      expect(brokenAnswer.body?.formMessage).toBe(submissionMessages.malformed);
      expect(await rowCounts(db)).toEqual(before);
    });
  });

  describe("quotation", () => {
    it("stores a plain form post exactly, queues two e-mails and redirects to the thanks page with its toast", async () => {
      const fields = await quoteFields();
      const email = fields.email!.trim();
      const mailBefore = await mailIds(db);
      const answer = await postQuote(fields);

      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/gracias?producto=essential&tipo=cotizacion");
      // The thank-you page shows the toast of docs/product.md#spec-8 once (root loader).
      const cookie = answer.headers!.getSetCookie()[0]!.split(";")[0]!;
      const thanks = await root.loader(
        routeArgs(new Request("http://localhost/gracias", { headers: { cookie } })),
      );
      expect((thanks as { data: { toast: unknown } }).data.toast).toEqual({
        kind: "success",
        title: "Cotización recibida",
        description: "Gracias, Carla Muñoz. Te enviaremos los detalles pronto.",
      });

      const row = await db
        .selectFrom("quotes")
        .selectAll()
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        id: expect.stringMatching(uuid),
        productId: "essential",
        productName: getKit("essential")!.name,
        fullName: "Carla Muñoz",
        email,
        phone: "+56 2 2345 6789",
        company: "Constructora Andes SpA",
        city: "Concepción",
        quantity: 1200,
        additionalNotes: "Entrega en marzo.",
        createdAt: expect.stringMatching(isoTime),
        answeredAt: null,
      });
      const mails = await mailSince(db, mailBefore);
      expect(mails.map(({ kind, toAddress }) => ({ kind, toAddress }))).toEqual([
        { kind: "quote-confirmation", toAddress: email },
        { kind: "shop-new-quote", toAddress: shopEmail },
      ]);
      // Both e-mails say how many kits, as Chile writes the number.
      for (const mail of mails) expect(mail.text).toContain("Cantidad de kits: 1.200\n");
    });

    it("stores blank notes as null, for the kit of the page", async () => {
      const fields = await quoteFields({ additionalNotes: "   ", productId: "nautical-mini" });
      const email = fields.email!.trim();
      const answer = await postQuote(fields);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/gracias?producto=nautical-mini&tipo=cotizacion");
      const row = await db
        .selectFrom("quotes")
        .select(["productId", "productName", "additionalNotes"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        productId: "nautical-mini",
        productName: getKit("nautical-mini")!.name,
        additionalNotes: null,
      });
    });

    it.each([
      ["0", "Indica al menos 1 kit."],
      ["-3", "Indica al menos 1 kit."],
      [
        "10001",
        "Cotizamos hasta 10.000 kits por solicitud. Si necesitas más, cuéntanos en las notas adicionales.",
      ],
      ["2.5", "Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."],
      ["2,5", "Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."],
      ["abc", "Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."],
      ["", "Indica cuántos kits necesitas (de 1 a 10.000)."],
      ["   ", "Indica cuántos kits necesitas (de 1 a 10.000)."],
    ])(
      "answers the quantity %j with 400 and its Spanish message, storing nothing",
      async (quantity, message) => {
        const before = await rowCounts(db);
        const answer = await postQuote(await quoteFields({ quantity }));
        expect(answer.status).toBe(400);
        expect(answer.body?.result.error).toEqual({ quantity: [message] });
        // The typed value comes back, so a page without JavaScript shows it again (Conform leaves out "").
        expect(answer.body?.result.initialValue?.quantity).toBe(quantity || undefined);
        expect(await rowCounts(db)).toEqual(before);
      },
    );

    it("answers a form without the quantity (an old page still open) with 400, storing nothing", async () => {
      const before = await rowCounts(db);
      const { quantity: _quantity, ...withoutQuantity } = await quoteFields();
      const answer = await postQuote(withoutQuantity);
      expect(answer.status).toBe(400);
      expect(answer.body?.result.error).toEqual({
        quantity: ["Indica cuántos kits necesitas (de 1 a 10.000)."],
      });
      expect(await rowCounts(db)).toEqual(before);
    });

    it("stores 10,000 kits typed with a Chilean thousands separator", async () => {
      const fields = await quoteFields({ quantity: "10.000" });
      const answer = await postQuote(fields);
      expect(answer.status).toBe(303);
      const row = await db
        .selectFrom("quotes")
        .select("quantity")
        .where("email", "=", fields.email!.trim())
        .executeTakeFirstOrThrow();
      expect(row.quantity).toBe(10_000);
    });

    it("answers invalid fields with 400 and stores nothing", async () => {
      const before = await rowCounts(db);
      const answer = await postQuote(await quoteFields({ company: "", phone: "12", productId: "x" }));
      expect(answer.status).toBe(400);
      expect(answer.body?.result.error).toEqual({
        phone: ["Ingresa un número de teléfono válido."],
        company: ["Ingresa el nombre de la empresa u organización."],
        productId: ["El producto no es válido. Recarga la página e intenta nuevamente."],
      });
      expect(await rowCounts(db)).toEqual(before);
    });
  });

  describe("contact", () => {
    it("stores the message exactly, queues one e-mail to the shop and answers success", async () => {
      const fields = await contactFields();
      const email = fields.email!.trim();
      const mailBefore = await mailIds(db);
      const answer = await postContact(fields);

      expect(answer.status).toBe(200);
      expect(answer.location).toBeNull();
      // The Conform result that resets the form.
      expect(answer.body).toMatchObject({ status: "success", result: { initialValue: null } });

      const row = await db
        .selectFrom("contactMessages")
        .selectAll()
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        id: expect.stringMatching(uuid),
        name: "Pedro Soto",
        email,
        subject: "Consulta por despacho",
        message: "¿Despachan a Punta Arenas?\nGracias.",
        createdAt: expect.stringMatching(isoTime),
        answeredAt: null,
      });
      const mails = await mailSince(db, mailBefore);
      expect(mails.map(({ kind, toAddress }) => ({ kind, toAddress }))).toEqual([
        { kind: "shop-new-contact", toAddress: shopEmail },
      ]);
    });

    it("answers a missing subject with 400 and its message, storing nothing", async () => {
      const before = await rowCounts(db);
      const { subject: _subject, ...withoutSubject } = await contactFields();
      const answer = await postContact(withoutSubject);
      expect(answer.status).toBe(400);
      expect(answer.body?.result.error).toEqual({ subject: ["Ingresa el asunto."] });
      expect(await rowCounts(db)).toEqual(before);
    });

    it("refuses a 70 KB message with 413, storing nothing", async () => {
      const before = await rowCounts(db);
      const answer = await postContact(await contactFields({ message: "a".repeat(70 * 1024) }));
      expect(answer.status).toBe(413);
      expect(answer.body?.formMessage).toBe(submissionMessages.tooLarge);
      expect(await rowCounts(db)).toEqual(before);
    });
  });

  describe("newsletter", () => {
    it("stores the e-mail trimmed and lower-cased, once; subscribing again is a quiet success", async () => {
      const fields = await newsletterFields();
      const email = fields.email!.trim().toLowerCase();
      expect(fields.email).not.toBe(email);
      const mailBefore = await mailIds(db);

      const first = await postNewsletter(fields);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: "success", result: { initialValue: null } });
      const rows = await db.selectFrom("subscribers").selectAll().where("email", "=", email).execute();
      expect(rows).toEqual([
        {
          id: expect.stringMatching(uuid),
          email,
          unsubscribeToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          createdAt: expect.stringMatching(isoTime),
          consentedAt: rows[0]!.createdAt,
        },
      ]);

      // Again, in another spelling and with a new captcha: the same answer, the same row.
      const again = await postNewsletter(await newsletterFields({ email: email.toUpperCase() }));
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ status: "success" });
      expect(await db.selectFrom("subscribers").selectAll().where("email", "=", email).execute()).toEqual(
        rows,
      );
      expect(await mailSince(db, mailBefore)).toEqual([]);
    });

    it("answers an invalid e-mail with 400, storing nothing", async () => {
      const before = await rowCounts(db);
      const answer = await postNewsletter(await newsletterFields({ email: "no-es-un-email" }));
      expect(answer.status).toBe(400);
      expect(answer.body?.result.error).toEqual({ email: ["Ingresa un email válido."] });
      expect(await rowCounts(db)).toEqual(before);
    });
  });

  describe("unsubscribe", () => {
    async function subscribed(): Promise<{ email: string; token: string }> {
      const fields = await newsletterFields();
      expect((await postNewsletter(fields)).status).toBe(200);
      const email = fields.email!.trim().toLowerCase();
      const row = await db
        .selectFrom("subscribers")
        .select("unsubscribeToken")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return { email, token: row.unsubscribeToken };
    }

    const link = (token: string) => `http://localhost/newsletter/baja?token=${encodeURIComponent(token)}`;
    const open = async (url: string) => unsubscribe.loader(routeArgs(new Request(url)));

    it("removes the subscription the link belongs to, once", async () => {
      const { email, token } = await subscribed();
      const other = await subscribed();

      expect(await open(link(token))).toEqual({ removed: true });
      expect(await db.selectFrom("subscribers").select("id").where("email", "=", email).execute()).toEqual(
        [],
      );
      expect(await open(link(token))).toEqual({ removed: false });
      // Nobody else is touched.
      expect(
        await db.selectFrom("subscribers").select("email").where("email", "=", other.email).execute(),
      ).toEqual([{ email: other.email }]);
    });

    it("answers removed: false for a malformed, unknown or missing token", async () => {
      await subscribed();
      const before = await countRows(db, "subscribers");
      expect(await open(link("abc"))).toEqual({ removed: false });
      expect(await open(link("A".repeat(43)))).toEqual({ removed: false });
      expect(await open(link("' or 1=1 --"))).toEqual({ removed: false });
      expect(await open("http://localhost/newsletter/baja")).toEqual({ removed: false });
      expect(await countRows(db, "subscribers")).toBe(before);
    });

    it("works as a one-click POST too", async () => {
      const { email, token } = await subscribed();
      const request = new Request(link(token), {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      });
      expect(await unsubscribe.action(routeArgs(request))).toEqual({ removed: true });
      expect(await db.selectFrom("subscribers").select("id").where("email", "=", email).execute()).toEqual(
        [],
      );
      const again = new Request(link(token), { method: "POST" });
      expect(await unsubscribe.action(routeArgs(again))).toEqual({ removed: false });
    });
  });
});
