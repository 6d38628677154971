import { sql } from "kysely";
import { isUuid } from "~/models/orders.server";
import { withAdminTables } from "~/infra/admin-db-schema";
import type { Db } from "~/infra/db.server";
import type { GalleryPhotoStatus } from "~/infra/db-schema";

/**
 * The customer gallery as staff moderate it (SPEC §2 "Galería de Clientes", §4 "Gallery photo
 * status"; DECISIONS D16; docs/decisions/042-admin-gallery.md):
 *
 *   pending ──approvePhoto──▶ approved ──withdrawPhoto(reason)──▶ rejected
 *      └─────rejectPhoto(reason)──────────────────────────────────▲
 *
 * Each move is one UPDATE that also checks the status it starts from, so two staff members deciding
 * about the same photo at once cannot both win: the second gets GalleryPhotoConflictError with the
 * status the photo has now, and nothing changes (on SQLite and PostgreSQL alike: the row is locked
 * by the first UPDATE and the second one re-reads it). The reason is stored in `rejection_reason`,
 * never over the customer's comment; `moderated_at`/`moderated_by` record the last decision.
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
): Promise<Moderation> {
  const moderatedAt = now.toISOString();
  if (isUuid(id)) {
    const updated = await db
      .updateTable("galleryPhotos")
      .set({ status: to, rejectionReason, moderatedAt, moderatedBy: staffUserId })
      .where("id", "=", id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 1n) return { id, from, to, moderatedAt };
    const current = await db
      .selectFrom("galleryPhotos")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    if (current) throw new GalleryPhotoConflictError(id, from, current.status);
  }
  throw new GalleryPhotoNotFoundError(`No gallery photo ${id}`);
}

/** Pending → approved: the photo is published in the public gallery. */
export function approvePhoto(db: Db, id: string, staffUserId: string, now: Date = new Date()) {
  return moderate(db, id, "pending", "approved", staffUserId, null, now);
}

/** Pending → rejected, with the reason staff gave (optional; kept apart from the comment). */
export function rejectPhoto(
  db: Db,
  id: string,
  reason: string | null | undefined,
  staffUserId: string,
  now: Date = new Date(),
) {
  return moderate(db, id, "pending", "rejected", staffUserId, reasonOrNull(reason), now);
}

/**
 * Approved → rejected: a published photo leaves the public gallery (a complaint, a mistake), with
 * the reason, and is listed under Rechazadas like any photo not published.
 */
export function withdrawPhoto(
  db: Db,
  id: string,
  reason: string | null | undefined,
  staffUserId: string,
  now: Date = new Date(),
) {
  return moderate(db, id, "approved", "rejected", staffUserId, reasonOrNull(reason), now);
}

export interface GallerySummary {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  /** Every photo's likes. */
  likes: number;
}

/** The four summary cards and the tabs' counts (SPEC §2), in one grouped query. */
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
