import { Heart } from "lucide-react";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { galleryTexts as texts } from "~/content/gallery";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A photo's like button and count (docs/product.md#d16): one like per visitor, kept by the server. With
 * JavaScript a fetcher posts it (the page stays where it is; the count goes up at once and the
 * page's data is read again); without it the same form posts and the server sends the visitor back
 * to the photo. A photo already liked shows it and sends nothing. A like the server did not count
 * (no cookie, too many from the connection) shows its message under the button; without
 * JavaScript the page shows it at its top.
 */
export function GalleryLikeButton({
  photoId,
  authorName,
  liked,
  likeCount,
  action,
}: {
  photoId: string;
  authorName: string;
  /** The visitor liked it before (from the database). */
  liked: boolean;
  likeCount: number;
  /** The gallery page it posts to (its like is answered there). */
  action: string;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const hydrated = useHydrated();
  const sending = fetcher.state !== "idle";
  const shownLiked = liked || sending;
  const count = likeCount + (sending && !liked ? 1 : 0);
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="flex flex-wrap items-center gap-3"
      onSubmit={(event) => {
        if (shownLiked) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="like" />
      <input type="hidden" name="photoId" value={photoId} />
      {/* Asks for a reply instead of the redirect a post without JavaScript gets. */}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-disabled={shownLiked || undefined}
        aria-label={shownLiked ? texts.likedState(authorName) : texts.likeAction(authorName)}
        className={cn(
          "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2",
          shownLiked
            ? "cursor-default border-primary bg-primary/10 text-primary-strong"
            : "border-input bg-white text-foreground hover:bg-muted",
        )}
      >
        <Heart aria-hidden className={cn("size-4", shownLiked && "fill-current")} />
        {shownLiked ? texts.likedLabel : texts.likeLabel}
      </button>
      <span aria-live="polite" className="text-sm text-muted-foreground">
        {texts.likeCount(count)}
      </span>
      {fetcher.state === "idle" && fetcher.data?.error ? (
        <FormMessage tone="error" className="basis-full">
          {fetcher.data.error}
        </FormMessage>
      ) : null}
    </fetcher.Form>
  );
}
