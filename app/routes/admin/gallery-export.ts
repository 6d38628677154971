import { galleryList } from "~/models/admin-lists/gallery.server";
import { listCsvLoader } from "./list.server";

/** /admin/gallery/export.csv: the gallery's photos as CSV (./list.server.ts). */
export const loader = listCsvLoader(galleryList);
