import { Link } from "react-router";

/** A published photo as its card shows it (made by the gallery's loaders, routes/site/gallery.server.ts). */
export interface GalleryCard {
  id: string;
  thumbUrl: string;
  thumbWidth: number;
  thumbHeight: number;
  displayUrl: string;
  /** "Foto de María con su LifeBox Nautical". */
  alt: string;
  authorName: string;
  kitName: string;
  /** The kit's page, when the kit is still sold. */
  kitHref: string | undefined;
  comment: string;
  /** The upload's day in Chile, written out ("24 de noviembre de 2026"), and as ISO for <time>. */
  date: string;
  dateTime: string;
  likeCount: number;
}

/**
 * One customer photo (docs/product.md#d16): the thumbnail, which opens the photo in full size, the first
 * name, the kit, the comment and the date; `children` ends it (the like button, or the count).
 */
export function GalleryPhotoCard({ photo, children }: { photo: GalleryCard; children?: React.ReactNode }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-white">
      <a
        href={photo.displayUrl}
        className="block bg-muted focus-visible:outline-3 focus-visible:outline-offset-2"
      >
        <img
          src={photo.thumbUrl}
          width={photo.thumbWidth}
          height={photo.thumbHeight}
          alt={photo.alt}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      </a>
      <div className="flex flex-1 flex-col p-5">
        <p className="font-semibold text-foreground">
          {photo.authorName}
          <span className="text-subtle-foreground"> · </span>
          {photo.kitHref ? (
            <Link to={photo.kitHref} className="text-primary underline">
              {photo.kitName}
            </Link>
          ) : (
            photo.kitName
          )}
        </p>
        <p className="mt-2 flex-1 text-sm wrap-anywhere whitespace-pre-line text-muted-foreground">
          {photo.comment}
        </p>
        <p className="mt-3 text-xs text-subtle-foreground">
          <time dateTime={photo.dateTime}>{photo.date}</time>
        </p>
        {children ? <div className="mt-4">{children}</div> : null}
      </div>
    </article>
  );
}
