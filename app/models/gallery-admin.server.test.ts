import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  approvePhoto,
  deleteRejectedPhotoFiles,
  GalleryPhotoConflictError,
  GalleryPhotoNotFoundError,
  gallerySummary,
  getPhotoForAdmin,
  rejectPhoto,
  withdrawPhoto,
} from "~/models/gallery-admin.server";
import type { Db } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { localDiskStorage, type ObjectStorage } from "~/infra/storage.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";
import { seedGalleryPhoto } from "../../tests/support/gallery";

/**
 * The gallery's moderation (docs/product.md#spec-4 "Gallery photo status"; D16), on every dialect under test.
 */
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

  it("rejects without a reason (docs/product.md#spec-5: not required), storing none", async () => {
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

describe.each(dialectsUnderTest)("a rejected photo's files on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The photos' files, on a temp disk of their own. */
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-moderation-files-"));
  afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));
  const storage = localDiskStorage(uploadsDir);
  const onDisk = (key: string) => fs.existsSync(path.join(uploadsDir, ...key.split("/")));
  const filesOf = (photo: { displayKey: string; thumbKey: string }) =>
    [photo.displayKey, photo.thumbKey].map(onDisk);

  const staff = "00000000-0000-4000-8000-00000000abcd";
  const other = "00000000-0000-4000-8000-00000000dcba";

  /** A storage that cannot delete (an outage), counting the attempts. */
  function failingStorage() {
    const attempts: string[] = [];
    const failing: ObjectStorage = {
      ...storage,
      async delete(key) {
        attempts.push(key);
        throw new Error("storage unavailable");
      },
    };
    return { failing, attempts };
  }

  it("deletes both files when a pending photo is rejected, and keeps them when it is approved", async () => {
    const rejected = await seedGalleryPhoto(db, { storage });
    const approved = await seedGalleryPhoto(db, { storage });
    expect(filesOf(rejected)).toEqual([true, true]);
    await rejectPhoto(db, rejected.id, "Borrosa.", staff, new Date(), { storage });
    expect(filesOf(rejected)).toEqual([false, false]);
    expect(await storage.get(rejected.displayKey)).toBeUndefined();
    await approvePhoto(db, approved.id, staff);
    expect(filesOf(approved)).toEqual([true, true]);
  });

  it("deletes both files when an approved photo is withdrawn", async () => {
    const photo = await seedGalleryPhoto(db, { status: "approved", storage });
    await withdrawPhoto(db, photo.id, "El cliente pidió quitarla.", staff, new Date(), { storage });
    expect(filesOf(photo)).toEqual([false, false]);
    expect((await getPhotoForAdmin(db, photo.id))?.status).toBe("rejected");
  });

  it("deletes the files only once the rejection is stored, and never on a refused move", async () => {
    const photo = await seedGalleryPhoto(db, { status: "approved", storage });
    const statusAtDeletion: string[] = [];
    const watching: ObjectStorage = {
      ...storage,
      async delete(key) {
        // What another request reads at that moment: the change is already there.
        statusAtDeletion.push((await getPhotoForAdmin(db, photo.id))!.status);
        await storage.delete(key);
      },
    };
    // Rejecting an approved photo, or withdrawing a pending one, is a conflict: nothing deleted.
    const pending = await seedGalleryPhoto(db, { storage });
    await expect(
      rejectPhoto(db, photo.id, "x", staff, new Date(), { storage: watching }),
    ).rejects.toBeInstanceOf(GalleryPhotoConflictError);
    await expect(
      withdrawPhoto(db, pending.id, "x", staff, new Date(), { storage: watching }),
    ).rejects.toBeInstanceOf(GalleryPhotoConflictError);
    expect(statusAtDeletion).toEqual([]);
    expect([...filesOf(photo), ...filesOf(pending)]).toEqual([true, true, true, true]);

    await withdrawPhoto(db, photo.id, "Reclamo.", staff, new Date(), { storage: watching });
    expect(statusAtDeletion).toEqual(["rejected", "rejected"]);
    expect(filesOf(photo)).toEqual([false, false]);
  });

  it("refuses to reject inside a transaction, which would delete files before the change commits", async () => {
    const photo = await seedGalleryPhoto(db, { storage });
    await expect(
      db.transaction().execute((trx) => rejectPhoto(trx, photo.id, "x", staff, new Date(), { storage })),
    ).rejects.toThrow(/outside a transaction/);
    expect((await getPhotoForAdmin(db, photo.id))?.status).toBe("pending");
    expect(filesOf(photo)).toEqual([true, true]);
  });

  it("keeps the files of a photo approved while someone else rejected it; deletes them when the rejection wins", async () => {
    const winners = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const photo = await seedGalleryPhoto(db, { storage });
      const approve = () => approvePhoto(db, photo.id, staff);
      const reject = () => rejectPhoto(db, photo.id, "No corresponde.", other, new Date(), { storage });
      // Each goes first in turn.
      const results = await Promise.allSettled(
        round % 2 === 0 ? [approve(), reject()] : [reject(), approve()],
      );
      const won = results.filter((result) => result.status === "fulfilled");
      expect(won).toHaveLength(1);
      const winner = (won[0] as PromiseFulfilledResult<{ to: string }>).value.to;
      winners.add(winner);
      expect((await getPhotoForAdmin(db, photo.id))?.status).toBe(winner);
      expect(filesOf(photo), winner).toEqual(winner === "approved" ? [true, true] : [false, false]);
    }
    // Whichever won, the files match the stored status; approving must have won at least once.
    expect(winners.has("approved")).toBe(true);
  });

  it("keeps the rejection when the files cannot be deleted, and logs their keys", async () => {
    const photo = await seedGalleryPhoto(db, { status: "approved", storage });
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const { failing, attempts } = failingStorage();
    expect(
      await withdrawPhoto(db, photo.id, "Reclamo.", staff, new Date(), { storage: failing }),
    ).toMatchObject({ from: "approved", to: "rejected" });
    expect(attempts.sort()).toEqual([photo.displayKey, photo.thumbKey].sort());
    expect((await getPhotoForAdmin(db, photo.id))?.status).toBe("rejected");
    const logged = errors.mock.calls.map(([fields]) => fields as { key?: string; photoId?: string });
    expect(logged.map((fields) => fields.key).sort()).toEqual([photo.displayKey, photo.thumbKey].sort());
    expect(logged.every((fields) => fields.photoId === photo.id)).toBe(true);
    expect(filesOf(photo)).toEqual([true, true]);
  });

  it("the hourly clean-up deletes the files left behind by photos rejected since a time, and no others", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const hour = 60 * 60_000;
    const now = new Date();
    const { failing } = failingStorage();
    // Rejected an hour ago, while the storage was down: its files are still there.
    const leftBehind = await seedGalleryPhoto(db, { storage });
    await rejectPhoto(db, leftBehind.id, "x", staff, new Date(now.getTime() - hour), { storage: failing });
    // Rejected two days ago the same way: older than the window.
    const older = await seedGalleryPhoto(db, { storage });
    await rejectPhoto(db, older.id, "x", staff, new Date(now.getTime() - 48 * hour), { storage: failing });
    // Rejected and deleted already; pending and approved photos keep theirs.
    const done = await seedGalleryPhoto(db, { storage });
    await rejectPhoto(db, done.id, "x", staff, now, { storage });
    const pending = await seedGalleryPhoto(db, { storage });
    const approved = await seedGalleryPhoto(db, { status: "approved", storage });
    expect([...filesOf(leftBehind), ...filesOf(older), ...filesOf(done)]).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);

    // The window of 25 hours the server uses after its first pass.
    const pass = await deleteRejectedPhotoFiles(db, storage, new Date(now.getTime() - 25 * hour));
    expect(pass).toMatchObject({ failedKeys: 0, stopped: false });
    expect(filesOf(leftBehind)).toEqual([false, false]);
    expect(filesOf(older)).toEqual([true, true]);
    // Every rejected photo (the first pass after a start), again without error for what is gone.
    expect(await deleteRejectedPhotoFiles(db, storage)).toMatchObject({ failedKeys: 0, stopped: false });
    expect(filesOf(older)).toEqual([false, false]);
    expect([...filesOf(pending), ...filesOf(approved)]).toEqual([true, true, true, true]);
  });

  it("stops a clean-up pass at a batch the storage deletes nothing of, saying so", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    for (let index = 0; index < 10; index++) {
      const photo = await seedGalleryPhoto(db, { status: "rejected" });
      expect(photo.status).toBe("rejected");
    }
    const { failing, attempts } = failingStorage();
    const pass = await deleteRejectedPhotoFiles(db, failing);
    expect(pass.stopped).toBe(true);
    expect(pass.photos).toBeGreaterThanOrEqual(10);
    // One batch of 8 photos, 2 files each, then it stopped.
    expect(attempts).toHaveLength(16);
    expect(pass.failedKeys).toBe(16);
    expect(warnings).toHaveBeenCalledTimes(1);
  });
});
