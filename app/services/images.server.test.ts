import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoMessages } from "~/content/gallery";
import {
  galleryDecodes,
  galleryImageSettings,
  hasPhotoShape,
  maxConcurrentDecodes,
  processGalleryPhoto,
} from "~/services/images.server";
import { phoneJpeg, picture, pngBomb, pngPhoto, webpPhoto } from "../../tests/support/images";

/** What is left of a published image besides its pixels. */
async function leftovers(bytes: Uint8Array) {
  const { format, exif, icc, xmp, iptc, orientation } = await sharp(bytes).metadata();
  return { format, exif, icc, xmp, iptc, orientation };
}

const clean = { format: "webp", exif: undefined, icc: undefined, xmp: undefined, iptc: undefined };

/**
 * How far `work` pushed the process's peak resident memory above its earlier peak, in MB: never
 * more than what `work` itself added, so a small figure proves no huge decode happened.
 */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; megabytes: number }> {
  const before = process.resourceUsage().maxRSS;
  const result = await work();
  return { result, megabytes: (process.resourceUsage().maxRSS - before) / 1024 };
}

const badShape = { ok: false, status: 422, reason: "bad-shape", message: photoMessages.badShape };
const busy = { ok: false, status: 503, reason: "busy", message: photoMessages.busy };

/** A flat photo-free image of `width` × `height` in `format`, made by sharp without a pixel buffer of ours. */
function flat(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#5a7d4e" } });
}

describe("processGalleryPhoto", () => {
  it("publishes a phone's JPEG upright, as WebP, without its EXIF and GPS position", async () => {
    const original = await phoneJpeg(2400, 1800, 6);
    const before = await sharp(original).metadata();
    // The original really carries the position and the camera (the EXIF GPS block and its tags).
    expect(before.orientation).toBe(6);
    expect(Buffer.from(before.exif!).includes("WGS-84")).toBe(true);
    expect(Buffer.from(before.exif!).includes("LifeBoxTestPhone")).toBe(true);

    const photo = await processGalleryPhoto(original);
    if (!photo.ok) throw new Error(photo.message);
    // Orientation 6 turns the 2400 × 1800 picture upright: 1800 wide, 2400 high, fit in 1600.
    expect([photo.display.width, photo.display.height]).toEqual([1200, 1600]);
    expect([photo.thumb.width, photo.thumb.height]).toEqual([360, 480]);
    for (const image of [photo.display, photo.thumb]) {
      expect(await leftovers(image.bytes)).toMatchObject({ ...clean, orientation: undefined });
      expect(Buffer.from(image.bytes).includes("WGS-84")).toBe(false);
      expect(Buffer.from(image.bytes).includes("LifeBoxTestPhone")).toBe(false);
      const { width, height } = await sharp(image.bytes).metadata();
      expect([width, height]).toEqual([image.width, image.height]);
    }
  });

  it.each([
    ["PNG", () => pngPhoto(800, 600)],
    ["WebP", () => webpPhoto(800, 600)],
  ])("publishes a %s, never enlarged beyond its own size", async (_name, make) => {
    const photo = await processGalleryPhoto(await make());
    if (!photo.ok) throw new Error(photo.message);
    expect([photo.display.width, photo.display.height]).toEqual([800, 600]);
    expect([photo.thumb.width, photo.thumb.height]).toEqual([480, 360]);
    expect(await leftovers(photo.display.bytes)).toMatchObject(clean);
  });

  it("converts a wide-gamut photo to sRGB and keeps no colour profile", async () => {
    const p3 = await picture(400, 300).jpeg().withIccProfile("p3").toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const photo = await processGalleryPhoto(p3);
    if (!photo.ok) throw new Error(photo.message);
    expect(await leftovers(photo.display.bytes)).toMatchObject(clean);
    expect((await sharp(photo.display.bytes).metadata()).space).toBe("srgb");
  });

  it("recognises a photo by its content, whatever it is called or claims to be", async () => {
    // Bytes are all it gets: a JPEG is a JPEG without its name.
    expect((await processGalleryPhoto(await phoneJpeg(300, 200, 1))).ok).toBe(true);
    const notImages = {
      text: Buffer.from("Hola, esto es un archivo de texto renombrado como foto.jpg\n".repeat(20)),
      svg: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
      ),
      gif: await picture(50, 50).gif().toBuffer(),
      tiff: await picture(50, 50).tiff().toBuffer(),
      html: Buffer.from("<!doctype html><html><body><img src=x onerror=alert(1)></body></html>"),
      empty: Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(notImages)) {
      expect(await processGalleryPhoto(bytes), name).toEqual({
        ok: false,
        status: 415,
        reason: "not-an-image",
        message: photoMessages.notAnImage,
      });
    }
  });

  it.each([
    [20_000, 20_000],
    // 100 MP: under sharp's own default limit (268 MP), over ours.
    [10_000, 10_000],
  ])("refuses a small file that decodes huge (a %i × %i bomb) before decoding it", async (width, height) => {
    const bomb = pngBomb(width, height);
    expect(bomb.length).toBeLessThan(200_000);
    expect(width * height).toBeGreaterThan(galleryImageSettings.maxInputPixels);
    const started = performance.now();
    expect(await processGalleryPhoto(bomb)).toEqual({
      ok: false,
      status: 422,
      reason: "too-many-pixels",
      message: photoMessages.tooManyPixels,
    });
    // Refused from its header: no decode of hundreds of megapixels happened.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses a photo cut short or with broken pixel data, and says so", async () => {
    const jpeg = await phoneJpeg(600, 400, 1);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const corrupt = Buffer.from(jpeg);
    corrupt.fill(0xff, 600, corrupt.length - 2);
    for (const [name, bytes] of Object.entries({ truncated, corrupt })) {
      expect(await processGalleryPhoto(bytes), name).toEqual({
        ok: false,
        status: 422,
        reason: "unreadable",
        message: photoMessages.unreadable,
      });
    }
  });

  // Issue 21: under 50 MP, but no photo's shape. Before, a 140 KB PNG of 49,000,000 × 1 made the
  // server grow by 1.3 GB, 10,000,000 × 4 by 3.5 GB, and 1 × 49,000,000 decoded for 11 s.
  it.each([
    [49_000_000, 1],
    [1, 49_000_000],
    [10_000_000, 4],
    // Photo-sized pixels, but longer than any photo's side, or more than 4 times longer than high.
    [12_001, 3_001],
    [4_001, 1_000],
    [1_000, 4_001],
  ])("refuses a %i × %i PNG from its header, at once and without decoding it", async (width, height) => {
    const png = pngBomb(width, height);
    expect(width * height).toBeLessThanOrEqual(galleryImageSettings.maxInputPixels);
    const started = performance.now();
    const { result, megabytes } = await peakGrowth(() => processGalleryPhoto(png));
    expect(result).toEqual(badShape);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(megabytes).toBeLessThan(100);
  });

  it.each([
    ["JPEG", () => flat(20_000, 10).jpeg().toBuffer()],
    ["JPEG", () => flat(10, 20_000).jpeg().toBuffer()],
    ["WebP", () => flat(16_000, 8).webp().toBuffer()],
  ])("refuses a %s of a shape no photo has", async (_name, make) => {
    expect(await processGalleryPhoto(await make())).toEqual(badShape);
  });

  it("accepts photos at the limits: a 50 MP phone photo, a panorama of the longest side and widest shape", async () => {
    // 8160 × 6144 and 8192 × 6144: the 50 MP photos of current phones (over 50,000,000 pixels).
    for (const [width, height] of [
      [8160, 6144],
      [6144, 8192],
    ] as const) {
      const photo = await processGalleryPhoto(await flat(width, height).jpeg({ quality: 70 }).toBuffer());
      if (!photo.ok) throw new Error(`${width} × ${height}: ${photo.message}`);
      expect(Math.max(photo.display.width, photo.display.height)).toBe(galleryImageSettings.displaySize);
    }
    // 12,000 × 3,000 (4:1) and its portrait twin: accepted, scaled to 1600 × 400.
    for (const [width, height, display] of [
      [12_000, 3_000, [1600, 400]],
      [3_000, 12_000, [400, 1600]],
    ] as const) {
      const photo = await processGalleryPhoto(pngBomb(width, height));
      if (!photo.ok) throw new Error(`${width} × ${height}: ${photo.message}`);
      expect([photo.display.width, photo.display.height]).toEqual(display);
    }
  });

  it("tells which shapes a photo can have", () => {
    for (const [width, height] of [
      [8192, 6144],
      [6144, 8192],
      [1920, 1080],
      [1080, 2400],
      [12_000, 3_000],
      [1, 1],
      [4, 1],
    ]) {
      expect(hasPhotoShape(width!, height!), `${width} × ${height}`).toBe(true);
    }
    for (const [width, height] of [
      [12_001, 3_001],
      [5, 1],
      [0, 0],
      [49_000_000, 1],
    ]) {
      expect(hasPhotoShape(width!, height!), `${width} × ${height}`).toBe(false);
    }
    // The message states the limits the code applies.
    const { maxSide, maxAspectRatio } = galleryImageSettings;
    expect(photoMessages.badShape).toContain(`${maxSide.toLocaleString("es-CL")} píxeles`);
    expect(photoMessages.badShape).toContain(`${maxAspectRatio} veces`);
  });

  it(`decodes at most ${maxConcurrentDecodes} photo at a time, the others waiting for their turn`, async () => {
    const png = await pngPhoto(2000, 1500);
    galleryDecodes.resetPeaks();
    const photos = await Promise.all(Array.from({ length: 6 }, () => processGalleryPhoto(png)));
    expect(photos.every((photo) => photo.ok)).toBe(true);
    expect(galleryDecodes.peakRunning).toBe(maxConcurrentDecodes);
    expect(galleryDecodes.peakWaiting).toBeGreaterThan(0);
    expect([galleryDecodes.running, galleryDecodes.waiting]).toEqual([0, 0]);
  });

  it("refuses with 503 and a try-again message a photo that would wait too long or find the queue full", async () => {
    const png = await pngPhoto(2000, 1500);
    for (const limits of [{ maxQueueWaitMs: 0 }, { maxWaitingDecodes: 0 }]) {
      const settings = { ...galleryImageSettings, ...limits };
      const photos = await Promise.all(Array.from({ length: 4 }, () => processGalleryPhoto(png, settings)));
      const refused = photos.filter((photo) => !photo.ok);
      expect(photos.length - refused.length, JSON.stringify(limits)).toBeGreaterThanOrEqual(1);
      expect(refused.length, JSON.stringify(limits)).toBeGreaterThanOrEqual(1);
      for (const refusal of refused) expect(refusal).toEqual(busy);
    }
    expect([galleryDecodes.running, galleryDecodes.waiting]).toEqual([0, 0]);
    // The queue still works afterwards.
    expect((await processGalleryPhoto(png)).ok).toBe(true);
  });

  it("refuses a photo whose decoding outlasts sharp's timeout, without throwing", async () => {
    // 1 × 49,000,000 let through the shape check takes seconds to decode; the timeout stops it.
    const settings = {
      ...galleryImageSettings,
      maxSide: Number.MAX_SAFE_INTEGER,
      maxAspectRatio: Number.MAX_SAFE_INTEGER,
      decodeTimeoutSeconds: 1,
    };
    const started = performance.now();
    expect(await processGalleryPhoto(pngBomb(1, 49_000_000), settings)).toEqual({
      ok: false,
      status: 422,
      reason: "too-slow",
      message: photoMessages.tooSlow,
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect([galleryDecodes.running, galleryDecodes.waiting]).toEqual([0, 0]);
  });
});
