import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { submissionMessages } from "~/content/forms";
import { photoMessages } from "~/content/gallery";
import type { SubmissionReply } from "~/lib/submission";
import { createOrder } from "~/models/orders.server";
import { maxPhotoBytes } from "~/schemas/gallery";
import { migrateToLatest, setDatabase, type Db } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { createApp, galleryUploadsPerTenMinutes } from "../../../server/app";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/databases";
import { phoneJpeg } from "../../../tests/support/images";

/**
 * The gallery upload over real sockets (docs/decisions/041): the Express server in front of the
 * route (the upload's own rate limit under concurrent posts, its larger body bound), the body read
 * as it streams with its limits, malformed bodies, posts from another site, and a real upload whose
 * images are then served. The routes' own checks are in gallery.test.ts.
 */
const testEnv = vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const values = {
    DATA_DIR: mkdtempSync(join(tmpdir(), "lifebox-gallery-http-test-")),
    RATE_LIMIT_PER_MINUTE: "100000",
    TRUST_PROXY: "1",
    CAPTCHA_DIFFICULTY: "50",
    LOG_LEVEL: "silent",
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return values;
});

let vite: ViteDevServer;
let database: TestDatabase;
let db: Db;
let server: http.Server;
let port: number;

beforeAll(async () => {
  vite = await createServer({ server: { middlewareMode: true, hmr: false }, logLevel: "silent" });
  database = await createTestDatabase("sqlite");
  db = database.db;
  await migrateToLatest(db);
  setDatabase(database);
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  server = http.createServer(createApp({ env: getEnv(), build }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // The first request compiles the routes: not part of any test's time.
  await fetch(`http://127.0.0.1:${port}/galeria/compartir`);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
  await database?.drop();
  vi.unstubAllEnvs();
  fs.rmSync((await testEnv).DATA_DIR, { recursive: true, force: true });
});

let visitor = 0;
/** A visitor IP no other test uses (the server trusts one proxy's X-Forwarded-For). */
const nextVisitor = () => `198.51.100.${++visitor}`;

function form(fields: Record<string, string>, photo?: { bytes: Uint8Array; name: string; type: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (photo) body.append("photo", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return body;
}

function send(
  path: string,
  body: FormData | string | Buffer,
  ip: string,
  headers: Record<string, string> = {},
) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    redirect: "manual",
    headers: { "x-forwarded-for": ip, ...headers },
  });
}

/**
 * Streams a multipart body whose photo part never ends (as fast as the server reads it, up to
 * 100 MB, chunked so no size is declared), and returns the answer and how much was sent.
 */
function streamEndlessPhoto(path: string, ip: string) {
  const boundary = "----lifeboxTestBoundary";
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "transfer-encoding": "chunked",
        "x-forwarded-for": ip,
      },
    });
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x5a);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="website"\r\n\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nMi kit\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="enorme.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const pump = () => {
      while (sent < 100 * 1024 * 1024 && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    request.on("response", (response) => {
      let body = "";
      response.on("data", (data: Buffer) => (body += data.toString("utf8")));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode!, body, sent });
      });
    });
    request.on("error", (error) => (sent > 0 ? resolve({ status: 0, body: "", sent }) : reject(error)));
    pump();
  });
}

describe("the gallery upload over HTTP", () => {
  let order: { number: string; email: string };

  beforeAll(async () => {
    const email = "tomas.araya@example.cl";
    const created = await createOrder(db, {
      kitId: "expedition",
      name: "Tomás Araya",
      email,
      phone: "+56 9 5555 4444",
      region: "13",
      comuna: "13101",
      address: "Av. Providencia 1234, depto. 5",
      rut: "",
      notes: "",
      shippingKind: "free",
    });
    order = { number: created.number, email };
  });

  async function fields() {
    return {
      website: "",
      orderNumber: order.number,
      email: order.email,
      kitId: "expedition",
      comment: "En la mochila, rumbo al Cajón del Maipo.",
      altcha: await solvedCaptcha("gallery"),
    };
  }

  it("takes a photo posted without JavaScript (303 to the thanks), and serves its images for a year", async () => {
    const photo = { bytes: await phoneJpeg(1600, 1200, 1), name: "cajon.jpg", type: "image/jpeg" };
    const answer = await send("/galeria/compartir", form(await fields(), photo), nextVisitor());
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/galeria/compartir?enviada=1");
    const row = await db
      .selectFrom("galleryPhotos")
      .select(["displayKey", "thumbKey", "status"])
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    for (const key of [row.displayKey, row.thumbKey]) {
      const image = await fetch(`http://127.0.0.1:${port}/uploads/${key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("stops a photo over 8 MB as it streams (413 and the Spanish message), never reading it all", async () => {
    const before = process.memoryUsage().rss;
    const api = await streamEndlessPhoto("/api/galeria/fotos", nextVisitor());
    expect(api.status).toBe(413);
    const reply = JSON.parse(api.body) as SubmissionReply;
    expect(reply.result.error).toEqual({ photo: [photoMessages.tooLarge] });
    // What was typed before the photo comes back.
    expect(reply.result.initialValue).toMatchObject({ comment: "Mi kit" });
    expect(api.sent).toBeLessThan(40 * 1024 * 1024);
    // Without JavaScript, the page says it next to the field.
    const page = await streamEndlessPhoto("/galeria/compartir", nextVisitor());
    expect(page.status).toBe(413);
    expect(page.body).toContain(photoMessages.tooLarge);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it("refuses a declared body over the limit before reading it, with the photo's message", async () => {
    // A body whose size is declared (Content-Length), as a browser sends a form with a file.
    const boundary = "declarado";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="grande.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      Buffer.alloc(maxPhotoBytes + 70 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await send("/api/galeria/fotos", body, nextVisitor(), {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get("connection")).toBe("close");
    expect(await answer.text()).toBe(photoMessages.tooLarge);
    // A photo just under the limit is read (and refused for what it is, not for its size).
    const fits = { bytes: Buffer.alloc(maxPhotoBytes - 1024, 1), name: "casi.jpg", type: "image/jpeg" };
    const read = await send("/api/galeria/fotos", form(await fields(), fits), nextVisitor());
    expect(read.status).toBe(415);
  });

  it("answers a malformed body with 400 and the Spanish message, never a 500", async () => {
    const field = (name: string, value: string | Buffer) =>
      Buffer.concat([
        Buffer.from(`--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        Buffer.from(value),
      ]);
    const cases: Array<[string, string | Buffer]> = [
      // No boundary, no multipart at all, a body that never ends, text that is not UTF-8.
      ["multipart/form-data", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
      ["multipart/form-data; boundary=x", "no es multipart"],
      [
        "multipart/form-data; boundary=x",
        Buffer.concat([field("website", "\r\n"), field("comment", "sin fin")]),
      ],
      [
        "multipart/form-data; boundary=x",
        Buffer.concat([
          field("website", "\r\n"),
          field("comment", Buffer.from([0xff, 0xfe, 0x0d, 0x0a])),
          Buffer.from("--x--\r\n"),
        ]),
      ],
    ];
    for (const [type, body] of cases) {
      const answer = await send("/api/galeria/fotos", body, nextVisitor(), { "content-type": type });
      expect(answer.status, String(body)).toBe(400);
      expect(((await answer.json()) as SubmissionReply).formMessage, String(body)).toBe(
        submissionMessages.malformed,
      );
    }
    const twoFiles = form({ website: "" }, { bytes: Buffer.from("a"), name: "a.jpg", type: "image/jpeg" });
    twoFiles.append("photo", new Blob(["b"]), "b.jpg");
    expect((await send("/api/galeria/fotos", twoFiles, nextVisitor())).status).toBe(400);
    const otherType = await send("/api/galeria/fotos", "{}", nextVisitor(), {
      "content-type": "application/json",
    });
    expect(otherType.status).toBe(415);
  });

  it(`takes ${galleryUploadsPerTenMinutes} uploads per IP in 10 minutes, even sent at once, by the page and the API together`, async () => {
    const ip = nextVisitor();
    // Not valid uploads: the limit counts posts, whatever they hold.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send("/api/galeria/fotos", form({ website: "" }), ip)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - galleryUploadsPerTenMinutes);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(((await refused.json()) as SubmissionReply).formMessage).toBe(submissionMessages.rateLimited);
    const page = await send("/galeria/compartir", form({ website: "" }), ip);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(submissionMessages.rateLimited);
    // Another visitor, and the other forms of the same one, are not held back.
    expect((await send("/api/galeria/fotos", form({ website: "" }), nextVisitor())).status).not.toBe(429);
    expect(
      (await send("/contacto", "website=", ip, { "content-type": "application/x-www-form-urlencoded" }))
        .status,
    ).not.toBe(429);
  });

  it("refuses an upload posted from another site's page, and stores nothing", async () => {
    const count = async () => (await db.selectFrom("galleryPhotos").select("id").execute()).length;
    const before = await count();
    const photo = { bytes: await phoneJpeg(400, 300, 1), name: "a.jpg", type: "image/jpeg" };
    const origin = { origin: "https://otro-sitio.example" };
    const api = await send("/api/galeria/fotos", form(await fields(), photo), nextVisitor(), origin);
    expect(api.status).toBe(403);
    const page = await send("/galeria/compartir", form(await fields(), photo), nextVisitor(), origin);
    expect(page.status).toBe(400);
    expect(await count()).toBe(before);
    // The API only takes posts.
    const read = await fetch(`http://127.0.0.1:${port}/api/galeria/fotos`);
    expect([read.status, read.headers.get("allow")]).toEqual([405, "POST"]);
  });
});
