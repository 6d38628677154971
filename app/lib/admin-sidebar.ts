/**
 * The admin sidebar's remembered state (SPEC §2, §9): a cookie of 7 days that the server reads to
 * render the sidebar as it was left (no flash), written by the page's script when Ctrl/⌘+B or the
 * toggle is used, or by POST /admin/sidebar without JavaScript.
 */
export const sidebarCookieName = "lifebox_admin_sidebar";
export const sidebarCookieMaxAgeSeconds = 7 * 24 * 60 * 60;

/** True when the Cookie header says the sidebar was collapsed. */
export function sidebarCollapsedFrom(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === sidebarCookieName) return rest.join("=") === "collapsed";
  }
  return false;
}

/** The cookie (Set-Cookie or document.cookie form) remembering the state. */
export function sidebarCookie(collapsed: boolean, secure: boolean): string {
  return [
    `${sidebarCookieName}=${collapsed ? "collapsed" : "expanded"}`,
    "Path=/admin",
    `Max-Age=${sidebarCookieMaxAgeSeconds}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
