import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { adminHome } from "~/lib/admin";
import { requireAdmin } from "~/services/auth.server";

/** /admin: the dashboard for staff, the sign-in page for everyone else. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return redirect(adminHome, { headers: admin.headers });
}
