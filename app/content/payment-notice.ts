/**
 * The notice on every payment page while nothing real is charged (docs/decisions/059), apart from
 * the other payment texts: the purchase forms show it, and their pages' scripts carry only these.
 */
export const paymentNoticeTexts = {
  /** While Transbank's test commerce is configured: nothing is charged. */
  testNotice: "Ambiente de pruebas: no se realizará ningún cobro",
  /** While a payment server that is not the provider's own is allowed (the local stand-in). */
  standInNotice: "Pasarela de pagos local: este pago no pasa por Webpay ni por Flow.",
} as const;
