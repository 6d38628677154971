import { ipKeyGenerator } from "express-rate-limit";
import { sql, type Selectable } from "kysely";
import { kits } from "~/content/kits";
import type { KitId } from "~/content/types";
import { isUuid } from "~/models/orders.server";
import { withAdminTables } from "~/infra/admin-db-schema";
import { dialectOf, inTransaction, type Db } from "~/infra/db.server";
import type { GalleryPhotoStatus, GalleryPhotosTable } from "~/infra/db-schema";
import { logger } from "~/infra/logger.server";
import { getStorage, type ObjectStorage } from "~/infra/storage.server";

/**
 * The customer gallery's public side (docs/product.md#d16; docs/decisions/041): a customer's upload stored
 * as pending, the approved photos newest first, and the visitors' likes; then staff moderation
 * (below).
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
 * Stores a customer's photo as pending: both images in the storage, then the row (the upload's
 * captcha was spent before its file was read: services/gallery-upload.server.ts). If the row
 * cannot be stored, the images are deleted again and the error is thrown.
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
    await db
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

/**
 * How many likes one address may give (docs/decisions/053), counted from the stored likes: to one
 * photo in a day, a household behind one connection (most homes' members like a photo once each);
 * over every photo in ten minutes, more than two full pages of the gallery (12 photos each). The
 * address is counted as the rate limits count it: an IPv6 one by its /56 network.
 */
export const likeLimits = {
  perPhoto: 3,
  perPhotoWindowMs: 24 * 60 * 60_000,
  perAddress: 30,
  perAddressWindowMs: 10 * 60_000,
} as const;

export type LikeOutcome =
  /** `added`: false when this visitor had liked it before (nothing changed). */
  | { found: true; added: boolean; likeCount: number; refused?: undefined }
  /**
   * Not counted: this address gave {@link likeLimits.perPhoto} likes to this photo in the last day
   * (`photo`), or {@link likeLimits.perAddress} likes in the last ten minutes (`address`).
   */
  | { found: true; added: false; likeCount: number; refused: "photo" | "address" }
  /** No approved photo with that id (never was, or withdrawn meanwhile). */
  | { found: false };

/**
 * Makes the like transactions of one address wait for each other on PostgreSQL (a transaction-level
 * advisory lock on the address's hash), so that likes sent at the same moment are counted one after
 * the other and none passes the bound together. SQLite needs nothing: its transactions take the
 * write lock when they begin (decision 050).
 */
async function lockAddress(trx: Db, network: string) {
  if (dialectOf(trx) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`gallery-like:${network}`}, 0))`.execute(trx);
}

/** Why this address may not like the photo now, or undefined if it may. */
async function refusalFor(
  trx: Db,
  { network, photoId, now }: { network: string; photoId: string; now: Date },
): Promise<"photo" | "address" | undefined> {
  const likesSince = (windowMs: number) =>
    trx
      .selectFrom("galleryLikes")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("ipNetwork", "=", network)
      .where("createdAt", ">=", new Date(now.getTime() - windowMs).toISOString());
  const toPhoto = await likesSince(likeLimits.perPhotoWindowMs)
    .where("photoId", "=", photoId)
    .executeTakeFirstOrThrow();
  if (Number(toPhoto.count) >= likeLimits.perPhoto) return "photo";
  const recent = await likesSince(likeLimits.perAddressWindowMs).executeTakeFirstOrThrow();
  if (Number(recent.count) >= likeLimits.perAddress) return "address";
  return undefined;
}

/**
 * A visitor likes an approved photo, once: the like and the photo's count change together in one
 * transaction, and the (photo, visitor) key makes a second like a no-op, also when two arrive at
 * the same time. The like keeps the address `ip` it came from, and is not counted past
 * {@link likeLimits} for that address (checked in the same transaction, after the address's other
 * likes in progress: exact under concurrent requests). Without `ip` (a like not made over HTTP: a
 * script, a test's fixture) no address is kept and no bound applies.
 */
export async function likePhoto(
  db: Db,
  photoId: string,
  visitorId: string,
  { ip, now = new Date() }: { ip?: string; now?: Date } = {},
): Promise<LikeOutcome> {
  return inTransaction(db, async (trx) => {
    const photo = await approvedPhotos(trx).select("id").where("id", "=", photoId).executeTakeFirst();
    if (!photo) return { found: false };
    const likeCountNow = async () =>
      (
        await trx
          .selectFrom("galleryPhotos")
          .select("likeCount")
          .where("id", "=", photoId)
          .executeTakeFirstOrThrow()
      ).likeCount;
    const network = ip === undefined ? null : ipKeyGenerator(ip);
    if (network !== null) {
      await lockAddress(trx, network);
      const before = await trx
        .selectFrom("galleryLikes")
        .select("photoId")
        .where("photoId", "=", photoId)
        .where("visitorId", "=", visitorId)
        .executeTakeFirst();
      // A visitor's second like changes nothing, bound or not.
      const refused = before ? undefined : await refusalFor(trx, { network, photoId, now });
      if (refused) return { found: true, added: false, likeCount: await likeCountNow(), refused };
    }
    const inserted = await trx
      .insertInto("galleryLikes")
      .values({ photoId, visitorId, createdAt: now.toISOString(), ipNetwork: network })
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
    return { found: true, added, likeCount: await likeCountNow() };
  });
}

/**
 * Forgets the address of every like older than the longest bound's window (a day): no bound reads
 * it any more, and an address is personal data. For the hourly clean-up; returns how many.
 */
export async function forgetOldLikeAddresses(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .updateTable("galleryLikes")
    .set({ ipNetwork: null })
    .where("ipNetwork", "is not", null)
    .where("createdAt", "<", new Date(now.getTime() - likeLimits.perPhotoWindowMs).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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

/*
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
