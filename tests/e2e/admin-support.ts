import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { baseURL, dataDir } from "../../playwright.config";
import { expectNoViolations, withShopDatabase } from "./forms-support";

/**
 * What the back-office journeys share: a staff account made the way the shop's operator makes one
 * (`npm run admin:create` against the test server's database), and signing in through the page.
 */

export const adminTexts = {
  loginTitle: "Panel de administración LifeBox",
  submit: "Iniciar sesión",
  successToast: "Acceso exitoso",
  failureToast: "Error de autenticación",
  failureText: "Usuario o contraseña incorrectos",
  logout: "Cerrar sesión",
  role: "Administrador",
  collapse: "Contraer barra lateral",
  expand: "Expandir barra lateral",
} as const;

export const adminPassword = "Refugio#2026";

const createdAdmins = new Set<string>();

/**
 * Creates a staff account in the test server's database with the provisioning command, once per
 * worker: with fullyParallel, a worker may come back to a file after another one and run its
 * `beforeAll` again with the same module-level address.
 */
export function createAdmin(email: string, name: string, { shopDataDir = dataDir } = {}) {
  const key = `${shopDataDir}\n${email}`;
  if (createdAdmins.has(key)) return;
  const result = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, "../../scripts/admin-create.mjs"), "--email", email, "--name", name],
    {
      env: {
        ...process.env,
        DATA_DIR: shopDataDir,
        DATABASE_URL: "",
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: "warn",
      },
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr || result.stdout}`);
  createdAdmins.add(key);
}

/** Signs in through /admin/login and waits for the dashboard. */
export async function signInAsAdmin(
  page: Page,
  email: string,
  password = adminPassword,
  { shopURL = baseURL } = {},
) {
  await page.goto(`${shopURL}/admin/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: adminTexts.submit }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Resumen" })).toBeVisible();
}

/** Resolves once React has hydrated an admin page (its heading carries React's fiber key). */
export async function waitForAdminHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector("h1");
    return !!heading && Object.keys(heading).some((key) => key.startsWith("__reactFiber"));
  });
}

/** A section's link in the visible admin navigation (the sidebar on a desktop screen). */
export function adminNavLink(page: Page, name: string) {
  return page
    .getByRole("navigation", { name: "Panel de administración" })
    .getByRole("link", { name, exact: true })
    .filter({ visible: true });
}

/** axe on an admin page once no toast is on screen (a fading toast's colours are mid-transition). */
export async function expectAdminPageAccessible(page: Page, label: string) {
  // A toast may still be on its way (sonner loads with the first one, then mounts): let the page
  // settle before looking, or axe can catch it fading in.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await expectNoViolations(page, label);
}

/** What a seeded order may differ in; the rest is a plain order of an Industry Mini in Santiago. */
export interface SeededOrderData {
  /** The statuses the order went through, oldest first: its creation's, then each change's. */
  through?: readonly string[];
  customerName?: string;
  email?: string;
  address?: string;
  rut?: string | null;
  notes?: string | null;
  courier?: string | null;
  trackingNumber?: string | null;
  cancellationReason?: string | null;
  /** Outside the continent: shipped to Isla de Pascua, its shipping to quote (null) or quoted. */
  island?: { shippingCost: number | null };
}

/**
 * An order written straight into the test server's database, as the shop would have it: its row
 * and the status history that led to its status (the creation, then one change an hour later each,
 * made by the system, so none of them can be undone), so that its history and the customer's
 * timeline have their dates. Returns its id, number and customer.
 */
export function seedOrder({
  through = ["pendiente_pago"],
  customerName = "Josefa Quiroga Leiva",
  email = `pedido-${crypto.randomUUID()}@correo.example`,
  address = "Pasaje Los Aromos 2345, Ñuñoa",
  rut = null,
  notes = null,
  courier = null,
  trackingNumber = null,
  cancellationReason = null,
  island,
}: SeededOrderData = {}) {
  const id = crypto.randomUUID();
  const number = `LB-${crypto
    .randomBytes(3)
    .toString("hex")
    .toUpperCase()
    .replace(/[01IO]/g, "9")}`;
  const hour = 3_600_000;
  const start = Date.now() - through.length * hour;
  const at = (step: number) => new Date(start + step * hour).toISOString();
  withShopDatabase((db) =>
    db
      .transaction(() => {
        db.prepare(
          `insert into orders (id, number, lines_summary, kit_count, shipping_kind, subtotal, shipping_cost, total,
          status, customer_name, email, phone, region_cut, comuna_cut, address, rut, notes, terms_accepted_at,
          created_at, updated_at, courier, tracking_number, cancellation_reason)
         values (?, ?, 'LifeBox Industry Mini', 1, ?, 185990, ?, ?, ?, ?, ?,
          '+56 9 1234 5678', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          number,
          island ? "arranged" : "free",
          island ? island.shippingCost : 0,
          185990 + (island?.shippingCost ?? 0),
          through.at(-1),
          customerName,
          email,
          island ? "05" : "13",
          island ? "05201" : "13101",
          address,
          rut,
          notes,
          at(0),
          at(0),
          at(through.length - 1),
          courier,
          trackingNumber,
          cancellationReason,
        );
        db.prepare(
          `insert into order_lines (order_id, position, kit_id, kit_name, unit_price, quantity, line_total)
         values (?, 1, 'industry-mini', 'LifeBox Industry Mini', 185990, 1, 185990)`,
        ).run(id);
        const change = db.prepare(
          `insert into order_status_changes (id, order_id, from_status, to_status, changed_by, changed_at)
         values (?, ?, ?, ?, null, ?)`,
        );
        through.forEach((status, step) =>
          change.run(crypto.randomUUID(), id, step === 0 ? null : through[step - 1], status, at(step)),
        );
      })
      .immediate(),
  );
  return { id, number, customerName, email };
}

/** A real 8×8 PNG (as tests/support/gallery.ts uses): a gallery photo's image and thumbnail. */
const galleryPng = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/gallery-photo.png"));

export interface SeededGalleryPhoto {
  authorName?: string;
  status?: "pending" | "approved" | "rejected";
  comment?: string;
  likes?: number;
  rejectionReason?: string | null;
}

/**
 * A customer's gallery photo as the upload leaves it, written straight into the test server's data
 * folder: a seeded order, the image and its thumbnail under DATA_DIR/uploads (served at /uploads),
 * and the photo's row. Returns its id, keys and order.
 */
export function seedGalleryPhoto({
  authorName = "Valentina",
  status = "pending",
  comment = "Nuestro LifeBox listo en la camioneta.",
  likes = 0,
  rejectionReason = null,
}: SeededGalleryPhoto = {}) {
  const order = seedOrder({ customerName: `${authorName} Rojas` });
  const id = crypto.randomUUID();
  const displayKey = `galeria/${id}-display.png`;
  const thumbKey = `galeria/${id}-thumb.png`;
  const folder = path.join(dataDir, "uploads", "galeria");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", displayKey), galleryPng);
  fs.writeFileSync(path.join(dataDir, "uploads", thumbKey), galleryPng);
  const at = new Date().toISOString();
  withShopDatabase((db) =>
    db
      .prepare(
        `insert into gallery_photos (id, order_id, order_number, author_name, kit_id, kit_name, comment, status,
          rejection_reason, display_key, display_width, display_height, thumb_key, thumb_width, thumb_height,
          like_count, created_at, moderated_at)
         values (?, ?, ?, ?, 'industry-mini', 'LifeBox Industry Mini', ?, ?, ?, ?, 8, 8, ?, 8, 8, ?, ?, ?)`,
      )
      .run(
        id,
        order.id,
        order.number,
        authorName,
        comment,
        status,
        rejectionReason,
        displayKey,
        thumbKey,
        likes,
        at,
        status === "pending" ? null : at,
      ),
  );
  return { id, displayKey, thumbKey, authorName, comment, order };
}

/** A gallery photo's row in the test server's database. */
export function storedGalleryPhoto(id: string) {
  return withShopDatabase(
    (db) =>
      db
        .prepare(
          "select status, comment, rejection_reason, moderated_by, like_count from gallery_photos where id = ?",
        )
        .get(id) as
        | {
            status: string;
            comment: string;
            rejection_reason: string | null;
            moderated_by: string | null;
            like_count: number;
          }
        | undefined,
    { readonly: true },
  );
}
