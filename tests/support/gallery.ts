import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createOrder } from "~/models/orders.server";
import type { GalleryPhotoStatus } from "~/infra/db-schema";
import type { Db } from "~/infra/db.server";
import type { ObjectStorage } from "~/infra/storage.server";

/**
 * Gallery photos for the admin's tests, stored as the upload would leave them: a row tied to a real
 * order, and (given a storage) its two image files. The images are a real 8×8 PNG (tests/fixtures):
 * the tests of moderation need a valid image to show, not a re-encoded one (sharp and the upload
 * pipeline are the public gallery's, and their tests').
 */

/** A real 8×8 PNG, the brand's orange (#e8590c), shared with the end-to-end seeds. */
export const tinyPng = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/gallery-photo.png"));

export interface SeededPhoto {
  status?: GalleryPhotoStatus;
  authorName?: string;
  kitId?: string;
  kitName?: string;
  comment?: string;
  likes?: number;
  rejectionReason?: string | null;
  createdAt?: Date;
  /** Where the image files go (e.g. getStorage()); none: the row only. */
  storage?: ObjectStorage;
}

/** Creates an order (through the orders model) and a photo of it; returns the photo's row values. */
export async function seedGalleryPhoto(
  db: Db,
  {
    status = "pending",
    authorName = "Ana",
    kitId = "essential",
    kitName = "LifeBox Essential",
    comment = "Nuestro kit en el auto, listo para el invierno.",
    likes = 0,
    rejectionReason = null,
    createdAt = new Date(),
    storage,
  }: SeededPhoto = {},
) {
  const order = await createOrder(
    db,
    {
      lines: [{ kitId, quantity: 1 }],
      name: `${authorName} Pérez`,
      email: `${authorName.toLowerCase()}.${crypto.randomUUID()}@example.cl`,
      phone: "+56 9 1234 5678",
      region: "13",
      comuna: "13120",
      address: "Av. Irarrázaval 1234",
      rut: null,
      notes: null,
      shippingKind: "free",
    },
    { now: createdAt },
  );
  const id = crypto.randomUUID();
  const displayKey = `galeria/${id}-display.png`;
  const thumbKey = `galeria/${id}-thumb.png`;
  if (storage) {
    await storage.put(displayKey, tinyPng);
    await storage.put(thumbKey, tinyPng);
  }
  const row = {
    id,
    orderId: order.id,
    orderNumber: order.number,
    authorName,
    kitId,
    kitName,
    comment,
    status,
    rejectionReason,
    displayKey,
    displayWidth: 8,
    displayHeight: 8,
    thumbKey,
    thumbWidth: 8,
    thumbHeight: 8,
    likeCount: likes,
    createdAt: createdAt.toISOString(),
    moderatedAt: status === "pending" ? null : createdAt.toISOString(),
    moderatedBy: null,
  };
  await db.insertInto("galleryPhotos").values(row).execute();
  return row;
}
