import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DbHandle } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { getStorage } from "~/infra/storage.server";
import { approvePhoto, rejectPhoto, withdrawPhoto } from "~/models/gallery.server";
import { changeOrderStatus } from "~/models/orders.server";
import { erasePersonalData } from "~/models/privacy.server";
import { useAsProcessDatabase } from "../tests/support/admin-requests";
import { solvedCaptcha } from "../tests/support/captcha";
import { dialectsUnderTest, useMigratedDatabase } from "../tests/support/databases";
import { phoneJpeg } from "../tests/support/images";
import { seedGalleryPhoto } from "../tests/support/gallery";
import { createTestOrder } from "../tests/support/orders";
import { createApp } from "./app";

/**
 * The shop with its uploads in an S3-compatible bucket (S3_* set; docs/decisions/047), over real
 * sockets: s3rver (tests/support/s3.ts) as the store, the real routes through Vite as in
 * server/app.test.ts, a real database of every dialect under test. Nothing of ours is stubbed; the
 * bucket is looked into with a client of the test's own.
 */
const { bucket, dataDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { startTestBucket } = await import("../tests/support/s3");
  const started = await startTestBucket();
  const values = {
    DATA_DIR: mkdtempSync(join(tmpdir(), "lifebox-s3-server-test-")),
    ...started.variables,
    RATE_LIMIT_PER_MINUTE: "100000",
    TRUST_PROXY: "1",
    CAPTCHA_DIFFICULTY: "50",
    LOG_LEVEL: "silent",
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return { bucket: started, dataDir: values.DATA_DIR };
});

let vite: ViteDevServer;
/**
 * The app's own database handle: a SQLite one, so its rate limits count in memory (decision 046);
 * the routes use the process database of each block below (useAsProcessDatabase).
 */
let limits: DbHandle;
let server: http.Server;
let base: string;

beforeAll(async () => {
  vite = await createServer({ server: { middlewareMode: true, hmr: false }, logLevel: "silent" });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  limits = openDatabase({ dataDir: fs.mkdtempSync(`${dataDir}/limits-`) });
  server = http.createServer(createApp({ env: getEnv(), db: limits.db, build }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
  await limits?.db.destroy();
  await bucket.stop();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Nothing was written to the local folder: every file went to the bucket. */
const localUploads = () => (fs.existsSync(getEnv().uploadsDir) ? fs.readdirSync(getEnv().uploadsDir) : []);

let visitor = 0;
const nextVisitor = () => `198.51.100.${++visitor}`;

describe.each(dialectsUnderTest)("a customer's photo, stored in the bucket, on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);

  it("is uploaded, moderated, shown on /galeria from /uploads on this site, and erased", async () => {
    const db = database().db;
    const order = await createTestOrder(db, {
      name: "Valentina Muñoz",
      email: `valentina.${dialect}@example.cl`,
      kitId: "expedition",
    });
    const body = new FormData();
    const fields = {
      website: "",
      orderNumber: order.number,
      email: order.email,
      kitId: "expedition",
      comment: "En el refugio, camino al volcán.",
      altcha: await solvedCaptcha("gallery"),
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const jpeg = new Uint8Array(await phoneJpeg(1600, 1200, 1));
    body.append("photo", new Blob([jpeg], { type: "image/jpeg" }), "volcan.jpg");
    const upload = await fetch(`${base}/api/galeria/fotos`, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": nextVisitor() },
    });
    expect(upload.status).toBe(201);

    const photo = await db
      .selectFrom("galleryPhotos")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(photo.status).toBe("pending");
    const keys = [photo.displayKey, photo.thumbKey];
    expect(await bucket.keys()).toEqual(expect.arrayContaining(keys));
    expect(localUploads()).toEqual([]);
    // Pending photos are not on the public page.
    expect(await (await fetch(`${base}/galeria`)).text()).not.toContain(photo.thumbKey);

    await approvePhoto(db, photo.id, "staff-user-1");
    const page = await (await fetch(`${base}/galeria`)).text();
    expect(page).toContain(`src="/uploads/${photo.thumbKey}"`);
    expect(page).toContain(`href="/uploads/${photo.displayKey}"`);
    for (const [key, width] of [
      [photo.displayKey, 1600],
      [photo.thumbKey, 480],
    ] as const) {
      const image = await fetch(`${base}/uploads/${key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect(bytes).toEqual((await bucket.read(key))!.bytes);
      expect((await sharp(bytes).metadata()).width).toBe(width);
    }

    // The privacy tool's erasure (of a closed order's customer) deletes the files from the bucket too.
    await changeOrderStatus(db, order.id, "cancelado", null);
    expect(await erasePersonalData(db, order.email)).toMatchObject({ erased: true });
    for (const key of keys) {
      expect(await bucket.read(key)).toBeUndefined();
      expect((await fetch(`${base}/uploads/${key}`)).status).toBe(404);
    }
  });

  it("leaves the bucket, and /uploads, as soon as staff withdraw or reject it", async () => {
    const db = database().db;
    const staff = "00000000-0000-4000-8000-00000000abcd";
    const published = await seedGalleryPhoto(db, { storage: getStorage() });
    await approvePhoto(db, published.id, staff);
    const pending = await seedGalleryPhoto(db, { storage: getStorage() });
    for (const key of [published.displayKey, pending.thumbKey]) {
      const image = await fetch(`${base}/uploads/${key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
      expect((await bucket.read(key))?.cacheControl).toBe("public, max-age=3600");
    }
    await withdrawPhoto(db, published.id, "El cliente pidió quitarla.", staff);
    await rejectPhoto(db, pending.id, "Borrosa.", staff);
    for (const key of [published.displayKey, published.thumbKey, pending.displayKey, pending.thumbKey]) {
      expect(await bucket.read(key), key).toBeUndefined();
      expect((await fetch(`${base}/uploads/${key}`)).status, key).toBe(404);
    }
    expect(localUploads()).toEqual([]);
  });
});

describe("/uploads from the bucket", () => {
  const database = useMigratedDatabase("sqlite");
  useAsProcessDatabase(database);
  const png = () =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: "#e8590c" } })
      .png()
      .toBuffer();

  it("serves a stored file with its type, an hour's cache, ETag and Last-Modified, as the local disk does", async () => {
    const key = `galeria/${crypto.randomUUID()}-thumb.png`;
    const bytes = new Uint8Array(await png());
    await getStorage().put(key, bytes);
    expect(getStorage().publicUrl(key)).toBe(`/uploads/${key}`);
    const answer = await fetch(`${base}/uploads/${key}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-length")).toBe(String(bytes.length));
    expect(answer.headers.get("last-modified")).toMatch(/GMT$/);
    const etag = answer.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
    expect(localUploads()).toEqual([]);

    // A browser that has it gets a 304 and no body; HEAD gets the headers only.
    // (node:http: fetch adds "Cache-Control: no-cache" to a conditional request, as browsers do not.)
    const again = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      http
        .get(`${base}/uploads/${key}`, { headers: { "if-none-match": etag } }, (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode, body }));
        })
        .on("error", reject);
    });
    expect(again).toEqual({ status: 304, body: "" });
    const head = await fetch(`${base}/uploads/${key}`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([
      200,
      String(bytes.length),
      "",
    ]);

    await getStorage().delete(key);
    const gone = await fetch(`${base}/uploads/${key}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-type")).toContain("text/html");
  });

  it("answers only keys: anything else under /uploads is the site's 404 page", async () => {
    // An object in the bucket under a name that is not a key is never served.
    await bucket.client.send(
      new (await import("@aws-sdk/client-s3")).PutObjectCommand({
        Bucket: bucket.settings.bucket,
        Key: "galeria/escribiendo.webp.tmp",
        Body: "x",
      }),
    );
    for (const path of [
      "/uploads/galeria/no-existe.webp",
      "/uploads/galeria/escribiendo.webp.tmp",
      "/uploads/galeria/..%2f..%2flifebox.sqlite",
      "/uploads/GALERIA/A.WEBP",
      "/uploads/",
    ]) {
      const refused = await fetch(`${base}${path}`);
      expect(refused.status, path).toBe(404);
      expect(refused.headers.get("content-type"), path).toContain("text/html");
    }
  });

  it("streams a large file whole, and a visitor who leaves half-way harms nothing", async () => {
    const key = `galeria/${crypto.randomUUID()}-display.webp`;
    const bytes = new Uint8Array(6 * 1024 * 1024).map((_, index) => (index * 7) % 256);
    await getStorage().put(key, bytes);
    // Leaves after the first chunk.
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/uploads/${key}`, (response) => {
        expect(response.statusCode).toBe(200);
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", (error) => (request.destroyed ? resolve() : reject(error)));
    });
    const whole = await fetch(`${base}/uploads/${key}`);
    expect(whole.status).toBe(200);
    // (Buffer.equals: toEqual compares 6 MB element by element, for minutes.)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    await getStorage().delete(key);
  });

  it("keeps img-src to this site by default, and adds S3_PUBLIC_URL's origin when it is set", async () => {
    const imgSrc = (headers: Headers) =>
      /img-src ([^;]*)/.exec(headers.get("content-security-policy") ?? "")?.[1];
    expect(imgSrc((await fetch(`${base}/galeria`)).headers)).toBe("'self' data:");

    const env = getEnv();
    const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    const withCdn = { ...env, s3: { ...env.s3!, publicUrl: "https://fotos.lifebox.example/tienda" } };
    const cdnServer = http.createServer(createApp({ env: withCdn, db: limits.db, build }));
    await new Promise<void>((resolve) => cdnServer.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = cdnServer.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/galeria`);
      expect(imgSrc(answer.headers)).toBe("'self' data: https://fotos.lifebox.example");
    } finally {
      await new Promise((resolve) => cdnServer.close(resolve));
    }
  });

  // Last: it stops the store.
  it("answers 503 when the store cannot be reached, and goes on serving pages", async () => {
    const key = `galeria/${crypto.randomUUID()}-thumb.png`;
    await getStorage().put(key, new Uint8Array(await png()));
    await bucket.stop();
    const answer = await fetch(`${base}/uploads/${key}`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("10");
    expect((await fetch(`${base}/galeria`)).status).toBe(200);
  });
});
