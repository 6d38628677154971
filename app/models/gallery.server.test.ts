import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KitId } from "~/content/types";
import {
  approvedPhotosOfKit,
  createGalleryPhoto,
  firstName,
  forgetOldLikeAddresses,
  likedPhotoIds,
  likeLimits,
  likePhoto,
  listApprovedPhotos,
  type NewGalleryPhoto,
} from "~/models/gallery.server";
import type { Db } from "~/infra/db.server";
import type { GalleryPhotoStatus } from "~/infra/db-schema";
import { localDiskStorage, type ObjectStorage } from "~/infra/storage.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";
import { createTestOrder } from "../../tests/support/orders";

/** The gallery's public side on a real migrated database of every dialect, with files on a temp disk. */

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
