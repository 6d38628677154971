/**
 * Spanish (es-CL) texts of the back office: sign-in, layout, dashboard, staff accounts (SPEC §2, §4,
 * §8; issue 4). The spec's own texts are quoted exactly; the rest is ours.
 */

/** The one role (SPEC §6) and the shell around every admin page. */
export const adminShellTexts = {
  roleLabel: "Administrador",
  brand: "LifeBox",
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
  notFoundLink: "Ir al Dashboard",
} as const;

/** The sidebar's entries (SPEC §2; Chatbot and Galería come with the gallery and chatbot issue). */
export const adminNavLabels = {
  dashboard: "Dashboard",
  orders: "Pedidos",
  quotes: "Cotizaciones",
  contacts: "Contactos",
  subscribers: "Suscriptores",
  users: "Usuarios",
  privacy: "Privacidad",
} as const;

/** Shown while a section loads after a click (SPEC §8 "Loading texts"). */
export const adminLoadingTexts = {
  dashboard: "Cargando panel...",
  orders: "Cargando compras...",
  contacts: "Cargando contactos...",
  subscribers: "Cargando suscripciones...",
  other: "Cargando...",
} as const;

/** /admin/login (SPEC §2, §4, §8). */
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
  signedOut: "Cerraste sesión.",
  metaTitle: "Iniciar sesión | Panel de administración LifeBox",
  metaDescription: "Acceso del personal de LifeBox al panel de administración.",
  backToSite: "Volver al sitio",
} as const;

/** /admin/dashboard (SPEC §2, §8, §9; DECISIONS D18). */
export const adminDashboardTexts = {
  title: "Dashboard",
  intro: "Resumen de lo que llega desde el sitio.",
  metaTitle: "Dashboard | Panel LifeBox",
  metaDescription: "Totales y últimos pedidos, cotizaciones, mensajes y suscripciones.",
  ordersTotal: "Pedidos",
  quotesTotal: "Cotizaciones",
  contactsTotal: "Mensajes de contacto",
  subscribersTotal: "Suscriptores",
  byStatus: "Pedidos por estado",
  recentOrders: "Últimos pedidos",
  recentQuotes: "Últimas cotizaciones",
  recentContacts: "Últimos mensajes de contacto",
  recentSubscribers: "Últimas suscripciones",
  seeAll: "Ver todos",
  emptyOrders: "No se encontraron compras",
  emptyQuotes: "No se encontraron cotizaciones",
  emptyContacts: "No se encontraron mensajes",
  emptySubscribers: "No se encontraron suscripciones",
  loadFailure: "No se pudo cargar el panel. Intenta nuevamente en unos minutos.",
} as const;

/** /admin/users: the staff accounts (DECISIONS D12). */
export const adminUsersTexts = {
  title: "Usuarios",
  intro: "Personas con acceso al panel. Todas tienen el rol Administrador.",
  metaTitle: "Usuarios | Panel LifeBox",
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
  metaTitle: "Cambiar contraseña | Panel LifeBox",
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
  failure: "No se pudo cambiar la contraseña. Intenta nuevamente.",
} as const;

/** /admin/privacy: requests about one person's data (D14; docs/decisions/020-privacy-requests.md). */
export const adminPrivacyTexts = {
  title: "Privacidad",
  metaTitle: "Privacidad | Panel LifeBox",
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
    subscriptions: "Suscripción al newsletter",
    mails: "Correos enviados o por enviar",
  },
  fields: {
    number: "Pedido",
    kit: "Kit",
    total: "Total",
    status: "Estado",
    date: "Fecha",
    name: "Nombre",
    email: "Email",
    phone: "Teléfono",
    address: "Dirección",
    comuna: "Comuna",
    rut: "RUT",
    notes: "Notas",
    company: "Empresa",
    city: "Ciudad",
    product: "Producto",
    subject: "Asunto",
    message: "Mensaje",
    consent: "Consentimiento",
    kind: "Tipo",
    to: "Para",
    sent: "Enviado",
  },
  mailStatuses: { pending: "Pendiente", sent: "Enviado", failed: "Fallido" } as Record<string, string>,
  eraseHeading: "Eliminar los datos",
  eraseRule:
    "Se borran las cotizaciones, los mensajes, la suscripción y los correos. Los pedidos cerrados se anonimizan: la venta se conserva, como exige la ley, sin el nombre ni los datos de contacto. Si hay pedidos en curso no se elimina nada.",
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
