/** The back office's own addresses (docs/product.md#spec-2 admin routes; issue 4). */
export const adminPaths = {
  root: "/admin",
  login: "/admin/login",
  logout: "/admin/logout",
  sidebar: "/admin/sidebar",
  dashboard: "/admin/dashboard",
  orders: "/admin/orders",
  quotes: "/admin/quotes",
  contacts: "/admin/contacts",
  subscribers: "/admin/mails",
  chatbot: "/admin/chatbot",
  gallery: "/admin/gallery",
  users: "/admin/users",
  privacy: "/admin/privacy",
  account: "/admin/account",
} as const;

/** Where a signed-in staff member lands by default. */
export const adminHome = adminPaths.dashboard;

const probeOrigin = "http://lifebox.invalid";

/**
 * A `redirectTo` value made safe: a path (and query) inside /admin on this site, never another
 * site (`//evil.example`, `https://…`, `/\evil`), never a path that leaves /admin once resolved
 * (`/admin/../`), and never the sign-in or sign-out page itself. Anything else gives `fallback`.
 */
export function safeAdminPath(value: unknown, fallback: string = adminHome): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  const { pathname } = url;
  if (pathname !== adminPaths.root && !pathname.startsWith(`${adminPaths.root}/`)) return fallback;
  if (pathname === adminPaths.login || pathname === adminPaths.logout) return fallback;
  return `${pathname}${url.search}`;
}

/** The sign-in page, coming back to `path` afterwards when it is a safe admin path. */
export function loginPathFor(path?: string): string {
  const target = path === undefined ? undefined : safeAdminPath(path, "");
  return target && target !== adminHome
    ? `${adminPaths.login}?redirectTo=${encodeURIComponent(target)}`
    : adminPaths.login;
}
