import { createCookie, type Cookie } from "react-router";
import { getEnv } from "~/infra/env.server";
import { purposeSecret } from "~/infra/secrets.server";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A visitor's random id (crypto.randomUUID) in an httpOnly cookie called `name`, kept a year. Each
 * use has a cookie of its own (the chat's, the gallery's likes), so that one is never tied to the
 * other.
 *
 * Unsigned by default: the id is a key only its holder knows, like a session id (the chat's).
 * With `signedFor`, the cookie is signed with a secret derived from AUTH_SECRET for that purpose
 * (HMAC-SHA256 of the purpose, as the toast cookie's): only ids this server issued are read, so a
 * made-up id is no visitor (the gallery's likes; docs/decisions/053). Changing AUTH_SECRET makes
 * every signed cookie a new visitor's.
 */
export function visitorIdCookie(name: string, { signedFor }: { signedFor?: string } = {}) {
  let cookie: Cookie | undefined;
  const visitorCookie = () =>
    (cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: getEnv().SITE_URL.startsWith("https:"),
      maxAge: 365 * 24 * 60 * 60,
      ...(signedFor ? { secrets: [purposeSecret(signedFor)] } : {}),
    }));
  return {
    /** The visitor's id, if the request carries one of ours (signed by us, when signed). */
    async read(request: Request): Promise<string | undefined> {
      // A signed cookie whose signature does not match parses as null (react-router's unsign).
      const value: unknown = await visitorCookie().parse(request.headers.get("Cookie"));
      return typeof value === "string" && uuidPattern.test(value) ? value : undefined;
    },
    /** The Set-Cookie header that gives a new visitor their id. */
    serialize(visitorId: string): Promise<string> {
      return visitorCookie().serialize(visitorId);
    },
  };
}
