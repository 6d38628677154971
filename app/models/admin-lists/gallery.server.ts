import { sql } from "kysely";
import { adminGalleryTexts as texts } from "~/content/admin";
import { adminPaths, formatAdminDateTime } from "~/lib/admin";
import type { GalleryRowData } from "~/lib/admin-list-view";
import { dateColumn, defineList, listSearchParams, parseListState } from "~/models/admin-lists/engine.server";
import { defineListScreen } from "~/models/admin-lists/view.server";
import type { GallerySummary } from "~/models/gallery.server";
import type { GalleryPhotoStatus } from "~/infra/db-schema";
import { getEnv } from "~/infra/env.server";
import { getStorage } from "~/infra/storage.server";

/** The gallery's statuses as the tabs' URL says them (?estado=pendiente) and as stored. */
export const galleryTabs = { pendiente: "pending", aprobada: "approved", rechazada: "rejected" } as const;

/** A stored image's address for a spreadsheet: whole, with the site's address when it is ours. */
function imageAddress(key: string): string {
  const url = getStorage().publicUrl(key);
  return url.startsWith("/") ? `${getEnv().SITE_URL}${url}` : url;
}

/**
 * Galería de clientes (/admin/gallery, docs/product.md#spec-2; D16: every tab a real list): the photos with
 * their likes and status, newest first; Fecha and Likes sort, a new one starting with the highest. No
 * search index: a gallery holds thousands of photos, not millions, so the search checks each row
 * (decision 017 "For the next list"; docs/decisions/042-admin-gallery.md).
 */
export const galleryList = defineList({
  name: "galeria",
  table: "galleryPhotos",
  columns: [
    { key: "id", label: texts.columns.id, value: (row) => row.id },
    {
      key: "image",
      label: texts.columns.image,
      // A rejected photo's files are deleted (docs/decisions/052): no address that answers 404.
      value: (row) => (row.status === "rejected" ? texts.imageDeletedShort : imageAddress(row.displayKey)),
    },
    {
      key: "customer",
      label: texts.columns.customer,
      value: (row) => row.authorName,
      searches: ["authorName"],
    },
    {
      key: "orderNumber",
      label: texts.columns.orderNumber,
      value: (row) => row.orderNumber,
      searches: ["orderNumber"],
      inTable: false,
    },
    {
      key: "kit",
      label: texts.columns.kit,
      value: (row) => row.kitName,
      searches: ["kitName"],
      inTable: false,
    },
    { key: "comment", label: texts.columns.comment, value: (row) => row.comment, searches: ["comment"] },
    dateColumn(texts.columns.date),
    {
      key: "likes",
      label: texts.columns.likes,
      value: (row) => row.likeCount,
      sortBy: ["likeCount"],
      firstDirection: "desc",
    },
    { key: "status", label: texts.columns.status, value: (row) => texts.statuses[row.status] },
    {
      key: "rejectionReason",
      label: texts.columns.rejectionReason,
      value: (row) => row.rejectionReason,
      inTable: false,
    },
    {
      key: "moderatedAt",
      label: texts.columns.moderatedAt,
      value: (row) => (row.moderatedAt ? formatAdminDateTime(row.moderatedAt) : null),
      inTable: false,
    },
    // The moderation buttons: on screen only (the screen draws them).
    { key: "actions", label: texts.columns.actions, value: () => null, inCsv: false },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  filters: [
    {
      key: "estado",
      label: texts.tabsLabel,
      allLabel: texts.tabAll,
      options: (
        Object.entries(galleryTabs) as Array<[keyof typeof galleryTabs, keyof typeof texts.tabs]>
      ).map(([value, status]) => ({
        value,
        label: texts.tabs[status],
        where: (useIndex: boolean) => (useIndex ? sql`status = ${status}` : sql`+status = ${status}`),
      })),
      // Indexes (status, created_at, id) and (status, like_count, id) of migration 0009.
      indexedSorts: ["createdAt", "likes"],
    },
  ],
});

/** The photo's id as the list shows it: its first 8 characters (the photo's page shows it whole). */
export const shortPhotoId = (id: string) => id.slice(0, 8);

/**
 * The gallery's screen (routes/admin/gallery.tsx) on the one list mechanism
 * (docs/decisions/042-admin-gallery.md): its list definition with what only the screen adds — the
 * thumbnail's and the full image's addresses (none for a rejected photo: its files are deleted,
 * decision 052), the status, the sort selector (docs/decisions/042) and the status filter as tabs. Used by
 * the gallery's routes (its screen, a photo's page, the CSV download) and the dashboard.
 */
export const galleryScreen = defineListScreen({
  definition: galleryList,
  path: adminPaths.gallery,
  count: texts.count,
  display: { id: (row) => shortPhotoId(row.id) },
  numeric: ["likes"],
  short: ["id", "image", "createdAt", "status", "actions"],
  // The id links to the photo's page: everything about it, the rejection reason included.
  detailColumn: "id",
  rowData: (row): GalleryRowData => {
    const storage = getStorage();
    // A rejected photo's files were deleted (decision 052): no address to them.
    const deleted = row.status === "rejected";
    return {
      status: row.status,
      statusLabel: texts.statuses[row.status],
      author: row.authorName,
      kit: row.kitName,
      shortId: shortPhotoId(row.id),
      thumbUrl: deleted ? null : storage.publicUrl(row.thumbKey),
      thumbWidth: row.thumbWidth,
      thumbHeight: row.thumbHeight,
      imageUrl: deleted ? null : storage.publicUrl(row.displayKey),
    };
  },
  sortChoices: [
    { key: "createdAt", dir: "desc", label: texts.sortChoices.newest },
    { key: "createdAt", dir: "asc", label: texts.sortChoices.oldest },
    { key: "likes", dir: "desc", label: texts.sortChoices.mostLiked },
    { key: "likes", dir: "asc", label: texts.sortChoices.leastLiked },
  ],
  tabs: "estado",
});

/** The gallery list's canonical address for a query (unknown or invalid values dropped). */
export function galleryListHref(params: URLSearchParams): string {
  const query = listSearchParams(galleryList, parseListState(galleryList, params)).toString();
  return query ? `${adminPaths.gallery}?${query}` : adminPaths.gallery;
}

/**
 * Where a form about a photo comes back to: the gallery list view it was opened from (`volver`,
 * an address the page wrote), or the gallery. Never another page, let alone another site.
 */
export function galleryReturnHref(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return adminPaths.gallery;
  let url: URL;
  try {
    url = new URL(value, "http://lifebox.invalid");
  } catch {
    return adminPaths.gallery;
  }
  if (url.origin !== "http://lifebox.invalid" || url.pathname !== adminPaths.gallery)
    return adminPaths.gallery;
  return galleryListHref(url.searchParams);
}

/** The tab of one status (the dashboard links to the pending ones). */
export function galleryTabHref(status: GalleryPhotoStatus): string {
  const value = Object.entries(galleryTabs).find(([, stored]) => stored === status)![0];
  return galleryListHref(new URLSearchParams({ estado: value }));
}

/** Each tab's count ("" is Todas), from the summary the cards show: one query for both. */
export function galleryTabCounts(summary: GallerySummary): Record<string, number> {
  return {
    "": summary.total,
    ...Object.fromEntries(Object.entries(galleryTabs).map(([value, status]) => [value, summary[status]])),
  };
}
