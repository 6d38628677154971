import type { Route } from "./+types/contacts";
import { AdminList } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/admin-page";
import { adminContactsTexts as texts, adminPageTitle } from "~/content/admin";
import { adminMeta } from "~/lib/admin";
import { contactsScreen } from "~/models/admin-lists/contacts.server";
import { listViewLoader } from "./list.server";

/** /admin/contacts, "Contactos" (docs/product.md#spec-2): models/admin-lists/contacts.server.ts's list. */
export const loader = listViewLoader(contactsScreen);

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  return <AdminList view={loaderData.view} title={texts.title} list={texts} />;
}

export const ErrorBoundary = () => <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
