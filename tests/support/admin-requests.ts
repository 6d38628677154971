import { afterAll, beforeAll, expect } from "vitest";
import * as login from "~/routes/admin/login";
import { setDatabase, type DbHandle } from "~/infra/db.server";

/**
 * Requests into the admin's route loaders and actions, as React Router would hand them over, and
 * their answers in one shape (tests of app/routes/admin/*). The tests run real loaders and actions
 * with real Better Auth sessions on a real migrated database.
 */

export type Fields = Record<string, string>;

let sequence = 0;
/** A fresh client IP per use, so one test's sign-in failures never count against another's. */
export const nextIp = () => `203.0.113.${(++sequence % 250) + 1}`;

export function get(path: string, cookie?: string): Request {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

export function post(path: string, fields: Fields, cookie?: string): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  });
}

/** What React Router hands a loader or action (the server adds the nonce and the IP). */
export function args<Args>(request: Request, clientIp = nextIp(), params: Record<string, string> = {}): Args {
  return { request, params, context: { cspNonce: "n", clientIp } } as unknown as Args;
}

export interface Answer {
  status: number;
  location: string | null;
  headers: Headers;
  body: Record<string, unknown> | undefined;
  /** The body of a plain Response (an export), as text. */
  text?: string;
}

/**
 * A loader's or action's answer in one shape, whether returned or thrown: a Response (redirect,
 * download), React Router's data() (`DataWithResponseInit`), or a plain object.
 */
export async function settle(run: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const redirect = result.status >= 300 && result.status < 400;
    return {
      status: result.status,
      location: result.headers.get("location"),
      headers: result.headers,
      body: undefined,
      ...(redirect ? {} : { text: await result.text() }),
    };
  }
  if (
    typeof result === "object" &&
    result !== null &&
    (result as { type?: unknown }).type === "DataWithResponseInit"
  ) {
    const { data, init } = result as { data: Answer["body"]; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, headers: new Headers(init?.headers), body: data };
  }
  if (result instanceof Error) throw result;
  return { status: 200, location: null, headers: new Headers(), body: result as Answer["body"] };
}

/** The Cookie header a browser would send after these Set-Cookie headers (expired ones dropped). */
export function cookieAfter(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split("=")[0]!, part] as const),
  );
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** Signs in through the sign-in page's action. */
export function signIn(
  email: string,
  password: string,
  { ip = nextIp(), redirectTo }: { ip?: string; redirectTo?: string } = {},
) {
  const fields: Fields = { email, password };
  if (redirectTo !== undefined) fields.redirectTo = redirectTo;
  return settle(() => login.action(args(post("/admin/login", fields), ip)));
}

/** Signs in and returns the browser's Cookie header. */
export async function signedInCookie(email: string, password: string): Promise<string> {
  const answer = await signIn(email, password);
  expect(answer.status).toBe(302);
  return cookieAfter(answer.headers);
}

/** Installs the test database as the process's database (getDb()) for the block's tests. */
export function useAsProcessDatabase(database: () => DbHandle) {
  const holder = globalThis as typeof globalThis & { __lifeboxDb?: DbHandle };
  let previous: DbHandle | undefined;
  beforeAll(() => {
    previous = holder.__lifeboxDb;
    setDatabase(database());
  });
  afterAll(() => {
    holder.__lifeboxDb = previous;
  });
}
