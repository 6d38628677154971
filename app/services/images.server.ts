import { fileTypeFromBuffer } from "file-type";
import sharp, { type Sharp } from "sharp";
import { photoMessages } from "~/content/gallery";
import { ConcurrencyLimit } from "~/lib/concurrency";

/**
 * A customer's photo made safe to publish (docs/decisions/041, 051): recognised by
 * its content (file-type), never by its name or declared type; refused from its header alone when
 * it has more pixels, or a longer side or a more extreme shape, than a photo has, so a small file
 * that would decode huge never is; decoded by sharp one image at a time, under a time limit; turned
 * upright; and re-encoded as WebP at a display size and a thumbnail. Re-encoding keeps only
 * pixels: EXIF (GPS, camera, times), XMP, IPTC and comments are gone, and colours are converted to
 * sRGB with no profile kept.
 */

/** The formats accepted, by the MIME type file-type recognises and the format sharp decodes. */
const acceptedFormats = [
  { mime: "image/jpeg", sharp: "jpeg" },
  { mime: "image/png", sharp: "png" },
  { mime: "image/webp", sharp: "webp" },
] as const;

export interface GalleryImageSettings {
  /** Most pixels (width × height) an upload may declare. */
  readonly maxInputPixels: number;
  /** Longest side an upload may declare, in pixels (decode memory grows with the width). */
  readonly maxSide: number;
  /** Most extreme shape: the long side at most this many times the short one. */
  readonly maxAspectRatio: number;
  /** sharp's timeout for each encode (the decode is part of it), in whole seconds. */
  readonly decodeTimeoutSeconds: number;
  /** Decodes that wait for their turn at most; one more is refused at once (503). */
  readonly maxWaitingDecodes: number;
  /** How long a decode may wait for its turn before it is refused (503), in milliseconds. */
  readonly maxQueueWaitMs: number;
  /** The longest side of the published photo and of its thumbnail, in pixels. */
  readonly displaySize: number;
  readonly thumbSize: number;
  readonly displayQuality: number;
  readonly thumbQuality: number;
}

export const galleryImageSettings: GalleryImageSettings = {
  /**
   * 50 megapixels as phones count them: 8192 × 6144 (50.3 MP, Sony's 50 MP sensors; Samsung's give
   * 8160 × 6120 or 8160 × 6144). sharp's default is 268 MP.
   */
  maxInputPixels: 8192 * 6144,
  /** A phone's 50 MP photo is 8192 wide; a panorama up to 12,000 × 3,000 still fits. */
  maxSide: 12_000,
  /** 4:1: wider than 21:9 video or a 20:9 screenshot, as wide as a short panorama. */
  maxAspectRatio: 4,
  /** The worst accepted image takes under 1 s here; 10 s leaves room for a busy machine. */
  decodeTimeoutSeconds: 10,
  /**
   * 16 waiting: a burst of the worst accepted images clears in about 10 s here (0.4–0.8 s each),
   * and each waiting upload keeps its bytes (up to 8 MiB) in memory until its turn.
   */
  maxWaitingDecodes: 16,
  maxQueueWaitMs: 30_000,
  displaySize: 1600,
  thumbSize: 480,
  displayQuality: 80,
  thumbQuality: 75,
};

/**
 * Decodes at once in this process. The worst accepted image (a 16-bit RGBA PNG of 50 MP, or
 * 12,000 pixels wide) adds about 130–140 MB while it decodes; one at a time bounds the decoding to
 * that however many uploads arrive together, and leaves the other core to the web server. (glibc's
 * allocator may keep a few decodes' worth of freed memory: docs/decisions/051.)
 */
export const maxConcurrentDecodes = 1;

// sharp's operation cache only helps when the same image is processed again, which an upload never
// is; it would keep up to 50 MB of decoded pixels alive between uploads. One libvips thread per
// image: what sharp picks on glibc, but not when MALLOC_ARENA_MAX is set; a second thread adds a
// fifth to the worst decode's memory and no speed (a PNG decodes on one thread). The only sharp
// user in the server is this module.
sharp.cache(false);
sharp.concurrency(1);

/** The decodes of gallery photos in this process (read by tests and the benchmark). */
export const galleryDecodes = new ConcurrencyLimit(maxConcurrentDecodes);

export interface EncodedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type PhotoRefusal = {
  ok: false;
  /**
   * 415: not a JPEG, PNG or WebP; 422: one, but too large or of a shape no photo has, broken, or
   * too slow to decode; 503: too many photos are being processed, try again.
   */
  status: 415 | 422 | 503;
  reason: "not-an-image" | "too-many-pixels" | "bad-shape" | "unreadable" | "too-slow" | "busy";
  /** What the customer reads next to the photo field. */
  message: string;
};

export type ProcessedPhoto = { ok: true; display: EncodedImage; thumb: EncodedImage } | PhotoRefusal;

const refusals = {
  "not-an-image": { status: 415, message: photoMessages.notAnImage },
  "too-many-pixels": { status: 422, message: photoMessages.tooManyPixels },
  "bad-shape": { status: 422, message: photoMessages.badShape },
  unreadable: { status: 422, message: photoMessages.unreadable },
  "too-slow": { status: 422, message: photoMessages.tooSlow },
  busy: { status: 503, message: photoMessages.busy },
} as const;

function refuse(reason: PhotoRefusal["reason"]): PhotoRefusal {
  return { ok: false, reason, ...refusals[reason] };
}

/** Whether a `width` × `height` image (as its header declares it) has a shape a photo can have. */
export function hasPhotoShape(width: number, height: number, settings = galleryImageSettings): boolean {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return short >= 1 && long <= settings.maxSide && long <= short * settings.maxAspectRatio;
}

async function toWebp(image: Sharp, size: number, quality: number, seconds: number): Promise<EncodedImage> {
  const { data, info } = await image
    .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
    .webp({ quality })
    .timeout({ seconds })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * The display image and the thumbnail of an uploaded photo, or why it cannot be published. Never
 * throws for what a customer sent. `settings` is for tests; the site uses the defaults.
 */
export async function processGalleryPhoto(
  bytes: Uint8Array,
  settings: GalleryImageSettings = galleryImageSettings,
): Promise<ProcessedPhoto> {
  const type = await fileTypeFromBuffer(bytes);
  const format = acceptedFormats.find((accepted) => accepted.mime === type?.mime);
  if (!format) return refuse("not-an-image");

  const { maxInputPixels, displaySize, thumbSize, displayQuality, thumbQuality, decodeTimeoutSeconds } =
    settings;
  let input: Sharp;
  try {
    input = sharp(bytes, { limitInputPixels: maxInputPixels });
    // The header first: a photo too large or too oddly shaped to decode is refused before any
    // pixel is, and without waiting for its turn.
    const { width, height, format: decoder, space } = await input.metadata();
    if (decoder !== format.sharp) return refuse("not-an-image");
    if (width * height > maxInputPixels) return refuse("too-many-pixels");
    if (!hasPhotoShape(width, height, settings)) return refuse("bad-shape");
    // A 16-bit PNG is processed in 8 bits (the output has 8 anyway): a third less memory, half the
    // time. Only then: a working colourspace turns off JPEG and WebP shrink-on-load.
    if (space === "rgb16") input = input.pipelineColourspace("srgb");
    else if (space === "grey16") input = input.pipelineColourspace("b-w");
  } catch (error) {
    return refuse(errorReason(error));
  }

  const release = await galleryDecodes.acquire(settings.maxQueueWaitMs, settings.maxWaitingDecodes);
  if (!release) return refuse("busy");
  try {
    const display = await toWebp(input.autoOrient(), displaySize, displayQuality, decodeTimeoutSeconds);
    // The thumbnail comes from the display image: a small decode instead of the original's.
    const thumb = await toWebp(sharp(display.bytes), thumbSize, thumbQuality, decodeTimeoutSeconds);
    return { ok: true, display, thumb };
  } catch (error) {
    return refuse(errorReason(error));
  } finally {
    release();
  }
}

function errorReason(error: unknown): "too-many-pixels" | "too-slow" | "unreadable" {
  const message = error instanceof Error ? error.message : "";
  if (/pixel limit/i.test(message)) return "too-many-pixels";
  // sharp's .timeout(): "timeout: 24% complete".
  if (/^timeout\b/i.test(message)) return "too-slow";
  return "unreadable";
}
