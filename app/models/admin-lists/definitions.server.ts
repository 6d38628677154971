import { sql } from "kysely";
import { adminChatbotTexts, adminGalleryTexts } from "~/content/admin";
import { formatAdminDateTime } from "~/lib/admin-format";
import { getComuna, getRegion } from "~/lib/places";
import { courierIds, courierLabel } from "~/content/couriers";
import {
  defineList,
  equalsFilterOptions,
  type ListFilter,
  type ListFilterOption,
} from "~/models/admin-lists/engine.server";
import {
  chatDurationSeconds,
  chatSessionEnd,
  formatChatDuration,
} from "~/models/chatbot-conversations.server";
import { initialOrderStatus, orderStatusLabels, orderStatuses } from "~/lib/order-status";
import { paidWithoutDocument } from "~/models/orders.server";
import { getEnv } from "~/infra/env.server";
import { getStorage } from "~/infra/storage.server";

/**
 * The back office's lists (docs/product.md#spec-2, docs/product.md#d18), read by the list engine
 * (./engine.server.ts).
 * `searches` must name the columns migration 0005 indexed, in its order (definitions.server.test.ts).
 * `showFrom` hides a column on screen until the list is that wide (decision 034): the number,
 * customer, total, status and date of an order (and each list's like) have none, so they are
 * always shown, on a phone's cards too; the CSV has every column.
 */

/** "Pendiente"/"Respondido" filter over answered_at (quotes and contact messages). */
function answeredFilter(answered: string): ListFilter {
  return {
    key: "estado",
    label: "Estado",
    options: [
      { value: "pendiente", label: "Pendientes", where: () => sql`answered_at is null` },
      { value: "respondido", label: answered, where: () => sql`answered_at is not null` },
    ],
  };
}

/** The date a row was created, newest first when sorted by it (every list has one). */
function dateColumn(label: string) {
  return {
    key: "createdAt",
    label,
    value: (row: { createdAt: string }) => formatAdminDateTime(row.createdAt),
    sortBy: ["createdAt" as const],
    firstDirection: "desc" as const,
  };
}

/** "Sí"/"No" for whether staff marked the row answered. */
function answeredColumn(label: string) {
  return {
    key: "answered",
    label,
    value: (row: { answeredAt: string | null }) => (row.answeredAt ? "Sí" : "No"),
  };
}

const shippingLabels = { free: "Gratis", arranged: "Fuera del continente" } as const;

/**
 * The "Envío" filter (D25): continental (free), outside the continent waiting for staff's quote
 * (unpaid, no cost yet: awaitsShippingQuote), and outside the continent once quoted.
 */
const shippingFilterOptions = [
  {
    value: "gratis",
    label: "Gratis (continental)",
    where: (useIndex: boolean) => (useIndex ? sql`shipping_kind = 'free'` : sql`+shipping_kind = 'free'`),
  },
  {
    value: "por-cotizar",
    label: "Por cotizar",
    where: () =>
      sql`(shipping_kind = 'arranged' and shipping_cost is null and status = ${initialOrderStatus})`,
  },
  {
    value: "cotizado",
    label: "Cotizado",
    where: () => sql`(shipping_kind = 'arranged' and shipping_cost is not null)`,
  },
];

/**
 * Who said an order was paid (orders.paid_by, migration 0014): the "Pagado por" filter's values in
 * the URL (?pagado-por=a-mano), and the labels of the column and the filter.
 */
const paidByValues = { webpay: "webpay", flow: "flow", "a-mano": "manual" } as const;
const paidByLabels = { webpay: "Webpay", flow: "Flow", manual: "A mano" } as const;

/**
 * The tax document (orders.document_type, migration 0017; D24): the "Documento" filter's values in
 * the URL (?documento=factura), and the labels of the column and the filter.
 */
const documentLabels = { boleta: "Boleta", factura: "Factura" } as const;

/**
 * The "Emisión" filter (D24; docs/decisions/065): the paid orders still without their boleta or
 * factura (?emision=sin-emitir, the dashboard's link), and the orders whose document is recorded.
 * Migration 0018's partial index holds the former by date: it counts them and walks the default
 * sort's pages; with another sort they are read through it and sorted while they are few (the
 * usual case: staff record folios as they go), else SQLite walks that sort's index and checks each
 * row (unary +: right after the feature came, every paid order lacked its folio). The recorded ones
 * are counted, and read while few, through the (type, folio) index, whose WHERE is theirs.
 */
const documentIssueOptions: ListFilterOption[] = [
  {
    value: "sin-emitir",
    label: "Pagados sin documento",
    where: (useIndex) => paidWithoutDocument(useIndex),
    indexedSorts: ["createdAt"],
  },
  {
    value: "emitido",
    label: "Con documento",
    where: (useIndex) => (useIndex ? sql`document_folio is not null` : sql`+document_folio is not null`),
  },
];

/** The couriers' names, for the filter ("Otro" gathers every courier staff typed). */
const courierNames = Object.fromEntries(courierIds.map((id) => [id, courierLabel(id)!]));

/**
 * Pedidos (/admin/orders): docs/product.md#spec-2 columns plus number, kit, total, región/comuna, status,
 * date.
 */
export const ordersList = defineList({
  name: "pedidos",
  table: "orders",
  columns: [
    {
      key: "number",
      label: "N.º de pedido",
      value: (row) => row.number,
      sortBy: ["number"],
      firstDirection: "desc",
      searches: ["number"],
    },
    dateColumn("Fecha"),
    {
      key: "product",
      label: "Productos",
      // The lines written out with the order (migration 0019): searched and sorted like a column.
      value: (row) => row.linesSummary,
      sortBy: ["linesSummary"],
      searches: ["linesSummary"],
      // On a phone's cards too: staff see what each order holds (issue 23).
    },
    { key: "kitCount", label: "Cantidad de kits", value: (row) => row.kitCount, inTable: false },
    {
      key: "customer",
      label: "Cliente",
      value: (row) => row.customerName,
      sortBy: ["customerName"],
      searches: ["customerName"],
    },
    { key: "email", label: "Email", value: (row) => row.email, searches: ["email"], showFrom: "lg" },
    { key: "phone", label: "Teléfono", value: (row) => row.phone, searches: ["phone"], showFrom: "xl" },
    { key: "rut", label: "RUT", value: (row) => row.rut, searches: ["rut"], inTable: false },
    {
      key: "place",
      label: "Región / comuna",
      value: (row) =>
        `${getRegion(row.regionCut)?.shortName ?? row.regionCut} / ${getComuna(row.comunaCut)?.name ?? row.comunaCut}`,
      showFrom: "xl",
    },
    { key: "address", label: "Dirección", value: (row) => row.address, showFrom: "2xl" },
    {
      key: "total",
      label: "Total",
      value: (row) => row.total,
      sortBy: ["total"],
      firstDirection: "desc",
    },
    {
      key: "shipping",
      label: "Envío",
      value: (row) =>
        row.shippingKind === "arranged" && row.shippingCost !== null
          ? row.shippingCost
          : row.shippingKind === "arranged" && row.status === initialOrderStatus
            ? "Por cotizar"
            : shippingLabels[row.shippingKind],
      inTable: false,
    },
    {
      key: "status",
      label: "Estado",
      value: (row) => orderStatusLabels[row.status],
      sortBy: ["status", "createdAt"],
    },
    // Set when shipped (issue 12): the courier's name ("otro": the one staff typed) and its number.
    {
      key: "courier",
      label: "Courier",
      value: (row) => courierLabel(row.courier, row.courierName),
      showFrom: "2xl",
    },
    { key: "tracking", label: "N.º de seguimiento", value: (row) => row.trackingNumber, showFrom: "2xl" },
    // Issue 22: the provider's word (Webpay, Flow) or staff's ("A mano"); empty while unpaid.
    {
      key: "paidBy",
      label: "Pagado por",
      value: (row) => (row.paidBy ? paidByLabels[row.paidBy] : null),
      showFrom: "2xl",
    },
    // Issue 23 (D24): boleta or factura; a factura's company in the CSV.
    {
      key: "document",
      label: "Documento",
      value: (row) => documentLabels[row.documentType],
      showFrom: "2xl",
    },
    {
      key: "invoiceRut",
      label: "RUT de la empresa",
      value: (row) => row.invoiceRut,
      inTable: false,
    },
    { key: "invoiceName", label: "Razón social", value: (row) => row.invoiceName, inTable: false },
    { key: "invoiceGiro", label: "Giro", value: (row) => row.invoiceGiro, inTable: false },
    {
      key: "invoiceAddress",
      label: "Dirección de facturación",
      value: (row) =>
        row.invoiceAddress === null
          ? null
          : `${row.invoiceAddress}, ${getComuna(row.invoiceComunaCut ?? "")?.name ?? row.invoiceComunaCut}, ${getRegion(row.invoiceRegionCut ?? "")?.shortName ?? row.invoiceRegionCut}`,
      inTable: false,
    },
    { key: "invoiceEmail", label: "Email para la factura", value: (row) => row.invoiceEmail, inTable: false },
    { key: "documentFolio", label: "Folio", value: (row) => row.documentFolio, inTable: false },
    { key: "notes", label: "Notas", value: (row) => row.notes, inTable: false },
    {
      key: "cancellationReason",
      label: "Motivo de la cancelación",
      value: (row) => row.cancellationReason,
      inTable: false,
    },
    { key: "id", label: "ID del pedido", value: (row) => row.id, inTable: false },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  filters: [
    {
      key: "estado",
      label: "Estado",
      options: equalsFilterOptions("status", orderStatuses, orderStatusLabels),
      // Index (status, created_at, id) of migration 0005.
      indexedSorts: ["createdAt", "status"],
    },
    {
      key: "courier",
      label: "Courier",
      options: equalsFilterOptions("courier", courierIds, courierNames),
      // Index (courier, created_at, id) of migration 0007.
      indexedSorts: ["createdAt"],
    },
    {
      key: "pagado-por",
      label: "Pagado por",
      // Migration 0014's index is on paid_by alone: the sort's index walks the pages, each row checked.
      options: (Object.entries(paidByValues) as Array<[string, keyof typeof paidByLabels]>).map(
        ([value, paidBy]) => ({
          value,
          label: paidByLabels[paidBy],
          where: (useIndex: boolean) => (useIndex ? sql`paid_by = ${paidBy}` : sql`+paid_by = ${paidBy}`),
        }),
      ),
    },
    { key: "envio", label: "Envío", options: shippingFilterOptions },
    {
      key: "documento",
      label: "Documento",
      // Migration 0017's index is on document_type alone, as paid_by's.
      options: equalsFilterOptions("document_type", ["boleta", "factura"], documentLabels),
    },
    {
      key: "emision",
      label: "Emisión",
      options: documentIssueOptions,
      // With a sort no index of theirs serves, the orders are read and sorted while few.
      fewRows: 10_000,
    },
  ],
  ftsTable: "orders_search",
});

/** Cotizaciones (/admin/quotes): the quotation requests (D18; the spec stored them without a screen). */
export const quotesList = defineList({
  name: "cotizaciones",
  table: "quotes",
  columns: [
    dateColumn("Fecha"),
    { key: "product", label: "Producto", value: (row) => row.productName, searches: ["productName"] },
    // Issue 23: a number in the CSV (a spreadsheet sums it), empty for quotations stored before the
    // form asked for it (migration 0015); the screen writes it as Chile does, or "Sin indicar".
    { key: "quantity", label: "Cantidad de kits", value: (row) => row.quantity },
    {
      key: "name",
      label: "Nombre",
      value: (row) => row.fullName,
      sortBy: ["fullName"],
      searches: ["fullName"],
    },
    {
      key: "company",
      label: "Empresa",
      value: (row) => row.company,
      sortBy: ["company"],
      searches: ["company"],
    },
    { key: "email", label: "Email", value: (row) => row.email, searches: ["email"], showFrom: "md" },
    { key: "phone", label: "Teléfono", value: (row) => row.phone, searches: ["phone"], showFrom: "xl" },
    { key: "city", label: "Ciudad", value: (row) => row.city, searches: ["city"], showFrom: "lg" },
    { key: "notes", label: "Notas adicionales", value: (row) => row.additionalNotes, showFrom: "xl" },
    answeredColumn("Respondida"),
    { key: "id", label: "ID", value: (row) => row.id, inTable: false },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  filters: [answeredFilter("Respondidas")],
  ftsTable: "quotes_search",
});

/**
 * Contactos (/admin/contacts): docs/product.md#spec-2 columns name, email, subject, message; plus the date.
 */
export const contactsList = defineList({
  name: "contactos",
  table: "contactMessages",
  columns: [
    dateColumn("Fecha"),
    { key: "name", label: "Nombre", value: (row) => row.name, sortBy: ["name"], searches: ["name"] },
    { key: "email", label: "Email", value: (row) => row.email, searches: ["email"], showFrom: "md" },
    { key: "subject", label: "Asunto", value: (row) => row.subject, searches: ["subject"] },
    { key: "message", label: "Mensaje", value: (row) => row.message, showFrom: "lg" },
    answeredColumn("Respondido"),
    { key: "id", label: "ID", value: (row) => row.id, inTable: false },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  filters: [answeredFilter("Respondidos")],
  ftsTable: "contact_messages_search",
});

/**
 * Suscriptores (/admin/mails): docs/product.md#spec-2 columns ID and Email, searched by e-mail; plus the
 * date. The e-mail comes first (issue 12): it is what staff look for; the ID is a long code they rarely need.
 */
export const subscribersList = defineList({
  name: "suscriptores",
  table: "subscribers",
  columns: [
    { key: "email", label: "Email", value: (row) => row.email, sortBy: ["email"], searches: ["email"] },
    dateColumn("Fecha de suscripción"),
    { key: "id", label: "ID", value: (row) => row.id, showFrom: "md" },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  ftsTable: "subscribers_search",
});

/** "Fin" in the CSV: when the conversation ended, or that it is still going on. */
function chatEndText(row: { startedAt: string; lastMessageAt: string; endedAt: string | null }) {
  const end = chatSessionEnd(row);
  return end === null ? adminChatbotTexts.active : formatAdminDateTime(end);
}

/**
 * Chatbot (/admin/chatbot): docs/product.md#spec-2 columns ID de sesión, ID de visitante, IP, Fecha,
 * Duración, Mensajes; plus the bot's answers that said it did not know (D17: what to add to the FAQ), with a
 * filter. The search looks into the ids and every message: the messages' text is kept on the session, folded
 * (search_text, migration 0010, docs/decisions/039), searched through the "Mensajes" column.
 * Duración and Fin are computed when read: until a session ends, up to now (docs/product.md#spec-2).
 */
export const chatSessionsList = defineList({
  name: "conversaciones",
  table: "chatSessions",
  columns: [
    { key: "id", label: "ID de sesión", value: (row) => row.id, searches: ["id"] },
    {
      key: "visitorId",
      label: "ID de visitante",
      value: (row) => row.visitorId,
      searches: ["visitorId"],
      showFrom: "md",
    },
    { key: "ip", label: "IP", value: (row) => row.visitorIp, showFrom: "lg" },
    {
      key: "startedAt",
      label: "Fecha",
      value: (row) => formatAdminDateTime(row.startedAt),
      sortBy: ["startedAt"],
      firstDirection: "desc",
    },
    { key: "endedAt", label: "Fin", value: chatEndText, inTable: false },
    {
      key: "duration",
      label: "Duración",
      value: (row) => formatChatDuration(chatDurationSeconds(row)),
    },
    {
      key: "messages",
      label: "Mensajes",
      value: (row) => row.messageCount,
      sortBy: ["messageCount"],
      firstDirection: "desc",
      searches: ["searchText"],
    },
    { key: "unanswered", label: "Sin respuesta", value: (row) => row.unansweredCount },
  ],
  defaultSort: { key: "startedAt", direction: "desc" },
  filters: [
    {
      key: "preguntas",
      label: "Conversaciones",
      allLabel: adminChatbotTexts.filterAll,
      options: [
        {
          value: "sin-responder",
          label: "Con preguntas sin responder",
          where: () => sql`unanswered_count > 0`,
        },
      ],
    },
  ],
  ftsTable: "chat_sessions_search",
  searchFolded: true,
});

/** The gallery's statuses as the tabs' URL says them (?estado=pendiente) and as stored. */
export const galleryTabs = { pendiente: "pending", aprobada: "approved", rechazada: "rejected" } as const;

const gallery = adminGalleryTexts;

/** A stored image's address for a spreadsheet: whole, with the site's address when it is ours. */
function imageAddress(key: string): string {
  const url = getStorage().publicUrl(key);
  return url.startsWith("/") ? `${getEnv().SITE_URL}${url}` : url;
}

/**
 * Galería de clientes (/admin/gallery, docs/product.md#spec-2; D16: every tab a real list): the photos with
 * their likes and status, newest first; Fecha and Likes sort, a new one starting with the highest. No
 * search index: a gallery holds thousands of photos, not millions, so the search checks each row
 * (decision 017 "For the next list"; docs/decisions/042-admin-gallery.md).
 */
export const galleryList = defineList({
  name: "galeria",
  table: "galleryPhotos",
  columns: [
    { key: "id", label: gallery.columns.id, value: (row) => row.id },
    {
      key: "image",
      label: gallery.columns.image,
      // A rejected photo's files are deleted (docs/decisions/052): no address that answers 404.
      value: (row) => (row.status === "rejected" ? gallery.imageDeletedShort : imageAddress(row.displayKey)),
    },
    {
      key: "customer",
      label: gallery.columns.customer,
      value: (row) => row.authorName,
      searches: ["authorName"],
    },
    {
      key: "orderNumber",
      label: gallery.columns.orderNumber,
      value: (row) => row.orderNumber,
      searches: ["orderNumber"],
      inTable: false,
    },
    {
      key: "kit",
      label: gallery.columns.kit,
      value: (row) => row.kitName,
      searches: ["kitName"],
      inTable: false,
    },
    { key: "comment", label: gallery.columns.comment, value: (row) => row.comment, searches: ["comment"] },
    dateColumn(gallery.columns.date),
    {
      key: "likes",
      label: gallery.columns.likes,
      value: (row) => row.likeCount,
      sortBy: ["likeCount"],
      firstDirection: "desc",
    },
    { key: "status", label: gallery.columns.status, value: (row) => gallery.statuses[row.status] },
    {
      key: "rejectionReason",
      label: gallery.columns.rejectionReason,
      value: (row) => row.rejectionReason,
      inTable: false,
    },
    {
      key: "moderatedAt",
      label: gallery.columns.moderatedAt,
      value: (row) => (row.moderatedAt ? formatAdminDateTime(row.moderatedAt) : null),
      inTable: false,
    },
    // The moderation buttons: on screen only (the screen draws them).
    { key: "actions", label: gallery.columns.actions, value: () => null, inCsv: false },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  filters: [
    {
      key: "estado",
      label: gallery.tabsLabel,
      allLabel: gallery.tabAll,
      options: (
        Object.entries(galleryTabs) as Array<[keyof typeof galleryTabs, keyof typeof gallery.tabs]>
      ).map(([value, status]) => ({
        value,
        label: gallery.tabs[status],
        where: (useIndex: boolean) => (useIndex ? sql`status = ${status}` : sql`+status = ${status}`),
      })),
      // Indexes (status, created_at, id) and (status, like_count, id) of migration 0009.
      indexedSorts: ["createdAt", "likes"],
    },
  ],
});

export const adminLists = {
  orders: ordersList,
  quotes: quotesList,
  contacts: contactsList,
  subscribers: subscribersList,
  chatSessions: chatSessionsList,
} as const;
