import { createCookie } from "react-router";

/**
 * The admin sidebar's remembered state (SPEC §2, §9): a cookie of 7 days that the server reads to
 * render the sidebar as it was left (no flash), written by the page's script when Ctrl/⌘+B or the
 * toggle is used, or by POST /admin/sidebar without JavaScript. Both go through this one
 * definition (React Router's `createCookie`): the script assigns the same Set-Cookie text to
 * `document.cookie`, so it is not httpOnly. It only holds a display preference, unsigned.
 */
export const sidebarCookieMaxAgeSeconds = 7 * 24 * 60 * 60;

export const sidebarCookie = createCookie("lifebox_admin_sidebar", {
  path: "/admin",
  maxAge: sidebarCookieMaxAgeSeconds,
  sameSite: "lax",
  httpOnly: false,
});

type SidebarState = "collapsed" | "expanded";

/** True when the Cookie header says the sidebar was collapsed. */
export async function sidebarCollapsedFrom(cookieHeader: string | null | undefined): Promise<boolean> {
  const state: unknown = await sidebarCookie.parse(cookieHeader ?? null);
  return state === "collapsed";
}

/** The cookie (Set-Cookie or document.cookie form) remembering the state; Secure on an https site. */
export function sidebarCookieHeader(collapsed: boolean, secure: boolean): Promise<string> {
  const state: SidebarState = collapsed ? "collapsed" : "expanded";
  return sidebarCookie.serialize(state, { secure });
}
