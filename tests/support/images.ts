import zlib from "node:zlib";
import sharp, { type Sharp } from "sharp";

/**
 * Images for the gallery's tests, made in the test (no binary fixtures): real photos in each
 * accepted format, a JPEG carrying EXIF with a GPS position, and a decompression bomb.
 */

/** A photo-like picture (a gradient with some grain) of `width` × `height`. */
export function picture(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = seed % 40;
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 200) + grain;
      pixels[at + 1] = Math.round((y / height) * 180) + grain;
      pixels[at + 2] = 90 + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** GPS tags (IFD3) as a phone writes them: Santiago, with its map datum. */
export const gpsExif = {
  IFD0: { Make: "LifeBoxTestPhone", Model: "Modelo 12", Copyright: "Camila Rojas" },
  IFD3: {
    GPSLatitudeRef: "S",
    GPSLatitude: "33/1 26/1 5/1",
    GPSLongitudeRef: "W",
    GPSLongitude: "70/1 39/1 3/1",
    GPSMapDatum: "WGS-84",
  },
};

/** A JPEG straight from a "phone": EXIF with camera and GPS, and an orientation (6: turn 90° right). */
export async function phoneJpeg(width = 1200, height = 900, orientation = 6): Promise<Buffer> {
  return picture(width, height)
    .jpeg({ quality: 85 })
    .withExif(gpsExif)
    .withMetadata({ orientation })
    .toBuffer();
}

export async function pngPhoto(width = 800, height = 600): Promise<Buffer> {
  return picture(width, height).png().toBuffer();
}

export async function webpPhoto(width = 800, height = 600): Promise<Buffer> {
  return picture(width, height).webp({ quality: 80 }).toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of one colour that is tiny on disk and `width` × `height` once decoded (a
 * decompression bomb): 1-bit greyscale rows of zeros, deflated.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each row: the filter byte, then width bits.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
