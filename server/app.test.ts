import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { submissionMessages } from "~/content/forms";
import { galleryUploadTexts, photoMessages } from "~/content/gallery";
import type { SubmissionReply } from "~/lib/submission";
import { maxPhotoBytes } from "~/schemas/gallery";
import { migrateToLatest, setDatabase, type Db } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { solvedCaptcha } from "../tests/support/captcha";
import { createTestDatabase, type TestDatabase } from "../tests/support/databases";
import { phoneJpeg } from "../tests/support/images";
import { createTestOrder } from "../tests/support/orders";
import { createApp } from "./app";

/**
 * The HTTP server itself (server/app.ts) over real sockets: the Express middlewares in front of
 * React Router — methods, Host, the form rate limits under concurrent posts, body limits as the
 * body streams, the gallery's uploads — with the real routes (loaded through Vite, as in
 * development) and a real SQLite database. The route actions' own checks are tested in
 * app/routes/site/customer-forms.test.ts and gallery.test.ts.
 */
const testEnv = vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const values = {
    DATA_DIR: mkdtempSync(join(tmpdir(), "lifebox-server-test-")),
    FORM_RATE_LIMIT: "3",
    GALLERY_UPLOAD_RATE_LIMIT: "4",
    RATE_LIMIT_PER_MINUTE: "100000",
    // The tests speak for several visitors through X-Forwarded-For.
    TRUST_PROXY: "1",
    CAPTCHA_DIFFICULTY: "50",
    LOG_LEVEL: "silent",
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return values;
});

/** GALLERY_UPLOAD_RATE_LIMIT above. */
const galleryUploadsPerTenMinutes = 4;

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
  server = http.createServer(createApp({ env: getEnv(), db, build }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // The first request compiles the routes: not part of any test's time.
  await fetch(`http://127.0.0.1:${port}/contacto`);
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
const nextVisitor = () => `203.0.113.${++visitor}`;

function post(path: string, body: string, ip: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...headers },
  });
}

/** Sends raw bytes, returns the status line and how long the connection took to answer. */
function rawRequest(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer.split("\r\n")[0]!));
    socket.on("error", reject);
  });
}

/**
 * POSTs a chunked body (no declared size) that never ends: `start`, then 64 KB chunks as fast as
 * the server reads them, up to 300 MB. Resolves with the answer, its text and how much was sent.
 */
function streamEndlessBody(path: string, headers: Record<string, string>, start = "") {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "transfer-encoding": "chunked", "x-forwarded-for": nextVisitor(), ...headers },
    });
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    if (start) request.write(start);
    const pump = () => {
      while (sent < 300 * 1024 * 1024 && !request.destroyed) {
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

const countContactMessages = async () =>
  Number(
    (
      await db
        .selectFrom("contactMessages")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the chatbot's API", () => {
  const chat = (fields: Record<string, string>, ip: string, cookie = "", origin = "") =>
    post("/api/chat", new URLSearchParams(fields).toString(), ip, {
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
    });
  const read = (sessionId: string, cookie = "") =>
    fetch(`http://127.0.0.1:${port}/api/chat?sesion=${sessionId}`, {
      headers: cookie ? { cookie } : {},
    }).then((answer) => answer.json() as Promise<{ sessionId: string | null; messages: unknown[] }>);

  it("answers, keeps the conversation in the visitor's session, and ends it when closed", async () => {
    const ip = nextVisitor();
    const first = await chat({ intent: "send", message: "hacen despacho a arica?" }, ip);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^lifebox_chat_visitor=[^;]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const cookie = setCookie.split(";")[0]!;
    const body = (await first.json()) as { sessionId: string; answer: { text: string; answered: boolean } };
    expect(body.answer.answered).toBe(true);
    expect(body.answer.text).toMatch(/env/i);

    const second = await chat(
      { intent: "send", message: "y cuanto cuesta el kit essential", sessionId: body.sessionId },
      ip,
      cookie,
    );
    expect(second.headers.get("set-cookie")).toBeNull();
    expect(((await second.json()) as { sessionId: string }).sessionId).toBe(body.sessionId);

    const stored = await read(body.sessionId, cookie);
    expect(stored.sessionId).toBe(body.sessionId);
    expect(stored.messages).toHaveLength(4);
    expect(stored.messages[0]).toMatchObject({ role: "user", content: "hacen despacho a arica?" });
    // Nobody else reads it: no cookie, or another visitor's.
    expect(await read(body.sessionId)).toEqual({ sessionId: null, messages: [] });
    const other = (await chat({ intent: "send", message: "hola" }, nextVisitor())).headers.get("set-cookie")!;
    expect(await read(body.sessionId, other.split(";")[0])).toEqual({ sessionId: null, messages: [] });

    const ended = await chat({ intent: "end", sessionId: body.sessionId }, ip, cookie);
    expect(await ended.json()).toEqual({ ended: true });
    expect(await read(body.sessionId, cookie)).toEqual({ sessionId: null, messages: [] });
  });

  it("refuses a message posted from another site (403), and stores nothing", async () => {
    const countMessages = async () =>
      Number(
        (
          await db
            .selectFrom("chatMessages")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countMessages();
    const forged = await chat({ intent: "send", message: "hola" }, nextVisitor(), "", "https://evil.example");
    expect(forged.status).toBe(403);
    expect(await countMessages()).toBe(before);
    const ours = await chat(
      { intent: "send", message: "hola" },
      nextVisitor(),
      "",
      `http://127.0.0.1:${port}`,
    );
    expect(ours.status).toBe(200);
  });

  it("refuses an empty, too long or malformed message with a 400 and a Spanish reason", async () => {
    const ip = nextVisitor();
    for (const [fields, error] of [
      [{ intent: "send", message: "   " }, "Escribe tu pregunta."],
      [{ intent: "send", message: "a".repeat(501) }, "Tu mensaje puede tener hasta 500 caracteres."],
      [
        { intent: "send", message: "hola", sessionId: "cs1" },
        "No se entendió la solicitud. Recarga la página e inténtalo de nuevo.",
      ],
      [{ intent: "borrar" }, "No se entendió la solicitud. Recarga la página e inténtalo de nuevo."],
      [
        { intent: "end", sessionId: "../x" },
        "No se entendió la solicitud. Recarga la página e inténtalo de nuevo.",
      ],
    ] as const) {
      const answer = await chat(fields, ip);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(await answer.json()).toEqual({ error });
    }
  });

  it("offers quick replies with the greeting and the fallback, and stores a visitor's feedback on their own answers only", async () => {
    const ip = nextVisitor();
    type Sent = {
      sessionId: string;
      answer: { seq: number; quickReplies?: { kind: string; label: string }[] };
    };
    const greeted = await chat({ intent: "send", message: "hola" }, ip);
    const cookie = greeted.headers.get("set-cookie")!.split(";")[0]!;
    const greeting = (await greeted.json()) as Sent;
    expect(greeting.answer.seq).toBe(2);
    expect(greeting.answer.quickReplies?.map((reply) => reply.label)).toContain("Hablar por WhatsApp");
    const shipping = (await (
      await chat(
        { intent: "send", message: "hacen despacho a arica?", sessionId: greeting.sessionId },
        ip,
        cookie,
      )
    ).json()) as Sent;
    expect(shipping.answer.seq).toBe(4);
    expect(shipping.answer.quickReplies).toBeUndefined();
    const { sessionId } = shipping;

    const feedback = (fields: Record<string, string>, who = cookie) =>
      chat({ intent: "feedback", sessionId, ...fields }, ip, who);
    // Malformed: a 400, never a 5xx.
    for (const fields of [
      { seq: "x", helpful: "no" },
      { helpful: "no" },
      { seq: "4", helpful: "quizas" },
      { seq: "-1", helpful: "no" },
      { seq: "4", helpful: "no", sessionId: "../x" },
      { seq: "99999999999999999999", helpful: "yes" },
    ] as Record<string, string>[]) {
      const answer = await feedback(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(await answer.json()).toEqual({
        error: "No se entendió la solicitud. Recarga la página e inténtalo de nuevo.",
      });
    }
    // Not theirs: without the cookie, with another visitor's, the visitor's own message, no such answer.
    const stranger = (await chat({ intent: "send", message: "hola" }, nextVisitor())).headers.get(
      "set-cookie",
    )!;
    for (const [fields, who] of [
      [{ seq: "4", helpful: "no" }, ""],
      [{ seq: "4", helpful: "no" }, stranger.split(";")[0]!],
      [{ seq: "3", helpful: "no" }, cookie],
      [{ seq: "40", helpful: "no" }, cookie],
    ] as const) {
      const answer = await feedback(fields, who);
      expect(answer.status, JSON.stringify(fields)).toBe(404);
    }
    const saved = await feedback({ seq: "4", helpful: "no" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ saved: true });
    // Once: the first answer stands.
    const again = await feedback({ seq: "4", helpful: "yes" });
    expect(again.status).toBe(409);
    expect((await feedback({ seq: "2", helpful: "yes" })).status).toBe(200);

    const rows = await db
      .selectFrom("chatMessages")
      .select(["seq", "feedback"])
      .where("sessionId", "=", sessionId)
      .orderBy("seq")
      .execute();
    expect(rows.map((row) => row.feedback)).toEqual([null, "yes", null, "no"]);
    // The answer marked No counts as failed for staff ("Sin resolver").
    expect(
      await db
        .selectFrom("chatSessions")
        .select("failedCount")
        .where("id", "=", sessionId)
        .executeTakeFirst(),
    ).toEqual({ failedCount: 1 });
    // The panel, after a reload, shows which answers were marked.
    const stored = await read(sessionId, cookie);
    expect(stored.messages.at(-1)).toMatchObject({ seq: 4, role: "bot", answered: true, feedback: "no" });
  });

  it("takes 20 messages a minute from one IP, even sent at once, and refuses the rest with a 429", async () => {
    const ip = nextVisitor();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => chat({ intent: "send", message: "cuanto demora el envio" }, ip)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await refused.json()).toEqual({
      error: "Estás enviando mensajes muy seguido. Espera un minuto y vuelve a intentarlo.",
    });
    expect((await chat({ intent: "send", message: "hola" }, nextVisitor())).status).toBe(200);
  });
});

describe("uploaded files", () => {
  it("serves a stored file with an hour's cache and its content type, and only stored keys", async () => {
    const { getStorage } = await import("~/infra/storage.server");
    const key = `galeria/${crypto.randomUUID()}-thumb.webp`;
    await getStorage().put(key, new Uint8Array([82, 73, 70, 70]));
    const answer = await fetch(`http://127.0.0.1:${port}${getStorage().publicUrl(key)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    // An hour, then revalidated: not a year nor immutable, since a rejected photo is deleted (052).
    expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(answer.headers.get("etag")).toBeTruthy();
    expect(answer.headers.get("last-modified")).toMatch(/GMT$/);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));

    // A file in the folder that no key names (a half-written one) is not served.
    fs.writeFileSync(`${getEnv().uploadsDir}/galeria/escribiendo.webp.tmp`, "x");
    for (const missing of [
      "/uploads/galeria/no-existe.webp",
      "/uploads/galeria/escribiendo.webp.tmp",
      "/uploads/galeria/..%2f..%2flifebox.sqlite",
      "/uploads/",
    ]) {
      const refused = await fetch(`http://127.0.0.1:${port}${missing}`);
      expect(refused.status, missing).toBe(404);
      expect(refused.headers.get("content-type"), missing).toContain("text/html");
    }
    await getStorage().delete(key);
    expect((await fetch(`http://127.0.0.1:${port}/uploads/${key}`)).status).toBe(404);
  });

  it("stops serving a photo's files as soon as staff withdraw or reject it", async () => {
    const { getStorage } = await import("~/infra/storage.server");
    const { approvePhoto, rejectPhoto, withdrawPhoto } = await import("~/models/gallery.server");
    const { seedGalleryPhoto } = await import("../tests/support/gallery");
    const staff = "00000000-0000-4000-8000-00000000abcd";
    const statusOf = async (key: string) => (await fetch(`http://127.0.0.1:${port}/uploads/${key}`)).status;

    const published = await seedGalleryPhoto(db, { storage: getStorage() });
    await approvePhoto(db, published.id, staff);
    for (const key of [published.displayKey, published.thumbKey]) {
      const image = await fetch(`http://127.0.0.1:${port}/uploads/${key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
    }
    await withdrawPhoto(db, published.id, "El cliente pidió quitarla.", staff);
    for (const key of [published.displayKey, published.thumbKey]) {
      expect(await statusOf(key), key).toBe(404);
      expect(fs.existsSync(`${getEnv().uploadsDir}/${key}`), key).toBe(false);
    }

    const pending = await seedGalleryPhoto(db, { storage: getStorage() });
    expect(await statusOf(pending.displayKey)).toBe(200);
    await rejectPhoto(db, pending.id, "Borrosa.", staff);
    for (const key of [pending.displayKey, pending.thumbKey]) {
      expect(await statusOf(key), key).toBe(404);
      expect(fs.existsSync(`${getEnv().uploadsDir}/${key}`), key).toBe(false);
    }
    // The gallery upload's tests below read the only photo there is.
    await db.deleteFrom("galleryPhotos").where("id", "in", [published.id, pending.id]).execute();
  });
});

describe("the form rate limit", () => {
  it("lets FORM_RATE_LIMIT posts of a form through per IP, even when they all arrive at once", async () => {
    const ip = nextVisitor();
    // Not valid submissions (no captcha): the limit counts posts, whatever they hold.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post("/contacto", "website=&name=Ana", ip)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - 3);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(3);
    // The refusal is the form's page with the Spanish message.
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await refused.text()).toContain(submissionMessages.rateLimited);
  });

  it("counts the script's posts (/contacto.data) with the page's, per form and per IP", async () => {
    const ip = nextVisitor();
    for (let i = 0; i < 3; i++) expect((await post("/contacto.data", "website=", ip)).status).not.toBe(429);
    expect((await post("/contacto", "website=", ip)).status).toBe(429);
    // Another form from the same IP, and the same form from another IP, have their own counts.
    expect((await post("/newsletter", "website=", ip)).status).not.toBe(429);
    expect((await post("/contacto", "website=", nextVisitor())).status).not.toBe(429);
    // Every kit's purchase page is one form.
    const buyer = nextVisitor();
    for (const kit of ["essential", "nautical", "industry-mini"]) {
      expect((await post(`/comprar/${kit}`, "website=", buyer)).status).not.toBe(429);
    }
    expect((await post("/comprar/expedition", "website=", buyer)).status).toBe(429);
  });
});

describe("limits hold whatever the path's spelling", () => {
  // Every spelling below is served by the same route (React Router matches without regard to case,
  // decodes escapes, ignores a trailing slash and ".data"); each limit counts them together.
  const spellings = (path: string) => {
    const [, first = "", ...rest] = path.split("/");
    const escaped = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
    return [
      path,
      path.toUpperCase(),
      `${path}/`,
      `/${escaped}/${rest.join("/")}`.replace(/\/$/, ""),
      `${path}.data`,
      `/${first}/./${rest.join("/")}`.replace(/\/\.\/$/, ""),
      `/x/..${path}`,
    ];
  };

  it("each spelling reaches the route it limits (the test's own premise)", async () => {
    for (const path of spellings("/api/chat")) {
      const answer = await post(path, "intent=send&message=hola", nextVisitor());
      expect(answer.status, path).toBe(200);
    }
  });

  it("the chat's 20 messages a minute", async () => {
    const ip = nextVisitor();
    const paths = spellings("/api/chat");
    const answers = await Promise.all(
      Array.from({ length: 26 }, (_, at) => post(paths[at % paths.length]!, "intent=send&message=hola", ip)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it(`the gallery's ${galleryUploadsPerTenMinutes} uploads per 10 minutes, on the page and the API`, async () => {
    const ip = nextVisitor();
    const paths = [...spellings("/api/galeria/fotos"), ...spellings("/galeria/compartir")];
    const answers = [];
    for (const path of paths) {
      const body = new FormData();
      body.append("website", "");
      answers.push(
        await fetch(`http://127.0.0.1:${port}${path}`, {
          method: "POST",
          body,
          redirect: "manual",
          headers: { "x-forwarded-for": ip },
        }),
      );
    }
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(galleryUploadsPerTenMinutes);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      paths.length - galleryUploadsPerTenMinutes,
    );
  });

  it("each public form's posts", async () => {
    // The checkout shows its page only with a cart (without one, every answer is the way to /carro).
    const added = await post("/carro", "intent=add&kitId=essential&volver=carro", nextVisitor());
    const cart = { cookie: (added.headers.get("set-cookie") ?? "").split(";")[0]! };
    expect(cart.cookie).toMatch(/^lb_carro=./);
    for (const form of [
      "/contacto",
      "/newsletter",
      "/comprar/essential",
      "/carro/finalizar",
      "/cotizar/industry",
    ]) {
      const ip = nextVisitor();
      const statuses = [];
      for (const path of spellings(form)) {
        statuses.push((await post(path, "website=", ip, form === "/carro/finalizar" ? cart : {})).status);
      }
      expect(
        statuses.filter((status) => status !== 429),
        form,
      ).toHaveLength(3);
    }
  });

  it("a declared photo's size is judged by the upload's limit, and a chunked body over it is stopped", async () => {
    for (const path of spellings("/api/galeria/fotos")) {
      // A photo of 1 MB declared in Content-Length is not refused as a form over 64 KB.
      const body = new FormData();
      body.append("website", "");
      body.append("photo", new Blob([new Uint8Array(1024 * 1024)], { type: "image/jpeg" }), "a.jpg");
      const declared = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        body,
        headers: { "x-forwarded-for": nextVisitor() },
      });
      expect(declared.status, path).not.toBe(413);
      // Chunked, a body that never ends is stopped (its fields fail before the photo is read).
      const endless = await streamEndlessBody(path, { "content-type": "multipart/form-data; boundary=b" });
      expect(endless.status, path).toBeGreaterThanOrEqual(400);
      expect(endless.status, path).toBeLessThan(500);
      expect(endless.sent, path).toBeLessThan(40 * 1024 * 1024);
    }
    for (const path of spellings("/contacto")) {
      const endless = await streamEndlessBody(path, { "content-type": "application/x-www-form-urlencoded" });
      expect(endless.status, path).toBe(413);
    }
  });
});

describe("methods and malformed requests", () => {
  it("answers PUT, PATCH and DELETE with 405 without running the form's action", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await fetch(`http://127.0.0.1:${port}/contacto`, {
        method,
        body: "website=&name=Ana+P%C3%A9rez&email=ana%40example.cl&subject=Hola&message=Un+mensaje+largo",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextVisitor() },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD, POST");
    }
    expect(await countContactMessages()).toBe(0);
  });

  it("answers TRACE with 405, OPTIONS with the allowed methods, and HTTP/1.0 without Host with 400", async () => {
    expect(await rawRequest("TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")).toBe(
      "HTTP/1.1 405 Method Not Allowed",
    );
    const options = await fetch(`http://127.0.0.1:${port}/`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await rawRequest("GET / HTTP/1.0\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
  });
});

describe("body limits", () => {
  it("refuses a declared Content-Length over the limit before reading (413)", async () => {
    const answer = await rawRequest(
      `POST /contacto HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 300000000\r\nConnection: close\r\n\r\nwebsite=`,
    );
    expect(answer).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it.each(["/contacto", "/admin/login"])(
    "stops a chunked body to %s at the limit as it streams (413), whatever size it claims to be",
    async (path) => {
      const before = process.memoryUsage().rss;
      const { status, sent } = await streamEndlessBody(path, {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(status).toBe(413);
      // The server stopped reading long before 300 MB, and holds no copy of what it read.
      expect(sent).toBeLessThan(20 * 1024 * 1024);
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    },
  );
});

describe("the gallery upload", () => {
  let order: { number: string; email: string };

  beforeAll(async () => {
    order = await createTestOrder(db, {
      name: "Tomás Araya",
      email: "tomas.araya@example.cl",
      kitId: "expedition",
    });
  });

  function form(fields: Record<string, string>, photo?: { bytes: Uint8Array; name: string; type: string }) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (photo)
      body.append("photo", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
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
   * A multipart body with these fields, then a photo part that never ends, chunked so no size is
   * declared.
   */
  function streamEndlessPhoto(
    path: string,
    fields: Record<string, string> = { website: "", comment: "Mi kit" },
  ) {
    const boundary = "----lifeboxTestBoundary";
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    return streamEndlessBody(
      path,
      { "content-type": `multipart/form-data; boundary=${boundary}` },
      Object.entries(fields)
        .map(([name, value]) => part(name, value))
        .join("") +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="enorme.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
  }

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

  it("takes a photo posted without JavaScript (303 to the thanks), and serves its images for an hour", async () => {
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
      expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
    }
  });

  it("stops a photo over 8 MB as it streams (413 and the Spanish message), never reading it all", async () => {
    const before = process.memoryUsage().rss;
    // A real customer's fields (their order, a solved captcha): the photo is read, up to its limit.
    const api = await streamEndlessPhoto("/api/galeria/fotos", await fields());
    expect(api.status).toBe(413);
    const reply = JSON.parse(api.body) as SubmissionReply;
    expect(reply.result.error).toEqual({ photo: [photoMessages.tooLarge] });
    // What was typed before the photo comes back; the spent captcha is solved again.
    expect(reply.result.initialValue).toMatchObject({ comment: (await fields()).comment });
    expect(reply.captchaRejected).toBe(true);
    expect(api.sent).toBeLessThan(40 * 1024 * 1024);
    // Without JavaScript, the page says it next to the field.
    const page = await streamEndlessPhoto("/galeria/compartir", await fields());
    expect(page.status).toBe(413);
    expect(page.body).toContain(photoMessages.tooLarge);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it("checks the fields before the photo: no captcha, a spent one or an unknown order never gets the photo read", async () => {
    const before = process.memoryUsage().rss;
    const photos = async () => (await db.selectFrom("galleryPhotos").select("id").execute()).length;
    const stored = await photos();
    const valid = await fields();
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ["fields that fail", { website: "", comment: "Mi kit" }, 400, ""],
      ["no captcha", { ...valid, altcha: "" }, 403, submissionMessages.captchaMissing],
      ["an unknown order", { ...valid, orderNumber: "LB-ZZZZZZ" }, 400, galleryUploadTexts.orderNotFound],
      // The same solution again (the case above spent it): a replay, even before any photo is stored.
      ["a spent captcha", valid, 403, submissionMessages.captchaInvalid],
      // The photo first, then nothing of the fields: a post without JavaScript.
      ["the photo before the fields", {}, 403, submissionMessages.captchaMissing],
    ];
    for (const [name, sent, status, message] of cases) {
      const answer = await streamEndlessPhoto("/api/galeria/fotos", sent);
      expect(answer.status, name).toBe(status);
      if (message) expect((JSON.parse(answer.body) as SubmissionReply).formMessage, name).toBe(message);
      // Refused within the first part of the photo (what the sockets buffer, not the 8 MB).
      expect(answer.sent, name).toBeLessThan(8 * 1024 * 1024);
    }
    expect(await photos()).toBe(stored);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("gives up a photo that stalls, with the Spanish message", async () => {
    // The module the server's routes run (Vite's instance), with a stall of 1 s instead of 20.
    const { uploadTimeouts } = (await vite.ssrLoadModule("/app/infra/upload-body.server.ts")) as {
      uploadTimeouts: { idleMs: number };
    };
    const idleMs = uploadTimeouts.idleMs;
    uploadTimeouts.idleMs = 1_000;
    onTestFinished(() => void (uploadTimeouts.idleMs = idleMs));
    const boundary = "lento";
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      void fields().then((valid) => {
        const request = http.request({
          host: "127.0.0.1",
          port,
          path: "/api/galeria/fotos",
          method: "POST",
          headers: {
            "transfer-encoding": "chunked",
            "x-forwarded-for": nextVisitor(),
            "content-type": `multipart/form-data; boundary=${boundary}`,
          },
        });
        for (const [name, value] of Object.entries(valid)) {
          request.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          );
        }
        request.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n`,
        );
        // The photo's first bytes, then nothing more.
        request.write(Buffer.alloc(100 * 1024, 1));
        request.on("response", (response) => {
          let body = "";
          response.on("data", (data: Buffer) => (body += data.toString("utf8")));
          response.on("end", () => {
            request.destroy();
            resolve({ status: response.statusCode!, body });
          });
        });
        request.on("error", reject);
      }, reject);
    });
    expect(answer.status).toBe(408);
    expect((JSON.parse(answer.body) as SubmissionReply).formMessage).toBe(galleryUploadTexts.tooSlow);
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
