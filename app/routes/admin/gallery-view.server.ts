import type { Selectable } from "kysely";
import { adminGalleryTexts as texts } from "~/content/admin";
import { adminPaths } from "~/lib/admin-paths";
import { galleryList, galleryTabs } from "~/models/admin-lists/definitions.server";
import { listSearchParams, parseListState } from "~/models/admin-lists/engine.server";
import type { GallerySummary } from "~/models/gallery.server";
import type { GalleryRowData } from "~/components/admin/gallery-cells";
import type { GalleryPhotosTable, GalleryPhotoStatus } from "~/infra/db-schema";
import { getStorage } from "~/infra/storage.server";
import type { AdminListViewConfig } from "./list-view.server";

/**
 * The gallery screen on the one list mechanism (docs/decisions/042-admin-gallery.md): its list
 * definition (models/admin-lists/definitions.server.ts) with what only the screen adds — the
 * thumbnail's and the full image's addresses (none for a rejected photo: its files are deleted,
 * decision 052), the status, the sort selector (docs/decisions/042) and the status filter as tabs. Used by
 * ./gallery.tsx, ./gallery-photo.tsx, the dashboard and, through ./list-view.server.ts, the CSV
 * download.
 */

type PhotoRow = Selectable<GalleryPhotosTable>;

/** The photo's id as the list shows it: its first 8 characters (the photo's page shows it whole). */
export const shortPhotoId = (id: string) => id.slice(0, 8);

export const galleryListView: AdminListViewConfig<PhotoRow, GalleryRowData> = {
  definition: galleryList,
  path: adminPaths.gallery,
  count: texts.count,
  display: { id: (row) => shortPhotoId(row.id) },
  numeric: ["likes"],
  short: ["id", "image", "createdAt", "status", "actions"],
  // The id links to the photo's page: everything about it, the rejection reason included.
  detailColumn: "id",
  rowData: (row) => {
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
};

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
