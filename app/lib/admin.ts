import { createCookie, type MetaDescriptor } from "react-router";

/** The back office's addresses, times, page meta and sidebar cookie: for routes, components, services. */

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

/** How the back office writes times: Chilean day and hour (America/Santiago), e.g. "22-11-2026 09:41". */
const dateTime = new Intl.DateTimeFormat("es-CL", {
  timeZone: "America/Santiago",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  // h23, not hour12: false, which writes midnight as "24:17" in es-CL.
  hourCycle: "h23",
});

/** An ISO time as staff read it, formatted in loaders so hydration never sees another zone's text. */
export function formatAdminDateTime(iso: string): string {
  const parts = Object.fromEntries(
    dateTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

const timeWithSeconds = new Intl.DateTimeFormat("es-CL", {
  timeZone: "America/Santiago",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A time of day to the second, e.g. "09:41:07" (Chile's time): for deadlines within a minute. */
export function formatAdminTime(iso: string): string {
  return timeWithSeconds.format(new Date(iso));
}

/** Title and description of an admin page, kept out of search engines (noindex, nofollow). */
export function adminMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/**
 * The admin sidebar's state for 7 days (docs/product.md#spec-2, #spec-9), read by the server to render the
 * sidebar as it was left. Written by the page's script (Ctrl/⌘+B, the toggle), which assigns this same
 * Set-Cookie text to `document.cookie` (so not httpOnly), or by POST /admin/sidebar without JavaScript. It
 * only holds a display preference, unsigned.
 */
export const sidebarCookie = createCookie("lifebox_admin_sidebar", {
  path: "/admin",
  maxAge: 7 * 24 * 60 * 60,
  sameSite: "lax",
  httpOnly: false,
});

/** True when the Cookie header says the sidebar was collapsed. */
export async function sidebarCollapsedFrom(cookieHeader: string | null | undefined): Promise<boolean> {
  const state: unknown = await sidebarCookie.parse(cookieHeader ?? null);
  return state === "collapsed";
}

/** The cookie (Set-Cookie or document.cookie form) remembering the state; Secure on an https site. */
export function sidebarCookieHeader(collapsed: boolean, secure: boolean): Promise<string> {
  return sidebarCookie.serialize(collapsed ? "collapsed" : "expanded", { secure });
}
