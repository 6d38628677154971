/**
 * The order lifecycle (docs/product.md#d9): pendiente de pago → pagado → en preparación → enviado →
 * entregado, or cancelado before the kit leaves. Shared by the server (which enforces it) and the
 * admin pages (which offer only the allowed next steps); no database here.
 */
export const orderStatuses = [
  "pendiente_pago",
  "pagado",
  "en_preparacion",
  "enviado",
  "entregado",
  "cancelado",
] as const;

export type OrderStatus = (typeof orderStatuses)[number];

/** Every order starts here, written by its creation. */
export const initialOrderStatus: OrderStatus = "pendiente_pago";

/** What customers and staff read, on every page, e-mail, list and export (D26: one name per status). */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pendiente_pago: "Pendiente de pago",
  pagado: "Pagado",
  en_preparacion: "En preparación",
  enviado: "Enviado",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

/** The statuses each status may move to. A shipped kit can no longer be cancelled. */
export const allowedTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pendiente_pago: ["pagado", "cancelado"],
  pagado: ["en_preparacion", "cancelado"],
  en_preparacion: ["enviado", "cancelado"],
  enviado: ["entregado"],
  entregado: [],
  cancelado: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (orderStatuses as readonly string[]).includes(value);
}

/** Whether an order in `from` may move to `to`; false for anything that is not a status. */
export function canTransition(from: string, to: string): boolean {
  return isOrderStatus(from) && isOrderStatus(to) && allowedTransitions[from].includes(to);
}

/**
 * An order that was paid and not cancelled: a sale (the dashboard's), whose tax document is due
 * (D24; docs/decisions/065). Migration 0018's index of paid orders without their document (and
 * the filter that uses it) names the others: pendiente_pago and cancelado.
 */
export const paidOrderStatuses = ["pagado", "en_preparacion", "enviado", "entregado"] as const;

export function isPaidStatus(status: string): boolean {
  return (paidOrderStatuses as readonly string[]).includes(status);
}

/** Statuses with no way out. */
export function isFinalStatus(status: OrderStatus): boolean {
  return allowedTransitions[status].length === 0;
}

/** The way an order goes when nothing goes wrong, as its customer follows it. */
const customerPath: readonly OrderStatus[] = [
  "pendiente_pago",
  "pagado",
  "en_preparacion",
  "enviado",
  "entregado",
];

export interface TimelineStep {
  status: OrderStatus;
  /** When the order entered this status (ISO), or null (upcoming, or not recorded). */
  at: string | null;
  state: "done" | "current" | "upcoming";
}

/**
 * The customer's timeline of an order in `status`, from the time it entered each status
 * (`entered`): the whole way with the steps done, the current one and those to come, or, for a
 * cancelled order, the steps it went through and then "Cancelado".
 */
export function orderTimeline(
  status: OrderStatus,
  entered: Partial<Record<OrderStatus, string>>,
): TimelineStep[] {
  const at = (step: OrderStatus) => entered[step] ?? null;
  if (status === "cancelado") {
    return [
      ...customerPath
        .filter((step) => step === initialOrderStatus || entered[step])
        .map((step) => ({ status: step, at: at(step), state: "done" as const })),
      { status, at: at(status), state: "current" },
    ];
  }
  const current = customerPath.indexOf(status);
  return customerPath.map((step, index) => ({
    status: step,
    at: index <= current ? at(step) : null,
    state: index < current ? "done" : index === current ? "current" : "upcoming",
  }));
}
