import { describe, expect, it } from "vitest";
import {
  allowedTransitions,
  canTransition,
  initialOrderStatus,
  isFinalStatus,
  isOrderStatus,
  orderStatusLabels,
  orderStatuses,
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
