import { fileTypeFromBuffer } from "file-type";
import sharp, { type Sharp } from "sharp";
import { photoMessages } from "~/content/gallery";

/**
 * A customer's photo made safe to publish (DECISIONS D16; docs/decisions/041): recognised by its
 * content (file-type), never by its name or declared type; decoded by sharp under a pixel limit far
 * below sharp's default, so a small file that would decode huge is refused; turned upright; and
 * re-encoded as WebP at a display size and a thumbnail. Re-encoding keeps only pixels: EXIF (GPS,
 * camera, times), XMP, IPTC and comments are gone, and colours are converted to sRGB with no
 * profile kept.
 */

/** The formats accepted, by the MIME type file-type recognises and the format sharp decodes. */
const acceptedFormats = [
  { mime: "image/jpeg", sharp: "jpeg" },
  { mime: "image/png", sharp: "png" },
  { mime: "image/webp", sharp: "webp" },
] as const;

export const galleryImageSettings = {
  /** 50 megapixels: the largest phone photos (48 and 50 MP sensors); sharp's default is 268 MP. */
  maxInputPixels: 50_000_000,
  /** The longest side of the published photo and of its thumbnail, in pixels. */
  displaySize: 1600,
  thumbSize: 480,
  displayQuality: 80,
  thumbQuality: 75,
} as const;

export interface EncodedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type PhotoRefusal = {
  ok: false;
  /** 415: not a JPEG, PNG or WebP; 422: one, but too large to decode or broken. */
  status: 415 | 422;
  reason: "not-an-image" | "too-many-pixels" | "unreadable";
  /** What the customer reads next to the photo field. */
  message: string;
};

export type ProcessedPhoto = { ok: true; display: EncodedImage; thumb: EncodedImage } | PhotoRefusal;

const refusals = {
  "not-an-image": { status: 415, message: photoMessages.notAnImage },
  "too-many-pixels": { status: 422, message: photoMessages.tooManyPixels },
  unreadable: { status: 422, message: photoMessages.unreadable },
} as const;

function refuse(reason: PhotoRefusal["reason"]): PhotoRefusal {
  return { ok: false, reason, ...refusals[reason] };
}

async function toWebp(image: Sharp, size: number, quality: number): Promise<EncodedImage> {
  const { data, info } = await image
    .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * The display image and the thumbnail of an uploaded photo, or why it cannot be published. Never
 * throws for what a customer sent.
 */
export async function processGalleryPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const type = await fileTypeFromBuffer(bytes);
  const format = acceptedFormats.find((accepted) => accepted.mime === type?.mime);
  if (!format) return refuse("not-an-image");

  const { maxInputPixels, displaySize, thumbSize, displayQuality, thumbQuality } = galleryImageSettings;
  try {
    const input = sharp(bytes, { limitInputPixels: maxInputPixels });
    // The header first: a photo too large to decode is refused before any pixel is.
    const { width, height, format: decoder } = await input.metadata();
    if (decoder !== format.sharp) return refuse("not-an-image");
    if (width * height > maxInputPixels) return refuse("too-many-pixels");
    const display = await toWebp(input.autoOrient(), displaySize, displayQuality);
    // The thumbnail comes from the display image: a small decode instead of the original's.
    const thumb = await toWebp(sharp(display.bytes), thumbSize, thumbQuality);
    return { ok: true, display, thumb };
  } catch (error) {
    return refuse(
      error instanceof Error && /pixel limit/i.test(error.message) ? "too-many-pixels" : "unreadable",
    );
  }
}
