import type { Route } from "./+types/quotes";
import { AdminList } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/admin-page";
import { adminPageTitle, adminQuotesTexts as texts } from "~/content/admin";
import { adminMeta } from "~/lib/admin";
import { quotesScreen } from "~/models/admin-lists/quotes.server";
import { listViewLoader } from "./list.server";

/** /admin/quotes, "Cotizaciones" (docs/product.md#d18): models/admin-lists/quotes.server.ts's list. */
export const loader = listViewLoader(quotesScreen);

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  return <AdminList view={loaderData.view} title={texts.title} list={texts} />;
}

export const ErrorBoundary = () => <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
