import { ImagePlus } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/gallery";
import { GalleryLikeButton } from "~/components/gallery-like-button";
import { GalleryPhotoCard } from "~/components/gallery-photo-card";
import { NotFoundBoundary } from "~/components/not-found-content";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { submissionMessages } from "~/content/forms";
import {
  galleryPagePath,
  galleryPhotoAnchor,
  galleryTexts as texts,
  galleryUploadPath,
} from "~/content/gallery";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { rootDataFromMatches } from "~/lib/root-data";
import { likedPhotoIds, likePhoto, listApprovedPhotos } from "~/models/gallery.server";
import { isUuid } from "~/models/orders.server";
import { getDb } from "~/infra/db.server";
import { requireFormData } from "~/infra/request-body.server";
import { galleryCard, galleryVisitorOf, newGalleryVisitorCookie } from "./gallery.server";

/**
 * /galeria, the customer gallery (docs/product.md#d16): the approved photos, newest first, 12 a page
 * (?pagina=2, …), each with its like button. A like is this route's action: one per visitor (a
 * signed cookie the page gives), as a form post without JavaScript (sent back to the photo) or a
 * fetcher with it, and a few per address (docs/decisions/053).
 */

const perPage = 12;

/** The page asked for: none is the first; anything but a whole number from 1 is no page. */
function pageNumber(value: string | null): number | undefined {
  if (value === null) return 1;
  return /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageNumber(new URL(request.url).searchParams.get("pagina"));
  if (page === undefined) throw data(null, { status: 404 });
  const db = getDb();
  const gallery = await listApprovedPhotos(db, { page, perPage });
  if (page > gallery.pageCount) throw data(null, { status: 404 });
  const visitorId = await galleryVisitorOf(request);
  const ids = gallery.photos.map((photo) => photo.id);
  const liked = visitorId ? await likedPhotoIds(db, visitorId, ids) : new Set<string>();
  // A visitor without the gallery's cookie gets one with the page, so that their first like counts.
  const headers = visitorId ? undefined : { "Set-Cookie": await newGalleryVisitorCookie() };
  return data(
    {
      page,
      pageCount: gallery.pageCount,
      photos: gallery.photos.map((photo) => ({ ...galleryCard(photo), liked: liked.has(photo.id) })),
    },
    { headers },
  );
}

const likeRefusals = { photo: texts.likeLimitPhoto, address: texts.likeLimitAddress } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireFormData(request);
  const photoId = form.get("photoId");
  if (form.get("intent") !== "like" || typeof photoId !== "string" || !isUuid(photoId)) {
    return data({ error: submissionMessages.malformed }, { status: 400 });
  }
  // Only a visitor the page gave a signed cookie counts; anyone else gets one, so a retry works.
  const visitorId = await galleryVisitorOf(request);
  if (!visitorId) {
    const headers = { "Set-Cookie": await newGalleryVisitorCookie() };
    return data({ error: texts.likeNeedsCookie }, { status: 403, headers });
  }
  const outcome = await likePhoto(getDb(), photoId, visitorId, { ip: context.clientIp });
  if (!outcome.found) return data({ error: texts.likeGone }, { status: 404 });
  if (outcome.refused) return data({ error: likeRefusals[outcome.refused] }, { status: 429 });
  // With JavaScript (a fetcher) the page reads its data again; without it, back to the photo.
  if (form.get("js") === "1") return data({ error: undefined });
  const page = pageNumber(new URL(request.url).searchParams.get("pagina")) ?? 1;
  return redirect(`${galleryPagePath(page)}#${galleryPhotoAnchor(photoId)}`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) {
    return pageMeta(matches, {
      title: "Página no encontrada | LifeBox",
      description: texts.metaDescription,
      path: "/galeria",
      noindex: true,
    });
  }
  const { page, pageCount } = loaderData;
  const { siteUrl } = rootDataFromMatches(matches);
  const neighbour = (rel: "prev" | "next", to: number) => ({
    tagName: "link",
    rel,
    href: absoluteUrl(siteUrl, galleryPagePath(to)),
  });
  return [
    ...pageMeta(matches, {
      title: page > 1 ? texts.metaTitlePage(page) : texts.metaTitle,
      description: texts.metaDescription,
      path: galleryPagePath(page),
    }),
    ...(page > 1 ? [neighbour("prev", page - 1)] : []),
    ...(page < pageCount ? [neighbour("next", page + 1)] : []),
  ];
};

export default function Gallery({ loaderData, actionData }: Route.ComponentProps) {
  const { photos, page, pageCount } = loaderData;
  const here = galleryPagePath(page);
  return (
    <>
      <PageHeader title={texts.title} intro={texts.intro} />
      <div className="page-column-7xl py-12">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-muted-foreground">{pageCount > 1 ? texts.pageOf(page, pageCount) : null}</p>
          <Button asChild>
            <Link to={galleryUploadPath}>
              <ImagePlus aria-hidden className="size-4" />
              {texts.shareLink}
            </Link>
          </Button>
        </div>
        {actionData?.error ? (
          <FormMessage tone="error" className="mt-6">
            {actionData.error}
          </FormMessage>
        ) : null}
        {photos.length === 0 ? (
          <p className="mt-10 text-lg text-muted-foreground">
            {texts.empty}{" "}
            <Link to={galleryUploadPath} className="font-semibold text-primary underline">
              {texts.shareLink}
            </Link>
          </p>
        ) : (
          <ul aria-label={texts.listLabel} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {photos.map((photo) => (
              <li key={photo.id} id={galleryPhotoAnchor(photo.id)} className="scroll-mt-24">
                <GalleryPhotoCard photo={photo}>
                  <GalleryLikeButton
                    photoId={photo.id}
                    authorName={photo.authorName}
                    liked={photo.liked}
                    likeCount={photo.likeCount}
                    action={here}
                  />
                </GalleryPhotoCard>
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <nav aria-label={texts.pagination} className="mt-10 flex items-center justify-between gap-4">
            {page > 1 ? (
              <Button asChild variant="outline">
                <Link to={galleryPagePath(page - 1)} rel="prev">
                  <span aria-hidden>←</span>
                  {texts.previous}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            {page < pageCount ? (
              <Button asChild variant="outline">
                <Link to={galleryPagePath(page + 1)} rel="next">
                  {texts.next}
                  <span aria-hidden>→</span>
                </Link>
              </Button>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}

export const ErrorBoundary = NotFoundBoundary;
