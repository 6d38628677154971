/**
 * Spanish (es-CL) texts of the customer gallery (docs/product.md#d16): the public gallery /galeria, its
 * photos on the kit pages and the home page, and the upload form /galeria/compartir; then its addresses.
 */

/** The largest photo a customer may send, in megabytes (D16). */
export const maxPhotoMegabytes = 8;

/** The photo formats accepted, as the customer reads them. */
const acceptedFormats = "JPG, PNG o WebP";

export const galleryTexts = {
  title: "Galería de clientes",
  intro:
    "Fotos que nos enviaron clientes LifeBox: sus kits en la casa, el auto, la montaña, el bote o el trabajo.",
  shareLink: "Comparte tu LifeBox",
  empty: "Todavía no hay fotos publicadas. ¿Ya tienes tu LifeBox? Sé el primero en compartir la tuya.",
  listLabel: "Fotos de clientes",
  /** The image's alternative text, e.g. "Foto de María con su LifeBox Nautical". */
  photoAlt: (authorName: string, kitName: string) => `Foto de ${authorName} con su ${kitName}`,
  openPhoto: (authorName: string) => `Ver la foto de ${authorName} en tamaño completo`,
  likeLabel: "Me gusta",
  likedLabel: "Te gusta",
  likeAction: (authorName: string) => `Me gusta la foto de ${authorName}`,
  likedState: (authorName: string) => `Te gusta la foto de ${authorName}`,
  likeCount: (count: number) => (count === 1 ? "1 me gusta" : `${count} me gusta`),
  likeGone: "Esta foto ya no está en la galería.",
  /** A like without the visitor cookie the gallery gives (cookies blocked, or expired): not counted. */
  likeNeedsCookie:
    "No pudimos registrar que te gusta esta foto. Intenta nuevamente; si vuelve a fallar, revisa que tu navegador acepte las cookies de este sitio.",
  /** This connection already gave this photo the likes it may in a day. */
  likeLimitPhoto:
    "Esta foto ya recibió varios me gusta desde tu conexión hoy. No podemos sumar más por ahora.",
  /** This connection gave many likes in a few minutes. */
  likeLimitAddress:
    "Se enviaron muchos me gusta desde tu conexión en pocos minutos. Espera un rato e intenta nuevamente.",
  pagination: "Páginas de la galería",
  previous: "Anterior",
  next: "Siguiente",
  pageOf: (page: number, pageCount: number) => `Página ${page} de ${pageCount}`,
  metaTitle: "Galería de clientes: sus LifeBox en acción | LifeBox",
  metaTitlePage: (page: number) => `Galería de clientes, página ${page} | LifeBox`,
  metaDescription:
    "Fotos reales de clientes LifeBox con sus kits de emergencia en la casa, el auto, la montaña, el mar y el trabajo. Comparte la tuya con tu número de pedido.",
} as const;

/** The few photos of a kit on its page (routes/site/kit.tsx). */
export const kitGalleryTexts = {
  heading: (kitName: string) => `Clientes con su ${kitName}`,
  seeAll: "Ver todas las fotos en la galería",
} as const;

/** The upload form, /galeria/compartir. */
export const galleryUploadTexts = {
  title: "Comparte tu LifeBox",
  intro:
    "¿Cómo quedó tu kit en tu casa, tu auto o tu bote? Envíanos una foto con el número de tu pedido y el correo con que compraste. La revisamos y la publicamos en la galería de clientes.",
  formHeading: "Tu foto",
  orderNumberLabel: "Número de pedido",
  orderNumberHint: "Aparece en el correo de confirmación, por ejemplo LB-7K3F9Q.",
  emailLabel: "Email del pedido",
  kitLabel: "Kit de la foto",
  kitPlaceholder: "Elige un kit",
  commentLabel: "Comentario",
  commentHint: "Cuéntanos dónde tienes tu kit o para qué lo usas. Lo publicamos junto a tu foto.",
  photoLabel: "Foto",
  photoHint: `${acceptedFormats}, hasta ${maxPhotoMegabytes} MB. Antes de publicarla le quitamos los datos de ubicación.`,
  consentNotice: {
    before:
      "Al enviar aceptas que publiquemos tu foto, tu comentario y tu nombre de pila en la galería de clientes, después de revisarlos. Puedes pedirnos retirarla cuando quieras. Más información en nuestra ",
    link: "Política de privacidad",
    after: ".",
  },
  submitLabel: "Enviar foto",
  submittingLabel: "Enviando...",
  uploadStarted: "Subiendo tu foto…",
  uploading: (percent: number) => `Subiendo tu foto: ${percent} %`,
  processing: "Foto recibida. Estamos preparándola…",
  successMessage:
    "¡Gracias! Tu foto quedó pendiente de revisión. La publicaremos en la galería de clientes apenas la aprobemos.",
  shareAnother: "Compartir otra foto",
  seeGallery: "Ver la galería de clientes",
  failure: "No pudimos recibir tu foto. Intenta nuevamente.",
  busy: "En este momento estamos recibiendo muchas fotos. Espera un minuto e intenta nuevamente.",
  tooSlow:
    "Tu foto tardó demasiado en llegar. Revisa tu conexión a internet o elige una foto más liviana e intenta nuevamente.",
  orderNotFound:
    "No encontramos un pedido con ese número y ese email. Revisa ambos datos tal como aparecen en el correo de confirmación de tu compra.",
  /** The kit chosen is not one of the order's (docs/decisions/067). */
  kitNotInOrder: (number: string) =>
    `Ese kit no está en tu pedido ${number}. Elige el kit que compraste y que aparece en la foto.`,
  metaTitle: "Comparte tu LifeBox: envía una foto de tu kit | LifeBox",
  metaDescription:
    "¿Compraste un LifeBox? Envíanos una foto de tu kit con tu número de pedido y la publicaremos en la galería de clientes después de revisarla.",
} as const;

/** Why a photo was refused (next to the photo field). */
export const photoMessages = {
  missing: "Elige una foto.",
  tooLarge: `La foto pesa más de ${maxPhotoMegabytes} MB. Elige una más liviana o redúcela e intenta nuevamente.`,
  notAnImage: `El archivo no es una foto ${acceptedFormats}. Elige una foto en uno de esos formatos.`,
  tooManyPixels:
    "La foto tiene demasiados píxeles para procesarla. Elige una de menor resolución (hasta 50 megapíxeles).",
  unreadable: "No pudimos leer la foto: el archivo parece dañado. Elige otra foto.",
  badShape:
    "La foto es demasiado alargada para procesarla. Elige otra o recórtala (hasta 12.000 píxeles por lado y el lado largo no más de 4 veces el corto).",
  tooSlow: "No alcanzamos a procesar la foto a tiempo. Intenta nuevamente o elige una de menor resolución.",
  busy: "Estamos procesando muchas fotos en este momento. Espera un minuto e intenta nuevamente.",
} as const;

/* The customer gallery's addresses (docs/product.md#d16), shared by its pages, its forms and the server. */

/** The public gallery; its later pages are `?pagina=2`, … */
export const galleryPath = "/galeria";

/** The upload form ("Comparte tu LifeBox"), and where it posts without JavaScript. */
export const galleryUploadPath = "/galeria/compartir";

/** Where the upload form posts with JavaScript (an upload with progress, answered in JSON). */
export const galleryUploadApiPath = "/api/galeria/fotos";

/** The upload form's thank-you state, after a post without JavaScript. */
export const galleryUploadThanksPath = `${galleryUploadPath}?enviada=1`;

/** The address of a page of the gallery (the first has no query: it is the canonical address). */
export function galleryPagePath(page: number): string {
  return page > 1 ? `${galleryPath}?pagina=${page}` : galleryPath;
}

/** The id of a photo's card on its page, for links back to it (a like without JavaScript). */
export function galleryPhotoAnchor(photoId: string): string {
  return `foto-${photoId}`;
}

/** The upload form's file field (the form sends it after the text fields: docs/decisions/054). */
export const galleryPhotoFieldName = "photo";
