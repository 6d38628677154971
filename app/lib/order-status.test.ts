import { describe, expect, it } from "vitest";
import {
  allowedTransitions,
  canTransition,
  initialOrderStatus,
  isFinalStatus,
  isOrderStatus,
  orderStatusLabels,
  orderStatuses,
  orderTimeline,
  type OrderStatus,
} from "~/lib/order-status";

const expected: Record<OrderStatus, OrderStatus[]> = {
  pendiente_pago: ["pagado", "cancelado"],
  pagado: ["en_preparacion", "cancelado"],
  en_preparacion: ["enviado", "cancelado"],
  enviado: ["entregado"],
  entregado: [],
  cancelado: [],
};

describe("order statuses", () => {
  it("lists the lifecycle of D9 in order, starting unpaid", () => {
    expect(orderStatuses).toEqual([
      "pendiente_pago",
      "pagado",
      "en_preparacion",
      "enviado",
      "entregado",
      "cancelado",
    ]);
    expect(initialOrderStatus).toBe("pendiente_pago");
  });

  it("labels every status in Spanish", () => {
    expect(orderStatusLabels).toEqual({
      pendiente_pago: "Pendiente de pago",
      pagado: "Pagado",
      en_preparacion: "En preparación",
      enviado: "Enviado",
      entregado: "Entregado",
      cancelado: "Cancelado",
    });
  });

  it("allows exactly the transitions of D9", () => {
    expect(allowedTransitions).toEqual(expected);
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected[from].includes(to));
      }
    }
  });

  it("never allows staying in the same status or leaving a final one", () => {
    for (const status of orderStatuses) expect(canTransition(status, status)).toBe(false);
    expect(orderStatuses.filter(isFinalStatus)).toEqual(["entregado", "cancelado"]);
  });

  it("refuses what is not a status", () => {
    expect(canTransition("pendiente_pago", "reembolsado")).toBe(false);
    expect(canTransition("toString", "pagado")).toBe(false);
    expect(canTransition("", "")).toBe(false);
    expect(isOrderStatus("pagado")).toBe(true);
    expect(isOrderStatus("Pagado")).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});

describe("the customer's timeline", () => {
  const entered = {
    pendiente_pago: "2026-03-01T10:00:00.000Z",
    pagado: "2026-03-01T12:00:00.000Z",
    en_preparacion: "2026-03-02T09:00:00.000Z",
  } as const;

  it("shows the whole way: the steps done with their dates, the current one, and those to come", () => {
    expect(orderTimeline("en_preparacion", entered)).toEqual([
      { status: "pendiente_pago", at: entered.pendiente_pago, state: "done" },
      { status: "pagado", at: entered.pagado, state: "done" },
      { status: "en_preparacion", at: entered.en_preparacion, state: "current" },
      { status: "enviado", at: null, state: "upcoming" },
      { status: "entregado", at: null, state: "upcoming" },
    ]);
    expect(
      orderTimeline("pendiente_pago", { pendiente_pago: entered.pendiente_pago }).map((step) => step.state),
    ).toEqual(["current", "upcoming", "upcoming", "upcoming", "upcoming"]);
    expect(orderTimeline("entregado", entered).at(-1)).toEqual({
      status: "entregado",
      at: null,
      state: "current",
    });
  });

  it("ends a cancelled order with 'Cancelado' after the steps it went through", () => {
    expect(orderTimeline("cancelado", { ...entered, cancelado: "2026-03-03T09:00:00.000Z" })).toEqual([
      { status: "pendiente_pago", at: entered.pendiente_pago, state: "done" },
      { status: "pagado", at: entered.pagado, state: "done" },
      { status: "en_preparacion", at: entered.en_preparacion, state: "done" },
      { status: "cancelado", at: "2026-03-03T09:00:00.000Z", state: "current" },
    ]);
    expect(
      orderTimeline("cancelado", { pendiente_pago: entered.pendiente_pago }).map((step) => step.status),
    ).toEqual(["pendiente_pago", "cancelado"]);
  });
});
