import { createCookie, redirect, type Cookie } from "react-router";
import { z } from "zod";
import { getEnv } from "~/infra/env.server";
import { purposeSecret } from "~/infra/secrets.server";

// Toasts that survive a redirect (post/redirect/get) in a signed cookie: nobody can make the site
// show a text of theirs. The root loader takes it (app/root.tsx).

const toastSchema = z.object({
  kind: z.enum(["success", "error"]),
  title: z.string(),
  description: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;

let cookie: Cookie | undefined;

function toastCookie(): Cookie {
  cookie ??= createCookie("lifebox_toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().SITE_URL.startsWith("https:"),
    maxAge: 60,
    // The staff cookies' secret, derived for this use.
    secrets: [purposeSecret("lifebox-toast")],
  });
  return cookie;
}

/** The Set-Cookie header that hands `toast` to the next page. */
export async function toastCookieHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast);
}

/** A 303 redirect to `url` whose page shows `toast`; `headers` are added (e.g. session cookies). */
export async function redirectWithToast(url: string, toast: Toast, headers?: HeadersInit): Promise<Response> {
  const all = new Headers(headers);
  all.append("Set-Cookie", await toastCookieHeader(toast));
  return redirect(url, { status: 303, headers: all });
}

/**
 * The toast the request carries, if any, with the Set-Cookie header that clears it (to send with
 * the answer). A forged or malformed cookie counts as none.
 */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers?: Headers }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("lifebox_toast=")) return { toast: null };
  const value: unknown = await toastCookie()
    .parse(header)
    .catch(() => null);
  const headers = new Headers({ "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) });
  return { toast: toastSchema.safeParse(value).data ?? null, headers };
}
