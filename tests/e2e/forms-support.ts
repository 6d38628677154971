import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { dataDir, paymentsDataDir } from "../../playwright.config";

/**
 * What the form journeys share: the visitor texts they expect (written here as the tests' own truth,
 * copied from the app's content modules and schemas), unique data per test, a stand-in for the
 * external payment site, and read-only looks at what the server stored (its SQLite database) and
 * sent (the .eml files of its outbox).
 */

// --- visitor texts --------------------------------------------------------------------------------

export const messages = {
  noScript:
    "Para enviar este formulario se necesita JavaScript, por la verificación anti-spam. Si lo tienes desactivado, escríbenos por WhatsApp o por correo electrónico:",
  captchaMissing:
    "Falta la verificación anti-spam, que necesita JavaScript. Actívalo e intenta nuevamente, o escríbenos por WhatsApp o correo electrónico.",
  order: {
    name: "El nombre debe tener al menos 2 caracteres.",
    email: "Ingresa un email válido.",
    phone: "El teléfono debe tener al menos 8 dígitos.",
    region: "Selecciona una región.",
    comuna: "Selecciona una comuna de la región elegida.",
    address: "La dirección debe tener al menos 10 caracteres.",
    terms: "Debes aceptar los Términos y condiciones para continuar.",
    invoiceRut: "El RUT de la empresa no es válido: revisa el número y el dígito verificador.",
    linkRefusesQuotedShipping:
      "El envío a esta comuna se cotiza aparte y no podemos cobrarlo con el enlace de pago. Escríbenos para coordinar tu compra.",
  },
  quote: {
    fullName: "El nombre debe tener al menos 2 caracteres.",
    email: "Ingresa un email válido.",
    phone: "Ingresa un número de teléfono válido.",
    company: "Ingresa el nombre de la empresa u organización.",
    city: "Ingresa una ciudad válida.",
    quantity: "Indica cuántos kits necesitas (de 1 a 10.000).",
    quantityWhole: "Indica la cantidad de kits con números, sin decimales (de 1 a 10.000).",
    quantityMin: "Indica al menos 1 kit.",
    quantityMax:
      "Cotizamos hasta 10.000 kits por solicitud. Si necesitas más, cuéntanos en las notas adicionales.",
  },
  contact: {
    name: "Ingresa tu nombre.",
    email: "Ingresa un email válido.",
    subject: "Ingresa el asunto.",
    message: "Escribe tu mensaje.",
  },
  newsletter: { email: "Ingresa un email válido." },
} as const;

export const purchaseTexts = {
  title: (kitName: string) => `Producto ${kitName}`,
  terms: /^Acepto los Términos y condiciones/,
  shippingFree: "Gratis (Chile continental)",
  shippingArranged: "Por cotizar: te lo enviamos antes de pagar (fuera de Chile continental)",
  shippingPending: "Gratis a Chile continental; se confirma al elegir la comuna",
  comunaFirstRegion: "Primero selecciona una región",
  submit: "Proceder al pago",
  submitting: "Enviando…",
  cancel: "Cancelar",
} as const;

export const orderPageTexts = {
  title: "¡Pedido registrado!",
  pending: "Pendiente de pago",
  shippingFree: "Gratis (Chile continental)",
  shippingArranged: "Por cotizar: te enviaremos el costo por correo",
  delivery: "5 a 15 días desde la confirmación del pedido",
  payNow: "Pagar ahora",
  notFound: "Pedido no encontrado",
} as const;

export const quoteTexts = {
  title: "Solicitar cotización",
  submit: "Solicitar cotización",
  toastTitle: "Cotización recibida",
  toastText: (name: string) => `Gracias, ${name}. Te enviaremos los detalles pronto.`,
} as const;

export const contactTexts = {
  submit: "Enviar mensaje",
  success: "¡Mensaje enviado correctamente!",
} as const;

export const newsletterTexts = {
  label: "Email",
  submit: "Suscribirme",
  submitting: "Enviando...",
  success: "¡Gracias por suscribirte!",
  unsubscribed: "Listo: te diste de baja del boletín de LifeBox. No volverás a recibir nuestros correos.",
} as const;

/** The shop's address (the example default; the test server sets no SHOP_EMAIL). */
export const shopEmail = "contacto@lifebox.example";

/** The kits the journeys buy or quote: names and prices (CLP) as the catalogue shows them. */
export const kits = {
  essential: { id: "essential", name: "LifeBox Essential", price: 219990, priceText: "$219.990" },
  expedition: { id: "expedition", name: "LifeBox Expedition", price: 289990, priceText: "$289.990" },
  nautical: { id: "nautical", name: "LifeBox Nautical", price: 349990, priceText: "$349.990" },
  "industry-mini": {
    id: "industry-mini",
    name: "LifeBox Industry Mini",
    price: 185990,
    priceText: "$185.990",
  },
  "nautical-mini": {
    id: "nautical-mini",
    name: "LifeBox Nautical Mini",
    price: 199990,
    priceText: "$199.990",
  },
} as const;

export const orderNumberPattern = /^LB-[A-HJKMNP-Z2-9]{6}$/;
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Submissions solve the real captcha and store the row: generous, but bounded. */
export const submitTimeout = 15_000;

/** Runs axe (WCAG 2.0/2.1 A and AA, as accessibility.spec.ts does) and lists each violating node. */
export async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );
  expect(lines, `axe violations on ${label}`).toEqual([]);
}

// --- unique data ----------------------------------------------------------------------------------

/** An address no other test (or earlier run) uses: "compra-lx3k9a-7f2c@correo.example". */
export function uniqueEmail(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${random}@correo.example`;
}

// --- fields ---------------------------------------------------------------------------------------

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The field is marked invalid and its message is shown and tied to it: visible, and part of the
 * control's accessible description (aria-describedby).
 */
export async function expectFieldError(control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const page = control.page();
  // An id reference resolves to the first element with that id, as the browser does.
  const byId = (id: string) => page.locator(`[id="${id}"]`).first();
  const texts = await Promise.all(ids.map((id) => byId(id).textContent()));
  expect(texts.map((text) => text?.trim())).toContain(message);
  await expect(byId(ids[texts.findIndex((text) => text?.trim() === message)]!)).toBeVisible();
}

/** The field is no longer marked invalid. */
export async function expectFieldValid(control: Locator) {
  await expect(control).not.toHaveAttribute("aria-invalid", "true");
}

// --- purchase -------------------------------------------------------------------------------------

export interface PurchaseData {
  name: string;
  email: string;
  phone: string;
  region: string;
  comuna: string;
  address: string;
  rut?: string;
  notes?: string;
}

export function purchaseData(prefix: string, overrides: Partial<PurchaseData> = {}): PurchaseData {
  return {
    name: "Camila Rojas Soto",
    email: uniqueEmail(prefix),
    phone: "+56 9 8765 4321",
    region: "13",
    comuna: "13101",
    address: "Av. Libertador Bernardo O'Higgins 1234, depto 56",
    ...overrides,
  };
}

/** The purchase form's controls, inside the dialog or on /comprar/{id}. */
export function purchaseFields(scope: Locator | Page) {
  return {
    name: scope.getByLabel("Nombre completo", { exact: true }),
    email: scope.getByLabel("Email", { exact: true }),
    phone: scope.getByLabel("Teléfono", { exact: true }),
    region: scope.getByLabel("Región", { exact: true }),
    comuna: scope.getByLabel("Comuna", { exact: true }),
    address: scope.getByLabel("Dirección de despacho", { exact: true }),
    // The person's RUT, not the company's of a factura ("RUT de la empresa").
    rut: scope.getByLabel(/^RUT(?! de la empresa)/),
    notes: scope.getByLabel(/^Notas/),
    terms: scope.getByLabel(purchaseTexts.terms),
    submit: scope.getByRole("button", { name: purchaseTexts.submit }),
    // "Documento" (D24): boleta, the default, or factura with the company's data.
    boleta: scope.getByRole("radio", { name: "Boleta" }),
    factura: scope.getByRole("radio", { name: /^Factura/ }),
    invoice: scope.getByRole("group", { name: "Datos para la factura (solo si eliges factura)" }),
    invoiceRut: scope.getByLabel("RUT de la empresa", { exact: true }),
    invoiceName: scope.getByLabel("Razón social", { exact: true }),
    invoiceGiro: scope.getByLabel("Giro", { exact: true }),
    invoiceAddress: scope.getByLabel("Dirección de facturación", { exact: true }),
    invoiceRegion: scope.getByLabel("Región de facturación", { exact: true }),
    invoiceComuna: scope.getByLabel("Comuna de facturación", { exact: true }),
    invoiceEmail: scope.getByLabel("Email para la factura", { exact: true }),
  };
}

export async function fillPurchaseForm(scope: Locator | Page, data: PurchaseData) {
  const fields = purchaseFields(scope);
  await fields.name.fill(data.name);
  await fields.email.fill(data.email);
  await fields.phone.fill(data.phone);
  await fields.region.selectOption(data.region);
  await fields.comuna.selectOption(data.comuna);
  await fields.address.fill(data.address);
  if (data.rut !== undefined) await fields.rut.fill(data.rut);
  if (data.notes !== undefined) await fields.notes.fill(data.notes);
  await fields.terms.check();
}

/** The page that stands in for the external payment site in the tests. */
export const paymentStubHeading = "Pasarela de pago de prueba";

/** Answers every request to the example payment site with a small local page. */
export async function stubPaymentSite(context: BrowserContext) {
  await context.route("https://pago.lifebox.example/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pago</title></head><body><h1>${paymentStubHeading}</h1></body></html>`,
    }),
  );
}

// --- quotation and contact ------------------------------------------------------------------------

export interface QuoteData {
  fullName: string;
  email: string;
  phone: string;
  company: string;
  city: string;
  /** "Cantidad de kits" as typed ("25", "1.500"). */
  quantity: string;
  additionalNotes?: string;
}

export function quoteData(prefix: string, overrides: Partial<QuoteData> = {}): QuoteData {
  return {
    fullName: "Rodrigo Fuentes",
    email: uniqueEmail(prefix),
    phone: "+56 2 2345 6789",
    company: "Constructora Andes Ltda.",
    city: "Antofagasta",
    quantity: "25",
    additionalNotes: "Para faenas en altura.",
    ...overrides,
  };
}

export function quoteFields(scope: Locator | Page) {
  return {
    fullName: scope.getByLabel("Nombre completo", { exact: true }),
    email: scope.getByLabel("Email", { exact: true }),
    phone: scope.getByLabel("Teléfono", { exact: true }),
    company: scope.getByLabel("Empresa u organización", { exact: true }),
    city: scope.getByLabel("Ciudad", { exact: true }),
    quantity: scope.getByLabel("Cantidad de kits", { exact: true }),
    additionalNotes: scope.getByLabel(/^Notas adicionales/),
    submit: scope.getByRole("button", { name: quoteTexts.submit }),
  };
}

export async function fillQuoteForm(scope: Locator | Page, data: QuoteData) {
  const fields = quoteFields(scope);
  await fields.fullName.fill(data.fullName);
  await fields.email.fill(data.email);
  await fields.phone.fill(data.phone);
  await fields.company.fill(data.company);
  await fields.city.fill(data.city);
  await fields.quantity.fill(data.quantity);
  if (data.additionalNotes !== undefined) await fields.additionalNotes.fill(data.additionalNotes);
}

export interface ContactData {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function contactData(prefix: string, overrides: Partial<ContactData> = {}): ContactData {
  return {
    name: "Valentina Muñoz",
    email: uniqueEmail(prefix),
    subject: `Consulta por despacho ${Math.random().toString(36).slice(2, 8)}`,
    message: "Hola, ¿despachan a Punta Arenas? Necesito dos kits antes de fin de mes.",
    ...overrides,
  };
}

export function contactFields(scope: Locator | Page) {
  return {
    name: scope.getByLabel("Nombre", { exact: true }),
    email: scope.getByLabel("Email", { exact: true }),
    subject: scope.getByLabel("Asunto", { exact: true }),
    message: scope.getByLabel("Mensaje", { exact: true }),
    submit: scope.getByRole("button", { name: contactTexts.submit }),
  };
}

export async function fillContactForm(scope: Locator | Page, data: ContactData) {
  const fields = contactFields(scope);
  await fields.name.fill(data.name);
  await fields.email.fill(data.email);
  await fields.subject.fill(data.subject);
  await fields.message.fill(data.message);
}

/** The newsletter form in the page's footer. */
export function footerNewsletter(page: Page) {
  const form = page.locator("footer form#boletin");
  return {
    form,
    email: form.getByLabel(newsletterTexts.label, { exact: true }),
    submit: form.getByRole("button", { name: /^(Suscribirme|Enviando\.\.\.)$/ }),
  };
}

// --- the server's database (read-only) ------------------------------------------------------------

const databaseFile = path.join(dataDir, "lifebox.sqlite");

/**
 * Opens the test server's SQLite database for `work` and closes it after. The server writes to it at
 * the same time; on a loaded CI machine one of its transactions can hold the write lock for seconds,
 * so a test waits up to 30 s for it rather than failing with "database is locked".
 */
export function withShopDatabase<T>(
  work: (db: Database.Database) => T,
  { readonly = false, file = databaseFile } = {},
): T {
  const db = new Database(file, { readonly, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 30000");
    return work(db);
  } finally {
    db.close();
  }
}

/** Runs one read-only query against the test server's SQLite database. */
export function queryRows<Row = Record<string, unknown>>(sql: string, ...params: unknown[]): Row[] {
  return withShopDatabase((db) => db.prepare(sql).all(...params) as Row[], { readonly: true });
}

/** Runs one read-only query against the database of the shop paid through Webpay (paymentsBaseURL). */
export function paymentsShopRows<Row = Record<string, unknown>>(sql: string, ...params: unknown[]): Row[] {
  return withShopDatabase((db) => db.prepare(sql).all(...params) as Row[], {
    readonly: true,
    file: path.join(paymentsDataDir, "lifebox.sqlite"),
  });
}

export type Table = "orders" | "quotes" | "contact_messages" | "subscribers";

/** How many rows of `table` have this e-mail. */
export function countByEmail(table: Table, email: string): number {
  const [row] = queryRows<{ count: number }>(`select count(*) as count from ${table} where email = ?`, email);
  return row?.count ?? 0;
}

export interface OrderRow {
  id: string;
  number: string;
  /** The lines written out ("2 × LifeBox Essential, …"); the lines themselves: orderLinesOf. */
  lines_summary: string;
  kit_count: number;
  shipping_kind: string;
  total: number;
  status: string;
  customer_name: string;
  email: string;
  phone: string;
  region_cut: string;
  comuna_cut: string;
  address: string;
  rut: string | null;
  notes: string | null;
  terms_accepted_at: string;
  document_type: string;
  invoice_rut: string | null;
  invoice_name: string | null;
  invoice_giro: string | null;
  invoice_address: string | null;
  invoice_region_cut: string | null;
  invoice_comuna_cut: string | null;
  invoice_email: string | null;
}

export function ordersByEmail(email: string): OrderRow[] {
  return queryRows<OrderRow>("select * from orders where email = ?", email);
}

export interface OrderLineRow {
  kit_id: string;
  kit_name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}

/** An order's lines as stored, in their order. */
export function orderLinesOf(orderId: string): OrderLineRow[] {
  return queryRows<OrderLineRow>(
    "select kit_id, kit_name, unit_price, quantity, line_total from order_lines where order_id = ? order by position",
    orderId,
  );
}

/** A total under an order's lines on the page ("Productos", "Envío", "Total"): its value's cell. */
export function orderLinesTotal(page: Page, label: string): Locator {
  return page
    .getByRole("main")
    .locator("tfoot tr")
    .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) })
    .getByRole("cell");
}

/** The line of a kit in the order's table on the page: its row (price, quantity, total cells). */
export function orderLineRow(page: Page, kitName: string): Locator {
  return page
    .getByRole("main")
    .locator("tbody tr")
    .filter({ has: page.getByRole("rowheader", { name: kitName, exact: true }) });
}

export interface QuoteRow {
  id: string;
  product_id: string;
  product_name: string;
  full_name: string;
  email: string;
  phone: string;
  company: string;
  city: string;
  quantity: number | null;
  additional_notes: string | null;
}

export function quotesByEmail(email: string): QuoteRow[] {
  return queryRows<QuoteRow>("select * from quotes where email = ?", email);
}

export interface ContactRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function contactMessagesByEmail(email: string): ContactRow[] {
  return queryRows<ContactRow>("select * from contact_messages where email = ?", email);
}

export interface SubscriberRow {
  id: string;
  email: string;
  unsubscribe_token: string;
}

/** Subscribers whose address is `email` in any letter case. */
export function subscribersLike(email: string): SubscriberRow[] {
  return queryRows<SubscriberRow>("select * from subscribers where lower(email) = lower(?)", email.trim());
}

// --- the server's outbox --------------------------------------------------------------------------

const outboxDir = path.join(dataDir, "outbox");

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
}

/** Decodes RFC 2047 encoded words ("=?UTF-8?Q?Cotizaci=C3=B3n?="). */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The decoded text/plain content of a (possibly multipart) MIME entity. */
function plainText(part: Part): string {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith("--")) break;
      const text = plainText(parsePart(piece.replace(/^\r?\n/, "")));
      if (text) return text;
    }
    return "";
  }
  if (!/^text\/plain/i.test(type)) return "";
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

/** Every message the server has written to its outbox so far. */
export function readOutbox(directory = outboxDir): Mail[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => {
      const file = path.join(directory, name);
      const part = parsePart(fs.readFileSync(file, "utf8"));
      return {
        file,
        to: decodeHeader(part.headers.get("to") ?? ""),
        subject: decodeHeader(part.headers.get("subject") ?? ""),
        text: plainText(part),
      };
    });
}

/** Waits (the mail worker sends shortly after the commit) for the one message matching `match`. */
export async function waitForMail(
  match: (mail: Mail) => boolean,
  timeout = 10_000,
  directory = outboxDir,
): Promise<Mail> {
  let found: Mail[] = [];
  await expect
    .poll(
      () => {
        found = readOutbox(directory).filter(match);
        return found.length;
      },
      { timeout, message: "e-mail in the outbox" },
    )
    .toBe(1);
  return found[0]!;
}
