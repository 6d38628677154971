import { createCookie, type Cookie } from "react-router";
import { getEnv } from "~/infra/env.server";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A visitor's random id (crypto.randomUUID) in an httpOnly cookie called `name`, kept a year. Not
 * signed: it is a key only its holder knows, like a session id. Each use has a cookie of its own
 * (the chat's, the gallery's likes), so that one is never tied to the other.
 */
export function visitorIdCookie(name: string) {
  let cookie: Cookie | undefined;
  const visitorCookie = () =>
    (cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: getEnv().SITE_URL.startsWith("https:"),
      maxAge: 365 * 24 * 60 * 60,
    }));
  return {
    /** The visitor's id, if the request carries one of ours. */
    async read(request: Request): Promise<string | undefined> {
      const value: unknown = await visitorCookie().parse(request.headers.get("Cookie"));
      return typeof value === "string" && uuidPattern.test(value) ? value : undefined;
    },
    /** The Set-Cookie header that gives a new visitor their id. */
    serialize(visitorId: string): Promise<string> {
      return visitorCookie().serialize(visitorId);
    },
  };
}
