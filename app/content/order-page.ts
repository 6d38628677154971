import { quotationReviewTime } from "./policies";

/**
 * The order confirmation page /pedido/{id} (docs/product.md#d8) and the chatbot's order answers, which use
 * its words. A module of its own: only that page and the chatbot read it, so its texts stay out of
 * the script every public page loads.
 */
export const orderPageTexts = {
  title: "¡Pedido registrado!",
  /** The heading and the first words for each status: never "registrado" once it moved on. */
  statusTitles: {
    pendiente_pago: "¡Pedido registrado!",
    pagado: "¡Pago recibido!",
    en_preparacion: "Estamos preparando tu pedido",
    enviado: "¡Tu pedido va en camino!",
    entregado: "Pedido entregado",
    cancelado: "Pedido cancelado",
  },
  paidIntro: "Confirmamos tu pago: tu compra quedó confirmada.",
  preparingIntro: "Estamos armando tu kit. Te avisaremos por correo cuando lo entreguemos al courier.",
  shippedIntro: (courier: string) =>
    `Entregamos tu kit a ${courier}. Te llegará dentro del plazo de entrega; puedes seguir el envío con el número de seguimiento.`,
  deliveredIntro: (months: number) =>
    `Tu kit fue entregado. ¡Gracias por confiar en LifeBox! Tiene ${months} meses de garantía desde que lo recibiste.`,
  cancelledIntro: "Este pedido fue cancelado.",
  cancelledPaid: "Como ya habías pagado, te devolveremos el total por el mismo medio de pago que usaste.",
  cancelledUnpaid: "No recibimos un pago por este pedido, así que no hay nada que devolver.",
  reasonLabel: "Motivo",
  timelineHeading: "Seguimiento del pedido",
  timelineStates: { done: "completado", current: "estado actual", upcoming: "pendiente" },
  courierLabel: "Courier",
  trackingLabel: "N.º de seguimiento",
  trackShipment: (courier: string) => `Seguir mi envío en ${courier}`,
  trackShipmentNote: "Se abre el sitio del courier en una pestaña nueva.",
  metaTitle: (number: string) => `Pedido ${number} | LifeBox`,
  metaDescription: "Estado y detalle de tu pedido LifeBox.",
  greeting: (name: string) => `Gracias, ${name}.`,
  pendingIntro:
    "Guardamos tu pedido. Para confirmarlo, completa el pago en la página de pago; si no se abrió, usa el botón «Pagar ahora».",
  confirmedIntro: "Este es el estado actual de tu pedido.",
  numberLabel: "Número de pedido",
  totalLabel: "Total",
  /** Outside the continent, before the shipping is quoted: the total has the kits only (D25). */
  totalBeforeShippingLabel: "Total sin envío",
  shippingLabel: "Envío",
  shippingFree: "Gratis (Chile continental)",
  shippingArranged: "Por cotizar: te enviaremos el costo por correo",
  /** Orders outside the continent from before quotes (their shipping was agreed by hand). */
  shippingArrangedByHand: "Coordinado contigo",
  subtotalLabel: "Productos",
  /** An order outside the continent, before its shipping is quoted (D25). */
  quotePendingIntro: (comuna: string) =>
    `Guardamos tu pedido. Te enviaremos el costo de envío a ${comuna} dentro de ${quotationReviewTime}; entonces podrás pagar el total desde esta página.`,
  quotePendingNote: (comuna: string) =>
    `Estamos calculando el costo de envío a ${comuna}. Te lo enviaremos por correo dentro de ${quotationReviewTime}, con el total y el enlace para pagar.`,
  statusLabel: "Estado",
  dateLabel: "Fecha",
  deliveryLabel: "Entrega",
  payNow: "Pagar ahora",
  payNowNote: "Se abre la página de pago en una pestaña nueva.",
  processing: (hours: string) =>
    `Procesamos tu pedido dentro de ${hours} desde la confirmación del pago y te avisamos por correo cuando lo despachemos.`,
  emailNote:
    "Te enviamos este detalle por correo electrónico. Guarda este enlace para volver a ver tu pedido.",
  helpHeading: "¿Necesitas ayuda?",
  helpText: "Escríbenos indicando tu número de pedido:",
  continueShopping: "Seguir viendo productos",
  notFoundTitle: "Pedido no encontrado",
  notFoundText:
    "No encontramos un pedido con este enlace. Revisa que esté completo, tal como aparece en tu correo.",
} as const;
