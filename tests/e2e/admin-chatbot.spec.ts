import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import {
  adminNavLink,
  createAdmin,
  expectAdminPageAccessible,
  signInAsAdmin,
  waitForAdminHydration,
} from "./admin-support";
import { uniqueEmail } from "./forms-support";

/**
 * Goal (issue 13): staff read what visitors asked the chatbot. A visitor asks about shipping and
 * something the bot does not know; an admin finds that conversation in /admin/chatbot by a word of
 * the question, opens it with 'Ver conversación' (by keyboard), reads the Usuario and Bot messages
 * with the unanswered one marked, and closes it with Cerrar, the focus back on the button. The
 * visitor marks the shipping answer "No me sirvió" (issue 26): the conversation is under "Sin
 * resolver", the answer marked with why, and the dashboard leads there. Axe at
 * desktop and phone widths, on the list and the open dialog; without JavaScript the button is a
 * link to the conversation's page.
 */

// One visitor's conversation for the whole file (beforeAll runs once per worker): serial, one worker.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const adminEmail = uniqueEmail("admin-chatbot");
const shipping = "¿Hacen despacho a Coyhaique?";
const unknown = "¿arriendan kits para un matrimonio?";

const texts = {
  title: /^Conversaciones del chatbot \(\d+\)$/,
  search: "Buscar",
  view: "Ver conversación",
  dialog: "Conversación",
  close: "Cerrar",
  active: "Conversación activa",
  unanswered: "Sin respuesta",
  notHelpful: "No me sirvió",
};

/** A visitor's exchange through the chat API, as the panel posts it; returns the answer. */
async function ask(request: APIRequestContext, message: string, sessionId?: string) {
  const response = await request.post(`${baseURL}/api/chat`, {
    form: { intent: "send", message, ...(sessionId ? { sessionId } : {}) },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { sessionId: string; answer: { text: string; answered: boolean } };
}

let sessionId = "";

test.beforeAll(async ({ playwright }) => {
  createAdmin(adminEmail, "Chatbot Admin");
  // The visitor: their own cookie jar (the chat's visitor cookie), no admin session.
  const visitor = await playwright.request.newContext({ baseURL });
  const first = await ask(visitor, shipping);
  expect(first.answer.answered).toBe(true);
  expect(first.answer.text).toMatch(/Chile continental/);
  const second = await ask(visitor, unknown, first.sessionId);
  expect(second.sessionId).toBe(first.sessionId);
  expect(second.answer.answered).toBe(false);
  sessionId = first.sessionId;
  // "¿Te sirvió?" No, on the shipping answer (the session's second message).
  const feedback = await visitor.post(`${baseURL}/api/chat`, {
    form: { intent: "feedback", sessionId, seq: "2", helpful: "no" },
  });
  expect(feedback.status()).toBe(200);
  await visitor.dispose();
});

const dialog = (page: Page) => page.getByRole("dialog", { name: texts.dialog });

/** The open conversation shows the visitor's and the bot's messages, the unknown one marked. */
async function expectConversation(scope: Locator) {
  await expect(scope.getByText(`ID de sesión: ${sessionId}`)).toBeVisible();
  await expect(scope.getByText(texts.active)).toBeVisible();
  await expect(scope.getByText("Dirección IP")).toBeVisible();
  const messages = scope.getByRole("region", { name: "Mensajes de la conversación" }).getByRole("listitem");
  await expect(messages).toHaveCount(4);
  await expect(messages.nth(0)).toContainText("Usuario");
  await expect(messages.nth(0)).toContainText(shipping);
  await expect(messages.nth(0)).toContainText(/\d{2}:\d{2}/);
  await expect(messages.nth(1)).toContainText("Bot");
  await expect(messages.nth(1)).toContainText("Chile continental");
  await expect(messages.nth(1)).not.toContainText(texts.unanswered);
  await expect(messages.nth(1)).toContainText(texts.notHelpful);
  await expect(messages.nth(2)).toContainText(unknown);
  await expect(messages.nth(3)).toContainText("Bot");
  await expect(messages.nth(3)).toContainText(texts.unanswered);
  // The visitor's messages on the right, the bot's on the left.
  const left = async (index: number) => (await messages.nth(index).boundingBox())!.x;
  expect(await left(0)).toBeGreaterThan(await left(1));
}

/** Tabs forward until `target` has the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("The element never got the focus.");
}

test("an admin finds a visitor's conversation by a word of the question and reads it in a dialog, by keyboard", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page, adminEmail);
  await waitForAdminHydration(page);
  await adminNavLink(page, "Chatbot").click();
  await expect(page).toHaveURL(/\/admin\/chatbot$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: texts.title })).toBeVisible();
  await waitForAdminHydration(page);
  await expectAdminPageAccessible(page, "/admin/chatbot at 1280 px");

  // Searched by a word of the question, typed and sent with Enter.
  const search = main.getByRole("searchbox", { name: texts.search });
  await expect(search).toHaveAttribute("placeholder", "Buscar conversaciones...");
  await search.focus();
  await page.keyboard.type("coyhaique");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/chatbot\?q=coyhaique$/);
  const row = main.getByRole("row").filter({ hasText: sessionId });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").filter({ hasText: /^\d+ min \d{2} s$/ })).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "4", exact: true })).toBeVisible();
  await expect(main.getByText("1 conversación", { exact: true })).toBeVisible();

  // 'Ver conversación' by keyboard: Tab to it, Enter opens the dialog.
  const view = row.getByRole("link", { name: new RegExp(`^${texts.view}`) });
  await tabTo(page, view);
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/chatbot\?q=coyhaique$/);
  await expectConversation(dialog(page));
  // The message area is at most 400 px high (docs/product.md#spec-9).
  const area = await dialog(page).getByRole("region", { name: "Mensajes de la conversación" }).boundingBox();
  expect(area!.height).toBeLessThanOrEqual(400);
  await expectAdminPageAccessible(page, "the open conversation at 1280 px");

  // Cerrar, by keyboard: the dialog closes and the focus is back on the button.
  await tabTo(page, dialog(page).getByRole("button", { name: texts.close, exact: true }));
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeHidden();
  await expect(view).toBeFocused();

  // With the mouse, and Escape.
  await view.click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText(unknown)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(view).toBeFocused();

  // The conversations with unanswered questions include this one.
  await main.getByRole("link", { name: "Con preguntas sin responder" }).click();
  await expect(page).toHaveURL(/preguntas=sin-responder/);
  await expect(main.getByRole("row").filter({ hasText: sessionId })).toHaveCount(1);

  // The dashboard's chatbot panel counts the failed answers apart and leads to those conversations.
  await adminNavLink(page, "Resumen").click();
  const chat = page.getByRole("region", { name: "Chatbot: últimos 7 días" });
  await expect(chat.getByText("Respuestas que no le sirvieron al visitante", { exact: true })).toBeVisible();
  await chat.getByRole("link", { name: "Ver las conversaciones sin resolver" }).click();
  await expect(page).toHaveURL(/\/admin\/chatbot\?preguntas=sin-resolver$/);
  await expect(main.getByRole("link", { name: "Sin resolver", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const failedRow = main.getByRole("row").filter({ hasText: sessionId });
  await expect(failedRow).toHaveCount(1);
  // "Sin resolver": the unanswered question and the answer marked No.
  await expect(failedRow.getByRole("cell", { name: "2", exact: true })).toBeVisible();
});

test("on a phone the conversations are cards whose button opens the same dialog; axe clean", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, adminEmail);
  await page.goto(`/admin/chatbot?q=${encodeURIComponent("matrimonio")}`);
  await waitForAdminHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("table")).toBeHidden();
  const card = main.getByRole("list", { name: /^Conversaciones del chatbot/ }).getByRole("listitem");
  await expect(card.filter({ hasText: sessionId })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAdminPageAccessible(page, "/admin/chatbot at 390 px");

  await card
    .filter({ hasText: sessionId })
    .getByRole("link", { name: new RegExp(`^${texts.view}`) })
    .click();
  await expect(dialog(page)).toBeVisible();
  await expectConversation(dialog(page));
  const box = await dialog(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectAdminPageAccessible(page, "the open conversation at 390 px");
  await dialog(page).getByRole("button", { name: texts.close, exact: true }).click();
  await expect(dialog(page)).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Ver conversación' is a link to the conversation's page", async ({ page }) => {
    await signInAsAdmin(page, adminEmail);
    await page.goto("/admin/chatbot?q=coyhaique");
    const main = page.getByRole("main");
    await main
      .getByRole("row")
      .filter({ hasText: sessionId })
      .getByRole("link", { name: new RegExp(`^${texts.view}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/chatbot/${sessionId}$`));
    await expect(main.getByRole("heading", { level: 1, name: texts.dialog })).toBeVisible();
    await expectConversation(main);
    await main.getByRole("link", { name: "Volver al chatbot" }).click();
    await expect(page).toHaveURL(/\/admin\/chatbot$/);
  });
});
