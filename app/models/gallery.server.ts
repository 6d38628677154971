import type { Selectable } from "kysely";
import { kits } from "~/content/kits";
import type { KitId } from "~/content/types";
import { useChallenge, type SolvedChallenge } from "~/models/captcha-replay.server";
import { inTransaction, type Db } from "~/infra/db.server";
import type { GalleryPhotosTable } from "~/infra/db-schema";
import { logger } from "~/infra/logger.server";
import { getStorage, type ObjectStorage } from "~/infra/storage.server";

/**
 * The customer gallery's public side (DECISIONS D16; docs/decisions/041): a customer's upload stored
 * as pending, the approved photos newest first, and the visitors' likes. Staff moderation lives in
 * gallery-admin.server.ts.
 */

/** An image as stored: its bytes and size (the display photo or its thumbnail). */
export interface ImageToStore {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface NewGalleryPhoto {
  /** The customer's order, found by its number and e-mail. */
  order: { id: string; number: string; customerName: string };
  kitId: KitId;
  comment: string;
  display: ImageToStore;
  thumb: ImageToStore;
  captcha: SolvedChallenge;
}

/** The first name of a customer as the gallery shows it ("Camila Rojas Soto" → "Camila"). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0]!.slice(0, 100);
}

/** The storage keys of a photo's two images: its id is their random, never reused part. */
function imageKeys(id: string) {
  return { displayKey: `galeria/${id}-display.webp`, thumbKey: `galeria/${id}-thumb.webp` };
}

/**
 * Deletes stored images, each on its own: one that cannot be deleted is logged (with its key, for
 * staff to remove by hand) and the others are still deleted. Never throws.
 */
export async function deleteGalleryImages(keys: string[], storage: ObjectStorage = getStorage()) {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((error: unknown) => {
        logger.error({ err: error, key }, "Deleting a gallery image failed: remove it by hand");
      }),
    ),
  );
}

/**
 * Stores a customer's photo as pending: both images in the storage, then, in one transaction, the
 * captcha challenge marked used and the row. If the row cannot be stored, the images are deleted
 * again and the error is thrown (ChallengeUsedError for a replayed captcha).
 */
export async function createGalleryPhoto(
  db: Db,
  photo: NewGalleryPhoto,
  { storage = getStorage(), now = new Date() }: { storage?: ObjectStorage; now?: Date } = {},
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const { displayKey, thumbKey } = imageKeys(id);
  try {
    // Both writes end before anything is cleaned up: a delete must not race a write still under way.
    const writes = await Promise.allSettled([
      storage.put(displayKey, photo.display.bytes),
      storage.put(thumbKey, photo.thumb.bytes),
    ]);
    for (const write of writes) if (write.status === "rejected") throw write.reason;
    await inTransaction(db, async (trx) => {
      await useChallenge(trx, photo.captcha);
      await trx
        .insertInto("galleryPhotos")
        .values({
          id,
          orderId: photo.order.id,
          orderNumber: photo.order.number,
          authorName: firstName(photo.order.customerName),
          kitId: photo.kitId,
          kitName: kits[photo.kitId].name,
          comment: photo.comment,
          rejectionReason: null,
          displayKey,
          displayWidth: photo.display.width,
          displayHeight: photo.display.height,
          thumbKey,
          thumbWidth: photo.thumb.width,
          thumbHeight: photo.thumb.height,
          createdAt: now.toISOString(),
          moderatedAt: null,
          moderatedBy: null,
        })
        .execute();
    });
  } catch (error) {
    await deleteGalleryImages([displayKey, thumbKey], storage);
    throw error;
  }
  return { id };
}

/** What the public sees of an approved photo (never its order, status or rejection reason). */
export type PublicGalleryPhoto = Pick<
  Selectable<GalleryPhotosTable>,
  | "id"
  | "authorName"
  | "kitId"
  | "kitName"
  | "comment"
  | "createdAt"
  | "likeCount"
  | "displayKey"
  | "displayWidth"
  | "displayHeight"
  | "thumbKey"
  | "thumbWidth"
  | "thumbHeight"
>;

const publicColumns = [
  "id",
  "authorName",
  "kitId",
  "kitName",
  "comment",
  "createdAt",
  "likeCount",
  "displayKey",
  "displayWidth",
  "displayHeight",
  "thumbKey",
  "thumbWidth",
  "thumbHeight",
] as const;

function approvedPhotos(db: Db) {
  return db.selectFrom("galleryPhotos").where("status", "=", "approved");
}

export interface GalleryPage {
  photos: PublicGalleryPhoto[];
  /** Approved photos in all. */
  total: number;
  /** How many pages they fill (at least 1, the empty gallery's). */
  pageCount: number;
}

/** One page (from 1) of the approved photos, newest first. */
export async function listApprovedPhotos(
  db: Db,
  { page, perPage }: { page: number; perPage: number },
): Promise<GalleryPage> {
  const [photos, count] = await Promise.all([
    approvedPhotos(db)
      .select(publicColumns)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    approvedPhotos(db)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return { photos, total, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

/** The newest approved photos of one kit (its page shows a few). */
export async function approvedPhotosOfKit(
  db: Db,
  kitId: KitId,
  limit: number,
): Promise<PublicGalleryPhoto[]> {
  return approvedPhotos(db)
    .select(publicColumns)
    .where("kitId", "=", kitId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export type LikeOutcome =
  /** `added`: false when this visitor had liked it before (nothing changed). */
  | { found: true; added: boolean; likeCount: number }
  /** No approved photo with that id (never was, or withdrawn meanwhile). */
  | { found: false };

/**
 * A visitor likes an approved photo, once: the like and the photo's count change together in one
 * transaction, and the (photo, visitor) key makes a second like a no-op, also when two arrive at
 * the same time.
 */
export async function likePhoto(
  db: Db,
  photoId: string,
  visitorId: string,
  now: Date = new Date(),
): Promise<LikeOutcome> {
  return inTransaction(db, async (trx) => {
    const photo = await approvedPhotos(trx).select("id").where("id", "=", photoId).executeTakeFirst();
    if (!photo) return { found: false };
    const inserted = await trx
      .insertInto("galleryLikes")
      .values({ photoId, visitorId, createdAt: now.toISOString() })
      .onConflict((conflict) => conflict.columns(["photoId", "visitorId"]).doNothing())
      .executeTakeFirst();
    const added = inserted.numInsertedOrUpdatedRows === 1n;
    if (added) {
      await trx
        .updateTable("galleryPhotos")
        .set((eb) => ({ likeCount: eb("likeCount", "+", 1) }))
        .where("id", "=", photoId)
        .execute();
    }
    const { likeCount } = await trx
      .selectFrom("galleryPhotos")
      .select("likeCount")
      .where("id", "=", photoId)
      .executeTakeFirstOrThrow();
    return { found: true, added, likeCount };
  });
}

/** Which of `photoIds` the visitor has liked. */
export async function likedPhotoIds(db: Db, visitorId: string, photoIds: string[]): Promise<Set<string>> {
  if (photoIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("galleryLikes")
    .select("photoId")
    .where("visitorId", "=", visitorId)
    .where("photoId", "in", photoIds)
    .execute();
  return new Set(rows.map((row) => row.photoId));
}
