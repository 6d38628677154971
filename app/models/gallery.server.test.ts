import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { KitId } from "~/content/types";
import {
  approvedPhotosOfKit,
  approvePhoto,
  createGalleryPhoto,
  deleteRejectedPhotoFiles,
  firstName,
  forgetOldLikeAddresses,
  GalleryPhotoConflictError,
  GalleryPhotoNotFoundError,
  gallerySummary,
  getPhotoForAdmin,
  likedPhotoIds,
  likeLimits,
  likePhoto,
  listApprovedPhotos,
  rejectPhoto,
  withdrawPhoto,
  type NewGalleryPhoto,
} from "~/models/gallery.server";
import type { Db } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import type { GalleryPhotoStatus } from "~/infra/db-schema";
import { localDiskStorage, type ObjectStorage } from "~/infra/storage.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";
import { seedGalleryPhoto } from "../../tests/support/gallery";
import { createTestOrder } from "../../tests/support/orders";

/** The gallery's public side, then its moderation, on a real migrated database of every dialect, with files on a temp disk. */

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-gallery-model-"));
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));
const storage = localDiskStorage(uploadsDir);

/** The files the storage holds now, as keys. */
function storedKeys(): string[] {
  const folder = path.join(uploadsDir, "galeria");
  return fs.existsSync(folder) ? fs.readdirSync(folder).map((name) => `galeria/${name}`) : [];
}

const image = (width: number, height: number) => ({ bytes: new Uint8Array([1, 2, 3]), width, height });

describe("firstName", () => {
  it("keeps the first word of a customer's name", () => {
    expect(firstName("  Camila Rojas Soto ")).toBe("Camila");
    expect(firstName("María")).toBe("María");
  });
});

describe.each(dialectsUnderTest)("the gallery's public side on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  let order: NewGalleryPhoto["order"];

  beforeAll(async () => {
    db = database().db;
    const created = await createTestOrder(db, { name: "Camila Rojas Soto", email: "camila@example.cl" });
    order = { id: created.id, number: created.number, customerName: created.customerName };
  });

  async function upload(
    { kitId = "nautical", at = new Date() }: { kitId?: KitId; at?: Date } = {},
    store: ObjectStorage = storage,
  ) {
    return createGalleryPhoto(
      db,
      {
        order,
        kitId,
        comment: "Mi kit en el velero.",
        display: image(1600, 1200),
        thumb: image(480, 360),
      },
      { storage: store, now: at },
    );
  }

  async function setStatus(id: string, status: GalleryPhotoStatus) {
    await db.updateTable("galleryPhotos").set({ status }).where("id", "=", id).execute();
  }

  async function likeCountOf(id: string) {
    const row = await db
      .selectFrom("galleryPhotos")
      .select("likeCount")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return row.likeCount;
  }

  it("stores an upload as pending: both images, the first name, the kit's name, the order", async () => {
    const now = new Date("2026-11-20T15:30:00.000Z");
    const { id } = await upload({ at: now });
    const row = await db
      .selectFrom("galleryPhotos")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      authorName: "Camila",
      kitId: "nautical",
      kitName: "LifeBox Nautical",
      comment: "Mi kit en el velero.",
      status: "pending",
      rejectionReason: null,
      displayKey: `galeria/${id}-display.webp`,
      displayWidth: 1600,
      displayHeight: 1200,
      thumbKey: `galeria/${id}-thumb.webp`,
      thumbWidth: 480,
      thumbHeight: 360,
      likeCount: 0,
      createdAt: now.toISOString(),
      moderatedAt: null,
    });
    expect(await storage.get(row.displayKey)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await storage.get(row.thumbKey)).toBeDefined();
  });

  it("stores no row for an order that is gone, and deletes the images it had written", async () => {
    const photo = {
      order: { ...order, id: crypto.randomUUID() },
      kitId: "nautical" as const,
      comment: "Un pedido borrado",
      display: image(10, 10),
      thumb: image(5, 5),
    };
    const files = storedKeys().length;
    const rows = (await db.selectFrom("galleryPhotos").select("id").execute()).length;
    await expect(createGalleryPhoto(db, photo, { storage })).rejects.toThrow();
    expect(storedKeys()).toHaveLength(files);
    expect(await db.selectFrom("galleryPhotos").select("id").execute()).toHaveLength(rows);
  });

  it("stores no row when an image cannot be stored, and deletes the one that was", async () => {
    const files = storedKeys().length;
    const failing: ObjectStorage = {
      ...storage,
      async put(key, body) {
        if (key.endsWith("-thumb.webp")) throw new Error("disk full");
        await storage.put(key, body);
      },
    };
    const rows = (await db.selectFrom("galleryPhotos").select("id").execute()).length;
    await expect(upload({}, failing)).rejects.toThrow("disk full");
    expect(storedKeys()).toHaveLength(files);
    expect(await db.selectFrom("galleryPhotos").select("id").execute()).toHaveLength(rows);
  });

  it("lists only approved photos, newest first, a page at a time", async () => {
    await db.deleteFrom("galleryPhotos").execute();
    expect(await listApprovedPhotos(db, { page: 1, perPage: 2 })).toEqual({
      photos: [],
      total: 0,
      pageCount: 1,
    });
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
    const ids: string[] = [];
    for (let n = 1; n <= 7; n++)
      ids.push((await upload({ at: day(n), kitId: n % 2 ? "essential" : "nautical" })).id);
    // Approved: days 1, 2, 3, 5, 7; day 4 is pending, day 6 rejected.
    for (const [index, id] of ids.entries()) {
      await setStatus(id, index === 3 ? "pending" : index === 5 ? "rejected" : "approved");
    }
    const first = await listApprovedPhotos(db, { page: 1, perPage: 2 });
    expect(first.total).toBe(5);
    expect(first.pageCount).toBe(3);
    expect(first.photos.map((photo) => photo.id)).toEqual([ids[6], ids[4]]);
    expect((await listApprovedPhotos(db, { page: 2, perPage: 2 })).photos.map((photo) => photo.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect((await listApprovedPhotos(db, { page: 3, perPage: 2 })).photos.map((photo) => photo.id)).toEqual([
      ids[0],
    ]);
    // The public never gets the order or the moderation.
    expect(Object.keys(first.photos[0]!)).not.toContain("orderId");
    expect(Object.keys(first.photos[0]!)).not.toContain("rejectionReason");

    const nautical = await approvedPhotosOfKit(db, "nautical", 3);
    expect(nautical.map((photo) => photo.id)).toEqual([ids[1]]);
    const essential = await approvedPhotosOfKit(db, "essential", 2);
    expect(essential.map((photo) => photo.id)).toEqual([ids[6], ids[4]]);
    expect(await approvedPhotosOfKit(db, "industry", 3)).toEqual([]);
  });

  it("counts one like per visitor, kept with the visitor, and none for a photo not published", async () => {
    const { id } = await upload();
    const visitor = crypto.randomUUID();
    expect(await likePhoto(db, id, visitor)).toEqual({ found: false });
    await setStatus(id, "approved");
    expect(await likePhoto(db, id, visitor)).toEqual({ found: true, added: true, likeCount: 1 });
    expect(await likePhoto(db, id, visitor)).toEqual({ found: true, added: false, likeCount: 1 });
    expect(await likePhoto(db, id, crypto.randomUUID())).toEqual({ found: true, added: true, likeCount: 2 });
    expect(await likePhoto(db, crypto.randomUUID(), visitor)).toEqual({ found: false });

    const { id: other } = await upload();
    await setStatus(other, "approved");
    expect(await likedPhotoIds(db, visitor, [id, other])).toEqual(new Set([id]));
    expect(await likedPhotoIds(db, crypto.randomUUID(), [id, other])).toEqual(new Set());
    expect(await likedPhotoIds(db, visitor, [])).toEqual(new Set());

    await setStatus(id, "rejected");
    expect(await likePhoto(db, id, crypto.randomUUID())).toEqual({ found: false });
    expect(await likeCountOf(id)).toBe(2);
  });

  it("counts a visitor's like once when it arrives many times at once, and every visitor's", async () => {
    const { id } = await upload();
    await setStatus(id, "approved");
    const visitor = crypto.randomUUID();
    const same = await Promise.all(Array.from({ length: 12 }, () => likePhoto(db, id, visitor)));
    expect(same.filter((outcome) => outcome.found && outcome.added)).toHaveLength(1);
    expect(await likeCountOf(id)).toBe(1);

    const visitors = Array.from({ length: 12 }, () => crypto.randomUUID());
    await Promise.all(visitors.map((someone) => likePhoto(db, id, someone)));
    expect(await likeCountOf(id)).toBe(13);
    const likes = await db.selectFrom("galleryLikes").select("visitorId").where("photoId", "=", id).execute();
    expect(likes).toHaveLength(13);
  });

  it(`counts ${likeLimits.perPhoto} likes a day per photo and address, exactly when they arrive at once`, async () => {
    const { id } = await upload();
    await setStatus(id, "approved");
    const t0 = new Date("2026-11-20T15:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const ip = "198.51.100.40";
    const visitors = Array.from({ length: 12 }, () => crypto.randomUUID());
    const outcomes = await Promise.all(
      visitors.map((someone) => likePhoto(db, id, someone, { ip, now: t0 })),
    );
    expect(outcomes.filter((outcome) => outcome.found && outcome.added)).toHaveLength(likeLimits.perPhoto);
    expect(outcomes.filter((outcome) => outcome.found && outcome.refused === "photo")).toHaveLength(
      12 - likeLimits.perPhoto,
    );
    expect(await likeCountOf(id)).toBe(likeLimits.perPhoto);
    const stored = await db
      .selectFrom("galleryLikes")
      .select("ipNetwork")
      .where("photoId", "=", id)
      .execute();
    expect(stored.map((like) => like.ipNetwork)).toEqual(Array<string>(likeLimits.perPhoto).fill(ip));

    // A visitor counted before likes again: nothing changes, and nothing is refused.
    const counted = visitors[outcomes.findIndex((outcome) => outcome.found && outcome.added)]!;
    expect(await likePhoto(db, id, counted, { ip, now: at(1000) })).toEqual({
      found: true,
      added: false,
      likeCount: likeLimits.perPhoto,
    });
    // Another address may; this one may again a day later.
    expect(
      await likePhoto(db, id, crypto.randomUUID(), { ip: "198.51.100.41", now: at(1000) }),
    ).toMatchObject({
      added: true,
    });
    const dayLater = at(likeLimits.perPhotoWindowMs + 1000);
    expect(await likePhoto(db, id, crypto.randomUUID(), { ip, now: dayLater })).toMatchObject({
      added: true,
    });

    // The addresses of one IPv6 /56 are one address.
    const v6 = ["2001:db8:5:100::1", "2001:db8:5:1aa::2", "2001:db8:5:1ff::3", "2001:db8:5:180::4"];
    const fromV6 = [];
    for (const address of v6)
      fromV6.push(await likePhoto(db, id, crypto.randomUUID(), { ip: address, now: t0 }));
    expect(fromV6.map((outcome) => outcome.found && (outcome.refused ?? outcome.added))).toEqual([
      true,
      true,
      true,
      "photo",
    ]);
    // Likes made without an address (scripts, fixtures) keep none and are not bounded.
    expect(await likePhoto(db, id, crypto.randomUUID(), { now: t0 })).toMatchObject({ added: true });
  });

  it(`counts ${likeLimits.perAddress} likes per address in ten minutes over every photo`, async () => {
    const ids: string[] = [];
    for (let n = 0; n < 11; n++) {
      const { id } = await upload();
      await setStatus(id, "approved");
      ids.push(id);
    }
    const t0 = new Date("2026-11-21T15:00:00.000Z");
    const ip = "198.51.100.50";
    const family = Array.from({ length: likeLimits.perPhoto }, () => crypto.randomUUID());
    for (const id of ids.slice(0, 10)) {
      for (const someone of family) {
        expect(await likePhoto(db, id, someone, { ip, now: t0 })).toMatchObject({ added: true });
      }
    }
    const last = ids[10]!;
    expect(await likePhoto(db, last, family[0]!, { ip, now: new Date(t0.getTime() + 60_000) })).toEqual({
      found: true,
      added: false,
      likeCount: 0,
      refused: "address",
    });
    const later = new Date(t0.getTime() + likeLimits.perAddressWindowMs + 1000);
    expect(await likePhoto(db, last, family[0]!, { ip, now: later })).toMatchObject({ added: true });
  });

  it("forgets the addresses of likes older than a day", async () => {
    const { id } = await upload();
    await setStatus(id, "approved");
    const t0 = new Date("2026-11-22T15:00:00.000Z");
    const [old, recent] = [crypto.randomUUID(), crypto.randomUUID()];
    await likePhoto(db, id, old, { ip: "198.51.100.60", now: t0 });
    await likePhoto(db, id, recent, { ip: "198.51.100.60", now: new Date(t0.getTime() + 60 * 60_000) });
    const dayLater = new Date(t0.getTime() + likeLimits.perPhotoWindowMs + 1);
    expect(await forgetOldLikeAddresses(db, dayLater)).toBeGreaterThanOrEqual(1);
    const rows = await db
      .selectFrom("galleryLikes")
      .select(["visitorId", "ipNetwork"])
      .where("photoId", "=", id)
      .execute();
    expect(new Map(rows.map((row) => [row.visitorId, row.ipNetwork]))).toEqual(
      new Map([
        [old, null],
        [recent, "198.51.100.60"],
      ]),
    );
  });
});

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
