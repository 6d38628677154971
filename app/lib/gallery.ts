/** The customer gallery's addresses (docs/product.md#d16), shared by its pages, its forms and the server. */

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
