import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { adminPassword, createAdmin, signInAsAdmin, waitForAdminHydration } from "./admin-support";
import { uniqueEmail } from "./forms-support";

/**
 * Goal: an admin adds another admin and disables them again, with and without JavaScript, and a
 * reload of the page afterwards never does it twice (post/redirect/get, issue 11).
 */

const adminEmail = uniqueEmail("admin-cuentas");
test.beforeAll(() => {
  createAdmin(adminEmail, "Berta Cuentas");
});

async function fillNewAdmin(page: Page, name: string, email: string) {
  const form = page.locator("form", { has: page.getByRole("button", { name: "Agregar administrador" }) });
  await form.getByLabel("Nombre", { exact: true }).fill(name);
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill("Clave#Segura1");
  await form.getByLabel("Repite la contraseña").fill("Clave#Segura1");
  await form.getByRole("button", { name: "Agregar administrador" }).click();
  return form;
}

test("with JavaScript: adding an admin shows the message once, empties the form, and lists them", async ({
  page,
}) => {
  await signInAsAdmin(page, adminEmail);
  await page.goto("/admin/users");
  await waitForAdminHydration(page);
  const email = uniqueEmail("nuevo-js");
  const form = await fillNewAdmin(page, "Nico Nuevo", email);
  const done = "Nico Nuevo fue agregado como administrador.";
  await expect(page.getByRole("main").getByText(done)).toBeVisible();
  // Said once, in the page: no toast repeats it (docs/decisions/072).
  await expect(page.getByText(done)).toHaveCount(1);
  await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(1);
  await expect(form.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(form.getByLabel("Contraseña", { exact: true })).toHaveValue("");

  // Disabled and enabled again from the list.
  await page.getByRole("button", { name: "Desactivar a Nico Nuevo" }).click();
  await expect(
    page.getByRole("main").getByText("Nico Nuevo ya no puede iniciar sesión y sus sesiones se cerraron."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Reactivar a Nico Nuevo" }).click();
  await expect(page.getByRole("main").getByText("Nico Nuevo puede volver a iniciar sesión.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adding an admin lands on the list with the message; a reload sends nothing again", async ({
    page,
  }) => {
    await page.goto(`${baseURL}/admin/login`);
    await page.getByLabel("Email", { exact: true }).fill(adminEmail);
    await page.getByLabel("Contraseña", { exact: true }).fill(adminPassword);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);

    await page.goto("/admin/users");
    const email = uniqueEmail("nuevo-sin-js");
    const posted = page.waitForResponse((response) => response.request().method() === "POST");
    await fillNewAdmin(page, "Sara Sinjs", email);
    // The post answers with a redirect, and the page shown is a plain GET of the list.
    expect((await posted).status()).toBe(303);
    await page.waitForURL(/\/admin\/users$/);
    await expect(
      page.getByRole("main").getByText("Sara Sinjs fue agregado como administrador."),
    ).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(1);

    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.method()));
    await page.reload();
    expect(requests).not.toContain("POST");
    await expect(page.getByText("Ya existe un administrador con ese email.")).toHaveCount(0);
    await expect(page.getByText("Sara Sinjs fue agregado como administrador.")).toHaveCount(0);
    await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(1);
  });
});
