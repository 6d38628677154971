import "~/schemas/zod-setup";
import { z } from "zod";
import { maxPhotoMegabytes, photoMessages } from "~/content/gallery";
import { kitIds } from "~/content/types";
import { galleryFieldLimits } from "~/schemas/field-limits";
import { visibleText } from "~/schemas/text";

/**
 * The gallery upload form ("Comparte tu LifeBox", /galeria/compartir; docs/product.md#d16), shared by the
 * browser and the upload's server side. The text fields are one schema, which the server parses as
 * the body streams; the browser adds the photo's presence, size and declared type as a first hint
 * (the server recognises the photo by its content: services/images.server.ts).
 */

/** The largest photo, in bytes. */
export const maxPhotoBytes = maxPhotoMegabytes * 1024 * 1024;

/** The declared types the browser lets through (the server decides by content, never by these). */
export const acceptedPhotoTypes = ["image/jpeg", "image/png", "image/webp"] as const;

const messages = {
  orderNumber: "Ingresa el número de tu pedido.",
  orderNumberMax: `El número de pedido debe tener como máximo ${galleryFieldLimits.orderNumber} caracteres.`,
  email: "Ingresa un email válido.",
  emailMax: `El email debe tener como máximo ${galleryFieldLimits.email} caracteres.`,
  kitId: "Elige el kit que aparece en la foto.",
  comment: "Escribe un comentario para tu foto.",
  commentMax: `El comentario debe tener como máximo ${galleryFieldLimits.comment} caracteres.`,
} as const;

/** The text fields: what the server reads from the form besides the photo. */
export const galleryFieldsSchema = z.object({
  orderNumber: visibleText({
    message: messages.orderNumber,
    min: 1,
    max: { length: galleryFieldLimits.orderNumber, message: messages.orderNumberMax },
  }),
  email: visibleText({
    message: messages.email,
    min: 1,
    max: { length: galleryFieldLimits.email, message: messages.emailMax },
  }).pipe(z.email({ error: messages.email })),
  kitId: z.enum(kitIds, { error: messages.kitId }),
  comment: visibleText({
    message: messages.comment,
    min: 1,
    max: { length: galleryFieldLimits.comment, message: messages.commentMax },
    multiline: true,
  }),
});

export type GalleryFields = z.infer<typeof galleryFieldsSchema>;

/**
 * The whole form as the browser checks it before sending: the fields and a photo of at most
 * `maxPhotoBytes` whose declared type, when the browser knows one, is JPEG, PNG or WebP.
 */
export const galleryUploadSchema = galleryFieldsSchema.extend({
  photo: z
    .file({ error: photoMessages.missing })
    .min(1, photoMessages.missing)
    .max(maxPhotoBytes, photoMessages.tooLarge)
    .refine(
      (file) => file.type === "" || (acceptedPhotoTypes as readonly string[]).includes(file.type),
      photoMessages.notAnImage,
    ),
});
