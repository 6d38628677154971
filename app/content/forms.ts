/**
 * Spanish texts shared by every public form: the anti-spam check, refusals of the server and the
 * notice shown when JavaScript is off (docs/product.md#d13).
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

/** The purchase-data dialog (docs/product.md#spec-2, #spec-4, #spec-8; docs/product.md#d6 to #d8, #d14). */
export const purchaseTexts = {
  title: (kitName: string) => `Producto ${kitName}`,
  description:
    "Ingresa los datos que necesitamos para enviarte el producto. Registramos tu pedido y te llevamos a la página de pago, en esta misma pestaña.",
  /** With payment links only (PAYMENT_PROVIDER=link): the kit's link opens in a new tab. */
  descriptionNewTab:
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
  rutHint: "Tu RUT, si quieres la boleta a tu nombre. Para factura, ingresa el de la empresa más abajo.",
  /** Boleta or factura (D24; docs/decisions/064). */
  documentLegend: "Documento",
  documentBoleta: "Boleta",
  documentFactura: "Factura",
  documentFacturaHint: "Para una empresa: te pedimos sus datos.",
  invoiceLegend: "Datos para la factura (solo si eliges factura)",
  invoiceRutLabel: "RUT de la empresa",
  invoiceNameLabel: "Razón social",
  invoiceGiroLabel: "Giro",
  invoiceAddressLabel: "Dirección de facturación",
  invoiceRegionLabel: "Región de facturación",
  invoiceComunaLabel: "Comuna de facturación",
  invoiceEmailLabel: "Email para la factura",
  invoiceEmailHint: "Ahí enviaremos la factura electrónica.",
  notesLabel: "Notas",
  notesHint: "Indicaciones para el despacho u otra información útil.",
  termsBefore: "Acepto los ",
  termsLink: "Términos y condiciones",
  termsAfter: ", incluida la garantía y el derecho a retracto.",
  quantityLabel: "Cantidad",
  quantityHint: (max: number) => `De 1 a ${max} kits. Para más, pide una cotización.`,
  summaryHeading: "Resumen",
  productLabel: "Producto",
  shippingLabel: "Envío",
  shippingFree: "Gratis (Chile continental)",
  shippingArranged: "Por cotizar: te lo enviamos antes de pagar (fuera de Chile continental)",
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

/** The quotation dialog (docs/product.md#spec-2, #spec-5, #spec-8; docs/product.md#d10). */
export const quoteTexts = {
  title: "Solicitar cotización",
  description: (productName: string) =>
    `Cotiza el ${productName} para tu empresa u organización. Te responderemos dentro de ${quotationReviewTime}.`,
  fullNameLabel: "Nombre completo",
  emailLabel: "Email",
  phoneLabel: "Teléfono",
  companyLabel: "Empresa u organización",
  cityLabel: "Ciudad",
  quantityLabel: "Cantidad de kits",
  quantityHint: "De 1 a 10.000.",
  additionalNotesLabel: "Notas adicionales",
  additionalNotesHint: "Plazos, lugar de entrega u otros requisitos.",
  termsBefore: "Al enviar aceptas los ",
  termsLink: "Términos y condiciones",
  termsMiddle: " y la ",
  privacyLink: "Política de privacidad",
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
