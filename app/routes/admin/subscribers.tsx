import type { Route } from "./+types/subscribers";
import { AdminList } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/admin-page";
import { adminPageTitle, adminSubscribersTexts as texts } from "~/content/admin";
import { adminMeta } from "~/lib/admin";
import { subscribersScreen } from "~/models/admin-lists/subscribers.server";
import { listViewLoader } from "./list.server";

/** /admin/mails, "Suscriptores" (docs/product.md#spec-2): models/admin-lists/subscribers.server.ts's list. */
export const loader = listViewLoader(subscribersScreen);

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

/** The heading counts every subscriber, whatever the search ("Total de suscriptores: 1.234"). */
export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  return <AdminList view={loaderData.view} title={texts.title} list={texts} />;
}

export const ErrorBoundary = () => <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
