/**
 * An order's lines (issue 23, D23; docs/decisions/067-order-lines.md): the kits a customer asks for,
 * by id and quantity, the only thing the browser sends — prices and totals come from the catalogue
 * on the server (models/orders.server.ts).
 */

/** The most of one kit in an order (the cart's and the purchase dialog's quantity: 1 to 20). */
export const maxQuantityPerKit = 20;

/** A kit and how many, as the cart or the purchase form asks for it. */
export interface LineRequest {
  kitId: string;
  quantity: number;
}

/** A line as the order stores it: the kit's name and price when it was ordered. */
export interface OrderLine {
  kitId: string;
  kitName: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

/** Whether `quantity` is a quantity a line may have: a whole number from 1 to maxQuantityPerKit. */
export function isLineQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= maxQuantityPerKit;
}

/** "LifeBox Essential" for one kit; "2 × LifeBox Essential" for more. */
export function lineLabel(line: Pick<OrderLine, "kitName" | "quantity">): string {
  return line.quantity === 1 ? line.kitName : `${line.quantity} × ${line.kitName}`;
}

/** The lines written out for people: "2 × LifeBox Essential, LifeBox Essential Mini". */
export function linesSummary(lines: ReadonlyArray<Pick<OrderLine, "kitName" | "quantity">>): string {
  return lines.map(lineLabel).join(", ");
}

/** How many kits the lines hold. */
export function kitCount(lines: ReadonlyArray<Pick<OrderLine, "quantity">>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The lines' amount: what the order's kits cost together. */
export function subtotalOf(lines: ReadonlyArray<Pick<OrderLine, "lineTotal">>): number {
  return lines.reduce((sum, line) => sum + line.lineTotal, 0);
}
