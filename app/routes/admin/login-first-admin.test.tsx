import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { adminLoginTexts } from "~/content/admin";
import { createAdminAccount } from "~/services/auth.server";
import AdminLogin, * as login from "./login";
import { args, get, settle, useAsProcessDatabase } from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";

/**
 * /admin/login before the first staff account exists (docs/decisions/074): the page tells the owner
 * the command that makes one, and stops saying it once an account exists.
 */
const testEnv = vi.hoisted(async () =>
  (await import("../../../tests/support/admin-env")).stubAdminTestEnv("first-admin"),
);

afterAll(async () => removeAdminTestEnv(await testEnv));

type LoaderData = Parameters<typeof AdminLogin>[0]["loaderData"];

/** The page's markup as the server sends it. */
function render(loaderData: LoaderData): string {
  const Stub = createRoutesStub([{ id: "login", path: "/admin/login", Component: AdminLogin as never }]);
  return renderToString(
    <Stub initialEntries={["/admin/login"]} hydrationData={{ loaderData: { login: loaderData } }} />,
  );
}

describe.each(dialectsUnderTest)("the first admin account on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);

  it("is explained on /admin/login until it exists", async () => {
    const before = await settle(() => login.loader(args(get("/admin/login"))));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ redirectTo: "/admin/dashboard", noAdminYet: true });
    const page = render(before.body as LoaderData);
    expect(page).toContain(adminLoginTexts.noAdminTitle);
    expect(page).toContain("npm run admin:create -- --email");

    await createAdminAccount(
      { name: "Primera Admin", email: "primera@lifebox.test", password: "Refugio#2026" },
      database().db,
    );
    const after = await settle(() => login.loader(args(get("/admin/login"))));
    expect(after.body).toEqual({ redirectTo: "/admin/dashboard", noAdminYet: false });
    const signInOnly = render(after.body as LoaderData);
    expect(signInOnly).not.toContain(adminLoginTexts.noAdminTitle);
    expect(signInOnly).not.toContain("admin:create");
  });
});
