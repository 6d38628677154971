import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoMessages } from "~/content/gallery";
import { galleryImageSettings, processGalleryPhoto } from "~/services/images.server";
import { phoneJpeg, picture, pngBomb, pngPhoto, webpPhoto } from "../../tests/support/images";

/** What is left of a published image besides its pixels. */
async function leftovers(bytes: Uint8Array) {
  const { format, exif, icc, xmp, iptc, orientation } = await sharp(bytes).metadata();
  return { format, exif, icc, xmp, iptc, orientation };
}

const clean = { format: "webp", exif: undefined, icc: undefined, xmp: undefined, iptc: undefined };

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
});
