import { sql } from "kysely";
import { adminOrdersTexts } from "~/content/admin";
import { adminPaths } from "~/lib/admin";
import type { OrderRowData } from "~/lib/admin-list-view";
import { getComuna, getRegion } from "~/lib/places";
import { courierIds, courierLabel } from "~/content/couriers";
import { formatPrice } from "~/lib/format";
import { initialOrderStatus, orderStatusLabels, orderStatuses } from "~/lib/order-status";
import {
  dateColumn,
  defineList,
  equalsFilterOptions,
  type ListFilterOption,
} from "~/models/admin-lists/engine.server";
import { defineListScreen } from "~/models/admin-lists/view.server";
import { paidWithoutDocument } from "~/models/orders.server";
import { shippingQuoteState } from "~/models/orders.server";

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
 * date. The number, customer, total, status and date have no `showFrom` (decision 034): always
 * shown, on a phone's cards too (each list's like); the CSV has every column.
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

/** The orders' screen (routes/admin/orders.tsx) and CSV (routes/admin/orders-export.ts). */
export const ordersScreen = defineListScreen({
  definition: ordersList,
  path: adminPaths.orders,
  count: adminOrdersTexts.count,
  display: { total: (row) => formatPrice(row.total) },
  numeric: ["total"],
  short: ["number", "createdAt", "status", "phone", "tracking"],
  detailColumn: "number",
  // An order outside the continent is flagged beside its status (routes/admin/orders.tsx; decision 072).
  rowData: (row): OrderRowData => ({ shipping: shippingQuoteState(row) }),
});
