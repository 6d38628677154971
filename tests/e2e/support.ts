import type { Page } from "@playwright/test";

/**
 * What the end-to-end tests share: the public pages as a visitor knows them (written here as the
 * tests' own truth, not imported from the app) and a wait for hydration.
 */
export const kitIds = [
  "essential",
  "expedition",
  "nautical",
  "industry",
  "essential-mini",
  "expedition-mini",
  "nautical-mini",
  "industry-mini",
] as const;

/** Every public page a search engine should index. */
export const indexablePaths = [
  "/",
  "/productos",
  ...kitIds.map((id) => `/productos/kit-${id}`),
  "/como-funciona",
  "/proposito",
  "/faq",
  "/galeria",
  "/contacto",
  "/terminos",
  "/privacidad",
];

/** The quotation thank-you page (public, but noindex). */
export const thanksPath = "/gracias?producto=nautical&tipo=cotizacion";

/** The gallery's upload form (public, but noindex: for customers who ordered). */
export const galleryUploadPath = "/galeria/compartir";

/** Resolves once React has hydrated the document (hydrated nodes carry React's fiber key). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector("header a");
    return !!header && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
  });
}
