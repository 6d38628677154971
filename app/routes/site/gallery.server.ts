import type { GalleryCard } from "~/components/gallery-photo-card";
import { galleryTexts } from "~/content/gallery";
import { kitPath, getKit } from "~/content/kits";
import type { PublicGalleryPhoto } from "~/models/gallery.server";
import { getStorage } from "~/infra/storage.server";
import { visitorIdCookie } from "~/infra/visitor-cookie.server";

/**
 * What the gallery's pages share (/galeria and the kit pages; docs/product.md#d16): a photo as a card
 * shows it, and the visitor who likes photos.
 */

const dayFormat = new Intl.DateTimeFormat("es-CL", { dateStyle: "long", timeZone: "America/Santiago" });

/** A photo as its card shows it; formatted here, so hydration never sees another time zone. */
export function galleryCard(photo: PublicGalleryPhoto): GalleryCard {
  const storage = getStorage();
  const kit = getKit(photo.kitId);
  return {
    id: photo.id,
    thumbUrl: storage.publicUrl(photo.thumbKey),
    thumbWidth: photo.thumbWidth,
    thumbHeight: photo.thumbHeight,
    displayUrl: storage.publicUrl(photo.displayKey),
    alt: galleryTexts.photoAlt(photo.authorName, photo.kitName),
    authorName: photo.authorName,
    kitName: photo.kitName,
    kitHref: kit ? kitPath(kit) : undefined,
    comment: photo.comment,
    date: dayFormat.format(new Date(photo.createdAt)),
    dateTime: photo.createdAt,
    likeCount: photo.likeCount,
  };
}

/**
 * The visitor who likes photos: a random id in an httpOnly cookie, signed by the server, given with
 * the gallery's page (docs/decisions/053). Only an id the server issued counts a like: a made-up
 * id, or none, is no visitor. Its own cookie, not the chat's: likes are never tied to what a
 * visitor wrote to the chatbot.
 */
const visitor = visitorIdCookie("lifebox_gallery_visitor", { signedFor: "lifebox-gallery-visitor" });

/** The visitor's id, if the request carries one the server signed. */
export function galleryVisitorOf(request: Request): Promise<string | undefined> {
  return visitor.read(request);
}

/** The Set-Cookie header that gives a new visitor an id (a new random one). */
export function newGalleryVisitorCookie(): Promise<string> {
  return visitor.serialize(crypto.randomUUID());
}
