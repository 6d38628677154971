import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { adminHome, adminPaths } from "~/lib/admin";
import { signOutAdmin } from "~/services/auth.server";

/**
 * POST /admin/logout ("Cerrar sesión", docs/product.md#spec-2, #spec-4): ends the session, expires the cookie
 * and returns to /admin/login — always, even when something fails on the way (logged as 'Error al cerrar
 * sesión:').
 */
export async function action({ request }: Route.ActionArgs) {
  const headers = await signOutAdmin(request);
  headers.set("Cache-Control", "no-store");
  return redirect(adminPaths.login, { headers });
}

/** Opening the address (a link, a prefetch) never signs anyone out: only the form's POST does. */
export function loader() {
  return redirect(adminHome);
}

/**
 * Never rendered: it makes this a UI route, so React Router refuses a POST from another site (its
 * Origin check covers UI routes' actions only; admin-auth.test.ts checks every action has one).
 */
export default function Logout() {
  return null;
}
