/**
 * The customer's words about paying an order with a provider (issue 22; docs/decisions/059): the
 * page that takes the customer to the provider, the results on the order page, the notices. Read
 * by those pages only.
 */

import { paymentNoticeTexts } from "~/content/payment-notice";

/** The provider's name as customers know it. */
export const providerNames = { webpay: "Webpay", flow: "Flow" } as const;

export const paymentTexts = {
  ...paymentNoticeTexts,
  forwardTitle: (provider: string) => `Te llevamos a ${provider}`,
  forwardText: (provider: string, amount: string) =>
    `Vas a pagar ${amount} en ${provider}, en esta misma pestaña. Al terminar volverás a la página de tu pedido.`,
  forwardButton: (provider: string) => `Continuar a ${provider}`,
  forwardMetaTitle: "Pago de tu pedido | LifeBox",
  forwardMetaDescription: "Te llevamos a la página de pago de tu pedido LifeBox.",
  /** The order page's button: the first payment, and every payment after one that did not end well. */
  pay: (provider: string) => `Pagar con ${provider}`,
  retry: "Reintentar el pago",
  payNote: (provider: string) => `Pagas en ${provider} en esta misma pestaña y vuelves a tu pedido.`,
  pendingIntro:
    "Guardamos tu pedido. Para confirmarlo, completa el pago; te avisaremos por correo apenas se confirme.",
  results: {
    rejected:
      "El pago fue rechazado por el banco. No se hizo ningún cargo: puedes intentarlo de nuevo con la misma u otra tarjeta.",
    aborted: "Anulaste el pago. Tu pedido sigue guardado: puedes pagarlo cuando quieras.",
    timedOut: "El tiempo para pagar se agotó. Tu pedido sigue guardado: puedes intentarlo de nuevo.",
    unfinished: "El pago no se completó. Tu pedido sigue guardado: puedes intentarlo de nuevo.",
    unavailable: (provider: string) =>
      `No pudimos conectarnos con ${provider}. Tu pedido quedó guardado: inténtalo de nuevo en unos minutos.`,
    confirming: (provider: string) =>
      `Estamos confirmando tu pago con ${provider}. Te avisaremos por correo apenas se confirme; no es necesario pagar de nuevo.`,
    tooMany: "Hiciste varios intentos de pago seguidos. Espera unos minutos y vuelve a intentarlo.",
    review:
      "Recibimos un pago que no coincide con tu pedido. Lo estamos revisando y te escribiremos a la brevedad; no es necesario pagar de nuevo.",
  },
  refresh: "Actualizar estado",
  /** The link-only shop (PAYMENT_LINK_*) cannot charge a shipping cost that is quoted. */
  /** The link-only shop: a fixed link charges one kit's price (docs/decisions/067). */
  linkRefusesQuantity:
    "Con nuestro enlace de pago puedes comprar un kit por pedido. Para comprar varios, haz un pedido por kit o escríbenos.",
  linkRefusesQuotedShipping:
    "El envío a esta comuna se cotiza aparte y no podemos cobrarlo con el enlace de pago. Escríbenos para coordinar tu compra.",
  notFound: "No encontramos este pago. Vuelve a la página de tu pedido desde el enlace de tu correo.",
} as const;
