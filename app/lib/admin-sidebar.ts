import { createCookie } from "react-router";

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
