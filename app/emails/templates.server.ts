import type { CompanyInfo } from "~/content/company";
import {
  deliveryPromise,
  orderProcessingHours,
  quotationReviewHours,
  workingHours,
} from "~/content/policies";
import { getComuna, getRegion } from "~/lib/chile";
import { formatPrice } from "~/lib/format";
import { initialOrderStatus, orderStatusLabels, type OrderStatus } from "~/lib/order-status";
import type { NewContactMessage } from "~/schemas/contact";
import type { NewOrder } from "~/schemas/order";
import type { NewQuote } from "~/schemas/quote";

/**
 * The notification e-mails of DECISIONS D19, as pure functions of plain data: each returns the
 * subject, a plain-text body and a simple inline-styled HTML body. Every value that reaches the HTML
 * is escaped (customer text included), and customer e-mails end with the seller's identity (D14).
 * Texts are Chilean Spanish, addressing the customer as "tú" like the site.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What every template needs besides the submission itself. */
export interface MailContext {
  /** Public origin without a trailing slash, e.g. "https://lifebox.cl" (env SITE_URL). */
  siteUrl: string;
  /**
   * The configured seller data (env `company`). Called "seller" because a quotation's `company` is
   * the customer's company.
   */
  seller: CompanyInfo;
}

/** An order as the purchase form sent it, plus what createOrder and the catalogue add. */
export interface OrderMailData extends MailContext, Omit<NewOrder, "kitId"> {
  /** The order's UUID (the confirmation link). */
  id: string;
  /** The short number, e.g. "LB-7K3F9Q". */
  number: string;
  kitName: string;
  /** Total in whole CLP, as stored. */
  total: number;
  /** Default: the initial status, "Pendiente de pago". */
  status?: OrderStatus;
  createdAt: string | Date;
  /** The kit's external payment page, shown as "Pagar ahora" while the order is unpaid. */
  paymentUrl?: string | null;
}

/** A quotation request as the form sent it, plus what createQuote adds. */
export interface QuoteMailData extends MailContext, NewQuote {
  id: string;
  productName: string;
  createdAt: string | Date;
}

/** A contact message as the form sent it. */
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
} as const;

export type MailKind = (typeof mailKinds)[keyof typeof mailKinds];

export const shippingLabels = {
  free: "Gratis (Chile continental)",
  arranged: "Por coordinar con el cliente",
} as const;

// ---------------------------------------------------------------------------------------------------
// Rendering: a message is a list of blocks, rendered once as text and once as escaped HTML.

type Field = readonly [label: string, value: string | null | undefined, options?: { multiline?: boolean }];

type Block =
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string }
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
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

const maxSubjectLength = 200;

/** One line, at most maxSubjectLength characters (the queue's column holds 300). */
function subjectLine(value: string): string {
  const line = oneLine(value);
  return line.length <= maxSubjectLength ? line : `${line.slice(0, maxSubjectLength - 1).trimEnd()}…`;
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
    switch (block.type) {
      case "heading":
        return block.text;
      case "paragraph":
        return block.text;
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
      switch (block.type) {
        case "heading":
          return `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${colors.text};">${escapeHtml(block.text)}</h1>`;
        case "paragraph":
          return `<p style="margin:0 0 16px;">${escapeHtml(block.text)}</p>`;
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

function render(subject: string, blocks: readonly Block[]): RenderedMail {
  const line = subjectLine(subject);
  return { subject: line, text: renderText(blocks), html: renderHtml(line, blocks) };
}

// ---------------------------------------------------------------------------------------------------
// Shared pieces.

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
  return { type: "paragraph", text: `Aviso automático del sitio ${siteUrl}.` };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function helpParagraph({ seller: company }: MailContext): Block {
  return {
    type: "paragraph",
    text: `¿Tienes dudas? Escríbenos a ${company.email} o llámanos al ${company.phone} (${lowerFirst(workingHours)}).`,
  };
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

// ---------------------------------------------------------------------------------------------------
// The templates.

/** The order's number, date, kit, total and shipping, as shown to the shop and to the customer. */
function orderSummaryFields(order: OrderMailData): Field[] {
  return [
    ["Pedido", order.number],
    ["Fecha", formatMailDate(order.createdAt)],
    ["Kit", order.kitName],
    ["Total", formatPrice(order.total)],
    ["Envío", shippingLabels[order.shippingKind]],
  ];
}

/** To the shop: a new order, with everything needed to prepare and ship it. */
export function newOrderForShop(order: OrderMailData): RenderedMail {
  const place = placeName(order.comuna, order.region);
  const status = order.status ?? initialOrderStatus;
  const blocks: Block[] = [
    { type: "heading", text: `Nuevo pedido ${order.number}` },
    {
      type: "paragraph",
      text: `${oneLine(order.name)} hizo un pedido de ${order.kitName} por ${formatPrice(order.total)}. Queda en estado «${orderStatusLabels[status]}» hasta que confirmes el pago en el panel de administración.`,
    },
    {
      type: "fields",
      fields: [...orderSummaryFields(order), ["Estado", orderStatusLabels[status]]],
    },
    { type: "heading", text: "Cliente y despacho" },
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
  ];
  if (order.shippingKind === "arranged") {
    blocks.push({
      type: "paragraph",
      text: "La dirección está fuera de Chile continental: contacta al cliente para coordinar el envío.",
    });
  }
  blocks.push(
    { type: "link", label: "Página del pedido", url: orderPageUrl(order) },
    replyLink("Responder al cliente", order.email, `Tu pedido ${order.number}`),
    shopFooter(order),
  );
  return render(`Nuevo pedido ${order.number}: ${order.kitName} (${formatPrice(order.total)})`, blocks);
}

/** To the customer: the order receipt, with the payment link while it is unpaid. */
export function orderConfirmationForCustomer(order: OrderMailData): RenderedMail {
  const place = placeName(order.comuna, order.region);
  const status = order.status ?? initialOrderStatus;
  const paymentUrl = status === "pendiente_pago" ? safeUrl(order.paymentUrl) : undefined;
  const blocks: Block[] = [
    { type: "paragraph", text: `Hola, ${oneLine(order.name)}:` },
    {
      type: "paragraph",
      text: `¡Gracias por tu compra! Registramos tu pedido ${order.number}. Este es el detalle:`,
    },
    {
      type: "fields",
      fields: [
        ...orderSummaryFields(order),
        ["Plazo de entrega", deliveryPromise],
        ["Estado", orderStatusLabels[status]],
        ["Despacho a", `${oneLine(order.address)}, ${place.comuna}, ${place.region}`],
      ],
    },
  ];
  if (order.shippingKind === "arranged") {
    blocks.push({
      type: "paragraph",
      text: "Tu dirección está fuera de Chile continental: te contactaremos para coordinar el envío.",
    });
  }
  if (paymentUrl) {
    blocks.push(
      { type: "paragraph", text: "Si aún no completas el pago, puedes hacerlo aquí:" },
      { type: "button", label: "Pagar ahora", url: paymentUrl },
    );
  }
  blocks.push(
    {
      type: "paragraph",
      text: `Procesamos cada pedido en ${orderProcessingHours} desde la confirmación del pago, y te avisaremos cuando vaya en camino.`,
    },
    { type: "link", label: "Revisa el estado de tu pedido", url: orderPageUrl(order) },
    {
      type: "link",
      label: "Términos y Condiciones que aceptaste (garantía, derecho de retracto y sus excepciones)",
      url: `${order.siteUrl}/terminos`,
    },
    helpParagraph(order),
    sellerSignature(order),
  );
  return render(`Recibimos tu pedido ${order.number}: ${order.kitName}`, blocks);
}

/** What the customer sent with a quotation request, as shown to the shop and to the customer. */
function quoteFields(quote: QuoteMailData, extra: Field[] = []): Field[] {
  return [
    ["Producto", quote.productName],
    ["Empresa", quote.company],
    ["Nombre", quote.fullName],
    ["Correo", quote.email],
    ["Teléfono", quote.phone],
    ["Ciudad", quote.city],
    ...extra,
    ["Comentarios", quote.additionalNotes, { multiline: true }],
  ];
}

/** To the shop: a new quotation request, to be answered within quotationReviewHours. */
export function newQuoteForShop(quote: QuoteMailData): RenderedMail {
  const blocks: Block[] = [
    { type: "heading", text: "Nueva solicitud de cotización" },
    {
      type: "paragraph",
      text: `${oneLine(quote.fullName)}, de ${oneLine(quote.company)}, pidió una cotización de ${quote.productName}. Al cliente le dijimos que la revisaremos dentro de ${quotationReviewHours} horas.`,
    },
    {
      type: "fields",
      fields: quoteFields(quote, [["Recibida", formatMailDate(quote.createdAt)]]),
    },
    replyLink("Responder al cliente", quote.email, `Cotización ${quote.productName}`),
    shopFooter(quote),
  ];
  return render(`Nueva cotización: ${quote.productName} para ${quote.company}`, blocks);
}

/** To the customer: we got the quotation request; what they sent and what happens next. */
export function quoteConfirmationForCustomer(quote: QuoteMailData): RenderedMail {
  const blocks: Block[] = [
    { type: "paragraph", text: `Hola, ${oneLine(quote.fullName)}:` },
    {
      type: "paragraph",
      text: `Gracias por cotizar con ${quote.seller.brand}. Recibimos tu solicitud y la revisaremos dentro de ${quotationReviewHours} horas; luego te enviaremos a este correo una cotización formal, con la que podrás generar tu orden de compra.`,
    },
    { type: "paragraph", text: "Esto es lo que nos enviaste:" },
    {
      type: "fields",
      fields: quoteFields(quote),
    },
    helpParagraph(quote),
    sellerSignature(quote),
  ];
  return render(`Recibimos tu solicitud de cotización: ${quote.productName}`, blocks);
}

/** To the shop: a message from the contact form. */
export function newContactForShop(message: ContactMailData): RenderedMail {
  const blocks: Block[] = [
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
  ];
  return render(`Nuevo mensaje de contacto: ${message.subject}`, blocks);
}

// ---------------------------------------------------------------------------------------------------
// Notifications (DECISIONS D19), queued by the models inside the submission's
// transaction. They carry their template's data, not the finished message: the mail worker writes
// them out with renderNotification when it sends them.
// The data goes through JSON, so its dates arrive as ISO strings, which every template accepts.

const templates: Record<MailKind, (data: never) => RenderedMail> = {
  [mailKinds.shopNewOrder]: newOrderForShop,
  [mailKinds.orderConfirmation]: orderConfirmationForCustomer,
  [mailKinds.shopNewQuote]: newQuoteForShop,
  [mailKinds.quoteConfirmation]: quoteConfirmationForCustomer,
  [mailKinds.shopNewContact]: newContactForShop,
};

/** Writes out a queued notification of `kind` from its template's data; throws for an unknown kind. */
export function renderNotification(kind: string, data: unknown): RenderedMail {
  if (!Object.hasOwn(templates, kind)) throw new Error(`No mail template for the kind "${kind}"`);
  return templates[kind as MailKind](data as never);
}

/** A notification to queue: its kind, its address and its template's data. */
export interface Notification {
  kind: MailKind;
  to: string;
  templateData: unknown;
}

function addressed(kind: MailKind, to: string, templateData: unknown): Notification {
  return { kind, to, templateData };
}

/** The shop's notice and the customer's receipt of a new order. */
export function orderNotifications(order: OrderMailData, shopEmail: string): Notification[] {
  return [
    addressed(mailKinds.shopNewOrder, shopEmail, order),
    addressed(mailKinds.orderConfirmation, order.email, order),
  ];
}

/** The shop's notice and the customer's confirmation of a quotation request. */
export function quoteNotifications(quote: QuoteMailData, shopEmail: string): Notification[] {
  return [
    addressed(mailKinds.shopNewQuote, shopEmail, quote),
    addressed(mailKinds.quoteConfirmation, quote.email, quote),
  ];
}

/** The shop's notice of a contact message (the customer sees the success message on the page). */
export function contactNotifications(message: ContactMailData, shopEmail: string): Notification[] {
  return [addressed(mailKinds.shopNewContact, shopEmail, message)];
}
