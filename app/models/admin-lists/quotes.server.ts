import { adminQuotesTexts } from "~/content/admin";
import { adminPaths } from "~/lib/admin";
import { answeredColumn, answeredFilter, dateColumn, defineList } from "~/models/admin-lists/engine.server";
import { defineListScreen, truncateText } from "~/models/admin-lists/view.server";

const numbers = new Intl.NumberFormat("es-CL");

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

/** The quotations' screen (routes/admin/quotes.tsx) and CSV (routes/admin/quotes-export.ts). */
export const quotesScreen = defineListScreen({
  definition: quotesList,
  path: adminPaths.quotes,
  count: adminQuotesTexts.count,
  display: {
    quantity: (row) => (row.quantity === null ? adminQuotesTexts.noQuantity : numbers.format(row.quantity)),
    notes: (row) => truncateText(row.additionalNotes),
  },
  numeric: ["quantity"],
  short: ["createdAt", "phone", "answered"],
  detailColumn: "name",
});
