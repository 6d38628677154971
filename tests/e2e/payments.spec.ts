import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { paymentsBaseURL, paymentsDataDir } from "../../playwright.config";
import {
  expectNoViolations,
  fillPurchaseForm,
  kits,
  purchaseData,
  purchaseFields,
  purchaseTexts,
  readOutbox,
  submitTimeout,
  waitForMail,
  paymentsShopRows,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: a customer pays an order in the same tab through Webpay Plus (issue 22), against the
 * local stand-in that speaks Transbank's API and shows its own payment page (buttons Aprobar,
 * Rechazar, Anular, Dejar expirar). The order is paid only when Webpay tells the shop's server;
 * rejected, aborted and expired payments leave it waiting, say so, and offer another try.
 * The shop under test is the second server of playwright.config.ts (PAYMENT_PROVIDER=webpay).
 */

test.use({ baseURL: paymentsBaseURL });
test.describe.configure({ timeout: 60_000 });

const texts = {
  testNotice: "Ambiente de pruebas: no se realizará ningún cobro",
  retry: "Reintentar el pago",
  rejected: /El pago fue rechazado por el banco/,
  aborted: /Anulaste el pago/,
  timedOut: /El tiempo para pagar se agotó/,
  paidTitle: "¡Pago recibido!",
  pendingTitle: "¡Pedido registrado!",
} as const;

const outbox = path.join(paymentsDataDir, "outbox");

/** Fills the purchase form on /comprar/{kit} and presses "Proceder al pago": the stand-in's page. */
async function startPurchase(page: Page, prefix: string) {
  const data = purchaseData(prefix);
  await page.goto(`/comprar/${kits.essential.id}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByText(texts.testNotice)).toBeVisible();
  await fillPurchaseForm(main, data);
  await purchaseFields(main).submit.click();
  // Through the shop's page that posts the token to Webpay, to Webpay's form, in this same tab.
  await expect(page.getByRole("heading", { name: /Pago de prueba|Webpay/ })).toBeVisible({
    timeout: submitTimeout,
  });
  await expect(page).toHaveURL(/\/webpayserver\/initTransaction/);
  return data;
}

/** Presses a button on the stand-in's payment page and waits for the shop's order page. */
async function payOnProviderPage(page: Page, button: "Aprobar" | "Rechazar" | "Anular" | "Dejar expirar") {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(new RegExp(`^${paymentsBaseURL}/pedido/[0-9a-f-]{36}\\?pago=`), {
    timeout: submitTimeout,
  });
  return new URL(page.url()).pathname.split("/").pop()!;
}

function orderOf(orderId: string) {
  return paymentsShopRows<{ status: string; paid_by: string | null; number: string; total: number }>(
    "select status, paid_by, number, total from orders where id = ?",
    orderId,
  )[0]!;
}

test("a card payment approved on Webpay: paid at once, one e-mail, no payment offered again", async ({
  page,
}) => {
  const data = await startPurchase(page, "pago-aprobado");
  const orderId = await payOnProviderPage(page, "Aprobar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.paidTitle);
  expect(orderOf(orderId)).toMatchObject({ status: "pagado", paid_by: "webpay" });
  const { number } = orderOf(orderId);
  await waitForMail(
    (mail) => mail.to.includes(data.email) && /Pago recibido/i.test(mail.subject),
    10_000,
    outbox,
  );
  // Reloading the result asks nothing again and sends nothing again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.paidTitle);
  await expect(page.getByRole("button", { name: texts.retry })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Pagar con/ })).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(
    readOutbox(outbox).filter((mail) => mail.subject.includes(number) && /Pago recibido/i.test(mail.subject)),
  ).toHaveLength(1);
  expect(
    paymentsShopRows(
      "select id from order_status_changes where order_id = ? and to_status = 'pagado'",
      orderId,
    ),
  ).toHaveLength(1);
});

test("a payment rejected by the bank, then retried and approved", async ({ page }) => {
  await startPurchase(page, "pago-rechazado");
  const orderId = await payOnProviderPage(page, "Rechazar");
  await expect(page.getByRole("alert")).toContainText(texts.rejected);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.pendingTitle);
  expect(orderOf(orderId).status).toBe("pendiente_pago");
  await expectNoViolations(page, "payment rejected");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, "payment rejected, phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: texts.retry }).click();
  await expect(page).toHaveURL(/\/webpayserver\/initTransaction/, { timeout: submitTimeout });
  expect(await payOnProviderPage(page, "Aprobar")).toBe(orderId);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.paidTitle);
  expect(orderOf(orderId)).toMatchObject({ status: "pagado", paid_by: "webpay" });
  expect(
    paymentsShopRows("select status from payment_attempts where order_id = ? order by created_at", orderId),
  ).toEqual([{ status: "rejected" }, { status: "approved" }]);
});

test("a payment the customer cancels on Webpay's page", async ({ page }) => {
  await startPurchase(page, "pago-anulado");
  const orderId = await payOnProviderPage(page, "Anular");
  await expect(page.getByRole("alert")).toContainText(texts.aborted);
  await expect(page.getByRole("button", { name: texts.retry })).toBeVisible();
  await expect(page.getByText(texts.testNotice)).toBeVisible();
  expect(orderOf(orderId).status).toBe("pendiente_pago");
  await expectNoViolations(page, "payment aborted");
  // Back on the shop's page to Webpay (the browser's back button): it does not send the customer
  // away again by itself, and offers its button.
  const [attempt] = paymentsShopRows<{ id: string }>(
    "select id from payment_attempts where order_id = ?",
    orderId,
  );
  await page.goto(`/pago/${attempt!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Te llevamos a Webpay");
  await expect(page.getByRole("button", { name: "Continuar a Webpay" })).toBeVisible();
  await expectNoViolations(page, "payment forward page");
});

test("a payment left to expire on Webpay's page", async ({ page }) => {
  await startPurchase(page, "pago-expirado");
  const orderId = await payOnProviderPage(page, "Dejar expirar");
  await expect(page.getByRole("alert")).toContainText(texts.timedOut);
  await expect(page.getByRole("button", { name: texts.retry })).toBeVisible();
  expect(orderOf(orderId).status).toBe("pendiente_pago");
});

test("the purchase dialog goes to Webpay in the same tab, and the pages say nothing is charged", async ({
  page,
  context,
}) => {
  const kit = kits.essential;
  await page.goto("/productos");
  await waitForHydration(page);
  await page
    .getByTestId("kit-card")
    .filter({ has: page.getByRole("heading", { name: kit.name, exact: true }) })
    .getByRole("link", { name: `Comprar ${kit.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: purchaseTexts.title(kit.name) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(texts.testNotice)).toBeVisible();
  await fillPurchaseForm(dialog, purchaseData("pago-dialogo"));
  let popups = 0;
  context.on("page", () => popups++);
  await purchaseFields(dialog).submit.click();
  await expect(page).toHaveURL(/\/webpayserver\/initTransaction/, { timeout: submitTimeout });
  expect(popups).toBe(0);
  await payOnProviderPage(page, "Aprobar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.paidTitle);
});

test("the shop's page to Webpay and Webpay's way back work without JavaScript", async ({ page, browser }) => {
  // The order is placed with JavaScript (the anti-spam check needs it); its payment page is then
  // opened where scripts do not run, as in a browser that blocks them.
  const data = await startPurchase(page, "pago-sin-js");
  const [attempt] = paymentsShopRows<{ id: string; order_id: string }>(
    `select a.id, a.order_id from payment_attempts a join orders o on o.id = a.order_id
     where o.email = ? order by a.created_at desc`,
    data.email,
  );
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: paymentsBaseURL,
    locale: "es-CL",
  });
  const noScript = await context.newPage();
  await noScript.goto(`/pago/${attempt!.id}`);
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Te llevamos a Webpay");
  await expect(noScript.getByText(texts.testNotice)).toBeVisible();
  await noScript.getByRole("button", { name: "Continuar a Webpay" }).click();
  await expect(noScript).toHaveURL(/\/webpayserver\/initTransaction/);
  await noScript.getByRole("button", { name: "Aprobar" }).click();
  // Webpay's way back: its page's button where scripts do not run.
  await noScript.getByRole("button", { name: "Continuar" }).click();
  await noScript.waitForURL(new RegExp(`/pedido/${attempt!.order_id}\\?pago=aprobado`), {
    timeout: submitTimeout,
  });
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText(texts.paidTitle);
  await context.close();
});
