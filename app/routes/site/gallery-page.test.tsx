import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { galleryTexts } from "~/content/gallery";
import Gallery from "./gallery";

/** The gallery page's markup as the server sends it: what a browser without JavaScript gets. */

type LoaderData = Parameters<typeof Gallery>[0]["loaderData"];

function render(loaderData: LoaderData, path = "/galeria"): string {
  const Stub = createRoutesStub([{ id: "gallery", path: "/galeria", Component: Gallery as never }]);
  return renderToString(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { gallery: loaderData } }} />,
  );
}

function photo(
  id: string,
  overrides: Partial<LoaderData["photos"][number]> = {},
): LoaderData["photos"][number] {
  return {
    id,
    thumbUrl: `/uploads/galeria/${id}-thumb.webp`,
    thumbWidth: 480,
    thumbHeight: 360,
    displayUrl: `/uploads/galeria/${id}-display.webp`,
    alt: "Foto de María con su LifeBox Nautical",
    authorName: "María",
    kitName: "LifeBox Nautical",
    kitHref: "/productos/kit-nautical",
    comment: "En el velero, siempre.",
    date: "24 de noviembre de 2026",
    dateTime: "2026-11-24T15:00:00.000Z",
    likeCount: 4,
    liked: false,
    ...overrides,
  };
}

describe("the gallery page", () => {
  it("says so when there are no photos yet, and links to sharing one", () => {
    const html = render({ page: 1, pageCount: 1, photos: [] });
    expect(html).toContain(galleryTexts.empty);
    expect(html.match(/href="\/galeria\/compartir"/g)?.length).toBe(2);
    expect(html).not.toContain("Páginas de la galería");
  });

  it("shows each photo with its size, alt text, kit, comment and date, and a like form that works without JavaScript", () => {
    const id = "3f2c9a1e-0000-4000-8000-000000000001";
    const html = render(
      {
        page: 2,
        pageCount: 3,
        photos: [photo(id), photo("liked-one", { liked: true, authorName: "Pedro" })],
      },
      "/galeria?pagina=2",
    );
    expect(html).toContain(
      `<img src="/uploads/galeria/${id}-thumb.webp" width="480" height="360" alt="Foto de María con su LifeBox Nautical"`,
    );
    expect(html).toContain(`<a href="/uploads/galeria/${id}-display.webp"`);
    expect(html).toContain('href="/productos/kit-nautical"');
    expect(html).toContain("En el velero, siempre.");
    expect(html).toContain('<time dateTime="2026-11-24T15:00:00.000Z">24 de noviembre de 2026</time>');
    // The like: a plain post to this page, answered with a redirect back to the photo (no "js").
    expect(html).toContain(`id="foto-${id}"`);
    expect(html).toMatch(/<form [^>]*action="\/galeria\?pagina=2" method="post">/);
    expect(html).toContain(`<input type="hidden" name="photoId" value="${id}"/>`);
    expect(html).not.toContain('name="js"');
    expect(html).toContain('aria-label="Me gusta la foto de María"');
    expect(html).toContain("4 me gusta");
    // A photo this visitor liked says so.
    expect(html).toMatch(/aria-disabled="true" aria-label="Te gusta la foto de Pedro"/);
    // Pages before and after, with their rel.
    expect(html).toMatch(/<a[^>]*href="\/galeria"[^>]*rel="prev"|<a[^>]*rel="prev"[^>]*href="\/galeria"/);
    expect(html).toMatch(
      /<a[^>]*href="\/galeria\?pagina=3"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/galeria\?pagina=3"/,
    );
    expect(html).toContain("Página 2 de 3");
  });
});
