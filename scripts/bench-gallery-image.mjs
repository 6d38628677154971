// `npm run bench:gallery-image`: what one customer photo costs the server (docs/decisions/041).
//
// Makes a 12-megapixel JPEG of about 8 MB (4000 × 3000, photo-like: gradients and grain, as a
// phone's high-quality JPEG), then times `processGalleryPhoto` (app/services/images.server.ts:
// recognise, decode under the pixel limit, turn upright, WebP at 1600 px and a 480 px thumbnail)
// over BENCH_GALLERY_ROUNDS rounds (default 5) and prints p50 and the slowest, the growth of the
// process's resident memory while it works, the sizes it wrote, and, for comparison, what an AVIF
// of the same display image costs. Loads the TypeScript app code with Vite, as the other benches do.
// It is a benchmark: it exits 0 whatever the figures, 1 only when it fails to run.
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const rounds = Math.max(1, Number(process.env.BENCH_GALLERY_ROUNDS ?? 5) || 5);

const vite = await import("vite");
const server = await vite.createServer({
  root,
  configFile: false,
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  logLevel: "error",
});

/** Samples the resident memory every 5 ms while `work` runs; returns its result and the peak growth. */
async function withPeakMemory(work) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];

try {
  const { default: sharp } = await import("sharp");
  const { processGalleryPhoto, galleryImageSettings } = await server.ssrLoadModule(
    "/app/services/images.server.ts",
  );

  // A photo-like 4000 × 3000 picture: smooth gradients with fine grain (a phone's sensor noise).
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const at = (y * width + x) * 3;
      pixels[at] = ((x / width) * 150 + (seed & 0x7f)) | 0;
      pixels[at + 1] = ((y / height) * 150 + ((seed >> 7) & 0x7f)) | 0;
      pixels[at + 2] = ((((x + y) % 600) / 600) * 150 + ((seed >> 14) & 0x7f)) | 0;
    }
  }
  // The highest JPEG quality that stays under 8 MB, as a phone's "best quality" photo would be.
  let jpeg;
  for (let quality = 98; quality >= 70; quality--) {
    jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= 8 * 1024 * 1024) break;
  }

  const times = [];
  let growth = 0;
  let last;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const measured = await withPeakMemory(() => processGalleryPhoto(jpeg));
    times.push(performance.now() - started);
    growth = Math.max(growth, measured.growth);
    last = measured.result;
  }
  if (!last.ok) throw new Error(`The photo was refused: ${last.message}`);

  // AVIF of the display image, at sharp's default effort (4) and its fastest (0).
  const avif = [];
  for (const effort of [4, 0]) {
    const started = performance.now();
    const { displaySize } = galleryImageSettings;
    const bytes = await sharp(jpeg)
      .autoOrient()
      .resize({ width: displaySize, height: displaySize, fit: "inside" })
      .avif({ effort })
      .toBuffer();
    avif.push({ effort, ms: performance.now() - started, kilobytes: bytes.length / 1024 });
  }

  const [load1] = os.loadavg();
  console.log(
    `Gallery photo pipeline (${os.cpus().length} cores, load average ${load1.toFixed(1)}, sharp concurrency ${sharp.concurrency()})`,
  );
  console.log(`  input:      ${width} × ${height} JPEG, ${mb(jpeg.length)}`);
  console.log(
    `  time:       p50 ${percentile(times, 50).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms (${rounds} rounds)`,
  );
  console.log(`  memory:     resident memory grew by at most ${mb(growth)} while processing`);
  console.log(
    `  output:     display ${last.display.width} × ${last.display.height} WebP ${(last.display.bytes.length / 1024).toFixed(0)} KB, ` +
      `thumbnail ${last.thumb.width} × ${last.thumb.height} WebP ${(last.thumb.bytes.length / 1024).toFixed(0)} KB`,
  );
  for (const { effort, ms, kilobytes } of avif) {
    console.log(
      `  AVIF of the display image, effort ${effort}: ${ms.toFixed(0)} ms, ${kilobytes.toFixed(0)} KB (not made; for comparison)`,
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server.close();
}
