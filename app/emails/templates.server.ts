import type { CompanyInfo } from "~/content/company";
import { legalParagraphText, termsOfService } from "~/content/legal";
import { providerNames } from "~/content/payments";
import {
  deliveryPromise,
  orderProcessingHours,
  quotationReviewTime,
  warrantyMonths,
  withdrawalDays,
  workingHours,
} from "~/content/policies";
import { courierLabel, trackingUrlFor } from "~/content/couriers";
import { getComuna, getRegion } from "~/lib/places";
import { formatCount, formatPrice } from "~/lib/format";
import { initialOrderStatus, orderStatusLabels, type OrderStatus } from "~/lib/order-status";
import { kitCount, lineLabel, linesSummary, type OrderLine } from "~/lib/order-lines";
import type { NewContactMessage } from "~/schemas/contact";
import type { NewOrder } from "~/schemas/order";
import type { NewQuote } from "~/schemas/quote";

/**
 * The notification e-mails of docs/product.md#d19, pure functions of plain data: subject, text and inline-
 * styled HTML, with every value escaped. Customer e-mails end with the seller's identity (D14).
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Every template's context: the public origin (no trailing slash) and the configured seller. */
interface MailContext {
  siteUrl: string;
  /** Not "company": a quotation's `company` is the customer's. */
  seller: CompanyInfo;
}

/**
 * What an order holds, as its e-mails show it: its lines (docs/decisions/067). A message queued
 * before orders had lines names its one kit instead (kitName), and is still written out.
 */
interface OrderedKits {
  lines?: ReadonlyArray<Pick<OrderLine, "kitName" | "quantity" | "unitPrice" | "lineTotal">>;
  /** Before lines: the order's one kit. */
  kitName?: string;
  /** The kits' amount (absent before lines: the total was the kit's price). */
  subtotal?: number;
  total: number;
}

/** An order as the purchase form sent it, plus what createOrder and the catalogue add. */
export interface OrderMailData extends MailContext, Omit<NewOrder, "lines">, OrderedKits {
  /** The order's UUID (the confirmation link). */
  id: string;
  number: string;
  /** Default: the initial status, "Pendiente de pago". */
  status?: OrderStatus;
  createdAt: string | Date;
  /** Shown as "Pagar ahora" while the order is unpaid. */
  paymentUrl?: string | null;
}

/** The statuses whose change the customer is told about (issue 12), each with its e-mail. */
export type NotifiedOrderStatus = "pagado" | "enviado" | "entregado" | "cancelado";

/** An order's status change as its customer's e-mail tells it: the order, the change, and its details. */
export interface OrderStatusMailData extends MailContext, OrderedKits {
  id: string;
  number: string;
  /** The customer's name. */
  name: string;
  shippingKind: NewOrder["shippingKind"];
  /** Outside the continent, the quoted cost (D25); null for orders agreed by hand before quotes. */
  shippingCost?: number | null;
  createdAt: string | Date;
  status: NotifiedOrderStatus;
  changedAt: string | Date;
  /** Enviado: the courier (content/couriers.ts), the name typed for "otro", the tracking number. */
  courier?: string | null;
  courierName?: string | null;
  trackingNumber?: string | null;
  /** Cancelado: the reason staff gave, and whether the order had been paid (the refund note). */
  cancellationReason?: string | null;
  paid?: boolean;
  /**
   * Cancelado: the payment given back through its provider as the order was cancelled
   * (services/payments/refunds.server.ts; docs/decisions/060). Without it, a paid order's refund is
   * made by hand, later.
   */
  refund?: { provider: "webpay" | "flow"; amount: number } | null;
}

export interface QuoteMailData extends MailContext, Omit<NewQuote, "quantity"> {
  /** Absent from the data of a message queued before quotations had it (migration 0015). */
  quantity?: number | null;
  id: string;
  productName: string;
  createdAt: string | Date;
}

export interface ContactMailData extends MailContext, NewContactMessage {
  id?: string;
  createdAt: string | Date;
}

/** The `kind` of each notification in the mail queue. */
export const mailKinds = {
  shopNewOrder: "shop-new-order",
  orderConfirmation: "order-confirmation",
  shopNewQuote: "shop-new-quote",
  quoteConfirmation: "quote-confirmation",
  shopNewContact: "shop-new-contact",
  orderPaid: "order-paid",
  orderShipped: "order-shipped",
  orderDelivered: "order-delivered",
  orderCancelled: "order-cancelled",
  shippingQuoted: "shipping-quoted",
} as const;

/** The e-mail each notified status sends its customer. */
export const orderStatusMailKinds = {
  pagado: mailKinds.orderPaid,
  enviado: mailKinds.orderShipped,
  entregado: mailKinds.orderDelivered,
  cancelado: mailKinds.orderCancelled,
} as const satisfies Record<NotifiedOrderStatus, MailKind>;

type MailKind = (typeof mailKinds)[keyof typeof mailKinds];

export const shippingLabels = {
  free: "Gratis (Chile continental)",
  /** Outside the continent: the cost is quoted by the shop before the customer pays (D25). */
  arranged: "Por cotizar",
} as const;

type Field = readonly [label: string, value: string | null | undefined, options?: { multiline?: boolean }];

/**
 * A message is a list of blocks, rendered once as text and once as escaped HTML. A string is a
 * paragraph; `false` (a condition not met) is left out.
 */
type Block =
  | string
  /** Level 1 (default): the message's title; 2: a section of it. */
  | { type: "heading"; text: string; level?: 2 }
  | { type: "list"; items: readonly string[] }
  | { type: "fields"; fields: readonly Field[] }
  | { type: "button"; label: string; url: string }
  /** `text` is what the reader sees of the link (default: the URL itself). */
  | { type: "link"; label: string; url: string; text?: string }
  | { type: "signature"; lines: readonly string[]; note: string };

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** Customer text meant for one line (names, subjects): line breaks and runs of spaces become one space. */
/** "tus 3 kits" → "Tus 3 kits". */
function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** Only http(s) links are ever rendered; anything else is left out. */
function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const dateFormat = new Intl.DateTimeFormat("es-CL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "America/Santiago",
});

/** "1 de marzo de 2025, 09:00" in Chile's time. */
export function formatMailDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat.format(date).replace(" a las ", ", ");
}

const colors = {
  text: "#1c1917",
  muted: "#57534e",
  brand: "#c2410c",
  border: "#e7e5e4",
  page: "#f5f5f4",
};

const present = (field: Field): field is readonly [string, string, { multiline?: boolean }?] =>
  typeof field[1] === "string" && field[1].trim() !== "";

function renderText(blocks: readonly Block[]): string {
  const parts = blocks.map((block) => {
    if (typeof block === "string") return block;
    switch (block.type) {
      case "heading":
        return block.level === 2
          ? `${block.text}\n${"-".repeat(Math.min(block.text.length, 72))}`
          : block.text;
      case "list":
        return block.items.map((item) => `- ${item}`).join("\n");
      case "fields":
        return block.fields
          .filter(present)
          .map(([label, value, options]) =>
            options?.multiline
              ? `${label}:\n${value
                  .trim()
                  .split(/\r?\n/)
                  .map((line) => `  ${line}`)
                  .join("\n")}`
              : `${label}: ${oneLine(value)}`,
          )
          .join("\n");
      case "button":
        return `${block.label}: ${block.url}`;
      case "link":
        return `${block.label}: ${block.text ?? block.url}`;
      case "signature":
        return ["--", ...block.lines, "", block.note].join("\n");
    }
  });
  return `${parts.join("\n\n")}\n`;
}

function renderHtml(subject: string, blocks: readonly Block[]): string {
  const body = blocks
    .map((block) => {
      if (typeof block === "string") return `<p style="margin:0 0 16px;">${escapeHtml(block)}</p>`;
      switch (block.type) {
        case "heading":
          return block.level === 2
            ? `<h2 style="margin:24px 0 8px;font-size:17px;line-height:1.3;color:${colors.text};">${escapeHtml(block.text)}</h2>`
            : `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${colors.text};">${escapeHtml(block.text)}</h1>`;
        case "list":
          return `<ul style="margin:0 0 16px;padding-left:24px;">${block.items.map((item) => `<li style="margin:0 0 4px;">${escapeHtml(item)}</li>`).join("")}</ul>`;
        case "fields": {
          const rows = block.fields
            .filter(present)
            .map(([label, value, options]) => {
              const shown = options?.multiline ? value.trim() : oneLine(value);
              const style = `padding:6px 0;border-bottom:1px solid ${colors.border};vertical-align:top;`;
              return (
                `<tr><th scope="row" style="${style}padding-right:16px;text-align:left;font-weight:bold;white-space:nowrap;">${escapeHtml(label)}</th>` +
                `<td style="${style}${options?.multiline ? "white-space:pre-wrap;" : ""}">${escapeHtml(shown)}</td></tr>`
              );
            })
            .join("");
          return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px;">${rows}</table>`;
        }
        case "button":
          return (
            `<p style="margin:0 0 16px;"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 20px;` +
            `background:${colors.brand};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px;">${escapeHtml(block.label)}</a></p>`
          );
        case "link":
          return (
            `<p style="margin:0 0 16px;">${escapeHtml(block.label)}: ` +
            `<a href="${escapeHtml(block.url)}" style="color:${colors.brand};">${escapeHtml(block.text ?? block.url)}</a></p>`
          );
        case "signature":
          return (
            `<hr style="border:0;border-top:1px solid ${colors.border};margin:24px 0 16px;">` +
            `<p style="margin:0 0 12px;font-size:13px;color:${colors.muted};">${block.lines.map(escapeHtml).join("<br>")}</p>` +
            `<p style="margin:0;font-size:13px;color:${colors.muted};">${escapeHtml(block.note)}</p>`
          );
      }
    })
    .join("\n");
  return [
    "<!DOCTYPE html>",
    '<html lang="es-CL">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${colors.page};">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;color:${colors.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">`,
    `<p style="margin:0 0 16px;font-size:14px;font-weight:bold;letter-spacing:1px;color:${colors.brand};">LIFEBOX</p>`,
    body,
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The subject is one line of at most 200 characters (the queue's column holds 300). */
function render(subject: string, blocks: ReadonlyArray<Block | false>): RenderedMail {
  const one = oneLine(subject);
  const line = one.length <= 200 ? one : `${one.slice(0, 199).trimEnd()}…`;
  const shown = blocks.filter((block) => block !== false);
  return { subject: line, text: renderText(shown), html: renderHtml(line, shown) };
}

/** The seller's identity, closing every customer e-mail (Ley 19.496, DS 6). */
function sellerSignature({ seller: company, siteUrl }: MailContext): Block {
  return {
    type: "signature",
    lines: [
      company.legalName,
      `RUT: ${company.rut}`,
      `Dirección: ${company.address}`,
      `Correo: ${company.email}`,
      `Teléfono: ${company.phone}`,
      siteUrl,
    ],
    note: `Este es un mensaje automático; por favor no lo respondas. Para cualquier consulta, escríbenos a ${company.email}.`,
  };
}

function shopFooter({ siteUrl }: MailContext): Block {
  return `Aviso automático del sitio ${siteUrl}.`;
}

const hours = workingHours.charAt(0).toLowerCase() + workingHours.slice(1);

function helpParagraph({ seller: company }: MailContext): Block {
  return `¿Tienes dudas? Escríbenos a ${company.email} o llámanos al ${company.phone} (${hours}).`;
}

function placeName(comunaCut: string, regionCut: string): { comuna: string; region: string } {
  return {
    comuna: getComuna(comunaCut)?.name ?? comunaCut,
    region: getRegion(regionCut)?.name ?? regionCut,
  };
}

/** A "reply to the customer" link (the queue has no Reply-To): shows the address, opens a draft. */
function replyLink(label: string, email: string, subject: string): Block {
  return {
    type: "link",
    label,
    url: `mailto:${encodeURI(email)}?subject=${encodeURIComponent(subject)}`,
    text: email,
  };
}

function orderPageUrl(order: Pick<OrderMailData, "siteUrl" | "id">): string {
  return `${order.siteUrl}/pedido/${encodeURIComponent(order.id)}`;
}

/** The order's kits in a few words: "2 × LifeBox Essential, LifeBox Essential Mini". */
function orderedText(order: OrderedKits): string {
  return order.lines ? linesSummary(order.lines) : (order.kitName ?? "");
}

/** The kits of an order as a sentence's subject: "tu LifeBox Essential", or "tus 3 kits". */
function orderedSubject(order: OrderedKits): { one: boolean; words: string } {
  const count = order.lines ? kitCount(order.lines) : 1;
  if (count === 1) return { one: true, words: `tu ${order.lines?.[0]?.kitName ?? order.kitName ?? "kit"}` };
  return { one: false, words: `tus ${formatCount(count)} kits` };
}

/** Each line with its quantity, unit price and amount; the kits' amount when there is more than one. */
function lineFields(order: OrderedKits): Field[] {
  if (!order.lines) return [["Kit", order.kitName]];
  const fields: Field[] = order.lines.map((line) => [
    lineLabel(line),
    line.quantity === 1
      ? formatPrice(line.lineTotal)
      : `${formatPrice(line.lineTotal)} (${formatPrice(line.unitPrice)} c/u)`,
  ]);
  if (order.subtotal !== undefined && (order.lines.length > 1 || order.lines[0]?.quantity !== 1)) {
    fields.push(["Productos", formatPrice(order.subtotal)]);
  }
  return fields;
}

/** The order's number, date, kits, total and shipping, as shown to the shop and to the customer. */
function orderSummaryFields(order: OrderMailData): Field[] {
  return [
    ["Pedido", order.number],
    ["Fecha", formatMailDate(order.createdAt)],
    ...lineFields(order),
    ["Envío", shippingLabels[order.shippingKind]],
    ["Total", formatPrice(order.total)],
  ];
}

/** The tax document an order asks for (D24): "Boleta", or "Factura" with the company it is for. */
function documentFields(order: OrderMailData): Field[] {
  if (order.documentType !== "factura") return [["Documento", "Boleta"]];
  const place = placeName(order.invoiceComuna ?? "", order.invoiceRegion ?? "");
  return [
    ["Documento", "Factura"],
    ["RUT de la empresa", order.invoiceRut],
    ["Razón social", order.invoiceName],
    ["Giro", order.invoiceGiro],
    ["Dirección de facturación", `${oneLine(order.invoiceAddress ?? "")}, ${place.comuna}, ${place.region}`],
    ["Email para la factura", order.invoiceEmail],
  ];
}

/** To the shop: a new order, with everything needed to prepare and ship it. */
export function newOrderForShop(order: OrderMailData): RenderedMail {
  const place = placeName(order.comuna, order.region);
  const status = orderStatusLabels[order.status ?? initialOrderStatus];
  return render(`Nuevo pedido ${order.number}: ${orderedText(order)} (${formatPrice(order.total)})`, [
    { type: "heading", text: `Nuevo pedido ${order.number}` },
    `${oneLine(order.name)} hizo un pedido de ${orderedText(order)} por ${formatPrice(order.total)}. Queda en estado «${status}» hasta que confirmes el pago en el panel de administración.`,
    { type: "fields", fields: [...orderSummaryFields(order), ["Estado", status]] },
    { type: "heading", text: "Cliente y envío" },
    {
      type: "fields",
      fields: [
        ["Nombre", order.name],
        ["RUT", order.rut],
        ["Correo", order.email],
        ["Teléfono", order.phone],
        ["Dirección", order.address],
        ["Comuna", place.comuna],
        ["Región", place.region],
        ["Notas", order.notes, { multiline: true }],
      ],
    },
    { type: "heading", text: "Documento tributario" },
    { type: "fields", fields: documentFields(order) },
    order.shippingKind === "arranged" &&
      "La dirección está fuera de Chile continental: el pedido espera que ingreses el costo de envío en su página del panel; entonces el cliente recibe el total y puede pagar.",
    { type: "link", label: "Página del pedido", url: orderPageUrl(order) },
    replyLink("Responder al cliente", order.email, `Tu pedido ${order.number}`),
    shopFooter(order),
  ]);
}

/** To the customer: the order receipt, with the payment link while it is unpaid. */
export function orderConfirmationForCustomer(order: OrderMailData): RenderedMail {
  const place = placeName(order.comuna, order.region);
  const status = order.status ?? initialOrderStatus;
  const paymentUrl = status === "pendiente_pago" ? safeUrl(order.paymentUrl) : undefined;
  return render(`Recibimos tu pedido ${order.number}: ${orderedText(order)}`, [
    `Hola, ${oneLine(order.name)}:`,
    `¡Gracias por tu compra! Registramos tu pedido ${order.number}. Este es el detalle:`,
    {
      type: "fields",
      fields: [
        ...orderSummaryFields(order),
        ["Plazo de entrega", deliveryPromise],
        ["Estado", orderStatusLabels[status]],
        ["Despacho a", `${oneLine(order.address)}, ${place.comuna}, ${place.region}`],
        ...documentFields(order),
      ],
    },
    order.documentType === "factura" &&
      `Emitiremos la factura con estos datos cuando se confirme el pago y la enviaremos a ${order.invoiceEmail ?? order.email}.`,
    order.shippingKind === "arranged" && shippingQuoteWait(place.comuna),
    // Outside the continent the total is known, and paid, once the shipping is quoted.
    !!paymentUrl && order.shippingKind !== "arranged" && "Si aún no completas el pago, puedes hacerlo aquí:",
    !!paymentUrl &&
      order.shippingKind !== "arranged" && { type: "button", label: "Pagar ahora", url: paymentUrl },
    `Procesamos cada pedido en ${orderProcessingHours} desde la confirmación del pago, y te avisaremos cuando vaya en camino.`,
    { type: "link", label: "Revisa el estado de tu pedido", url: orderPageUrl(order) },
    {
      type: "link",
      label: "Términos y condiciones que aceptaste (garantía, derecho de retracto y sus excepciones)",
      url: `${order.siteUrl}/terminos`,
    },
    helpParagraph(order),
    sellerSignature(order),
  ]);
}

/** What the customer sent with a quotation request, as shown to the shop and to the customer. */
function quoteFields(quote: QuoteMailData, extra: Field[] = []): Field[] {
  return [
    ["Producto", quote.productName],
    ["Cantidad de kits", quote.quantity == null ? undefined : formatCount(quote.quantity)],
    ["Empresa", quote.company],
    ["Nombre", quote.fullName],
    ["Correo", quote.email],
    ["Teléfono", quote.phone],
    ["Ciudad", quote.city],
    ...extra,
    ["Notas adicionales", quote.additionalNotes, { multiline: true }],
  ];
}

/** To the shop: a new quotation request, to be answered within quotationReviewTime. */
export function newQuoteForShop(quote: QuoteMailData): RenderedMail {
  return render(`Nueva cotización: ${quote.productName} para ${quote.company}`, [
    { type: "heading", text: "Nueva solicitud de cotización" },
    `${oneLine(quote.fullName)}, de ${oneLine(quote.company)}, pidió una cotización de ${quote.productName}. Al cliente le dijimos que la revisaremos dentro de ${quotationReviewTime}.`,
    { type: "fields", fields: quoteFields(quote, [["Recibida", formatMailDate(quote.createdAt)]]) },
    replyLink("Responder al cliente", quote.email, `Cotización ${quote.productName}`),
    shopFooter(quote),
  ]);
}

/** To the customer: we got the quotation request; what they sent and what happens next. */
export function quoteConfirmationForCustomer(quote: QuoteMailData): RenderedMail {
  return render(`Recibimos tu solicitud de cotización: ${quote.productName}`, [
    `Hola, ${oneLine(quote.fullName)}:`,
    `Gracias por cotizar con ${quote.seller.brand}. Recibimos tu solicitud y la revisaremos dentro de ${quotationReviewTime}; luego te enviaremos a este correo una cotización formal, con la que podrás generar tu orden de compra.`,
    "Esto es lo que nos enviaste:",
    { type: "fields", fields: quoteFields(quote) },
    helpParagraph(quote),
    sellerSignature(quote),
  ]);
}

/** To the shop: a message from the contact form. */
export function newContactForShop(message: ContactMailData): RenderedMail {
  return render(`Nuevo mensaje de contacto: ${message.subject}`, [
    { type: "heading", text: "Nuevo mensaje de contacto" },
    {
      type: "fields",
      fields: [
        ["Nombre", message.name],
        ["Correo", message.email],
        ["Asunto", message.subject],
        ["Recibido", formatMailDate(message.createdAt)],
        ["Mensaje", message.message, { multiline: true }],
      ],
    },
    replyLink("Responder", message.email, `Re: ${oneLine(message.subject)}`),
    shopFooter(message),
  ]);
}

/** The order's number, kits and total, heading each status e-mail's details. */
function statusOrderFields(order: OrderStatusMailData): Field[] {
  return [["Pedido", order.number], ...lineFields(order), ["Total", formatPrice(order.total)]];
}

function termsLink(order: MailContext): Block {
  return {
    type: "link",
    label: "Términos y condiciones (garantía, derecho de retracto y sus excepciones)",
    url: `${order.siteUrl}/terminos`,
  };
}

/** The Terms and Conditions written out, as the Terms promise with the written confirmation (DS 6). */
function termsCopy(order: MailContext): Block[] {
  const terms = termsOfService(order.seller);
  return [
    { type: "heading", level: 2, text: `Copia de los ${terms.title} (actualizados el ${terms.updated})` },
    terms.intro,
    ...terms.sections.flatMap((section): Block[] => [
      { type: "heading", level: 2, text: section.heading },
      ...section.paragraphs.map((paragraph) => legalParagraphText(paragraph, order.siteUrl)),
      ...(section.list ? [{ type: "list" as const, items: section.list }] : []),
    ]),
  ];
}

/** The shipping of a paid order: free, its quoted cost, or agreed by hand (before quotes). */
function paidShipping(order: OrderStatusMailData): string {
  if (order.shippingKind === "free") return shippingLabels.free;
  return typeof order.shippingCost === "number" ? formatPrice(order.shippingCost) : "Coordinado contigo";
}

/**
 * Pagado: the written confirmation of the purchase the Terms promise once the payment is confirmed,
 * with what happens next, the delivery promise and a copy of the Terms.
 */
export function orderPaidForCustomer(order: OrderStatusMailData): RenderedMail {
  return render(`Pago recibido: confirmamos tu pedido ${order.number}`, [
    `Hola, ${oneLine(order.name)}:`,
    `Recibimos el pago de tu pedido ${order.number}: tu compra quedó confirmada. Este correo es la confirmación escrita de tu compra.`,
    {
      type: "fields",
      fields: [
        ...statusOrderFields(order),
        ["Fecha del pedido", formatMailDate(order.createdAt)],
        ["Pagado", formatMailDate(order.changedAt)],
        ["Envío", paidShipping(order)],
        ["Plazo de entrega", deliveryPromise],
      ],
    },
    `Qué sigue: preparamos tu kit dentro de ${orderProcessingHours} y, cuando lo entreguemos al courier, te enviaremos el número de seguimiento.`,
    // An order outside the continent from before quotes: its shipping is agreed by hand.
    order.shippingKind === "arranged" &&
      (order.shippingCost ?? null) === null &&
      "Tu dirección está fuera de Chile continental: te contactaremos para coordinar el envío.",
    { type: "link", label: "Revisa el estado de tu pedido", url: orderPageUrl(order) },
    termsLink(order),
    helpParagraph(order),
    ...termsCopy(order),
    sellerSignature(order),
  ]);
}

/** Enviado: the courier and the tracking number, with the courier's tracking page when it has one. */
export function orderShippedForCustomer(order: OrderStatusMailData): RenderedMail {
  const courier = courierLabel(order.courier ?? null, order.courierName) ?? "el courier";
  const trackingUrl = safeUrl(trackingUrlFor(order.courier ?? null, order.trackingNumber ?? null));
  const kits = orderedSubject(order);
  return render(`Tu pedido ${order.number} va en camino`, [
    `Hola, ${oneLine(order.name)}:`,
    `¡${capitalized(kits.words)} ${kits.one ? "va" : "van"} en camino! ${kits.one ? "Lo" : "Los"} entregamos a ${courier}.`,
    {
      type: "fields",
      fields: [
        ...statusOrderFields(order),
        ["Courier", courier],
        ["N.º de seguimiento", order.trackingNumber],
        ["Enviado", formatMailDate(order.changedAt)],
        ["Plazo de entrega", deliveryPromise],
      ],
    },
    trackingUrl
      ? { type: "button", label: `Seguir mi envío en ${courier}`, url: trackingUrl }
      : order.trackingNumber
        ? `Puedes seguir tu envío con el número ${oneLine(order.trackingNumber)} en el sitio de ${courier}.`
        : `${courier} te contactará para coordinar la entrega.`,
    "Al recibirlo, revisa que el embalaje esté en buen estado. Si llega dañado o incompleto, avísanos cuanto antes, idealmente con fotografías.",
    { type: "link", label: "Revisa el estado de tu pedido", url: orderPageUrl(order) },
    helpParagraph(order),
    sellerSignature(order),
  ]);
}

/**
 * Entregado: thanks, the warranty and withdrawal the customer now has, and the gallery's invitation (D16).
 */
export function orderDeliveredForCustomer(order: OrderStatusMailData): RenderedMail {
  const kits = orderedSubject(order);
  return render(`Tu pedido ${order.number} fue entregado`, [
    `Hola, ${oneLine(order.name)}:`,
    `${capitalized(kits.words)} ${kits.one ? "fue entregado" : "fueron entregados"}. ¡Gracias por confiar en ${order.seller.brand}!`,
    { type: "fields", fields: [...statusOrderFields(order), ["Entregado", formatMailDate(order.changedAt)]] },
    kits.one
      ? `Tu kit tiene una garantía de ${warrantyMonths} meses, contados desde que lo recibiste, contra defectos de fabricación. Si algo falla, escríbenos a ${order.seller.email} con tu número de pedido y, si puedes, una fotografía.`
      : `Cada kit tiene una garantía de ${warrantyMonths} meses, contados desde que lo recibiste, contra defectos de fabricación. Si algo falla, escríbenos a ${order.seller.email} con tu número de pedido y, si puedes, una fotografía.`,
    `Si ${kits.one ? "el kit no es" : "los kits no son"} lo que esperabas, puedes retractarte dentro de ${withdrawalDays} días desde que lo recibiste, como explican los Términos y condiciones (no aplica a kits personalizados).`,
    termsLink(order),
    `¿Cómo ${kits.one ? "quedó" : "quedaron"} ${kits.words} en tu casa, tu auto o tu bote? Nos encantaría verlo: comparte una foto en la galería de clientes con tu número de pedido y este correo. La publicamos después de revisarla.`,
    { type: "button", label: "Compartir una foto", url: `${order.siteUrl}/galeria/compartir` },
    { type: "link", label: "Revisa el estado de tu pedido", url: orderPageUrl(order) },
    helpParagraph(order),
    sellerSignature(order),
  ]);
}

/** Cancelado: the reason, and the refund when it had been paid. */
export function orderCancelledForCustomer(order: OrderStatusMailData): RenderedMail {
  return render(`Tu pedido ${order.number} fue cancelado`, [
    `Hola, ${oneLine(order.name)}:`,
    `Cancelamos tu pedido ${order.number} (${orderedText(order)}).`,
    {
      type: "fields",
      fields: [
        ...statusOrderFields(order),
        ["Cancelado", formatMailDate(order.changedAt)],
        ["Motivo", order.cancellationReason, { multiline: true }],
      ],
    },
    order.refund
      ? `Devolvimos ${formatPrice(order.refund.amount)} a tu medio de pago (${providerNames[order.refund.provider]}). Según tu banco, puede tardar unos días en verse.`
      : order.paid
        ? `Como ya habías pagado, te devolveremos ${formatPrice(order.total)} por el mismo medio de pago que usaste, a la mayor brevedad. Te avisaremos cuando hagamos la devolución.`
        : `No alcanzamos a recibir tu pago, así que no hay nada que devolver. Si pagaste y no lo registramos, escríbenos a ${order.seller.email} con el comprobante y te devolveremos el monto.`,
    { type: "link", label: "Revisa el estado de tu pedido", url: orderPageUrl(order) },
    helpParagraph(order),
    sellerSignature(order),
  ]);
}

/** What an order outside the continent waits for, in the customer's words (D25). */
export function shippingQuoteWait(comuna: string): string {
  return `Tu dirección está fuera de Chile continental: te enviaremos el costo de envío a ${comuna} dentro de ${quotationReviewTime}, con el total del pedido y el enlace para pagarlo.`;
}

/** The shipping cost of an order outside the continent, as the customer's e-mail tells it. */
export interface ShippingQuoteMailData extends MailContext, OrderedKits {
  id: string;
  number: string;
  /** The customer's name. */
  name: string;
  subtotal: number;
  shippingCost: number;
  total: number;
  comunaCut: string;
}

/** To the customer: the shipping cost is set, here is the total and where to pay it (D25). */
export function shippingQuotedForCustomer(order: ShippingQuoteMailData): RenderedMail {
  const comuna = getComuna(order.comunaCut)?.name ?? "tu comuna";
  return render(`Costo de envío de tu pedido ${order.number}: total ${formatPrice(order.total)}`, [
    `Hola, ${oneLine(order.name)}:`,
    `Ya tenemos el costo de envío a ${comuna} para tu pedido ${order.number}. Este es el total a pagar:`,
    {
      type: "fields",
      fields: [
        ["Pedido", order.number],
        ...lineFields({ ...order, subtotal: undefined }),
        ["Productos", formatPrice(order.subtotal)],
        ["Envío", formatPrice(order.shippingCost)],
        ["Total", formatPrice(order.total)],
      ],
    },
    "Puedes pagarlo ahora desde la página de tu pedido:",
    { type: "button", label: "Pagar ahora", url: orderPageUrl(order) },
    `Procesamos cada pedido en ${orderProcessingHours} desde la confirmación del pago, y te avisaremos cuando vaya en camino.`,
    helpParagraph(order),
    sellerSignature(order),
  ]);
}

/** The customer's e-mail with the shipping cost of their order (D25). */
export function shippingQuoteNotification(order: ShippingQuoteMailData, email: string): Notification {
  return { kind: mailKinds.shippingQuoted, to: email, templateData: order };
}

// Notifications (D19) are queued with their template's data, not the finished message: the mail
// worker writes them out with renderNotification. Through JSON, dates arrive as ISO strings.

const templates: Record<MailKind, (data: never) => RenderedMail> = {
  [mailKinds.shopNewOrder]: newOrderForShop,
  [mailKinds.orderConfirmation]: orderConfirmationForCustomer,
  [mailKinds.shopNewQuote]: newQuoteForShop,
  [mailKinds.quoteConfirmation]: quoteConfirmationForCustomer,
  [mailKinds.shopNewContact]: newContactForShop,
  [mailKinds.orderPaid]: orderPaidForCustomer,
  [mailKinds.orderShipped]: orderShippedForCustomer,
  [mailKinds.orderDelivered]: orderDeliveredForCustomer,
  [mailKinds.orderCancelled]: orderCancelledForCustomer,
  [mailKinds.shippingQuoted]: shippingQuotedForCustomer,
};

/** Writes out a queued notification of `kind` from its template's data; throws for an unknown kind. */
export function renderNotification(kind: string, data: unknown): RenderedMail {
  if (!Object.hasOwn(templates, kind)) throw new Error(`No mail template for the kind "${kind}"`);
  return templates[kind as MailKind](data as never);
}

interface Notification {
  kind: MailKind;
  to: string;
  templateData: unknown;
}

export function orderNotifications(order: OrderMailData, shopEmail: string): Notification[] {
  return [
    { kind: mailKinds.shopNewOrder, to: shopEmail, templateData: order },
    { kind: mailKinds.orderConfirmation, to: order.email, templateData: order },
  ];
}

/** The customer's e-mail about a status change of their order. */
export function orderStatusNotification(change: OrderStatusMailData, email: string): Notification {
  return { kind: orderStatusMailKinds[change.status], to: email, templateData: change };
}

export function quoteNotifications(quote: QuoteMailData, shopEmail: string): Notification[] {
  return [
    { kind: mailKinds.shopNewQuote, to: shopEmail, templateData: quote },
    { kind: mailKinds.quoteConfirmation, to: quote.email, templateData: quote },
  ];
}

/** Only the shop's notice: the customer sees the success message on the page. */
export function contactNotifications(message: ContactMailData, shopEmail: string): Notification[] {
  return [{ kind: mailKinds.shopNewContact, to: shopEmail, templateData: message }];
}
