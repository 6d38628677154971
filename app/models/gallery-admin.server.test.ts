import { beforeAll, describe, expect, it } from "vitest";
import {
  approvePhoto,
  GalleryPhotoConflictError,
  GalleryPhotoNotFoundError,
  gallerySummary,
  getPhotoForAdmin,
  rejectPhoto,
  withdrawPhoto,
} from "~/models/gallery-admin.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";
import { seedGalleryPhoto } from "../../tests/support/gallery";

/** The gallery's moderation (SPEC §4 "Gallery photo status"; D16), on every dialect under test. */
describe.each(dialectsUnderTest)("gallery moderation on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  const staff = "00000000-0000-4000-8000-00000000abcd";
  const other = "00000000-0000-4000-8000-00000000dcba";
  const now = new Date("2026-04-02T15:30:00.000Z");
  const stored = (id: string) =>
    db.selectFrom("galleryPhotos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("approves a pending photo, recording when and by whom", async () => {
    const photo = await seedGalleryPhoto(db);
    expect(await approvePhoto(db, photo.id, staff, now)).toEqual({
      id: photo.id,
      from: "pending",
      to: "approved",
      moderatedAt: now.toISOString(),
    });
    expect(await stored(photo.id)).toMatchObject({
      status: "approved",
      moderatedAt: now.toISOString(),
      moderatedBy: staff,
      rejectionReason: null,
      comment: photo.comment,
    });
  });

  it("rejects a pending photo with the reason kept apart from the customer's comment", async () => {
    const photo = await seedGalleryPhoto(db, { comment: "Mi kit Nautical en el velero." });
    await rejectPhoto(db, photo.id, "  Se ve la patente de un auto.\nPedir otra foto.  ", staff, now);
    expect(await stored(photo.id)).toMatchObject({
      status: "rejected",
      comment: "Mi kit Nautical en el velero.",
      rejectionReason: "Se ve la patente de un auto.\nPedir otra foto.",
      moderatedBy: staff,
    });
  });

  it("rejects without a reason (SPEC §5: not required), storing none", async () => {
    for (const reason of [undefined, null, "", "   "]) {
      const photo = await seedGalleryPhoto(db);
      await rejectPhoto(db, photo.id, reason, staff, now);
      expect((await stored(photo.id)).rejectionReason, String(reason)).toBeNull();
    }
  });

  it("withdraws an approved photo: it becomes rejected, with the reason", async () => {
    const photo = await seedGalleryPhoto(db, { status: "approved", likes: 4 });
    const later = new Date(now.getTime() + 60_000);
    expect(await withdrawPhoto(db, photo.id, "El cliente pidió quitarla.", other, later)).toMatchObject({
      from: "approved",
      to: "rejected",
    });
    expect(await stored(photo.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "El cliente pidió quitarla.",
      moderatedAt: later.toISOString(),
      moderatedBy: other,
      likeCount: 4,
      comment: photo.comment,
    });
  });

  it("refuses every other move, saying what the photo is now, and changes nothing", async () => {
    const approved = await seedGalleryPhoto(db, { status: "approved" });
    const rejected = await seedGalleryPhoto(db, { status: "rejected", rejectionReason: "Borrosa." });
    const pending = await seedGalleryPhoto(db);
    const refusals: Array<[() => Promise<unknown>, string, string]> = [
      [() => approvePhoto(db, approved.id, staff), "pending", "approved"],
      [() => approvePhoto(db, rejected.id, staff), "pending", "rejected"],
      [() => rejectPhoto(db, approved.id, "x", staff), "pending", "approved"],
      [() => rejectPhoto(db, rejected.id, "x", staff), "pending", "rejected"],
      [() => withdrawPhoto(db, pending.id, "x", staff), "approved", "pending"],
      [() => withdrawPhoto(db, rejected.id, "x", staff), "approved", "rejected"],
    ];
    for (const [move, expected, current] of refusals) {
      const error = await move().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(GalleryPhotoConflictError);
      expect(error).toMatchObject({ expected, current });
    }
    expect(await stored(approved.id)).toMatchObject({ status: "approved", moderatedBy: null });
    expect(await stored(rejected.id)).toMatchObject({ status: "rejected", rejectionReason: "Borrosa." });
    expect(await stored(pending.id)).toMatchObject({ status: "pending", moderatedAt: null });
  });

  it("says an unknown or malformed id is not found", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000999", "x' or 1=1 --", ""]) {
      await expect(approvePhoto(db, id, staff)).rejects.toBeInstanceOf(GalleryPhotoNotFoundError);
      await expect(rejectPhoto(db, id, "x", staff)).rejects.toBeInstanceOf(GalleryPhotoNotFoundError);
      await expect(withdrawPhoto(db, id, "x", staff)).rejects.toBeInstanceOf(GalleryPhotoNotFoundError);
      expect(await getPhotoForAdmin(db, id)).toBeUndefined();
    }
  });

  it("lets only one of two staff members deciding at once win; the other gets a conflict", async () => {
    for (let round = 0; round < 5; round++) {
      const photo = await seedGalleryPhoto(db);
      const results = await Promise.allSettled([
        approvePhoto(db, photo.id, staff),
        rejectPhoto(db, photo.id, "No corresponde.", other),
      ]);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.filter((result) => result.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(GalleryPhotoConflictError);
      // The stored photo is the winner's, whole: no mix of one's status and the other's reason.
      const row = await stored(photo.id);
      const winner = (won[0] as PromiseFulfilledResult<{ to: string }>).value.to;
      expect(row.status).toBe(winner);
      expect(row).toMatchObject(
        winner === "approved"
          ? { moderatedBy: staff, rejectionReason: null }
          : { moderatedBy: other, rejectionReason: "No corresponde." },
      );
    }
  });

  it("reads a photo with the name of who moderated it (none for an unknown account)", async () => {
    const photo = await seedGalleryPhoto(db);
    await approvePhoto(db, photo.id, staff, now);
    expect(await getPhotoForAdmin(db, photo.id)).toMatchObject({
      id: photo.id,
      status: "approved",
      moderatedBy: staff,
      moderatedByName: null,
    });
  });
});

describe.each(dialectsUnderTest)("the gallery's summary on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);

  it("counts every photo, each status and every like; zero for an empty gallery", async () => {
    const { db } = database();
    expect(await gallerySummary(db)).toEqual({ total: 0, pending: 0, approved: 0, rejected: 0, likes: 0 });
    await seedGalleryPhoto(db, { likes: 0 });
    await seedGalleryPhoto(db, { likes: 0 });
    await seedGalleryPhoto(db, { status: "approved", likes: 12 });
    await seedGalleryPhoto(db, { status: "approved", likes: 3 });
    await seedGalleryPhoto(db, { status: "approved", likes: 0 });
    await seedGalleryPhoto(db, { status: "rejected", likes: 2 });
    expect(await gallerySummary(db)).toEqual({ total: 6, pending: 2, approved: 3, rejected: 1, likes: 17 });
  });
});
