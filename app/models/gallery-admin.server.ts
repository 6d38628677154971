import { sql } from "kysely";
import { isUuid } from "~/models/orders.server";
import { withAdminTables } from "~/infra/admin-db-schema";
import type { Db } from "~/infra/db.server";
import type { GalleryPhotoStatus } from "~/infra/db-schema";
import { logger } from "~/infra/logger.server";
import { getStorage, type ObjectStorage } from "~/infra/storage.server";

/**
 * The customer gallery as staff moderate it (docs/product.md#spec-2 "Galería de clientes", §4 "Gallery photo
 * status"; docs/product.md#d16; docs/decisions/042-admin-gallery.md):
 *
 *   pending ──approvePhoto──▶ approved ──withdrawPhoto(reason)──▶ rejected
 *      └─────rejectPhoto(reason)──────────────────────────────────▲
 *
 * Each move is one UPDATE that also checks the status it starts from, so two staff members deciding
 * about the same photo at once cannot both win: the second gets GalleryPhotoConflictError with the
 * status the photo has now, and nothing changes (on SQLite and PostgreSQL alike: the row is locked
 * by the first UPDATE and the second one re-reads it). The reason is stored in `rejection_reason`,
 * never over the customer's comment; `moderated_at`/`moderated_by` record the last decision.
 *
 * Rejected is for good (there is no way back), so a photo that becomes rejected loses its display
 * and thumbnail files at once, once the UPDATE has committed: never before, or an approval that won
 * the race would be left without its image. A deletion that fails is logged and retried by the
 * server's hourly clean-up (`deleteRejectedPhotoFiles`; docs/decisions/052-moderation-deletes-files.md).
 */

export const galleryPhotoStatuses = [
  "pending",
  "approved",
  "rejected",
] as const satisfies readonly GalleryPhotoStatus[];

export class GalleryPhotoNotFoundError extends Error {
  override name = "GalleryPhotoNotFoundError";
}

/** The photo is no longer in the status the move starts from (someone else decided meanwhile). */
export class GalleryPhotoConflictError extends Error {
  override name = "GalleryPhotoConflictError";
  constructor(
    readonly id: string,
    readonly expected: GalleryPhotoStatus,
    readonly current: GalleryPhotoStatus,
  ) {
    super(`Gallery photo ${id} is ${current}, not ${expected}`);
  }
}

export interface Moderation {
  id: string;
  from: GalleryPhotoStatus;
  to: GalleryPhotoStatus;
  moderatedAt: string;
}

/** Where the files of a photo being rejected are deleted (the shop's storage unless given). */
export interface RejectionOptions {
  storage?: ObjectStorage;
}

/** Blank (or only spaces) is no reason: stored as null. */
function reasonOrNull(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/**
 * Moves the photo from `from` to `to` in one statement that checks `from`; on no row changed, tells
 * apart an unknown photo (GalleryPhotoNotFoundError) and one someone else moved (conflict).
 */
async function moderate(
  db: Db,
  id: string,
  from: GalleryPhotoStatus,
  to: GalleryPhotoStatus,
  staffUserId: string,
  rejectionReason: string | null,
  now: Date,
): Promise<Moderation & { imageKeys: string[] }> {
  const moderatedAt = now.toISOString();
  if (isUuid(id)) {
    const updated = await db
      .updateTable("galleryPhotos")
      .set({ status: to, rejectionReason, moderatedAt, moderatedBy: staffUserId })
      .where("id", "=", id)
      .where("status", "=", from)
      .returning(["displayKey", "thumbKey"])
      .executeTakeFirst();
    if (updated) {
      return { id, from, to, moderatedAt, imageKeys: [updated.displayKey, updated.thumbKey] };
    }
    const current = await db
      .selectFrom("galleryPhotos")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    if (current) throw new GalleryPhotoConflictError(id, from, current.status);
  }
  throw new GalleryPhotoNotFoundError(`No gallery photo ${id}`);
}

/**
 * Deletes a rejected photo's files, each on its own; never throws (the rejection stands whatever
 * happens here). One that cannot be deleted is logged with its key; the hourly clean-up tries again.
 * Returns how many could not be deleted.
 */
async function deleteFilesOf(photoId: string, keys: string[], storage?: ObjectStorage): Promise<number> {
  let store: ObjectStorage;
  try {
    store = storage ?? getStorage();
  } catch (error) {
    logger.error(
      { err: error, photoId, keys },
      "Deleting a rejected gallery photo's files failed: retried hourly",
    );
    return keys.length;
  }
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  let failed = 0;
  results.forEach((result, index) => {
    if (result.status === "fulfilled") return;
    failed++;
    logger.error(
      { err: result.reason, photoId, key: keys[index], keys },
      "Deleting a rejected gallery photo's file failed: retried hourly",
    );
  });
  return failed;
}

/**
 * A move to rejected, then its files deleted. The UPDATE must have committed before a file goes, so
 * `db` must not be a transaction (the change would only be committed after this returns).
 */
async function reject(
  db: Db,
  id: string,
  from: GalleryPhotoStatus,
  staffUserId: string,
  reason: string | null | undefined,
  now: Date,
  { storage }: RejectionOptions,
): Promise<Moderation> {
  if (db.isTransaction) {
    throw new Error("Rejecting a gallery photo deletes its files: call it outside a transaction");
  }
  const { imageKeys, ...moderation } = await moderate(
    db,
    id,
    from,
    "rejected",
    staffUserId,
    reasonOrNull(reason),
    now,
  );
  // Committed (one statement, outside any transaction): the photo is rejected for good, and nothing
  // may show its image any more.
  await deleteFilesOf(id, imageKeys, storage);
  return moderation;
}

/** Pending → approved: the photo is published in the public gallery. */
export async function approvePhoto(
  db: Db,
  id: string,
  staffUserId: string,
  now: Date = new Date(),
): Promise<Moderation> {
  const { imageKeys: _imageKeys, ...moderation } = await moderate(
    db,
    id,
    "pending",
    "approved",
    staffUserId,
    null,
    now,
  );
  return moderation;
}

/**
 * Pending → rejected, with the reason staff gave (optional; kept apart from the comment); the
 * photo's files are then deleted from the storage.
 */
export function rejectPhoto(
  db: Db,
  id: string,
  reason: string | null | undefined,
  staffUserId: string,
  now: Date = new Date(),
  options: RejectionOptions = {},
): Promise<Moderation> {
  return reject(db, id, "pending", staffUserId, reason, now, options);
}

/**
 * Approved → rejected: a published photo leaves the public gallery (a complaint, a mistake, the
 * customer's request), with the reason, and is listed under Rechazadas like any photo not
 * published; its files are then deleted from the storage, so its address stops answering.
 */
export function withdrawPhoto(
  db: Db,
  id: string,
  reason: string | null | undefined,
  staffUserId: string,
  now: Date = new Date(),
  options: RejectionOptions = {},
): Promise<Moderation> {
  return reject(db, id, "approved", staffUserId, reason, now, options);
}

/** Photos whose files a clean-up pass deletes at once: a pass must not flood the storage. */
const cleanUpBatch = 8;

/**
 * The server's hourly clean-up: deletes the files of the photos rejected since `since` (by their
 * last decision), or of every rejected photo without it. Deleting what is already gone is not an
 * error, so this catches the deletions that failed when the photos were rejected. When every
 * deletion of a batch fails (the storage is down), the pass stops there; the next one starts over.
 */
export async function deleteRejectedPhotoFiles(
  db: Db,
  storage: ObjectStorage = getStorage(),
  since?: Date,
): Promise<{ photos: number; failedKeys: number; stopped: boolean }> {
  let query = db
    .selectFrom("galleryPhotos")
    .select(["id", "displayKey", "thumbKey"])
    .where("status", "=", "rejected");
  if (since) query = query.where("moderatedAt", ">=", since.toISOString());
  const photos = await query.orderBy("id").execute();
  let failedKeys = 0;
  for (let start = 0; start < photos.length; start += cleanUpBatch) {
    const batch = photos.slice(start, start + cleanUpBatch);
    const failed = await Promise.all(
      batch.map((photo) => deleteFilesOf(photo.id, [photo.displayKey, photo.thumbKey], storage)),
    );
    const batchFailed = failed.reduce((sum, count) => sum + count, 0);
    failedKeys += batchFailed;
    if (batchFailed === batch.length * 2) {
      logger.warn(
        { photos: photos.length, done: start + batch.length },
        "The storage deleted nothing: the clean-up of rejected gallery photos' files stops until its next pass",
      );
      return { photos: photos.length, failedKeys, stopped: true };
    }
  }
  return { photos: photos.length, failedKeys, stopped: false };
}

export interface GallerySummary {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  /** Every photo's likes. */
  likes: number;
}

/** The four summary cards and the tabs' counts (docs/product.md#spec-2), in one grouped query. */
export async function gallerySummary(db: Db): Promise<GallerySummary> {
  const rows = await db
    .selectFrom("galleryPhotos")
    .select([
      "status",
      sql<number | string>`count(*)`.as("n"),
      sql<number | string | null>`sum(like_count)`.as("likes"),
    ])
    .groupBy("status")
    .execute();
  const summary: GallerySummary = { total: 0, pending: 0, approved: 0, rejected: 0, likes: 0 };
  for (const row of rows) {
    const count = Number(row.n);
    summary.total += count;
    summary.likes += Number(row.likes ?? 0);
    summary[row.status] = count;
  }
  return summary;
}

/** A photo in full for its admin page, with the name of the staff member who last moderated it. */
export async function getPhotoForAdmin(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  return withAdminTables(db)
    .selectFrom("galleryPhotos")
    .leftJoin("adminUsers", "adminUsers.id", "galleryPhotos.moderatedBy")
    .selectAll("galleryPhotos")
    .select("adminUsers.name as moderatedByName")
    .where("galleryPhotos.id", "=", id)
    .executeTakeFirst();
}

export type AdminGalleryPhoto = NonNullable<Awaited<ReturnType<typeof getPhotoForAdmin>>>;
