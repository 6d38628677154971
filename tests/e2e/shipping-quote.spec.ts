import path from "node:path";
import { expect, test } from "@playwright/test";
import { paymentsBaseURL, paymentsDataDir } from "../../playwright.config";
import { createAdmin, signInAsAdmin } from "./admin-support";
import {
  expectNoViolations,
  fillPurchaseForm,
  kits,
  purchaseData,
  purchaseFields,
  submitTimeout,
  waitForMail,
  orderLinesTotal,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: an order to Isla de Pascua is known in full before it is paid (issue 23; D25). The customer
 * orders, is told the shipping cost will come within 24 working hours and is not sent to pay; staff
 * set the cost on the order's page; the customer gets it by e-mail, sees the new total on the order
 * page, and pays it through Webpay (the stand-in). The shop is the one paid through Webpay
 * (playwright.config.ts).
 */

test.use({ baseURL: paymentsBaseURL });
test.describe.configure({ timeout: 90_000 });

const staff = { email: "envios@lifebox.test", name: "Equipo Envíos" };
const outbox = path.join(paymentsDataDir, "outbox");

test("an Isla de Pascua order waits for its shipping quote, then is paid in full", async ({
  page,
  browser,
}) => {
  const kit = kits.essential;
  const data = purchaseData("isla-cotizacion", {
    region: "05",
    comuna: "05201",
    address: "Atamu Tekena 321, Hanga Roa",
  });
  await page.goto(`/comprar/${kit.id}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await fillPurchaseForm(main, data);
  await purchaseFields(main).submit.click();
  // Stored, and not sent to pay: the order page says what comes next, in the customer's words.
  await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: submitTimeout });
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByRole("status")).toContainText(
    "Te lo enviaremos por correo dentro de 24 horas hábiles, con el total y el enlace para pagar.",
  );
  await expect(
    page.getByText(/Te enviaremos el costo de envío a Isla de Pascua dentro de 24 horas hábiles/),
  ).toBeVisible();
  await expect(orderLinesTotal(page, "Envío")).toHaveText("Por cotizar: te enviaremos el costo por correo");
  await expect(page.getByRole("button", { name: /Pagar con|Reintentar/ })).toHaveCount(0);
  await expectNoViolations(page, "order waiting for its shipping quote");

  // Staff set the cost on the order's page.
  createAdmin(staff.email, staff.name, { shopDataDir: paymentsDataDir });
  const staffContext = await browser.newContext({ baseURL: paymentsBaseURL, locale: "es-CL" });
  const staffPage = await staffContext.newPage();
  await signInAsAdmin(staffPage, staff.email, undefined, { shopURL: paymentsBaseURL });
  await staffPage.goto(`/admin/orders/${orderPath.split("/").pop()}`);
  const quote = staffPage.getByRole("region", { name: "Costo de envío" });
  await expect(quote).toContainText("Isla de Pascua");
  await quote.getByLabel("Costo de envío (pesos)").fill("abc");
  await quote.getByRole("button", { name: "Guardar el costo y avisar al cliente" }).click();
  await expect(quote.getByText("Escribe el costo de envío en pesos, sin decimales")).toBeVisible();
  await quote.getByLabel("Costo de envío (pesos)").fill("45.000");
  await quote.getByRole("button", { name: "Guardar el costo y avisar al cliente" }).click();
  await expect(staffPage.getByText(/Guardamos el envío de \$45\.000/).first()).toBeVisible();
  await staffContext.close();

  // The customer is told, and the order page shows the new total and the payment button.
  const mail = await waitForMail(
    (message) => message.to.includes(data.email) && message.subject.startsWith("Costo de envío de tu pedido"),
    10_000,
    outbox,
  );
  const total = `$${(kit.price + 45_000).toLocaleString("es-CL")}`;
  expect(mail.subject).toContain(`total ${total}`);
  expect(mail.text).toContain(orderPath);
  await page.goto(orderPath);
  await expect(orderLinesTotal(page, "Envío")).toHaveText("$45.000");
  await expect(orderLinesTotal(page, "Total")).toHaveText(total);
  await page.getByRole("button", { name: "Pagar con Webpay" }).click();
  await expect(page).toHaveURL(/\/webpayserver\/initTransaction/, { timeout: submitTimeout });
  await expect(page.getByText(total).first()).toBeVisible();
  await page.getByRole("button", { name: "Aprobar" }).click();
  await page.waitForURL(/\/pedido\/[0-9a-f-]{36}\?pago=aprobado$/, { timeout: submitTimeout });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Pago recibido!");
});
