import sharp from "sharp";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { submissionMessages } from "~/content/forms";
import { galleryTexts, galleryUploadTexts, photoMessages } from "~/content/gallery";
import type { SubmissionReply } from "~/lib/submission";
import { likeLimits } from "~/models/gallery.server";
import type { Db } from "~/infra/db.server";
import type { GalleryPhotoStatus } from "~/infra/db-schema";
import { getStorage } from "~/infra/storage.server";
import * as gallery from "./gallery";
import * as galleryUpload from "./gallery-upload";
import * as kitPage from "./kit";
import * as uploadApi from "../resources/gallery-upload";
import {
  args,
  cookieAfter,
  get,
  post,
  settle,
  useAsProcessDatabase,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { phoneJpeg, pngBomb, pngPhoto, webpPhoto } from "../../../tests/support/images";
import { createTestOrder } from "../../../tests/support/orders";

/**
 * The customer gallery's public side through its real route modules (docs/product.md#d16): the upload
 * (its page's action, without JavaScript, and /api/galeria/fotos, with it) with real multipart
 * requests, real captcha solutions, real images, the real storage and a real database of every
 * dialect; the gallery page, its likes, and the kit pages. The HTTP server in front of them (rate
 * limit, body limits as the body streams) is tested in server/app.test.ts.
 */
const testEnv = vi.hoisted(async () => {
  const values = (await import("../../../tests/support/admin-env")).stubAdminTestEnv("gallery");
  vi.stubEnv("CAPTCHA_DIFFICULTY", "50");
  return values;
});

afterAll(async () => removeAdminTestEnv(await testEnv));

type Photo = { bytes: Uint8Array; name: string; type: string };

function multipart(path: string, fields: Record<string, string>, photo?: Photo): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (photo) body.append("photo", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return new Request(`http://localhost${path}`, { method: "POST", body });
}

/** A post of the upload form to its API, as the browser's script sends it; the reply in one shape. */
async function postApi(fields: Record<string, string>, photo?: Photo, formRateLimited = false) {
  const request = multipart("/api/galeria/fotos", fields, photo);
  const context = { cspNonce: "n", clientIp: "203.0.113.9", formRateLimited };
  const response = (await uploadApi.action({ request, context, params: {} } as never)) as Response;
  return { status: response.status, reply: (await response.json()) as SubmissionReply };
}

const jpeg = async (): Promise<Photo> => ({
  bytes: await phoneJpeg(2400, 1800, 6),
  name: "IMG_2041.JPG",
  type: "image/jpeg",
});

describe.each(dialectsUnderTest)("the customer gallery on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let order: { id: string; number: string; email: string };

  beforeAll(async () => {
    db = database().db;
    order = await createTestOrder(db, {
      name: "Camila Rojas Soto",
      email: `Camila.Rojas.${dialect}@example.cl`,
    });
  });

  async function fields(overrides: Record<string, string> = {}) {
    return {
      website: "",
      orderNumber: order.number,
      email: order.email,
      kitId: "nautical",
      comment: "Mi kit va siempre en el velero.",
      altcha: await solvedCaptcha("gallery"),
      ...overrides,
    };
  }

  const countPhotos = async () => (await db.selectFrom("galleryPhotos").select("id").execute()).length;
  const newest = () =>
    db
      .selectFrom("galleryPhotos")
      .selectAll()
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
  async function setStatus(id: string, status: GalleryPhotoStatus) {
    await db.updateTable("galleryPhotos").set({ status }).where("id", "=", id).execute();
  }

  it("takes a phone's JPEG posted without JavaScript, stores it pending and upright, without EXIF or GPS", async () => {
    const before = await countPhotos();
    // The number as a customer may type it: lower case, a space instead of the dash.
    const request = multipart(
      "/galeria/compartir",
      await fields({
        orderNumber: ` ${order.number.toLowerCase().replace("-", " ")} `,
        email: ` ${order.email.toUpperCase()} `,
      }),
      await jpeg(),
    );
    const answer = await settle(() => galleryUpload.action(args(request)));
    expect([answer.status, answer.location]).toEqual([303, "/galeria/compartir?enviada=1"]);
    expect(await countPhotos()).toBe(before + 1);
    const row = await newest();
    expect(row).toMatchObject({
      orderId: order.id,
      authorName: "Camila",
      kitId: "nautical",
      kitName: "LifeBox Nautical",
      status: "pending",
      comment: "Mi kit va siempre en el velero.",
      displayWidth: 1200,
      displayHeight: 1600,
      thumbWidth: 360,
      thumbHeight: 480,
    });
    for (const [key, size] of [
      [row.displayKey, [1200, 1600]],
      [row.thumbKey, [360, 480]],
    ] as const) {
      const stored = await getStorage().get(key);
      const meta = await sharp(stored!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", ...size]);
      expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(Buffer.from(stored!).includes("WGS-84")).toBe(false);
    }
    // The thank-you state.
    const thanks = await settle(() => galleryUpload.loader(args(get("/galeria/compartir?enviada=1"))));
    expect(thanks.body?.sent).toBe(true);
  });

  it.each([
    ["PNG", () => pngPhoto(900, 600), "image/png"],
    ["WebP", () => webpPhoto(900, 600), "image/webp"],
  ])("takes a %s posted by the page's script (201, JSON)", async (_name, make, type) => {
    const { status, reply } = await postApi(await fields(), { bytes: await make(), name: "foto", type });
    expect(status).toBe(201);
    expect(reply.status).toBe("success");
    const row = await newest();
    expect([row.displayWidth, row.displayHeight, row.status]).toEqual([900, 600, "pending"]);
  });

  it.each([
    [
      "a text file named like a photo",
      Buffer.from("no soy una foto\n".repeat(50)),
      "vacaciones.jpg",
      "image/jpeg",
      415,
      photoMessages.notAnImage,
    ],
    [
      "an SVG",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      "kit.png",
      "image/png",
      415,
      photoMessages.notAnImage,
    ],
    [
      "a decompression bomb (20,000 × 20,000)",
      pngBomb(20_000, 20_000),
      "kit.png",
      "image/png",
      422,
      photoMessages.tooManyPixels,
    ],
  ])(
    "refuses %s next to the photo field, and stores nothing",
    async (_name, bytes, name, type, status, message) => {
      const before = await countPhotos();
      const { status: got, reply } = await postApi(await fields(), { bytes, name, type });
      expect(got).toBe(status);
      expect(reply.result.error).toEqual({ photo: [message] });
      // What was typed comes back (never the file or the captcha's solution).
      expect(reply.result.initialValue).toMatchObject({
        orderNumber: order.number,
        comment: "Mi kit va siempre en el velero.",
      });
      expect(reply.result.initialValue).not.toHaveProperty("altcha");
      expect(await countPhotos()).toBe(before);
    },
  );

  it("answers a wrong order number and a wrong e-mail alike, and each guess spends the captcha", async () => {
    const before = await countPhotos();
    const wrongNumber = await postApi(await fields({ orderNumber: "LB-ZZZZZZ" }), await jpeg());
    const wrongEmail = await postApi(await fields({ email: "otra.persona@example.cl" }), await jpeg());
    for (const { status, reply } of [wrongNumber, wrongEmail]) {
      expect(status).toBe(400);
      expect(reply.formMessage).toBe(galleryUploadTexts.orderNotFound);
      expect(reply.result.error).toEqual({ "": [galleryUploadTexts.orderNotFound] });
      expect(reply.captchaRejected).toBe(true);
    }
    // A right guess with a solution already spent on a wrong one is refused.
    const spent = await fields({ email: "nadie@example.cl" });
    await postApi(spent, await jpeg());
    const again = await postApi({ ...spent, email: order.email }, await jpeg());
    expect([again.status, again.reply.formMessage]).toEqual([403, submissionMessages.captchaInvalid]);
    expect(await countPhotos()).toBe(before);
  });

  it("refuses a missing captcha, a filled honeypot, a rate-limited visitor and empty fields", async () => {
    const before = await countPhotos();
    const noCaptcha = await postApi({ ...(await fields()), altcha: "" }, await jpeg());
    expect([noCaptcha.status, noCaptcha.reply.formMessage]).toEqual([403, submissionMessages.captchaMissing]);
    const bot = await postApi(await fields({ website: "http://spam.example" }), await jpeg());
    expect([bot.status, bot.reply.formMessage]).toEqual([400, submissionMessages.honeypot]);
    const limited = await postApi(await fields(), await jpeg(), true);
    expect([limited.status, limited.reply.formMessage]).toEqual([429, submissionMessages.rateLimited]);

    const empty = await postApi({ website: "", orderNumber: " ", email: "x", comment: "", altcha: "" });
    expect(empty.status).toBe(400);
    expect(empty.reply.result.error).toEqual({
      orderNumber: ["Ingresa el número de tu pedido."],
      email: ["Ingresa un email válido."],
      kitId: ["Elige el kit que aparece en la foto."],
      comment: ["Escribe un comentario para tu foto."],
      photo: [photoMessages.missing],
    });
    // A form sent without choosing a file: the browser sends an empty file part.
    const noFile = await postApi(await fields(), {
      bytes: new Uint8Array(),
      name: "",
      type: "application/octet-stream",
    });
    expect([noFile.status, noFile.reply.result.error]).toEqual([400, { photo: [photoMessages.missing] }]);
    expect(await countPhotos()).toBe(before);

    // Without JavaScript the page answers with the reply (the captcha needs it), the typed values
    // and the status.
    const request = multipart("/galeria/compartir", { ...(await fields()), altcha: "" }, await jpeg());
    const page = await settle(() => galleryUpload.action(args(request)));
    expect(page.status).toBe(403);
    expect(page.body).toMatchObject({
      formMessage: submissionMessages.captchaMissing,
      result: { initialValue: { orderNumber: order.number, kitId: "nautical" } },
    });
  });

  it("shows approved photos only, newest first, 12 a page, and no page that does not exist", async () => {
    await db.deleteFrom("galleryPhotos").execute();
    const ids: string[] = [];
    for (let n = 0; n < 14; n++) {
      await postApi(await fields({ comment: `Foto ${n}` }), {
        bytes: await webpPhoto(60, 40),
        name: "f",
        type: "image/webp",
      });
      const row = await newest();
      await db
        .updateTable("galleryPhotos")
        .set({ createdAt: new Date(Date.UTC(2026, 10, 1 + n)).toISOString() })
        .where("id", "=", row.id)
        .execute();
      ids.push(row.id);
    }
    // 13 approved; the newest (n = 13) stays pending.
    for (const id of ids.slice(0, 13)) await setStatus(id, "approved");

    const first = await settle(() => gallery.loader(args(get("/galeria"))));
    const photos = first.body?.photos as Array<{
      id: string;
      comment: string;
      alt: string;
      thumbUrl: string;
      liked: boolean;
    }>;
    expect(first.body).toMatchObject({ page: 1, pageCount: 2 });
    expect(photos.map((photo) => photo.comment)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Foto ${12 - i}`),
    );
    expect(photos[0]).toMatchObject({
      alt: "Foto de Camila con su LifeBox Nautical",
      thumbUrl: `/uploads/galeria/${ids[12]}-thumb.webp`,
      liked: false,
    });
    const second = await settle(() => gallery.loader(args(get("/galeria?pagina=2"))));
    expect((second.body?.photos as Array<{ comment: string }>).map((photo) => photo.comment)).toEqual([
      "Foto 0",
    ]);
    for (const wrong of ["0", "3", "abc", "-1", "1.5", ""]) {
      const answer = await settle(() => gallery.loader(args(get(`/galeria?pagina=${wrong}`))));
      expect(answer.status, wrong).toBe(404);
    }
  });

  /** The oldest approved photo (on the gallery's second page) and its like count. */
  async function likedPhoto() {
    return (
      await db
        .selectFrom("galleryPhotos")
        .select("id")
        .where("status", "=", "approved")
        .orderBy("createdAt")
        .executeTakeFirstOrThrow()
    ).id;
  }
  const likeCountOf = async (photo: string) =>
    (
      await db
        .selectFrom("galleryPhotos")
        .select("likeCount")
        .where("id", "=", photo)
        .executeTakeFirstOrThrow()
    ).likeCount;
  /** A like of `photo` posted from the gallery's second page, as its form sends it. */
  const like = (photo: string, cookie?: string, extra: Record<string, string> = {}, ip?: string) =>
    settle(() =>
      gallery.action(
        args(post("/galeria?pagina=2", { intent: "like", photoId: photo, ...extra }, cookie), ip),
      ),
    );
  /** The gallery cookie a visitor gets with the page (as a browser would keep it). */
  async function visitorCookie(): Promise<string> {
    const view = await settle(() => gallery.loader(args(get("/galeria?pagina=2"))));
    expect(view.status).toBe(200);
    return cookieAfter(view.headers);
  }

  it("takes one like per visitor, without JavaScript (back to the photo) and with it, and shows it", async () => {
    const photo = await likedPhoto();
    const before = await likeCountOf(photo);

    // The page gives a new visitor the gallery's cookie, signed; a page view with it gives none.
    const view = await settle(() => gallery.loader(args(get("/galeria?pagina=2"))));
    const setCookie = view.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^lifebox_gallery_visitor=[^;]+\.[^;]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const cookie = cookieAfter(view.headers);
    const again = await settle(() => gallery.loader(args(get("/galeria?pagina=2", cookie))));
    expect(again.headers.get("set-cookie")).toBeNull();

    const first = await like(photo, cookie);
    expect([first.status, first.location]).toEqual([303, `/galeria?pagina=2#foto-${photo}`]);
    expect(first.headers.get("set-cookie")).toBeNull();
    const second = await like(photo, cookie, { js: "1" });
    expect([second.status, second.body?.error]).toEqual([200, undefined]);
    expect(await likeCountOf(photo)).toBe(before + 1);

    // The page shows it liked to this visitor, and not to another.
    const card = async (asCookie?: string) =>
      (
        (await settle(() => gallery.loader(args(get("/galeria?pagina=2", asCookie))))).body?.photos as Array<{
          id: string;
          liked: boolean;
          likeCount: number;
        }>
      ).find((shown) => shown.id === photo);
    expect(await card(cookie)).toMatchObject({ liked: true, likeCount: before + 1 });
    expect(await card()).toMatchObject({ liked: false, likeCount: before + 1 });

    // Another visitor's like counts, from its first post after viewing the page.
    expect((await like(photo, await visitorCookie(), { js: "1" })).status).toBe(200);
    expect(await likeCountOf(photo)).toBe(before + 2);

    // A photo not published, or a malformed post: the page says so.
    await setStatus(photo, "pending");
    const gone = await like(photo, cookie);
    expect([gone.status, gone.body?.error]).toEqual([404, galleryTexts.likeGone]);
    const malformed = await settle(() =>
      gallery.action(args(post("/galeria", { intent: "like", photoId: "1; drop" }))),
    );
    expect([malformed.status, malformed.body?.error]).toEqual([400, submissionMessages.malformed]);
    await setStatus(photo, "approved");
  });

  it("counts no like without the cookie the page gave: 40 without one and 10 made up add nothing", async () => {
    const photo = await likedPhoto();
    const before = await likeCountOf(photo);
    // Ids the attacker makes up: in the cookie's unsigned form, and signed with another secret.
    const unsigned = createCookie("lifebox_gallery_visitor");
    const otherSecret = createCookie("lifebox_gallery_visitor", { secrets: ["x".repeat(64)] });
    const madeUp = await Promise.all(
      Array.from({ length: 10 }, async (_, n) =>
        cookieAfter(
          new Headers({
            "set-cookie": await (n % 2 === 0 ? unsigned : otherSecret).serialize(crypto.randomUUID()),
          }),
        ),
      ),
    );
    // All at once, from one address, as a script would send them.
    const ip = "198.51.100.77";
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => like(photo, undefined, { js: "1" }, ip)),
      ...madeUp.map((cookie, n) => like(photo, cookie, n % 3 === 0 ? {} : { js: "1" }, ip)),
    ]);
    expect(await likeCountOf(photo)).toBe(before);
    for (const answer of answers) {
      expect([answer.status, answer.body?.error]).toEqual([403, galleryTexts.likeNeedsCookie]);
      // With a cookie the server signed, so that a visitor's retry counts.
      expect(answer.headers.get("set-cookie")).toMatch(/^lifebox_gallery_visitor=[^;]+\.[^;]+;/);
    }
    const retry = await like(photo, cookieAfter(answers[0]!.headers), { js: "1" }, ip);
    expect(retry.status).toBe(200);
    expect(await likeCountOf(photo)).toBe(before + 1);
  });

  it("counts a few likes per photo from one address, however many visitors it has", async () => {
    const photo = await likedPhoto();
    const before = await likeCountOf(photo);
    const ip = "198.51.100.78";
    const cookies = await Promise.all(Array.from({ length: 10 }, visitorCookie));
    // Ten visitors behind one address like the photo at once, with JavaScript and without.
    const answers = await Promise.all(
      cookies.map((cookie, n) => like(photo, cookie, n % 2 === 0 ? { js: "1" } : {}, ip)),
    );
    expect(await likeCountOf(photo)).toBe(before + likeLimits.perPhoto);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10 - likeLimits.perPhoto);
    for (const answer of refused) expect(answer.body?.error).toBe(galleryTexts.likeLimitPhoto);
    // The others counted: 200 to the script, 303 back to the photo without it.
    for (const answer of answers.filter((answer) => answer.status !== 429)) {
      expect([200, 303]).toContain(answer.status);
    }
    // Another address's visitor still counts.
    expect((await like(photo, await visitorCookie(), { js: "1" }, "198.51.100.79")).status).toBe(200);
    expect(await likeCountOf(photo)).toBe(before + likeLimits.perPhoto + 1);
  });

  it(`counts ${likeLimits.perAddress} likes from one address in ten minutes, then says to wait`, async () => {
    const photos = (
      await db
        .selectFrom("galleryPhotos")
        .select("id")
        .where("status", "=", "approved")
        .orderBy("id")
        .execute()
    ).map((row) => row.id);
    const ip = "198.51.100.80";
    const family = await Promise.all(Array.from({ length: likeLimits.perPhoto }, visitorCookie));
    const perFamily = likeLimits.perAddress / likeLimits.perPhoto;
    for (const photo of photos.slice(0, perFamily)) {
      for (const cookie of family) expect((await like(photo, cookie, { js: "1" }, ip)).status).toBe(200);
    }
    const next = photos[perFamily]!;
    const before = await likeCountOf(next);
    const refused = await like(next, family[0], {}, ip);
    expect([refused.status, refused.body?.error]).toEqual([429, galleryTexts.likeLimitAddress]);
    expect(await likeCountOf(next)).toBe(before);
  });

  it("shows a kit's newest approved photos on its page, and none on a kit without", async () => {
    const nautical = await settle(() =>
      kitPage.loader(args(get("/productos/kit-nautical"), undefined, { slug: "kit-nautical" })),
    );
    const section = nautical.body?.customerPhotos as {
      heading: string;
      seeAll: string;
      galleryHref: string;
      photos: Array<{ kitName: string; comment: string }>;
    };
    expect(section).toMatchObject({
      heading: "Clientes con su LifeBox Nautical",
      seeAll: "Ver todas las fotos en la galería",
      galleryHref: "/galeria",
    });
    // The three newest approved (the newest upload is still pending).
    expect(section.photos.map((photo) => photo.comment)).toEqual(["Foto 12", "Foto 11", "Foto 10"]);
    expect(section.photos.every((photo) => photo.kitName === "LifeBox Nautical")).toBe(true);
    const industry = await settle(() =>
      kitPage.loader(args(get("/productos/kit-industry"), undefined, { slug: "kit-industry" })),
    );
    expect(industry.body?.customerPhotos).toBeNull();
  });
});
