/**
 * What a payment provider says of an attempt, as the shop keeps it (issue 22; docs/decisions/056,
 * 057): the word services/payments brings and models/payments.server.ts settles an attempt with;
 * then what the customer's return said, as the order page reads it.
 */

/**
 * approved: the money is taken; rejected: the bank or the customer's card said no; pending: not
 * decided yet (the customer is still on the provider's page); cancelled: the customer gave up or
 * the time ran out; refunded: approved, then given back.
 */
export type PaymentOutcome = "approved" | "rejected" | "pending" | "cancelled" | "refunded";

/** What the provider says of an attempt: only what the shop may keep (never a card number). */
export interface PaymentStatus {
  outcome: PaymentOutcome;
  /** The amount the provider charged or will charge: compared with the order's by the caller. */
  amount: number;
  /** The shop's reference the provider holds for it (buy_order, commerceOrder). */
  buyOrder: string;
  authorizationCode?: string;
  /** The card's last four digits, when the provider tells them. */
  cardLastFour?: string;
  /** Webpay's payment_type_code (VD, VN, VC, SI, S2, NC, VP) or Flow's media. */
  paymentType?: string;
  installments?: number;
  /** Webpay's response_code (0 approved) or Flow's status number. */
  responseCode?: number;
  /**
   * The provider's answer as it came, for staff (kept as JSON on the attempt): it carries no
   * credentials, and a card number in it is cut to its last four digits by the client.
   */
  answer?: Record<string, unknown>;
}

/**
 * What a customer's return from a payment provider said, carried to the order page as `?pago=`
 * (issue 22; docs/decisions/059). It only picks the page's words: whether the order is paid is
 * read from the database, which only the provider's word to our server changes.
 */
export const paymentResults = [
  "aprobado",
  "rechazado",
  "anulado",
  "expirado",
  "pendiente",
  "no-disponible",
  "demasiados-intentos",
] as const;
export type PaymentResult = (typeof paymentResults)[number];

export function isPaymentResult(value: unknown): value is PaymentResult {
  return paymentResults.includes(value as PaymentResult);
}

/** The order page after a payment's return. */
export function orderPaymentPath(orderId: string, result: PaymentResult): string {
  return `/pedido/${orderId}?pago=${result}`;
}
