import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminListView, GalleryRowData } from "~/lib/admin-list-view";
import { adminGalleryTexts as texts } from "~/content/admin";
import { createAdminAccount } from "~/services/auth.server";
import { takeToast } from "~/infra/toast.server";
import { getEnv } from "~/infra/env.server";
import { getStorage } from "~/infra/storage.server";
import type { Db, Dialect } from "~/infra/db.server";
import * as dashboard from "./dashboard";
import * as gallery from "./gallery";
import * as galleryPhoto from "./gallery-photo";
import * as listExport from "./gallery-export";
import {
  args,
  cookieAfter,
  get,
  post,
  settle,
  signedInCookie,
  useAsProcessDatabase,
  type Answer,
  type Fields,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { seedGalleryPhoto } from "../../../tests/support/gallery";

/**
 * The admin gallery (issue 13 "Admin"; docs/product.md#spec-2, #spec-4, #spec-8; D16): its screen, its
 * moderation and its CSV through the real loaders and actions, real staff sessions, a real migrated database
 * of every dialect under test, and image files in the configured storage.
 */
const testEnv = vi.hoisted(async () =>
  (await import("../../../tests/support/admin-env")).stubAdminTestEnv("gallery"),
);

afterAll(async () => removeAdminTestEnv(await testEnv));

const password = "Refugio#2026";
const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 12, minute));

type View = AdminListView<GalleryRowData>;
const viewOf = (answer: Answer) => answer.body?.view as View;
const cell = (view: View, key: string) => {
  const index = view.columns.findIndex((column) => column.key === key);
  return view.rows.map((row) => row.cells[index]);
};
const column = (view: View, key: string) => view.columns.find((candidate) => candidate.key === key)!;
const tabs = (view: View) =>
  view.filters
    .find((filter) => filter.tabs)!
    .options.map((option) => [option.label, option.count, option.selected]);

describe.each(dialectsUnderTest)("the admin gallery on %s", (dialect: Dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let cookie: string;
  let otherCookie: string;
  let adminId: string;
  /** The seeded photos, by name. */
  const photos: Record<string, Awaited<ReturnType<typeof seedGalleryPhoto>>> = {};

  const open = (query = "", withCookie = cookie) =>
    settle(() => gallery.loader(args(get(`/admin/gallery${query}`, withCookie))));
  const moderate = (fields: Fields, query = "", withCookie = cookie) =>
    settle(() => gallery.action(args(post(`/admin/gallery${query}`, fields, withCookie))));
  const stored = (id: string) =>
    db.selectFrom("galleryPhotos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  /** Whether each of the photo's two files is in the uploads folder the server serves at /uploads. */
  const filesOf = (photo: { displayKey: string; thumbKey: string }) =>
    [photo.displayKey, photo.thumbKey].map((key) =>
      fs.existsSync(path.join(getEnv().uploadsDir, ...key.split("/"))),
    );

  beforeAll(async () => {
    db = database().db;
    adminId = (await createAdminAccount({ name: "Lía Admin", email: "lia@lifebox.test", password }, db)).id;
    await createAdminAccount({ name: "Tomás Admin", email: "tomas@lifebox.test", password }, db);
    cookie = await signedInCookie("lia@lifebox.test", password);
    otherCookie = await signedInCookie("tomas@lifebox.test", password);
    const storage = getStorage();
    const seeds = {
      ana: { authorName: "Ana", likes: 0, createdAt: at(0), comment: "Mi primer kit." },
      bruno: { authorName: "Bruno", likes: 5, createdAt: at(1), kitName: "LifeBox Nautical" },
      carla: { authorName: "Carla", status: "approved", likes: 10, createdAt: at(2) },
      diego: { authorName: "Diego", status: "approved", likes: 3, createdAt: at(3) },
      elena: {
        authorName: "Élena",
        status: "rejected",
        likes: 1,
        createdAt: at(4),
        rejectionReason: "Foto borrosa.",
      },
    } as const;
    for (const [name, seed] of Object.entries(seeds)) {
      photos[name] = await seedGalleryPhoto(db, { ...seed, storage });
    }
  });

  describe("the screen", () => {
    it("sends anonymous visitors to the sign-in page, back to the same view; the CSV is a 401", async () => {
      const answer = await open("?estado=pendiente", "");
      expect([answer.status, answer.location]).toEqual([
        302,
        `/admin/login?redirectTo=${encodeURIComponent("/admin/gallery?estado=pendiente")}`,
      ]);
      const photo = await settle(() =>
        galleryPhoto.loader(args(get(`/admin/gallery/${photos.ana!.id}`), undefined, { id: photos.ana!.id })),
      );
      expect(photo.status).toBe(302);
      const csv = await settle(() =>
        listExport.loader({
          ...args<object>(get("/admin/gallery/export.csv")),
          pattern: "admin/gallery/export.csv",
        } as never),
      );
      expect(csv.status).toBe(401);
    });

    it("shows the four summary cards and the four tabs, each with its count", async () => {
      const answer = await open();
      expect(answer.status).toBe(200);
      expect(answer.body?.summary).toEqual({ total: "5", pending: "2", approved: "2", likes: "19" });
      expect(tabs(viewOf(answer))).toEqual([
        ["Todas", 5, true],
        ["Pendientes", 2, false],
        ["Aprobadas", 2, false],
        ["Rechazadas", 1, false],
      ]);
    });

    it("lists every photo newest first, with the spec's columns, and each tab as a real list", async () => {
      const all = viewOf(await open());
      expect(all.columns.map((header) => header.label)).toEqual([
        "ID",
        "Imagen",
        "Cliente",
        "Comentario",
        "Fecha",
        "Me gusta",
        "Estado",
        "Acciones",
      ]);
      expect(cell(all, "customer")).toEqual(["Élena", "Diego", "Carla", "Bruno", "Ana"]);
      expect(cell(all, "status")).toEqual(["Rechazada", "Aprobada", "Aprobada", "Pendiente", "Pendiente"]);
      expect(cell(all, "createdAt")[4]).toBe("10-03-2026 09:00");
      expect(all.countText).toBe("5 fotos");
      for (const [value, names] of [
        ["pendiente", ["Bruno", "Ana"]],
        ["aprobada", ["Diego", "Carla"]],
        ["rechazada", ["Élena"]],
      ] as const) {
        const view = viewOf(await open(`?estado=${value}`));
        expect(cell(view, "customer"), value).toEqual(names);
        expect(
          tabs(view).filter(([, , selected]) => selected),
          value,
        ).toHaveLength(1);
      }
    });

    it("sends each row's image addresses, status and short id for its own cells", async () => {
      const view = viewOf(await open("?estado=pendiente"));
      const bruno = view.rows.find((row) => row.id === photos.bruno!.id)!;
      expect(bruno.data).toEqual({
        status: "pending",
        statusLabel: "Pendiente",
        author: "Bruno",
        kit: "LifeBox Nautical",
        shortId: photos.bruno!.id.slice(0, 8),
        thumbUrl: `/uploads/${photos.bruno!.thumbKey}`,
        thumbWidth: 8,
        thumbHeight: 8,
        imageUrl: `/uploads/${photos.bruno!.displayKey}`,
      });
      expect(cell(view, "id")[0]).toBe(photos.bruno!.id.slice(0, 8));
      expect(bruno.href).toBe(`/admin/gallery/${photos.bruno!.id}`);
      // The files the addresses name are in the uploads folder the server serves at /uploads.
      expect(fs.existsSync(path.join(getEnv().uploadsDir, ...photos.bruno!.displayKey.split("/")))).toBe(
        true,
      );
      expect(view.href).toBe("/admin/gallery?estado=pendiente");
    });

    it("sends no image address for a rejected photo, whose files were deleted", async () => {
      const view = viewOf(await open("?estado=rechazada"));
      const elena = view.rows.find((row) => row.id === photos.elena!.id)!;
      expect(elena.data).toMatchObject({ status: "rejected", thumbUrl: null, imageUrl: null });
      expect(JSON.stringify(view)).not.toContain(photos.elena!.thumbKey);
    });

    it("sorts by Fecha or Likes from the headers: a new column starts descending, the same one flips", async () => {
      const initial = viewOf(await open());
      expect(column(initial, "createdAt").ariaSort).toBe("descending");
      expect(column(initial, "createdAt").sortHref).toBe("/admin/gallery?sort=createdAt&dir=asc");
      expect(column(initial, "likes").sortHref).toBe("/admin/gallery?sort=likes&dir=desc");
      expect(column(initial, "customer").sortHref).toBeUndefined();

      const byLikes = viewOf(await open("?sort=likes&dir=desc"));
      expect(cell(byLikes, "likes")).toEqual(["10", "5", "3", "1", "0"]);
      expect(column(byLikes, "likes").sortHref).toBe("/admin/gallery?sort=likes&dir=asc");
      expect(column(byLikes, "createdAt").sortHref).toBe("/admin/gallery");
    });

    it("offers the spec's four sorts in a selector that keeps the tab and the search", async () => {
      const view = viewOf(await open("?estado=aprobada&sort=likes:asc"));
      expect(view.sortChoices?.options).toEqual([
        { value: "createdAt:desc", label: texts.sortChoices.newest, selected: false },
        { value: "createdAt:asc", label: texts.sortChoices.oldest, selected: false },
        { value: "likes:desc", label: texts.sortChoices.mostLiked, selected: false },
        { value: "likes:asc", label: texts.sortChoices.leastLiked, selected: true },
      ]);
      expect(view.sortChoices?.hidden).toEqual([{ name: "estado", value: "aprobada" }]);
      expect(cell(view, "customer")).toEqual(["Diego", "Carla"]);
      const oldest = viewOf(await open("?sort=createdAt:asc"));
      expect(cell(oldest, "customer")).toEqual(["Ana", "Bruno", "Carla", "Diego", "Élena"]);
    });

    it("searches by customer, kit or comment, ignoring case and accents", async () => {
      expect(cell(viewOf(await open("?q=ELENA")), "customer")).toEqual(["Élena"]);
      expect(cell(viewOf(await open("?q=nautical")), "customer")).toEqual(["Bruno"]);
      expect(cell(viewOf(await open("?q=primer%20kit")), "customer")).toEqual(["Ana"]);
      const none = viewOf(await open("?estado=rechazada&q=nadie"));
      expect(none.rows).toEqual([]);
    });

    it("downloads the view as CSV: the reason apart from the comment, no buttons column", async () => {
      let response: Response;
      try {
        response = await listExport.loader({
          ...args<object>(get("/admin/gallery/export.csv?estado=rechazada", cookie)),
          pattern: "admin/gallery/export.csv",
        } as never);
      } catch (thrown) {
        throw new Error(`The download failed: ${String(thrown)}`);
      }
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="galeria-\d{4}-\d\d-\d\d\.csv"$/,
      );
      const lines = (await response.text()).split("\r\n");
      expect(lines[0]).toBe(
        "ID;Imagen;Cliente;N.º de pedido;Kit;Comentario;Fecha;Me gusta;Estado;Motivo del rechazo;Moderada el",
      );
      const elena = photos.elena!;
      expect(lines[1]).toBe(
        [
          elena.id,
          // A rejected photo's files are deleted (decision 052): no address that answers 404.
          "Imagen eliminada",
          "Élena",
          elena.orderNumber,
          "LifeBox Essential",
          elena.comment,
          "10-03-2026 09:04",
          "1",
          "Rechazada",
          "Foto borrosa.",
          "10-03-2026 09:04",
        ].join(";"),
      );
      expect(lines).toHaveLength(3);
    });
  });

  describe("moderation", () => {
    it("approves a pending photo: 303 back to the same view with 'Foto aprobada'", async () => {
      const photo = await seedGalleryPhoto(db, { authorName: "Fabián", createdAt: at(20) });
      const answer = await moderate({ intent: "approve", id: photo.id }, "?estado=pendiente&page=1&x=1");
      expect([answer.status, answer.location]).toEqual([303, "/admin/gallery?estado=pendiente"]);
      expect((await takeToast(get("/", cookieAfter(answer.headers)))).toast).toEqual({
        kind: "success",
        title: "Foto aprobada",
        description: "La foto ha sido publicada en la galería de clientes.",
      });
      expect(await stored(photo.id)).toMatchObject({ status: "approved", moderatedBy: adminId });
      // The page it lands on says it too, and lists the photo under Aprobadas.
      const page = await open("?estado=pendiente", cookieAfter(answer.headers, cookie));
      expect(page.body?.flash).toMatchObject({ title: "Foto aprobada" });
      expect(viewOf(page).rows.map((row) => row.id)).not.toContain(photo.id);
      expect(viewOf(await open("?estado=aprobada")).rows.map((row) => row.id)).toContain(photo.id);
    });

    it("rejects a pending photo with the reason stored apart from the comment: 'Foto rechazada'", async () => {
      const photo = await seedGalleryPhoto(db, {
        authorName: "Gloria",
        comment: "Así lo guardo.",
        storage: getStorage(),
      });
      expect(filesOf(photo)).toEqual([true, true]);
      const answer = await moderate({
        intent: "reject",
        id: photo.id,
        reason: "Aparece la cara de un niño.\nPedir otra foto.",
      });
      expect([answer.status, answer.location]).toEqual([303, "/admin/gallery"]);
      expect((await takeToast(get("/", cookieAfter(answer.headers)))).toast).toMatchObject({
        title: "Foto rechazada",
        description: "La foto ha sido rechazada y no será publicada.",
      });
      expect(await stored(photo.id)).toMatchObject({
        status: "rejected",
        comment: "Así lo guardo.",
        rejectionReason: "Aparece la cara de un niño.\nPedir otra foto.",
      });
      // Its files are gone from the storage by the time the answer comes (decision 052).
      expect(filesOf(photo)).toEqual([false, false]);
    });

    it("withdraws an approved photo with a reason: 'Foto retirada', listed under Rechazadas", async () => {
      const photo = await seedGalleryPhoto(db, {
        authorName: "Hugo",
        status: "approved",
        likes: 7,
        storage: getStorage(),
      });
      expect(filesOf(photo)).toEqual([true, true]);
      const answer = await moderate(
        { intent: "withdraw", id: photo.id, reason: "Reclamo del cliente." },
        "?estado=aprobada",
      );
      expect([answer.status, answer.location]).toEqual([303, "/admin/gallery?estado=aprobada"]);
      expect((await takeToast(get("/", cookieAfter(answer.headers)))).toast).toMatchObject({
        title: "Foto retirada",
      });
      expect(await stored(photo.id)).toMatchObject({
        status: "rejected",
        rejectionReason: "Reclamo del cliente.",
        likeCount: 7,
      });
      expect(filesOf(photo)).toEqual([false, false]);
      expect(viewOf(await open("?estado=rechazada")).rows.map((row) => row.id)).toContain(photo.id);
    });

    it("answers approving a photo someone else just rejected with a clear conflict (409), changing nothing", async () => {
      const photo = await seedGalleryPhoto(db, { authorName: "Inés", storage: getStorage() });
      // Tomás rejects it while Lía still sees it pending.
      expect(
        (await moderate({ intent: "reject", id: photo.id, reason: "Duplicada." }, "", otherCookie)).status,
      ).toBe(303);
      const answer = await moderate({ intent: "approve", id: photo.id }, "?estado=pendiente");
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        tone: "error",
        title: "Error",
        message: texts.conflict("aprobar", "Rechazada"),
      });
      expect(answer.headers.getSetCookie().some((line) => line.startsWith("lifebox_toast="))).toBe(false);
      expect(await stored(photo.id)).toMatchObject({ status: "rejected", rejectionReason: "Duplicada." });
      // Rejecting it again does not overwrite Tomás's reason either.
      const again = await moderate({ intent: "reject", id: photo.id, reason: "Otra razón." });
      expect([again.status, again.body?.message]).toEqual([409, texts.conflict("rechazar", "Rechazada")]);
      expect((await stored(photo.id)).rejectionReason).toBe("Duplicada.");
      expect(filesOf(photo)).toEqual([false, false]);
    });

    it("keeps the files of a photo someone approved before the rejection came; withdrawing deletes them", async () => {
      const photo = await seedGalleryPhoto(db, { authorName: "Ignacio", storage: getStorage() });
      expect((await moderate({ intent: "approve", id: photo.id }, "", otherCookie)).status).toBe(303);
      const answer = await moderate({ intent: "reject", id: photo.id, reason: "Duplicada." });
      expect([answer.status, answer.body?.message]).toEqual([409, texts.conflict("rechazar", "Aprobada")]);
      expect(filesOf(photo)).toEqual([true, true]);
      const withdrawn = await moderate({ intent: "withdraw", id: photo.id, reason: "Duplicada." });
      expect(withdrawn.status).toBe(303);
      expect(filesOf(photo)).toEqual([false, false]);
    });

    it("refuses an unknown photo (404) and a malformed form or an overlong reason (400)", async () => {
      const gone = await moderate({ intent: "approve", id: "00000000-0000-4000-8000-000000000999" });
      expect([gone.status, gone.body?.message]).toEqual([404, texts.gone("aprobar")]);
      const photo = await seedGalleryPhoto(db, { authorName: "Juan" });
      for (const fields of <Fields[]>[
        { intent: "publish", id: photo.id },
        { intent: "approve" },
        { intent: "reject", id: photo.id, reason: "con\u0000nulo" },
      ]) {
        const answer = await moderate(fields);
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(answer.body?.title).toBe("Error");
      }
      const long = await moderate({ intent: "reject", id: photo.id, reason: "x".repeat(1001) });
      expect([long.status, long.body?.message]).toEqual([400, texts.reasonTooLong(1000)]);
      expect(await stored(photo.id)).toMatchObject({ status: "pending", rejectionReason: null });
    });

    it("says docs/product.md#spec-8's failure notice when the database fails the change (500), changing nothing", async () => {
      const photo = await seedGalleryPhoto(db, { authorName: "Karen" });
      if (dialect === "sqlite") {
        await sql`create trigger gallery_fails before update on gallery_photos
          begin select raise(abort, 'disk on fire'); end`.execute(db);
      } else {
        await sql`create function gallery_fails() returns trigger language plpgsql as
          $$ begin raise exception 'disk on fire'; end $$`.execute(db);
        await sql`create trigger gallery_fails before update on gallery_photos
          for each row execute function gallery_fails()`.execute(db);
      }
      try {
        const approve = await moderate({ intent: "approve", id: photo.id });
        expect([approve.status, approve.body]).toEqual([
          500,
          { tone: "error", title: "Error", message: "No se pudo aprobar la foto. Inténtalo de nuevo." },
        ]);
        const reject = await moderate({ intent: "reject", id: photo.id, reason: "x" });
        expect([reject.status, reject.body?.message]).toEqual([
          500,
          "No se pudo rechazar la foto. Inténtalo de nuevo.",
        ]);
      } finally {
        await sql`drop trigger gallery_fails ${dialect === "postgres" ? sql`on gallery_photos` : sql``}`.execute(
          db,
        );
        if (dialect === "postgres") await sql`drop function gallery_fails()`.execute(db);
      }
      expect(await stored(photo.id)).toMatchObject({ status: "pending", moderatedAt: null });
    });
  });

  describe("a photo's page", () => {
    const openPhoto = (id: string, query = "") =>
      settle(() => galleryPhoto.loader(args(get(`/admin/gallery/${id}${query}`, cookie), undefined, { id })));

    it("shows everything about the photo, the rejection reason and who moderated it", async () => {
      const photo = await seedGalleryPhoto(db, {
        authorName: "Lucas",
        comment: "Listos para la montaña.",
        storage: getStorage(),
      });
      expect((await openPhoto(photo.id)).body?.image).toMatchObject({
        url: `/uploads/${photo.displayKey}`,
        alt: "Foto de Lucas con su LifeBox Essential",
      });
      await moderate({ intent: "reject", id: photo.id, reason: "No se ve el kit." });
      const answer = await openPhoto(photo.id);
      expect(answer.status).toBe(200);
      const fields = Object.fromEntries(
        (answer.body?.fields as Array<{ label: string; value: string }>).map((field) => [
          field.label,
          field.value,
        ]),
      );
      expect(fields).toMatchObject({
        Cliente: "Lucas",
        "N.º de pedido": photo.orderNumber,
        Comentario: "Listos para la montaña.",
        Estado: "Rechazada",
        "Motivo del rechazo": "No se ve el kit.",
        "Moderada por": "Lía Admin",
        ID: photo.id,
      });
      // Its image was deleted with the rejection: no address to it (the page says so instead).
      expect(answer.body?.image).toBeNull();
      expect(JSON.stringify(answer.body)).not.toContain(photo.displayKey);
      expect(filesOf(photo)).toEqual([false, false]);
    });

    it("comes back to the list view it was opened from, and only to a gallery view", async () => {
      const { id } = photos.ana!;
      const backOf = async (volver: string) =>
        (await openPhoto(id, `?volver=${encodeURIComponent(volver)}`)).body?.back;
      expect(await backOf("/admin/gallery?estado=pendiente&sort=likes:asc&x=1")).toBe(
        "/admin/gallery?estado=pendiente&sort=likes&dir=asc",
      );
      for (const elsewhere of [
        "https://evil.example/admin/gallery",
        "//evil.example",
        "/admin/orders",
        "/admin/gallery/../users",
      ]) {
        expect(await backOf(elsewhere), elsewhere).toBe("/admin/gallery");
      }
      expect((await openPhoto(id)).body?.back).toBe("/admin/gallery");
    });

    it("is a 404 for an unknown photo", async () => {
      const answer = await openPhoto("00000000-0000-4000-8000-000000000999");
      expect(answer.status).toBe(404);
    });
  });

  it("counts the pending photos on the dashboard, with a link to their tab", async () => {
    const answer = await settle(() => dashboard.loader(args(get("/admin/dashboard", cookie))));
    const pending = await db
      .selectFrom("galleryPhotos")
      .select(db.fn.countAll<number | string>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    expect(answer.body?.gallery).toEqual({
      pending: String(pending.n),
      href: "/admin/gallery?estado=pendiente",
    });
    expect(Number(pending.n)).toBeGreaterThan(0);
  });
});
