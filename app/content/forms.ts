/**
 * Spanish texts shared by every public form: the anti-spam check, refusals of the server and the
 * notice shown when JavaScript is off (DECISIONS D13).
 */
import { quotationReviewTime } from "~/content/policies";

export const submissionMessages = {
  rateLimited: "Recibimos demasiados envíos desde tu conexión. Espera unos minutos e intenta nuevamente.",
  tooLarge: "El envío es demasiado grande. Acorta el texto e intenta nuevamente.",
  malformed: "No pudimos leer el formulario. Recarga la página e intenta nuevamente.",
  honeypot: "No pudimos verificar el envío. Recarga la página e intenta nuevamente.",
  captchaMissing:
    "Falta la verificación anti-spam, que necesita JavaScript. Actívalo e intenta nuevamente, o escríbenos por WhatsApp o correo electrónico.",
  captchaInvalid: "La verificación anti-spam no es válida o expiró. Intenta nuevamente.",
  captchaUnsolved: "No pudimos completar la verificación anti-spam. Revisa tu conexión e intenta nuevamente.",
} as const;

/**
 * Refusals shared by every text field of every form, public and admin (`app/schemas/text.ts`): a
 * control character (NUL, escape, …; a line break only outside multi-line fields) is never kept.
 */
export const textFieldMessages = {
  disallowedCharacters: "Contiene caracteres no permitidos.",
} as const;

export const captchaTexts = {
  /** Label of the visually hidden honeypot field. */
  honeypotLabel: "No completes este campo",
  privacyNote: "Verificación anti-spam propia, sin servicios de terceros.",
} as const;

/** What a form says when JavaScript is off: it cannot be sent, but the shop can still be reached. */
export const noScriptNotice = {
  text: "Para enviar este formulario se necesita JavaScript, por la verificación anti-spam. Si lo tienes desactivado, escríbenos por WhatsApp o por correo electrónico:",
  whatsappLabel: "WhatsApp",
} as const;

/** The purchase-data dialog (SPEC §2, §4, §8; DECISIONS D6–D8, D14). */
export const purchaseTexts = {
  title: (kitName: string) => `Producto ${kitName}`,
  description:
    "Ingresa los datos que necesitamos para enviarte el producto. Registramos tu pedido y abrimos la página de pago en una pestaña nueva.",
  nameLabel: "Nombre completo",
  emailLabel: "Email",
  emailHint: "Te enviaremos el comprobante y el número de tu pedido.",
  phoneLabel: "Teléfono",
  regionLabel: "Región",
  regionPlaceholder: "Selecciona una región",
  comunaLabel: "Comuna",
  comunaPlaceholder: "Selecciona una comuna",
  comunaFirstRegion: "Primero selecciona una región",
  addressLabel: "Dirección de despacho",
  addressHint: "Calle, número, departamento o casa.",
  rutLabel: "RUT",
  rutHint: "Si necesitas boleta o factura a tu nombre.",
  notesLabel: "Notas",
  notesHint: "Indicaciones para el despacho u otra información útil.",
  termsBefore: "Acepto los ",
  termsLink: "Términos y Condiciones",
  termsAfter: ", incluida la garantía y el derecho a retracto.",
  summaryHeading: "Resumen",
  productLabel: "Producto",
  shippingLabel: "Envío",
  shippingFree: "Gratis (Chile continental)",
  shippingArranged: "Por coordinar contigo (fuera de Chile continental)",
  shippingPending: "Gratis a Chile continental; se confirma al elegir la comuna",
  totalLabel: "Total",
  deliveryLabel: "Entrega",
  submitLabel: "Proceder al pago",
  submittingLabel: "Enviando…",
  cancelLabel: "Cancelar",
  failure: "Ocurrió un error al intentar crear la orden. Intenta nuevamente.",
  paymentTabTitle: "Abriendo el pago…",
  paymentTabText: "Estamos registrando tu pedido. En un momento se abrirá la página de pago.",
  pageTitle: (kitName: string) => `Comprar ${kitName} | LifeBox`,
  pageDescription: (kitName: string) =>
    `Ingresa tus datos de despacho para comprar el ${kitName}. Envío gratis a Chile continental.`,
} as const;

/** The quotation dialog (SPEC §2, §5, §8; DECISIONS D10). */
export const quoteTexts = {
  title: "Solicitar Cotización",
  description: (productName: string) =>
    `Cotiza el ${productName} para tu empresa u organización. Te responderemos dentro de ${quotationReviewTime}.`,
  fullNameLabel: "Nombre completo",
  emailLabel: "Email",
  phoneLabel: "Teléfono",
  companyLabel: "Empresa u organización",
  cityLabel: "Ciudad",
  additionalNotesLabel: "Notas adicionales",
  additionalNotesHint: "Cantidad de kits, plazos u otros requisitos.",
  termsBefore: "Al enviar aceptas los ",
  termsLink: "Términos y Condiciones",
  termsMiddle: " y la ",
  privacyLink: "Política de Privacidad",
  termsAfter: ".",
  submitLabel: "Solicitar cotización",
  submittingLabel: "Enviando...",
  cancelLabel: "Cancelar",
  successTitle: "Cotización recibida",
  successText: (name: string) => `Gracias, ${name}. Te enviaremos los detalles pronto.`,
  failureTitle: "Error",
  failure: "Hubo un problema al procesar tu cotización. Por favor, intenta nuevamente.",
  pageTitle: (kitName: string) => `Cotizar ${kitName} para empresas | LifeBox`,
  pageDescription: (kitName: string) =>
    `Solicita una cotización del ${kitName} para tu empresa u organización. Respondemos dentro de ${quotationReviewTime}.`,
} as const;

/** The order confirmation page /pedido/{id} (DECISIONS D8). */
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
  productLabel: "Producto",
  totalLabel: "Total",
  shippingLabel: "Envío",
  shippingFree: "Gratis (Chile continental)",
  shippingArranged: "Por coordinar contigo",
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

/** The newsletter pages: /newsletter (the form as a page) and /newsletter/baja (D14). */
export const newsletterPageTexts = {
  title: "Boletín LifeBox",
  metaDescription: "Suscríbete al boletín de LifeBox: consejos de preparación ante emergencias y novedades.",
  unsubscribeTitle: "Baja del boletín",
  unsubscribeMetaDescription: "Date de baja del boletín de LifeBox con un clic.",
  unsubscribed: "Listo: te diste de baja del boletín de LifeBox. No volverás a recibir nuestros correos.",
  unknownToken:
    "Este enlace de baja no es válido o ya se usó. Si sigues recibiendo el boletín, escríbenos y te damos de baja.",
  backHome: "Volver al inicio",
} as const;
