import { data, isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import adminStylesheet from "~/admin.css?url";
import { AdminShell } from "~/components/admin/admin-shell";
import { adminPageTitle, adminShellTexts } from "~/content/admin";
import { adminHome, sidebarCollapsedFrom } from "~/lib/admin";
import { requireAdmin } from "~/services/auth.server";
import { getEnv } from "~/infra/env.server";

/**
 * The frame of every signed-in admin page (docs/product.md#spec-2 "Admin layout"). Each page's own loader and
 * action checks the session again (docs/product.md#d11): a layout's check does not guard a child's data
 * request.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return data(
    {
      user: { name: admin.user.name, email: admin.user.email },
      sidebarCollapsed: await sidebarCollapsedFrom(request.headers.get("cookie")),
      secureCookies: getEnv().SITE_URL.startsWith("https:"),
    },
    { headers: admin.headers },
  );
}

/** The back office's own stylesheet (docs/decisions/043): the inlined site one lacks its classes. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

/** Nothing of the back office is cached, by the browser or anyone in between. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, sidebarCollapsed, secureCookies } = loaderData;
  return (
    <AdminShell user={user} sidebarCollapsed={sidebarCollapsed} secureCookies={secureCookies}>
      <Outlet />
    </AdminShell>
  );
}

/** An admin page that failed: said in Spanish, inside the page area (the shell needs the loader). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{adminPageTitle(adminShellTexts.errorTitle)}</title>
      <h1 className="text-2xl font-bold">{adminShellTexts.errorTitle}</h1>
      <p className="mt-4 text-muted-foreground">{adminShellTexts.errorText}</p>
      <a className="mt-8 inline-block font-semibold text-primary underline" href={adminHome}>
        {adminShellTexts.notFoundLink}
      </a>
    </main>
  );
}
