// `npm run bench:gallery-image`: what one customer photo costs the server (docs/decisions/041, 051).
//
// 1. A typical photo: makes a 12-megapixel JPEG of about 8 MB (4000 × 3000, photo-like: gradients
//    and grain, as a phone's high-quality JPEG), then times `processGalleryPhoto`
//    (app/services/images.server.ts: recognise, check the header, decode in its turn, turn upright,
//    WebP at 1600 px and a 480 px thumbnail) over BENCH_GALLERY_ROUNDS rounds (default 5) and prints
//    p50 and the slowest, the growth of the process's resident memory while it works, the sizes it
//    wrote, and, for comparison, what an AVIF of the same display image costs.
// 2. The worst images: the largest and most extreme the limits accept (50 MP JPEG, WebP and PNG,
//    16-bit PNGs as wide as allowed) and the small PNGs of absurd shape of issue 21, each processed
//    in a fresh process that measures the PEAK growth of its resident memory (Linux's VmHWM, reset
//    just before; elsewhere the peak since start, which can only overstate). Prints each one's
//    outcome, time and peak growth, and names the worst accepted photo-shaped one.
// 3. Many at once: 16 uploads of that worst image, then of the 50 MP JPEG, started together in a
//    fresh process: peak growth, time and outcomes; on glibc also with MALLOC_MMAP_THRESHOLD_ set,
//    which stops the allocator from keeping freed decode buffers (docs/decisions/051).
// 4. The same 16 uploads of the worst image through a production server (server.js), each with its
//    own order, captcha and address, all at once: the server's resident memory at rest and at its
//    peak (scripts/lib/gallery-upload-load.mjs; docs/decisions/054).
//
// Loads the TypeScript app code with Vite, as the other benches do; BENCH_GALLERY_MODULE (a path
// Vite can load, default /app/services/images.server.ts) measures another version of it, e.g. the
// previous commit's copy, for a before/after. It is a benchmark: it exits 0 whatever the figures, 1
// only when it fails to run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { uploadsThroughServer } from "./lib/gallery-upload-load.mjs";
import { appModuleServer } from "./lib/app-modules.mjs";

const root = path.resolve(import.meta.dirname, "..");
const rounds = Math.max(1, Number(process.env.BENCH_GALLERY_ROUNDS ?? 5) || 5);
const modulePath = process.env.BENCH_GALLERY_MODULE || "/app/services/images.server.ts";
/** Uploads started together in the last measurement. */
const together = 16;

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];

async function loadApp() {
  const server = await appModuleServer(root);
  return { server, app: await server.ssrLoadModule(modulePath) };
}

// ---------------------------------------------------------------------------------------------
// Peak resident memory
// ---------------------------------------------------------------------------------------------

const procStatus = "/proc/self/status";

/** Starts a new peak: Linux resets VmHWM to the current resident memory (clear_refs 5). */
function resetPeak() {
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

/** The peak resident memory in bytes: VmHWM on Linux, else getrusage's peak since start. */
function peakRss() {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(procStatus, "utf8"));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS * 1024;
}

/** Samples the resident memory every 5 ms while `work` runs; returns its result and the peak growth. */
async function withSampledPeak(work) {
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

// ---------------------------------------------------------------------------------------------
// Child: one measurement in a fresh process (node bench-gallery-image.mjs --measure FILE COUNT)
// ---------------------------------------------------------------------------------------------

async function measure(file, count) {
  const { server, app } = await loadApp();
  try {
    const bytes = fs.readFileSync(file);
    // Warm up the code paths (file-type, sharp's first call) on a tiny image, then settle.
    const { default: sharp } = await import("sharp");
    await app.processGalleryPhoto(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#808080" } })
        .png()
        .toBuffer(),
    );
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exact = resetPeak();
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const photos = await Promise.all(Array.from({ length: count }, () => app.processGalleryPhoto(bytes)));
    const ms = performance.now() - started;
    const growth = peakRss() - before;
    const outcomes = {};
    for (const photo of photos) {
      const outcome = photo.ok ? `accepted (${photo.display.width} × ${photo.display.height})` : photo.reason;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    process.stdout.write(
      `${JSON.stringify({ ms, growth, exact, outcomes, accepted: photos.filter((photo) => photo.ok).length })}\n`,
    );
  } finally {
    await server.close();
  }
}

function measureInChild(file, count, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--expose-gc", import.meta.filename, "--measure", file, String(count)],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      const line = out.trim().split("\n").pop();
      if (code === 0 && line) resolve(JSON.parse(line));
      else
        reject(new Error(`The measurement of ${path.basename(file)} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

/** Photo-like pixels: smooth gradients with grain of `grain` levels (a phone's sensor noise). */
function photoPixels(width, height, grain) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const at = (y * width + x) * 3;
      pixels[at] = ((x / width) * 150 + (seed % grain)) | 0;
      pixels[at + 1] = ((y / height) * 150 + ((seed >> 8) % grain)) | 0;
      pixels[at + 2] = ((((x + y) % 600) / 600) * 150 + ((seed >> 16) % grain)) | 0;
    }
  }
  return pixels;
}

/** The highest quality in `qualities` whose encoding stays under 8 MiB, as a phone's best photo. */
async function under8MiB(encode, qualities) {
  let bytes;
  for (const quality of qualities) {
    bytes = await encode(quality);
    if (bytes.length <= 8 * 1024 * 1024) break;
  }
  return bytes;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of `width` × `height` written row by row (no full-size buffer): `channels` 3 (RGB) or 4
 * (RGBA) of `depth` 8 or 16 bits. `gradient`: a horizontal gradient repeated down (the first row's
 * pixels, then "same as above" rows, which deflate to almost nothing); else all zeros, as the
 * small files of issue 21.
 */
async function pngOf(width, height, { channels = 3, depth = 8, gradient = true } = {}) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(depth, 8);
  header.writeUInt8(channels === 4 ? 6 : 2, 9);
  const rowBytes = (width * channels * depth) / 8;
  const deflate = zlib.createDeflate({ level: 9 });
  const compressed = [];
  deflate.on("data", (chunk) => compressed.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  const write = (chunk) =>
    deflate.write(chunk) ? Promise.resolve() : new Promise((resolve) => deflate.once("drain", resolve));
  const first = Buffer.alloc(1 + rowBytes);
  if (gradient) {
    for (let i = 1; i < first.length; i++) first[i] = ((i / first.length) * 255 + (i % 7)) | 0;
  }
  await write(first);
  // The other rows, written a few MB at a time: filter byte 2 ("Up": each byte as the one above).
  const perBlock = Math.max(1, Math.floor((4 * 1024 * 1024) / first.length));
  const block = Buffer.alloc(Math.min(perBlock, Math.max(1, height - 1)) * first.length);
  if (gradient) for (let at = 0; at < block.length; at += first.length) block[at] = 2;
  for (let left = height - 1; left > 0; left -= perBlock) {
    await write(block.subarray(0, Math.min(left, perBlock) * first.length));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(compressed)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const { default: sharp } = await import("sharp");
  const { server, app } = await loadApp();
  const { processGalleryPhoto, galleryImageSettings } = app;
  const { displaySize } = galleryImageSettings;

  // 1. A typical photo: 4000 × 3000, the highest JPEG quality under 8 MB.
  const width = 4000;
  const height = 3000;
  const pixels = photoPixels(width, height, 128);
  const jpeg = await under8MiB(
    (quality) =>
      sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg({ quality })
        .toBuffer(),
    Array.from({ length: 29 }, (_, i) => 98 - i),
  );

  const times = [];
  let growth = 0;
  let last;
  try {
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const measured = await withSampledPeak(() => processGalleryPhoto(jpeg));
      times.push(performance.now() - started);
      growth = Math.max(growth, measured.growth);
      last = measured.result;
    }
  } finally {
    await server.close();
  }
  if (!last.ok) throw new Error(`The photo was refused: ${last.message}`);

  // AVIF of the display image, at sharp's default effort (4) and its fastest (0).
  const avif = [];
  for (const effort of [4, 0]) {
    const started = performance.now();
    const bytes = await sharp(jpeg)
      .autoOrient()
      .resize({ width: displaySize, height: displaySize, fit: "inside" })
      .avif({ effort })
      .toBuffer();
    avif.push({ effort, ms: performance.now() - started, kilobytes: bytes.length / 1024 });
  }

  const [load1] = os.loadavg();
  console.log(
    `Gallery photo pipeline (${os.cpus().length} cores, load average ${load1.toFixed(1)}, sharp concurrency ${sharp.concurrency()}, ` +
      `module ${modulePath})`,
  );
  console.log(`  input:      ${width} × ${height} JPEG, ${mb(jpeg.length)}`);
  console.log(
    `  time:       p50 ${percentile(times, 50).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms (${rounds} rounds)`,
  );
  console.log(
    `  memory:     resident memory grew by at most ${mb(growth)} while processing (sampled every 5 ms)`,
  );
  console.log(
    `  output:     display ${last.display.width} × ${last.display.height} WebP ${(last.display.bytes.length / 1024).toFixed(0)} KB, ` +
      `thumbnail ${last.thumb.width} × ${last.thumb.height} WebP ${(last.thumb.bytes.length / 1024).toFixed(0)} KB`,
  );
  for (const { effort, ms, kilobytes } of avif) {
    console.log(
      `  AVIF of the display image, effort ${effort}: ${ms.toFixed(0)} ms, ${kilobytes.toFixed(0)} KB (not made; for comparison)`,
    );
  }

  // 2. The worst images, each in a fresh process.
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-bench-gallery-"));
  try {
    const big = { width: 8192, height: 6144 };
    const bigPixels = photoPixels(big.width, big.height, 24);
    const raw = { raw: { width: big.width, height: big.height, channels: 3 } };
    const qualities = [95, 90, 85, 80, 75, 70, 60, 50];
    const cases = [
      {
        name: "JPEG 8192 × 6144 (50 MP phone photo)",
        make: () => under8MiB((quality) => sharp(bigPixels, raw).jpeg({ quality }).toBuffer(), qualities),
      },
      {
        name: "WebP 8192 × 6144 (50 MP)",
        make: () => under8MiB((quality) => sharp(bigPixels, raw).webp({ quality }).toBuffer(), qualities),
      },
      { name: "PNG 8192 × 6144, 8-bit RGB (50 MP)", make: () => pngOf(8192, 6144) },
      {
        name: "PNG 8192 × 6144, 16-bit RGBA (50 MP)",
        make: () => pngOf(8192, 6144, { channels: 4, depth: 16 }),
      },
      {
        name: "PNG 12000 × 4194, 16-bit RGBA (longest side, 50 MP)",
        make: () => pngOf(12_000, 4194, { channels: 4, depth: 16 }),
      },
      {
        name: "PNG 12000 × 3000, 16-bit RGBA (longest side, 4:1)",
        make: () => pngOf(12_000, 3000, { channels: 4, depth: 16 }),
      },
      {
        name: "PNG 3000 × 12000, 16-bit RGBA (longest side, 1:4)",
        make: () => pngOf(3000, 12_000, { channels: 4, depth: 16 }),
      },
      // The files of issue 21; never sent 16 at once below, even by a version that accepts them.
      {
        name: "PNG 49,000,000 × 1, 8-bit RGB (issue 21)",
        make: () => pngOf(49_000_000, 1, { gradient: false }),
        attack: true,
      },
      {
        name: "PNG 10,000,000 × 4, 8-bit RGB (issue 21)",
        make: () => pngOf(10_000_000, 4, { gradient: false }),
        attack: true,
      },
      {
        name: "PNG 1 × 49,000,000, 8-bit RGB (issue 21)",
        make: () => pngOf(1, 49_000_000, { gradient: false }),
        attack: true,
      },
    ];
    console.log(
      "\nWorst cases, each alone in a fresh process (peak growth of resident memory while processing):",
    );
    let exact = true;
    const results = [];
    for (const { name, make, attack = false } of cases) {
      const bytes = await make();
      const file = path.join(directory, `${results.length}.img`);
      fs.writeFileSync(file, bytes);
      const result = await measureInChild(file, 1);
      exact &&= result.exact;
      results.push({ name, file, attack, size: bytes.length, ...result });
      const outcome = Object.keys(result.outcomes)[0];
      console.log(
        `  ${name.padEnd(52)} ${kb(bytes.length).padStart(8)}  ${outcome.padEnd(26)} ${result.ms.toFixed(0).padStart(6)} ms  +${mb(result.growth)}`,
      );
    }
    const accepted = results.filter((result) => result.accepted > 0 && !result.attack);
    if (accepted.length === 0) throw new Error("No photo-shaped image was accepted");
    const worst = accepted.reduce((a, b) => (b.growth > a.growth ? b : a));
    const acceptedAttacks = results.filter((result) => result.accepted > 0 && result.attack);
    if (acceptedAttacks.length > 0) {
      const heaviest = acceptedAttacks.reduce((a, b) => (b.growth > a.growth ? b : a));
      console.log(
        `  heaviest accepted file of issue 21: ${heaviest.name}, peak growth +${mb(heaviest.growth)}`,
      );
    }
    console.log(`  worst accepted photo-shaped image: ${worst.name}, peak growth +${mb(worst.growth)}`);

    // glibc's allocator keeps freed memory in per-thread arenas once its dynamic mmap threshold
    // has grown: setting the threshold (any of its MALLOC_*_ variables) turns that off.
    const glibc = Boolean(process.report?.getReport().header.glibcVersionRuntime);
    const allocators = [["glibc's default allocator", {}]];
    if (glibc) allocators.push(["MALLOC_MMAP_THRESHOLD_=131072", { MALLOC_MMAP_THRESHOLD_: "131072" }]);
    console.log(`\n${together} uploads started at once in a fresh process:`);
    for (const [label, image] of [
      ["the worst accepted image", worst],
      [`the ${results[0].name}`, results[0]],
    ]) {
      for (const [allocator, env] of allocators) {
        const many = await measureInChild(image.file, together, env);
        const outcomes = Object.entries(many.outcomes)
          .map(([outcome, count]) => `${count} ${outcome}`)
          .join(", ");
        console.log(
          `  ${label}, ${allocator}: peak growth +${mb(many.growth)}, all done in ${(many.ms / 1000).toFixed(1)} s (${outcomes})`,
        );
      }
    }
    if (!exact) console.log("  (peaks since each process started, not since the upload: upper bounds)");

    // 4. The same through a production server, as customers send them: each with its order and
    //    captcha, all at once; the server's own memory, which the issue's target is about.
    console.log(`\n${together} uploads of the worst accepted image sent at once to a production server:`);
    for (const [allocator, env] of allocators) {
      // startServer sets the threshold as `npm start` does; the default is measured without it.
      const run = await uploadsThroughServer(fs.readFileSync(worst.file), together, {
        MALLOC_MMAP_THRESHOLD_: undefined,
        ...env,
      });
      const outcomes = Object.entries(run.outcomes)
        .map(([status, count]) => `${count} × ${status}`)
        .join(", ");
      console.log(
        `  ${allocator}: server at rest ${mb(run.atRest)}, peak ${mb(run.peak)} while uploading ` +
          `(highest since start ${mb(run.highest)}; target: under 400 MB), all answered in ${(run.ms / 1000).toFixed(1)} s (${outcomes})`,
      );
    }
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

try {
  if (process.argv[2] === "--measure") await measure(process.argv[3], Number(process.argv[4]));
  else await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
