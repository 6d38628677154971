/**
 * A one-time message carried across a redirect inside /admin (e.g. "Acceso exitoso" after signing
 * in): a short-lived cookie the next admin page reads and clears. Only known message names are
 * honoured, so the cookie cannot inject text.
 */
export const adminFlashCookieName = "lifebox_admin_flash";

export const adminFlashMessages = ["welcome"] as const;
export type AdminFlash = (typeof adminFlashMessages)[number];

const attributes = (secure: boolean) =>
  ["Path=/admin", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");

export function adminFlashCookie(message: AdminFlash, secure: boolean): string {
  return `${adminFlashCookieName}=${message}; Max-Age=60; ${attributes(secure)}`;
}

export function clearAdminFlashCookie(secure: boolean): string {
  return `${adminFlashCookieName}=; Max-Age=0; ${attributes(secure)}`;
}

/** The flash the Cookie header carries, if it is one of ours. */
export function adminFlashFrom(cookieHeader: string | null | undefined): AdminFlash | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === adminFlashCookieName) {
      return adminFlashMessages.find((message) => message === value);
    }
  }
  return undefined;
}
