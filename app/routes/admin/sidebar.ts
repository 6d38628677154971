import { redirect } from "react-router";
import type { Route } from "./+types/sidebar";
import { adminHome, safeAdminPath, sidebarCookieHeader } from "~/lib/admin";
import { requireAdmin } from "~/services/auth.server";
import { getEnv } from "~/infra/env.server";
import { requireFormData } from "~/infra/request-body.server";

/** POST /admin/sidebar: the sidebar toggle without JavaScript; goes back to the page it came from. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await requireFormData(request);
  const headers = new Headers(admin.headers);
  headers.append(
    "Set-Cookie",
    await sidebarCookieHeader(formData.get("collapsed") === "true", getEnv().SITE_URL.startsWith("https:")),
  );
  return redirect(safeAdminPath(formData.get("redirectTo")), { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(adminHome);
}

/** Never rendered: it makes this a UI route, whose POSTs React Router checks for origin (see ./logout.ts). */
export default function SidebarToggle() {
  return null;
}
