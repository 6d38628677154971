import { galleryPhotoFieldName, galleryUploadTexts, photoMessages } from "~/content/gallery";
import { createGalleryPhoto } from "~/models/gallery.server";
import { findOrderByNumberAndEmail } from "~/models/orders.server";
import { galleryFieldsSchema, maxPhotoBytes, type GalleryFields } from "~/schemas/gallery";
import { processGalleryPhoto } from "~/services/images.server";
import {
  SubmissionRefusal,
  submitPublic,
  type PublicSubmissionContext,
} from "~/services/public-submission.server";
import { ConcurrencyLimit } from "~/lib/concurrency";
import { getDb, type Db } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";

/**
 * A customer's photo for the gallery, from the form's post to the stored pending row
 * (docs/product.md#d13, #d16; docs/decisions/041, 054 and 069). Both ways of sending it answer through here:
 * the page's action (without JavaScript) and /api/galeria/fotos (the upload with progress). The public
 * submission's steps run on its fields before the photo is read (services/public-submission.server.ts);
 * the upload's own are, in the transaction that spends the captcha, the order's number and e-mail
 * (400, one message for either, the solution spent so that each guess costs a new proof of work)
 * and its kit; then, with the photo read, the photo itself (415, 422) and the images and the row.
 */

/** Uploads read and processed at once by this process: each holds up to a photo's bytes twice. */
export const maxConcurrentUploads = 4;
/** How long an upload waits for a place before it is told to come back in a minute. */
export const uploadPlaceWaitMs = 15_000;
const uploadsInProgress = new ConcurrencyLimit(maxConcurrentUploads);

/** Before the photo is read: the order the customer names, with the kit in the photo among its lines. */
async function findCustomerOrder(db: Db, { orderNumber, email, kitId, comment }: GalleryFields, log: object) {
  const order = await findOrderByNumberAndEmail(db, orderNumber, email);
  if (!order) {
    logger.warn(log, "Gallery upload for an unknown order number and e-mail");
    return new SubmissionRefusal(400, { formMessage: galleryUploadTexts.orderNotFound });
  }
  // The photo shows a kit of the order (docs/decisions/067): the gallery names it under the photo.
  if (!order.lines.some((line) => line.kitId === kitId)) {
    logger.info(log, "Gallery upload of a kit that is not in its order");
    const fieldErrors = { kitId: [galleryUploadTexts.kitNotInOrder(order.number)] };
    return new SubmissionRefusal(400, { fieldErrors });
  }
  return { order, kitId, comment };
}

/** The upload's submission; stored, the new photo's id. */
export function submitGalleryUpload({
  request,
  context,
}: {
  request: Request;
  context: PublicSubmissionContext;
}) {
  const log = { form: "gallery", ip: context.clientIp };
  return submitPublic({
    request,
    context,
    form: "gallery",
    schema: galleryFieldsSchema,
    failureMessage: galleryUploadTexts.failure,
    save: (trx, fields) => findCustomerOrder(trx, fields, log),
    upload: {
      fileField: galleryPhotoFieldName,
      maxFileBytes: maxPhotoBytes,
      messages: {
        missing: photoMessages.missing,
        tooLarge: photoMessages.tooLarge,
        tooSlow: galleryUploadTexts.tooSlow,
        busy: galleryUploadTexts.busy,
      },
      places: uploadsInProgress,
      placeWaitMs: uploadPlaceWaitMs,
      async store(file, photo) {
        const images = await processGalleryPhoto(file);
        if (!images.ok) {
          logger.warn({ ...log, reason: images.reason }, "Gallery photo refused");
          const fieldErrors = { [galleryPhotoFieldName]: [images.message] };
          return new SubmissionRefusal(images.status, { fieldErrors });
        }
        // The images are stored, then the row; if the row fails, the images are deleted again.
        const { id } = await createGalleryPhoto(getDb(), {
          ...photo,
          display: images.display,
          thumb: images.thumb,
        });
        logger.info({ ...log, photoId: id }, "Gallery photo received");
        return id;
      },
    },
  });
}
