/**
 * Spanish (es-CL) texts of the back office (docs/product.md#spec-2, #spec-4, #spec-8): the spec's quoted
 * exactly, ours the rest.
 */

/** An admin page's title in the browser: "Pedidos | Panel LifeBox". */
export const adminPageTitle = (page: string) => `${page} | Panel LifeBox`;

/** The one role (docs/product.md#spec-6) and the shell around every admin page. */
export const adminShellTexts = {
  roleLabel: "Administrador",
  brand: "LifeBox",
  /** Before the brand in the sidebar: "Panel LifeBox", as in every admin page's title. */
  brandPrefix: "Panel",
  brandSuffix: "Panel de administración",
  navLabel: "Panel de administración",
  logout: "Cerrar sesión",
  account: "Cambiar contraseña",
  collapseSidebar: "Contraer barra lateral",
  expandSidebar: "Expandir barra lateral",
  shortcutHint: "Atajo: Ctrl o ⌘ + B",
  openMenu: "Abrir menú",
  closeMenu: "Cerrar menú",
  mobileMenuTitle: "Menú del panel",
  mobileMenuDescription: "Secciones del panel de administración.",
  skipToContent: "Saltar al contenido",
  signedInAs: "Sesión iniciada como",
  errorTitle: "No se pudo mostrar esta página",
  errorText: "Ocurrió un error en el panel. Intenta nuevamente en unos minutos.",
  notFoundTitle: "Página no encontrada",
  notFoundText: "Esta sección del panel no existe o todavía no está disponible.",
  notFoundLink: "Ir al resumen",
  loading: "Cargando...",
} as const;

/** The sidebar's entries (docs/product.md#spec-2) and loading texts (§8). */
export const adminNavTexts = {
  dashboard: { label: "Resumen", loading: "Cargando resumen..." },
  orders: { label: "Pedidos", loading: "Cargando compras..." },
  quotes: { label: "Cotizaciones" },
  contacts: { label: "Contactos", loading: "Cargando contactos..." },
  subscribers: { label: "Suscriptores", loading: "Cargando suscriptores..." },
  chatbot: { label: "Chatbot", loading: "Cargando conversaciones..." },
  gallery: { label: "Galería" },
  users: { label: "Usuarios" },
  privacy: { label: "Privacidad" },
} as const;

/** /admin/login (docs/product.md#spec-2, #spec-4, #spec-8). */
export const adminLoginTexts = {
  title: "Panel de administración LifeBox",
  intro: "Ingresa con tu email y contraseña de administrador.",
  emailLabel: "Email",
  passwordLabel: "Contraseña",
  submit: "Iniciar sesión",
  submitting: "Iniciando sesión...",
  successTitle: "Acceso exitoso",
  successText: "Bienvenido al panel de administración",
  failureTitle: "Error de autenticación",
  failureText: "Usuario o contraseña incorrectos",
  errorTitle: "Error",
  errorText: "Ha ocurrido un error al iniciar sesión",
  throttledTitle: "Demasiados intentos",
  throttled: (minutes: number) =>
    `Demasiados intentos fallidos. Espera ${minutes} ${minutes === 1 ? "minuto" : "minutos"} e inténtalo de nuevo.`,
  metaTitle: "Iniciar sesión | Panel de administración LifeBox",
  metaDescription: "Acceso del personal de LifeBox al panel de administración.",
  backToSite: "Volver al sitio",
  // Shown while there is no staff account yet (docs/decisions/074): the owner's first step.
  noAdminTitle: "Aún no hay cuentas de administrador",
  noAdminText: "Crea la primera en el servidor, desde la carpeta de la tienda:",
  noAdminCommand: "npm run admin:create -- --email tu@correo.cl",
} as const;

/** /admin/dashboard (docs/product.md#spec-2, #spec-8, #spec-9; docs/product.md#d18). */
export const adminDashboardTexts = {
  title: "Resumen",
  intro: "Lo que llega desde el sitio: totales, ventas y lo que espera una respuesta.",
  metaDescription: "Totales y últimos pedidos, cotizaciones, mensajes y suscriptores.",
  ordersTotal: "Pedidos",
  quotesTotal: "Cotizaciones",
  contactsTotal: "Mensajes de contacto",
  subscribersTotal: "Suscriptores",
  byStatus: "Pedidos por estado",
  recentOrders: "Últimos pedidos",
  recentQuotes: "Últimas cotizaciones",
  recentContacts: "Últimos mensajes de contacto",
  recentSubscribers: "Últimos suscriptores",
  seeAll: "Ver todos",
  loadFailure: "No se pudo cargar el resumen. Intenta nuevamente en unos minutos.",
  sales: "Ventas",
  salesNote: "Pedidos pagados (pagado, en preparación, enviado o entregado), por el día en que se hicieron.",
  salesToday: "Hoy",
  salesWeek: "Últimos 7 días",
  salesMonth: "Últimos 30 días",
  salesCount: (count: string) => (count === "1" ? "1 pedido" : `${count} pedidos`),
  chartTitle: "Ventas diarias de los últimos 30 días",
  chartSummary: (total: string, best: string) => `Total ${total}; el mejor día, ${best}.`,
  chartNoSales: "Sin ventas en estos 30 días.",
  chartDay: "Día",
  chartOrders: "Pedidos",
  chartTotal: "Total",
  chatTitle: "Chatbot: últimos 7 días",
  chatNote:
    "Las preguntas que el chatbot no supo responder, las que respondió con poca confianza y las respuestas que no le sirvieron al visitante muestran qué falta en las preguntas frecuentes.",
  chatSessions: "Conversaciones",
  chatUnanswered: "Preguntas sin respuesta",
  chatLowConfidence: "Respuestas con poca confianza",
  chatNotHelpful: "Respuestas que no le sirvieron al visitante",
  chatReview: "Ver las conversaciones sin resolver",
  awaitingQuote: (count: string) =>
    count === "1"
      ? "1 pedido fuera del continente espera su costo de envío"
      : `${count} pedidos fuera del continente esperan su costo de envío`,
  awaitingDocument: (count: string) =>
    count === "1"
      ? "1 pedido pagado espera su boleta o factura"
      : `${count} pedidos pagados esperan su boleta o factura`,
  unpaidTitle: "Pendientes de pago hace más de 48 horas",
  unpaidIntro: "Escríbeles para saber si necesitan ayuda con el pago.",
  unpaidMore: (count: string) => `Y ${count} más en la lista de pedidos.`,
  unpaidEmpty: "No hay pedidos pendientes de pago con más de 48 horas.",
  galleryTitle: "Galería de clientes",
  galleryPending: "Fotos pendientes de revisión",
  galleryReview: "Revisar las fotos pendientes",
} as const;

/** /admin/users: the staff accounts (docs/product.md#d12). */
export const adminUsersTexts = {
  title: "Usuarios",
  intro: "Personas con acceso al panel. Todas tienen el rol Administrador.",
  metaDescription: "Administradores del panel de LifeBox.",
  listHeading: "Administradores",
  nameColumn: "Nombre",
  emailColumn: "Email",
  createdColumn: "Creado",
  statusColumn: "Estado",
  actionsColumn: "Acciones",
  active: "Activo",
  disabled: "Desactivado",
  you: "(tú)",
  disable: "Desactivar",
  disableLabel: (name: string) => `Desactivar a ${name}`,
  enable: "Reactivar",
  enableLabel: (name: string) => `Reactivar a ${name}`,
  disabledDone: (name: string) => `${name} ya no puede iniciar sesión y sus sesiones se cerraron.`,
  enabledDone: (name: string) => `${name} puede volver a iniciar sesión.`,
  cannotDisableSelf: "No puedes desactivar tu propia cuenta.",
  unknownUser: "Ese administrador no existe o ya estaba en ese estado.",
  addHeading: "Agregar administrador",
  addIntro:
    "La persona inicia sesión con este email y contraseña; pídele que la cambie en «Cambiar contraseña» al entrar.",
  nameLabel: "Nombre",
  emailLabel: "Email",
  passwordLabel: "Contraseña",
  passwordHint:
    "Al menos 8 caracteres, con minúscula, mayúscula, número y símbolo. Compártela por un medio seguro.",
  passwordConfirmationLabel: "Repite la contraseña",
  addSubmit: "Agregar administrador",
  adding: "Agregando...",
  added: (name: string) => `${name} fue agregado como administrador.`,
  emailTaken: "Ya existe un administrador con ese email.",
  successTitle: "Listo",
  failureTitle: "Error",
} as const;

/** /admin/account: one's own password. */
export const adminAccountTexts = {
  title: "Cambiar contraseña",
  intro: "Al cambiarla se cierran tus sesiones en otros dispositivos.",
  metaDescription: "Cambia la contraseña de tu cuenta de administrador.",
  currentPasswordLabel: "Contraseña actual",
  newPasswordLabel: "Nueva contraseña",
  newPasswordHint: "Al menos 8 caracteres, con minúscula, mayúscula, número y símbolo.",
  passwordConfirmationLabel: "Repite la nueva contraseña",
  submit: "Cambiar contraseña",
  submitting: "Guardando...",
  success: "Tu contraseña fue actualizada.",
  successTitle: "Contraseña actualizada",
  wrongPassword: "La contraseña actual no es correcta.",
  failureTitle: "Error",
} as const;

/** The labels of what visitors send, the same on every admin page that shows them. */
const fieldLabels = {
  createdAt: "Fecha",
  name: "Nombre",
  email: "Email",
  phone: "Teléfono",
  rut: "RUT",
  comuna: "Comuna",
  address: "Dirección",
  notes: "Notas",
  company: "Empresa",
  city: "Ciudad",
  product: "Producto",
  subject: "Asunto",
  message: "Mensaje",
  kit: "Kit",
  total: "Total",
  status: "Estado",
} as const;

/** /admin/privacy: requests about one person's data (D14; docs/decisions/020-privacy-requests.md). */
export const adminPrivacyTexts = {
  title: "Privacidad",
  metaDescription: "Busca, exporta y elimina todos los datos de una persona a partir de su email.",
  intro:
    "Cuando una persona pide saber qué datos suyos guardamos, o que los eliminemos (Ley 21.719), busca aquí su email.",
  emailLabel: "Email de la persona",
  search: "Buscar",
  searching: "Buscando...",
  resultsHeading: (email: string) => `Datos guardados de ${email}`,
  nothingFound: "No guardamos ningún dato con este email.",
  download: "Descargar JSON",
  sections: {
    orders: "Pedidos",
    quotes: "Cotizaciones",
    contactMessages: "Mensajes de contacto",
    subscriptions: "Suscripción al boletín",
    mails: "Correos enviados o por enviar",
    chatSessions: "Conversaciones con el chatbot en que escribió su email",
    galleryPhotos: "Fotos de la galería",
  },
  fields: {
    ...fieldLabels,
    date: "Fecha",
    consent: "Consentimiento",
    sent: "Enviado",
    quoteQuantity: "Cantidad de kits",
    additionalNotes: "Notas adicionales",
    comment: "Comentario",
    rejectionReason: "Motivo del rechazo",
    likes: "Me gusta",
    image: "Imagen",
    ip: "Dirección IP",
    ended: "Fin",
    chatUser: "Usuario",
    chatBot: "Bot",
  },
  chatTitle: (date: string) => `Conversación del ${date}`,
  chatActive: "Conversación activa",
  mailStatuses: { pending: "Pendiente", sent: "Enviado", failed: "Fallido" } as Record<string, string>,
  /** A gallery photo's status, as the Galería screen's badges say it (docs/product.md#spec-2). */
  photoStatuses: { pending: "Pendiente", approved: "Aprobada", rejected: "Rechazada" } as Record<
    string,
    string
  >,
  eraseHeading: "Eliminar los datos",
  eraseRule:
    "Se borran las cotizaciones, los mensajes, la suscripción, los correos, las conversaciones con el chatbot en que escribió su email y las fotos de la galería. Los pedidos cerrados se anonimizan: la venta se conserva, como exige la ley, sin el nombre ni los datos de contacto. Si hay pedidos en curso no se elimina nada.",
  confirmLabel: "La persona pidió eliminar sus datos y confirmé su identidad.",
  erase: "Eliminar datos",
  erasing: "Eliminando...",
  erasedTitle: "Datos eliminados",
  erased: (email: string, anonymised: number) =>
    `Se eliminaron los datos de ${email}.${anonymised > 0 ? ` Pedidos anonimizados: ${anonymised}.` : ""}`,
  blockedTitle: "No se eliminó nada",
  blocked: (orders: string) =>
    `Hay pedidos en curso con este email (${orders}). Complétalos o cancélalos antes de eliminar los datos.`,
  failureTitle: "Error",
  failure: "No se pudieron eliminar los datos. No se cambió nada; intenta nuevamente.",
} as const;

/**
 * Every admin list screen (components/admin/admin-list.tsx; docs/product.md#spec-2, #spec-8;
 * docs/product.md#d18).
 */
export const adminListTexts = {
  searchLabel: "Buscar",
  searchSubmit: "Buscar",
  clearSearch: "Limpiar búsqueda",
  searchTooShort: (minLength: number) =>
    `Escribe al menos ${minLength} letras o números seguidos para buscar; se muestra la lista sin buscar.`,
  filterAll: "Todos",
  exportCsv: "Exportar CSV",
  exportHint: "Descarga esta vista (búsqueda, filtro y orden) completa, no solo esta página.",
  pagination: "Paginación",
  previous: "Anterior",
  next: "Siguiente",
  pageOf: (page: string, pageCount: string, isLowerBound: boolean) =>
    `Página ${page} de ${isLowerBound ? "más de " : ""}${pageCount}`,
  pageLink: (page: string) => `Página ${page}`,
  ascending: "ascendente",
  descending: "descendente",
  sortBy: (direction: string) => `ordenar ${direction}`,
  sortedBy: (label: string, direction: string) => `ordenada por ${label}, ${direction}`,
  moreThan: (count: string) => `más de ${count}`,
  noMatchesHint: "Prueba con otra búsqueda o quita el filtro.",
  sortLabel: "Ordenar por",
  sortSubmit: "Ordenar",
} as const;

/** The singular and plural of what a list counts ("1 pedido", "3 pedidos"). */
export interface CountNoun {
  one: string;
  other: string;
}

/** /admin/orders and /admin/orders/:id (docs/product.md#spec-2, #spec-8; docs/product.md#d9). */
export const adminOrdersTexts = {
  title: "Pedidos",
  intro: "Pedidos hechos en el sitio. Abre uno para ver sus datos y cambiar su estado.",
  metaDescription: "Pedidos de la tienda: búsqueda, filtro por estado y exportación.",
  searchPlaceholder: "Buscar por producto o cliente...",
  empty: "No se encontraron compras",
  loading: "Cargando compras...",
  loadFailure: "No se pudieron cargar las compras.",
  count: { one: "pedido", other: "pedidos" } satisfies CountNoun,
  detailTitle: (number: string) => `Pedido ${number}`,
  detailMetaTitle: "Pedido | Panel LifeBox",
  detailMetaDescription: "Datos de un pedido, su historial de estados y el cambio de estado.",
  back: "Volver a pedidos",
  orderHeading: "Pedido",
  customerHeading: "Cliente y envío",
  /** Boleta or factura (D24; docs/decisions/064). */
  documentHeading: "Documento tributario",
  documentFields: {
    type: "Documento",
    invoiceRut: "RUT de la empresa",
    invoiceName: "Razón social",
    invoiceGiro: "Giro",
    invoiceAddress: "Dirección de facturación",
    invoiceComuna: "Comuna de facturación",
    invoiceRegion: "Región de facturación",
    invoiceEmail: "Email para la factura",
    folio: "Folio",
    issuedAt: "Emitido el",
    issued: "Documento emitido",
    recordedBy: "Registrado por",
  },
  documentTypes: { boleta: "Boleta", factura: "Factura" },
  documentNotIssued: "Sin emitir",
  // The document issued, recorded by staff or a provider (docs/decisions/065).
  siiTypes: {
    39: "Boleta electrónica",
    41: "Boleta exenta electrónica",
    33: "Factura electrónica",
    34: "Factura no afecta o exenta electrónica",
  } as Record<number, string>,
  documentMissing: (document: string) =>
    `Pagado sin documento: emite la ${document} en tu sistema de facturación y registra aquí su folio.`,
  documentLater: "El folio se registra cuando el pedido esté pagado.",
  documentRecordLegend: "Registrar el documento emitido",
  documentCorrectSummary: "Corregir el tipo o el folio",
  documentTypeLabel: "Tipo",
  folioLabel: "Folio",
  folioHint: "El número que le dio tu sistema de facturación, solo con números.",
  documentSubmit: "Guardar el folio",
  documentCorrectSubmit: "Guardar la corrección",
  documentMailNote: "Al cliente no le escribimos: tu sistema de facturación le envía el documento.",
  documentSuccessTitle: "Documento registrado",
  documentRecorded: (type: string, folio: string) => `Guardamos la ${type} con folio ${folio}.`,
  documentCorrected: (type: string, folio: string) =>
    `Corregimos el documento: ahora es la ${type} con folio ${folio}.`,
  documentUnchanged: "Ese documento ya estaba registrado; no cambió nada.",
  documentNotPaid:
    "Solo se registra el documento de un pedido pagado (pagado, en preparación, enviado o entregado).",
  folioTaken: (type: string, folio: string, order: string) =>
    `La ${type} con folio ${folio} ya está registrada en el pedido ${order}. Revisa el número.`,
  documentByProvider: (provider: string) => `${provider} (automático)`,
  documentRecordsHeading: "Registros anteriores",
  documentRecordEntry: (type: string, folio: string, at: string, by: string) =>
    `${type}, folio ${folio}: registrado el ${at} por ${by}`,
  historyHeading: "Historial de estados",
  changeHeading: "Cambiar estado",
  fields: {
    ...fieldLabels,
    number: "N.º de pedido",
    shipping: "Envío",
    id: "ID del pedido",
    region: "Región",
    termsAcceptedAt: "Términos aceptados",
    courier: "Courier",
    trackingNumber: "N.º de seguimiento",
    cancellationReason: "Motivo de la cancelación",
  },
  shippingKinds: { free: "Gratis (Chile continental)", arranged: "Fuera del continente: por cotizar" },
  /** The shipping of an order outside the continent, once quoted or agreed by hand before quotes. */
  shippingQuoted: (cost: string, at: string) => `${cost} (cotizado el ${at})`,
  shippingArrangedByHand: "Coordinado con el cliente",
  subtotal: "Productos",
  linesHeading: "Productos",
  quoteHeading: "Costo de envío",
  quoteIntro: (comuna: string) =>
    `El pedido va a ${comuna}, fuera de Chile continental: ingresa el costo de envío. El total pasa a ser productos + envío y le escribimos al cliente con el total y el enlace para pagar.`,
  quoteAgain: (cost: string) =>
    `Cotizado en ${cost}. Si lo corriges, le escribimos de nuevo al cliente con el nuevo total.`,
  quoteLabel: "Costo de envío (pesos)",
  quoteSubmit: "Guardar el costo y avisar al cliente",
  quoted: (cost: string, total: string) =>
    `Guardamos el envío de ${cost}: el total del pedido es ${total}. Le escribimos al cliente con el enlace para pagar.`,
  quoteRefused:
    "Este pedido ya no espera un costo de envío (está pagado, cancelado o va a Chile continental).",
  historyColumns: { at: "Fecha", change: "Cambio", by: "Por" },
  /** The first entry: the order entered its first status (no status before it). */
  created: (status: string) => `→ ${status}`,
  changed: (from: string, to: string) => `${from} → ${to}`,
  bySystem: "Sistema",
  unknownStaff: "Administrador desconocido",
  statusLegend: "Nuevo estado",
  currentStatus: (status: string) => `Estado actual: ${status}.`,
  cancelHint: "Cancelar es definitivo: un pedido cancelado ya no cambia de estado.",
  confirmCancel: "Si eliges Cancelado: confirmo que este pedido se cancela.",
  finalStatus: "Este pedido está en un estado final; su estado ya no cambia.",
  submit: "Cambiar estado",
  submitting: "Guardando...",
  statusChanged: (status: string, mailed: boolean) =>
    `El pedido quedó en «${status}».${mailed ? " Al cliente le escribiremos en 2 minutos; hasta 1 minuto después del cambio puedes deshacerlo." : ""}`,
  courierLabel: "Courier",
  courierPlaceholder: "Elige el courier",
  courierNameLabel: "Nombre del courier",
  courierNameHint: "Solo si elegiste «Otro».",
  trackingNumberLabel: "Número de seguimiento",
  trackingNumberHint: "Obligatorio para los couriers de la lista; con «Otro», si lo hay.",
  shippingFieldsLegend: "Datos del despacho",
  cancellationReasonLabel: "Motivo de la cancelación",
  cancellationReasonHint: "Se lo enviamos al cliente en el correo de cancelación.",
  mailNote:
    "Cuando el pedido pasa a Pagado, Enviado, Entregado o Cancelado, el cliente recibe un correo 2 minutos después del cambio. Durante el primer minuto puedes deshacer un cambio hecho por error, y no se envía nada.",
  undoHeading: "¿Fue un error?",
  undoText: (from: string, to: string, until: string) =>
    `Cambiaste el estado de «${from}» a «${to}». Puedes deshacerlo hasta las ${until}; el cliente no recibirá ningún correo sobre este cambio.`,
  undoSubmit: "Deshacer el cambio",
  undoing: "Deshaciendo...",
  undone: (status: string) => `Cambio deshecho: el pedido volvió a «${status}» y no se envió ningún correo.`,
  undoRefused:
    "Este cambio ya no se puede deshacer: pasó más de un minuto, el pedido cambió otra vez o el correo al cliente ya salió.",
  undoneMark: "(deshecho)",
  undoEntry: (from: string, to: string) => `Deshecho: ${from} → ${to}`,
  transitionRefused: (from: string, to: string) => `Un pedido «${from}» no puede pasar a «${to}».`,
  conflict:
    "Otra persona cambió el estado de este pedido mientras lo veías. Revisa el estado actual e inténtalo de nuevo.",
  successTitle: "Estado actualizado",
  failureTitle: "Error",
  notFoundTitle: "Pedido no encontrado",
  notFound: "No existe un pedido con esa dirección. Búscalo en la lista de pedidos.",
  // Payments (issue 22; docs/decisions/060).
  paidByLabel: "Pagado por",
  paidBy: { webpay: "Webpay", flow: "Flow", manual: "A mano" },
  paidByText: { webpay: "Pagado por Webpay", flow: "Pagado por Flow", manual: "Pagado a mano" },
  paymentFieldsLegend: "Datos del pago recibido",
  paymentMeansLabel: "Medio de pago",
  paymentMeansPlaceholder: "Elige cómo pagó",
  paymentMeans: { transferencia: "Transferencia", deposito: "Depósito", efectivo: "Efectivo", otro: "Otro" },
  paymentReferenceLabel: "N.º de operación",
  paymentReferenceHint: "El número de la transferencia, del depósito o del recibo.",
  historyPayment: (means: string, reference: string | null) =>
    `${means}${reference ? `, operación ${reference}` : ""}`,
  refundLabel: (provider: string, amount: string) => `Devolver el pago por ${provider} (${amount})`,
  refundHint: (provider: string) =>
    `Se pide a ${provider} al cancelar; el cliente recibe el dinero en su medio de pago. Desmárcalo solo si ya lo devolviste de otra forma.`,
  cancelledWithRefund: (amount: string, provider: string) =>
    `Devolvimos ${amount} por ${provider} y el pedido quedó en «Cancelado». Le escribimos al cliente ahora mismo; esta cancelación ya no se puede deshacer.`,
  refundPayment: (amount: string) => `Devolver este pago (${amount})`,
  refundPaymentHint: (provider: string) =>
    `Se pide a ${provider} devolver el total de este pago al cliente, que recibe un correo; el estado del pedido no cambia.`,
  paymentRefunded: (amount: string, provider: string) =>
    `Devolvimos ${amount} por ${provider} y le escribimos al cliente.`,
  paymentsHeading: "Pagos",
  noAttempts: "Este pedido no tiene intentos de pago con Webpay ni Flow.",
  attemptStatuses: {
    started: "Iniciado",
    approved: "Aprobado",
    rejected: "Rechazado",
    cancelled: "Anulado",
    expired: "Vencido",
    refunded: "Reembolsado",
    mismatch: "No coincide",
  },
  attemptFields: {
    provider: "Medio",
    createdAt: "Fecha",
    amount: "Monto",
    providerAmount: "Monto informado",
    status: "Estado",
    reference: "Token",
    buyOrder: "Orden de compra",
    authorizationCode: "Código de autorización",
    card: "Tarjeta",
    paymentType: "Tipo de pago",
    installments: "Cuotas",
    responseCode: "Código de respuesta",
    settledAt: "Resuelto",
    refund: "Devolución",
    refundError: "Devolución fallida",
  },
  attemptTitle: (provider: string, date: string) => `${provider}, ${date}`,
  card: (lastFour: string) => `•••• ${lastFour}`,
  paymentTypes: {
    VD: "Débito",
    VN: "Crédito",
    VC: "Crédito en cuotas",
    SI: "3 cuotas sin interés",
    S2: "2 cuotas sin interés",
    NC: "N cuotas sin interés",
    VP: "Prepago",
  } as Record<string, string>,
  refundText: (amount: string, type: string, date: string, reference: string | null) =>
    `${amount} (${type}) el ${date}${reference ? `, referencia ${reference}` : ""}`,
  mismatchFlags: {
    amount: "El monto pagado no coincide con el pedido: revisar y devolver.",
    "buy-order": "La orden de compra que informó el proveedor no es la de este intento: revisar y devolver.",
    "order-not-awaiting-payment": "Pago recibido cuando el pedido ya no esperaba pago: revisar y devolver.",
  } as Record<string, string>,
  mismatchUnknown: "El pago aprobado no coincide con este pedido: revisar y devolver.",
  answerSummary: "Respuesta del proveedor",
  copyHint: "Token completo",
  /** The list's flag on an order outside the continent, beside its status (docs/decisions/072). */
  shippingFlags: { toQuote: "Envío: por cotizar", quoted: "Envío: cotizado" },
} as const;

/** What a quotation's page and a contact message's page both say. */
const answeredTexts = {
  pending: "Pendiente de respuesta.",
  markPending: "Marcar como pendiente",
  saving: "Guardando...",
  successTitle: "Listo",
  failureTitle: "Error",
} as const;

/** /admin/quotes and /admin/quotes/:id (docs/product.md#d18: the spec stored quotations without a screen). */
export const adminQuotesTexts = {
  title: "Cotizaciones",
  intro: "Solicitudes de cotización de empresas. Márcalas como respondidas cuando las contestes.",
  metaDescription: "Solicitudes de cotización: búsqueda, filtro y exportación.",
  searchPlaceholder: "Buscar por nombre, empresa, email, producto o ciudad...",
  empty: "No se encontraron cotizaciones",
  loading: "Cargando cotizaciones...",
  loadFailure: "No se pudieron cargar las cotizaciones.",
  count: { one: "cotización", other: "cotizaciones" } satisfies CountNoun,
  detailTitle: (name: string) => `Cotización de ${name}`,
  detailMetaTitle: "Cotización | Panel LifeBox",
  detailMetaDescription: "Una solicitud de cotización completa.",
  back: "Volver a cotizaciones",
  fields: { ...fieldLabels, quantity: "Cantidad de kits", notes: "Notas adicionales", id: "ID" },
  /** The quantity of a quotation stored before the form asked for it (migration 0015). */
  noQuantity: "Sin indicar",
  noNotes: "Sin notas adicionales.",
  ...answeredTexts,
  answeredOn: (date: string) => `Respondida el ${date}.`,
  markAnswered: "Marcar como respondida",
  markedAnswered: "La cotización quedó marcada como respondida.",
  markedPending: "La cotización volvió a quedar pendiente.",
  notFoundTitle: "Cotización no encontrada",
  notFound: "No existe una cotización con esa dirección. Búscala en la lista de cotizaciones.",
} as const;

/** /admin/contacts and /admin/contacts/:id (docs/product.md#spec-2, #spec-8). */
export const adminContactsTexts = {
  title: "Contactos",
  intro: "Mensajes enviados desde la página de contacto. Márcalos como respondidos cuando los contestes.",
  metaDescription: "Mensajes de contacto: búsqueda, filtro y exportación.",
  searchPlaceholder: "Buscar por nombre, email o asunto...",
  empty: "No se encontraron mensajes",
  loading: "Cargando contactos...",
  loadFailure: "No se pudieron cargar los mensajes de contacto.",
  count: { one: "mensaje", other: "mensajes" } satisfies CountNoun,
  detailTitle: (subject: string) => `Mensaje: ${subject}`,
  detailMetaTitle: "Mensaje de contacto | Panel LifeBox",
  detailMetaDescription: "Un mensaje de contacto completo.",
  back: "Volver a contactos",
  fields: { ...fieldLabels, id: "ID" },
  ...answeredTexts,
  answeredOn: (date: string) => `Respondido el ${date}.`,
  markAnswered: "Marcar como respondido",
  markedAnswered: "El mensaje quedó marcado como respondido.",
  markedPending: "El mensaje volvió a quedar pendiente.",
  notFoundTitle: "Mensaje no encontrado",
  notFound: "No existe un mensaje con esa dirección. Búscalo en la lista de contactos.",
} as const;

/** /admin/mails: the newsletter subscribers (docs/product.md#spec-2 "Subscribers", §8). */
export const adminSubscribersTexts = {
  title: "Suscriptores",
  countedTitle: (total: string) => `Total de suscriptores: ${total}`,
  intro: "Personas que aceptaron recibir el boletín.",
  metaDescription: "Suscriptores del boletín: búsqueda y exportación.",
  searchPlaceholder: "Buscar por email...",
  empty: "No se encontraron suscriptores",
  loading: "Cargando suscriptores...",
  loadFailure: "No se pudieron cargar los suscriptores.",
  count: { one: "suscriptor", other: "suscriptores" } satisfies CountNoun,
} as const;

/**
 * /admin/chatbot and /admin/chatbot/:id: the chatbot's conversations (docs/product.md#spec-2 "Chatbot", §8;
 * docs/product.md#d17). A bot answer that did not know is marked "Sin respuesta" (what to add to the FAQ).
 */
export const adminChatbotTexts = {
  title: "Conversaciones del chatbot",
  countedTitle: (total: string) => `Conversaciones del chatbot (${total})`,
  intro:
    "Conversaciones de los visitantes con el chatbot. Las preguntas que no supo responder muestran qué falta en las preguntas frecuentes.",
  metaDescription: "Conversaciones del chatbot: búsqueda, preguntas sin responder y exportación.",
  searchPlaceholder: "Buscar conversaciones...",
  empty: "No se encontraron conversaciones",
  loading: "Cargando conversaciones...",
  loadFailure: "No se pudieron cargar las conversaciones.",
  count: { one: "conversación", other: "conversaciones" } satisfies CountNoun,
  filterAll: "Todas",
  actionsColumn: "Acciones",
  view: "Ver conversación",
  viewLabel: (date: string) => `Ver conversación del ${date}`,
  detailTitle: "Conversación",
  detailMetaTitle: "Conversación | Panel LifeBox",
  detailMetaDescription: "Una conversación con el chatbot, mensaje por mensaje.",
  back: "Volver al chatbot",
  fields: {
    sessionId: "ID de sesión",
    visitorId: "ID de visitante",
    ip: "Dirección IP",
    start: "Inicio",
    end: "Fin",
    duration: "Duración",
    messages: "Mensajes",
    unanswered: "Sin respuesta",
    failed: "Sin resolver",
  },
  active: "Conversación activa",
  messagesLabel: "Mensajes de la conversación",
  noMessages: "Esta conversación no tiene mensajes.",
  user: "Usuario",
  bot: "Bot",
  /** Why a bot answer failed (issue 26): the mark beside it, and what the mark means. */
  failureMarks: {
    unanswered: { label: "Sin respuesta", hint: "El chatbot no supo responder esta pregunta." },
    lowConfidence: {
      label: "Poca confianza",
      hint: "El chatbot respondió sin estar seguro: revisa si la respuesta es la correcta.",
    },
    notHelpful: { label: "No me sirvió", hint: "El visitante marcó que esta respuesta no le sirvió." },
  },
  failedFilter: "Sin resolver",
  unansweredFilter: "Con preguntas sin responder",
  close: "Cerrar",
  closeIcon: "Cerrar conversación",
  opening: "Cargando conversación...",
  notFoundTitle: "Conversación no encontrada",
  notFound: "No existe una conversación con esa dirección. Búscala en la lista de conversaciones.",
} as const;

/**
 * /admin/gallery and /admin/gallery/:id (docs/product.md#spec-2 "Galería de clientes", §4 "Gallery photo
 * status", §8; docs/product.md#d16: every tab a real list, the rejection reason apart from the comment).
 * Withdrawing an approved photo is ours (docs/decisions/042-admin-gallery.md).
 */
export const adminGalleryTexts = {
  title: "Galería de clientes",
  intro: "Fotos que comparten los clientes. Se publican en la galería solo cuando las apruebas.",
  metaDescription: "Moderación de las fotos de la galería de clientes.",
  searchPlaceholder: "Buscar por cliente, N.º de pedido, kit o comentario...",
  empty: "No hay fotos para mostrar en esta categoría",
  loading: "Cargando fotos...",
  loadFailure: "No se pudieron cargar las fotos de la galería.",
  count: { one: "foto", other: "fotos" } satisfies CountNoun,
  summaryLabel: "Resumen de la galería",
  cards: {
    total: "Total de fotos",
    pending: "Pendientes",
    approved: "Aprobadas",
    likes: "Total de me gusta",
  },
  tabsLabel: "Fotos por estado",
  tabAll: "Todas",
  tabs: { pending: "Pendientes", approved: "Aprobadas", rejected: "Rechazadas" },
  statuses: { pending: "Pendiente", approved: "Aprobada", rejected: "Rechazada" },
  sortChoices: {
    newest: "Fecha: más recientes primero",
    oldest: "Fecha: más antiguas primero",
    mostLiked: "Me gusta: de mayor a menor",
    leastLiked: "Me gusta: de menor a mayor",
  },
  columns: {
    id: "ID",
    image: "Imagen",
    customer: "Cliente",
    orderNumber: "N.º de pedido",
    kit: "Kit",
    comment: "Comentario",
    date: "Fecha",
    likes: "Me gusta",
    status: "Estado",
    rejectionReason: "Motivo del rechazo",
    moderatedAt: "Moderada el",
    actions: "Acciones",
  },
  openImage: (author: string) => `Ver la foto de ${author} en tamaño completo (se abre en una pestaña nueva)`,
  imageAlt: (author: string, kit: string) => `Foto de ${author} con su ${kit}`,
  /** In place of a rejected photo's image, whose files were deleted (docs/decisions/052). */
  imageDeleted: "Imagen eliminada al rechazar la foto.",
  /** The same in the list's thumbnail cell. */
  imageDeletedShort: "Imagen eliminada",
  approve: "Aprobar",
  reject: "Rechazar",
  withdraw: "Retirar",
  /** Said after the button's visible text to screen readers, so that each row's buttons differ. */
  actionTarget: (author: string, id: string) => ` la foto de ${author} (${id})`,
  noActions: "Sin acciones",
  dialogPhoto: (author: string, kit: string, id: string) => `Foto de ${author} con su ${kit} (${id}).`,
  saving: "Guardando...",
  cancel: "Cancelar",
  rejectDialog: {
    title: "Rechazar foto",
    description:
      "Especifica el motivo del rechazo. Esta información será almacenada internamente. La imagen se eliminará y no se podrá recuperar.",
    label: "Motivo del rechazo",
    placeholder: "Indique el motivo del rechazo...",
    submit: "Confirmar rechazo",
  },
  withdrawDialog: {
    title: "Retirar foto",
    description:
      "La foto dejará de mostrarse en la galería y pasará a Rechazadas; su imagen se eliminará y no se podrá recuperar. Especifica el motivo del retiro; esta información será almacenada internamente.",
    label: "Motivo del retiro",
    placeholder: "Indique el motivo del retiro...",
    submit: "Confirmar retiro",
  },
  approved: { title: "Foto aprobada", description: "La foto ha sido publicada en la galería de clientes." },
  rejected: { title: "Foto rechazada", description: "La foto ha sido rechazada y no será publicada." },
  withdrawn: { title: "Foto retirada", description: "La foto ya no se muestra en la galería de clientes." },
  failureTitle: "Error",
  failures: {
    approve: "No se pudo aprobar la foto. Inténtalo de nuevo.",
    reject: "No se pudo rechazar la foto. Inténtalo de nuevo.",
    withdraw: "No se pudo retirar la foto. Inténtalo de nuevo.",
  },
  verbs: { approve: "aprobar", reject: "rechazar", withdraw: "retirar" },
  conflict: (verb: string, status: string) =>
    `No se pudo ${verb} la foto: mientras la revisabas, otra persona la dejó «${status}». No se cambió nada; revisa su estado actual.`,
  gone: (verb: string) => `No se pudo ${verb} la foto: ya no existe. No se cambió nada.`,
  reasonTooLong: (max: number) => `El motivo puede tener hasta ${max} caracteres.`,
  // The photo's own page (/admin/gallery/:id): every field, and the moderation without JavaScript.
  detailTitle: (id: string) => `Foto ${id}`,
  detailMetaTitle: "Foto | Panel LifeBox",
  detailMetaDescription: "Una foto de la galería de clientes, con sus datos y su moderación.",
  back: "Volver a la galería",
  photoHeading: "Foto",
  dataHeading: "Datos",
  moderationHeading: "Moderación",
  fields: {
    customer: "Cliente",
    orderNumber: "N.º de pedido",
    kit: "Kit",
    comment: "Comentario",
    date: "Fecha",
    likes: "Me gusta",
    status: "Estado",
    rejectionReason: "Motivo del rechazo",
    moderatedAt: "Moderada el",
    moderatedBy: "Moderada por",
    id: "ID",
  },
  unknownStaff: "Administrador desconocido",
  noComment: "Sin comentario.",
  rejectedNote: "Esta foto está rechazada: no se muestra en la galería de clientes.",
  notFoundTitle: "Foto no encontrada",
  notFound: "No existe una foto con esa dirección. Búscala en la galería.",
} as const;
