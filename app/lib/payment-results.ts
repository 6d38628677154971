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
