import { Check, ExternalLink, Images, Clock, Heart, ThumbsUp } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { adminGalleryTexts as texts } from "~/content/admin";
import type { GalleryRowData, GalleryStatus } from "~/lib/admin-list-view";
import { cn } from "~/lib/cn";

/**
 * The gallery screen's own pieces around the one admin list (docs/decisions/042-admin-gallery.md):
 * the four summary cards, and the cells the list draws for it — the thumbnail with its button to
 * the full image, the customer's initial and kit, the status badge and the moderation buttons.
 */

/**
 * docs/product.md#spec-2's cards: Total de fotos, Pendientes, Aprobadas, Total de me gusta (numbers already
 * formatted).
 */
export function GallerySummaryCards({
  summary,
}: {
  summary: { total: string; pending: string; approved: string; likes: string };
}) {
  const cards = [
    { label: texts.cards.total, value: summary.total, icon: Images },
    { label: texts.cards.pending, value: summary.pending, icon: Clock },
    { label: texts.cards.approved, value: summary.approved, icon: ThumbsUp },
    { label: texts.cards.likes, value: summary.likes, icon: Heart },
  ];
  return (
    <section aria-label={texts.summaryLabel} className="mt-6">
      <dl className="grid grid-cols-2 gap-3 @min-[48rem]:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <div key={label} className="rounded-xl border border-border bg-white p-4">
            <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
              {label}
              <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
            </dt>
            <dd className="mt-1 text-2xl font-bold text-foreground tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The thumbnail; hovering it (or focusing its link) shows the button that opens the full image in
 * a new tab (docs/decisions/042). The whole thumbnail is that link, named for screen readers. A rejected
 * photo has no image any more (its files were deleted): a short text in its place.
 */
export function GalleryThumbnail({ data }: { data: GalleryRowData }) {
  if (data.thumbUrl === null || data.imageUrl === null) {
    return (
      <span className="flex size-16 items-center justify-center rounded-md border border-dashed border-border bg-white px-0.5 text-center text-xs leading-tight whitespace-normal wrap-normal text-muted-foreground">
        {texts.imageDeletedShort}
      </span>
    );
  }
  return (
    <a
      href={data.imageUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="group/image relative block size-16 overflow-hidden rounded-md border border-border bg-stone-100 focus-visible:outline-3 focus-visible:outline-offset-2"
    >
      <img
        src={data.thumbUrl}
        width={data.thumbWidth}
        height={data.thumbHeight}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
      <span
        className={cn(
          "absolute inset-0 flex items-center justify-center bg-stone-950/60 text-white opacity-0 transition-opacity",
          "group-hover/image:opacity-100 group-focus-visible/image:opacity-100",
        )}
      >
        <ExternalLink aria-hidden="true" className="size-5" />
        <span className="sr-only">{texts.openImage(data.author)}</span>
      </span>
    </a>
  );
}

/** The customer: the first letter of their name as an avatar, the name, and the kit. */
export function GalleryCustomer({ data }: { data: GalleryRowData }) {
  const initial = [...data.author.trim()][0]?.toUpperCase() ?? "?";
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
      >
        {initial}
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-foreground group-focus-within/row:whitespace-normal">
          {data.author}
        </span>
        <span className="block truncate text-xs text-muted-foreground group-focus-within/row:whitespace-normal">
          {data.kit}
        </span>
      </span>
    </span>
  );
}

const badgeTones: Record<GalleryStatus, string> = {
  approved: "bg-success-muted text-success-strong",
  pending: "bg-amber-100 text-amber-900",
  rejected: "bg-destructive-muted text-destructive-strong",
};

/** Aprobada, Pendiente or Rechazada. */
export function GalleryStatusBadge({ status, label }: { status: GalleryStatus; label: string }) {
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold", badgeTones[status])}>
      {label}
    </span>
  );
}

/** Which dialog a link opens: rejecting a pending photo, or withdrawing an approved one. */
export type GalleryReasonKind = "reject" | "withdraw";

/**
 * A row's moderation: Aprobar (a form, posted to the list's own address) and Rechazar for a pending
 * photo, Retirar for an approved one, nothing for a rejected one (docs/product.md#spec-4). Rechazar and
 * Retirar are links to the photo's page, which holds the same form without JavaScript; with it, they open
 * the dialog (`onOpen`) instead.
 */
export function GalleryActions({
  id,
  data,
  action,
  reasonHref,
  onOpen,
}: {
  id: string;
  data: GalleryRowData;
  /** Where the forms post: this list view's address, which the action comes back to. */
  action: string;
  /** The photo's page with its moderation form. */
  reasonHref: string;
  onOpen: (kind: GalleryReasonKind, id: string, opener: HTMLElement) => void;
}) {
  const navigation = useNavigation();
  const approving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "approve" &&
    navigation.formData.get("id") === id;
  const target = <span className="sr-only">{texts.actionTarget(data.author, data.shortId)}</span>;
  const reasonLink = (kind: GalleryReasonKind, label: string) => (
    <Button asChild variant="outline" className="px-3 py-1.5">
      <a
        href={reasonHref}
        onClick={(event) => {
          // Modified clicks open the page in a new tab, as links do.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen(kind, id, event.currentTarget);
        }}
      >
        {label}
        {target}
      </a>
    </Button>
  );
  if (data.status === "pending") {
    return (
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" disabled={approving} className="px-3 py-1.5">
            <Check aria-hidden="true" className="size-4" />
            {approving ? texts.saving : texts.approve}
            {approving ? null : target}
          </Button>
        </Form>
        {reasonLink("reject", texts.reject)}
      </div>
    );
  }
  if (data.status === "approved") return reasonLink("withdraw", texts.withdraw);
  return (
    <span className="text-subtle-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{texts.noActions}</span>
    </span>
  );
}
