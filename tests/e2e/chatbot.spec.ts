import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAdmin, seedOrder, signInAsAdmin, waitForAdminHydration } from "./admin-support";
import { expectNoViolations, queryRows, uniqueEmail } from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal (issue 13): a visitor asks the chatbot from any public page, by keyboard alone, gets answers
 * with links, finds the conversation again after moving to another page or reloading, and ends it
 * with "Cerrar chat"; every message is stored as it is sent (docs/decisions/037 and 038).
 */

const texts = {
  open: "Abrir chat de ayuda",
  title: "Chat de ayuda LifeBox",
  close: "Cerrar chat",
  input: "Tu pregunta",
  log: "Conversación",
  greeting: "¡Hola! Soy el asistente de LifeBox.",
};

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

const chatButton = (page: Page) => page.getByRole("button", { name: texts.open });
const panel = (page: Page) => page.getByRole("dialog", { name: texts.title });
const log = (page: Page) => panel(page).getByRole("log", { name: texts.log });

/** The session id the panel keeps in sessionStorage. */
async function storedSessionId(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () => (JSON.parse(sessionStorage.getItem("lifebox-chat") ?? "{}") as { sessionId?: string }).sessionId,
  );
}

/** Opens the chat panel from the button on `path` at `viewport`: its text field, focused. */
async function openChat(page: Page, path: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.goto(path);
  await waitForHydration(page);
  await chatButton(page).click();
  const input = panel(page).getByRole("textbox", { name: texts.input });
  await expect(input).toBeFocused();
  return input;
}

/** Tabs from the top of the page until the chat button has the focus. */
async function tabToChatButton(page: Page) {
  await page.locator("body").focus();
  for (let step = 0; step < 15; step++) {
    await page.keyboard.press("Tab");
    if (await chatButton(page).evaluate((button) => button === document.activeElement)) return;
  }
  throw new Error("The chat button never got the focus.");
}

async function ask(page: Page, question: string, answers: number) {
  await page.keyboard.type(question);
  await page.keyboard.press("Enter");
  await expect(log(page).getByText(question)).toBeVisible();
  // One bot message per answer (the greeting is the first).
  await expect(log(page).getByText("LifeBox:")).toHaveCount(answers + 1, { timeout: 10_000 });
  await expect(page.getByText("Escribiendo…")).toHaveCount(0);
}

async function expectFitsPhone(page: Page) {
  const box = await panel(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

/**
 * An admin, in a context of their own, finds the conversation `sessionId` in /admin/chatbot (by its
 * id, with the list's other parameters `filter`) and opens it: the dialog and its messages.
 */
async function openAsStaff(browser: Browser, sessionId: string, filter = "?") {
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInAsAdmin(admin, adminEmail);
  await admin.goto(`/admin/chatbot${filter}q=${sessionId}`);
  await waitForAdminHydration(admin);
  await admin
    .getByRole("main")
    .getByRole("row")
    .filter({ hasText: sessionId })
    .getByRole("link", { name: /^Ver conversación/ })
    .click();
  const conversation = admin.getByRole("dialog", { name: "Conversación" });
  const messages = conversation
    .getByRole("region", { name: "Mensajes de la conversación" })
    .getByRole("listitem");
  return { staff, conversation, messages };
}

const adminEmail = uniqueEmail("admin-chat-lectura");
test.beforeAll(() => createAdmin(adminEmail, "Lectora de Chats"));

test.describe("chat panel", () => {
  test("a visitor asks by keyboard, keeps the conversation across pages and reloads, and ends it; staff read it", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(phone);
    await page.goto("/como-funciona");
    await waitForHydration(page);

    // Opened by keyboard: the focus goes to the question field.
    await tabToChatButton(page);
    await page.keyboard.press("Enter");
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole("textbox", { name: texts.input })).toBeFocused();
    await expect(log(page)).toHaveAttribute("aria-live", "polite");
    await expect(log(page)).toContainText(texts.greeting);

    await ask(page, "hacen despacho a arica?", 1);
    await ask(page, "cuanto sale el kit essential", 2);
    const answers = log(page).locator("div").filter({ hasText: "LifeBox:" });
    await expect(answers.nth(1)).toContainText(/env[ií]o/i);
    await expect(answers.nth(1).getByRole("link")).not.toHaveCount(0);
    await expect(answers.nth(2)).toContainText(/LifeBox Essential cuesta \$\d/);
    await expect(answers.nth(2).getByRole("link", { name: "LifeBox Essential" })).toHaveAttribute(
      "href",
      "/productos/kit-essential",
    );

    // Stored as sent.
    const sessionId = await storedSessionId(page);
    expect(sessionId).toBeTruthy();
    const stored = queryRows<{ role: string; content: string }>(
      "select role, content from chat_messages where session_id = ? order by seq",
      sessionId,
    );
    expect(stored.map((row) => row.role)).toEqual(["user", "bot", "user", "bot"]);
    expect(stored[0]?.content).toBe("hacen despacho a arica?");
    expect(stored[2]?.content).toBe("cuanto sale el kit essential");

    // Axe and the phone's width, with the panel open.
    await expectFitsPhone(page);
    await expectNoViolations(page, "the open chat panel (390 px)");

    // Escape hides the panel and gives the focus back to its button.
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(chatButton(page)).toBeFocused();

    // Another page (without reloading): the conversation is still there.
    await page.getByRole("banner").getByRole("link", { name: "LifeBox, ir al inicio" }).click();
    await expect(page).toHaveURL(/\/$/);
    await chatButton(page).click();
    await expect(log(page)).toContainText("cuanto sale el kit essential");

    // Following the bot's link goes to that page and hides the panel.
    await log(page).getByRole("link", { name: "LifeBox Essential" }).click();
    await expect(panel(page)).toBeHidden();
    await expect(page).toHaveURL(/\/productos\/kit-essential$/);
    await chatButton(page).click();
    await expect(log(page)).toContainText("hacen despacho a arica?");

    // A reload with the panel open opens it again with the conversation, read from the server.
    await page.reload();
    await expect(panel(page)).toBeVisible();
    await expect(log(page)).toContainText("hacen despacho a arica?");
    await expect(log(page)).toContainText("cuanto sale el kit essential");
    await expect(log(page).getByText("Tú:")).toHaveCount(2);
    expect(await storedSessionId(page)).toBe(sessionId);

    // At desktop width too.
    await page.setViewportSize(desktop);
    await expect(panel(page)).toBeVisible();
    await expectNoViolations(page, "the open chat panel (1280 px)");

    // "Cerrar chat" ends the session, here and on the server, and gives the focus back.
    await panel(page).getByRole("button", { name: texts.close }).click();
    await expect(panel(page)).toBeHidden();
    await expect(chatButton(page)).toBeFocused();
    await expect
      .poll(
        () =>
          queryRows<{ ended_at: unknown }>("select ended_at from chat_sessions where id = ?", sessionId)[0]
            ?.ended_at,
      )
      .toBeTruthy();
    expect(await storedSessionId(page)).toBeUndefined();
    await page.keyboard.press("Enter");
    await expect(panel(page)).toBeVisible();
    await expect(log(page).getByText("Tú:")).toHaveCount(0);
    await expect(log(page)).toContainText(texts.greeting);

    // Staff read that conversation in the back office: found by its id, opened whole, ended.
    const { staff, conversation, messages } = await openAsStaff(browser, sessionId!);
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(0)).toContainText("Usuario");
    await expect(messages.nth(0)).toContainText("hacen despacho a arica?");
    await expect(messages.nth(2)).toContainText("cuanto sale el kit essential");
    await expect(messages.nth(3)).toContainText("Bot");
    await expect(messages.nth(3)).toContainText(/LifeBox Essential cuesta \$\d/);
    await expect(conversation.getByText("Conversación activa")).toHaveCount(0);
    await staff.close();
  });

  test("quick replies by keyboard, '¿Te sirvió?' stored, the WhatsApp hand-off prefilled; staff see what failed", async ({
    page,
    browser,
  }) => {
    const input = await openChat(page, "/", phone);

    // Under the greeting: a labelled group of quick replies.
    const quickReplies = log(page).getByRole("group", { name: "Preguntas sugeridas" });
    await expect(quickReplies.getByRole("button")).toHaveText([
      "¿Qué kit me conviene?",
      "Plazos de entrega",
      "Estado de mi pedido",
    ]);
    const whatsapp = quickReplies.getByRole("link", { name: /^Hablar por WhatsApp/ });
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expectNoViolations(page, "the chat panel's quick replies (390 px)");

    // By keyboard: back from the text field to "Plazos de entrega", Enter sends its question.
    const delivery = quickReplies.getByRole("button", { name: "Plazos de entrega" });
    for (let step = 0; step < 6 && !(await delivery.evaluate((b) => b === document.activeElement)); step++) {
      await page.keyboard.press("Shift+Tab");
    }
    await expect(delivery).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(log(page).getByText("¿Cuánto demora el envío?")).toBeVisible();
    await expect(log(page).getByText("LifeBox:")).toHaveCount(2, { timeout: 10_000 });
    // The buttons go with the question; the focus is on the text field, ready for the next one.
    await expect(quickReplies).toHaveCount(0);
    await expect(input).toBeFocused();

    // "¿Te sirvió?" under the answer: No, by keyboard; then "Gracias", both buttons disabled.
    const answers = log(page).locator("div").filter({ hasText: "LifeBox:" });
    const feedback = answers.nth(1).getByRole("group", { name: "¿Te sirvió esta respuesta?" });
    await feedback.getByRole("button", { name: "No" }).focus();
    await page.keyboard.press("Enter");
    await expect(feedback).toContainText("Gracias por tu respuesta.");
    await expect(feedback.getByRole("button", { name: "No" })).toHaveAttribute("aria-pressed", "true");
    for (const name of ["Sí", "No"]) {
      await expect(feedback.getByRole("button", { name })).toHaveAttribute("aria-disabled", "true");
    }
    const sessionId = await storedSessionId(page);
    await expect
      .poll(() =>
        queryRows<{ seq: number; feedback: string | null }>(
          "select seq, feedback from chat_messages where session_id = ? and role = 'bot' order by seq",
          sessionId,
        ),
      )
      .toEqual([{ seq: 2, feedback: "no" }]);

    // A question the bot cannot answer: the quick replies again, no "¿Te sirvió?", and WhatsApp
    // opens with that question prefilled.
    const question = "¿arriendan helicópteros para rescates?";
    await ask(page, question, 2);
    await expect(answers.nth(2).getByRole("group", { name: "¿Te sirvió esta respuesta?" })).toHaveCount(0);
    await expect(quickReplies).toBeVisible();
    const href = await whatsapp.getAttribute("href");
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(new URL(href!).searchParams.get("text")).toContain(question);
    await expectNoViolations(page, "the chat panel's answers and feedback (390 px)");
    await page.setViewportSize(desktop);
    await expect(panel(page)).toBeVisible();
    await expectNoViolations(page, "the chat panel's answers and feedback (1280 px)");

    // After a reload the answer keeps its mark.
    await page.reload();
    await expect(panel(page)).toBeVisible();
    await expect(answers.nth(1).getByRole("group", { name: "¿Te sirvió esta respuesta?" })).toContainText(
      "Gracias por tu respuesta.",
    );

    // Staff: the conversation is under "Sin resolver", each failed answer marked with why.
    const { staff, messages } = await openAsStaff(browser, sessionId!, "?preguntas=sin-resolver&");
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(1)).toContainText("No me sirvió");
    await expect(messages.nth(3)).toContainText("Sin respuesta");
    await staff.close();
  });

  test("a customer asks for their order's status and follows the link to its page", async ({ page }) => {
    const tracking = `ST-${Date.now().toString().slice(-8)}`;
    const order = seedOrder({
      through: ["pendiente_pago", "pagado", "en_preparacion", "enviado"],
      courier: "starken",
      trackingNumber: tracking,
    });
    await openChat(page, "/productos", desktop);

    // Without the details, the bot asks for them.
    await ask(page, "donde esta mi pedido", 1);
    const answers = log(page).locator("div").filter({ hasText: "LifeBox:" });
    await expect(answers.nth(1)).toContainText("escríbeme su número (por ejemplo LB-7K3F9Q");

    // The number as a customer may type it, and the e-mail in other capitals.
    await ask(page, `es el ${order.number.toLowerCase()}, correo ${order.email.toUpperCase()}`, 2);
    await expect(answers.nth(2)).toContainText(
      `Tu pedido ${order.number} (LifeBox Industry Mini) está en estado «Enviado». Entregamos tu kit a Starken.`,
    );
    await expect(answers.nth(2).getByRole("link", { name: /Seguir mi envío en Starken/ })).toHaveAttribute(
      "href",
      `https://www.starken.cl/seguimiento?codigo=${tracking}`,
    );

    // The order's page, the one its confirmation e-mail links to.
    await answers
      .nth(2)
      .getByRole("link", { name: `Ver el pedido ${order.number}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.id}$`));
    await expect(panel(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Tu pedido va en camino!");
  });

  test("the server's refusal shows in the conversation as a notice", async ({ page }) => {
    await page.route("**/api/chat", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 429,
            contentType: "application/json",
            body: JSON.stringify({ error: "Estás enviando mensajes muy seguido." }),
          })
        : route.continue(),
    );
    await openChat(page, "/faq", desktop);
    await page.keyboard.type("hola");
    await page.keyboard.press("Enter");
    await expect(log(page)).toContainText("Estás enviando mensajes muy seguido.");
    await expect(log(page).getByText("LifeBox:")).toHaveCount(1);
  });

  test("without JavaScript the chat button leads to the contact form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await page.goto("/");
    const link = page.getByRole("banner").getByRole("link", { name: /Chat de ayuda: sin JavaScript/ });
    await expect(link).toHaveAttribute("href", "/contacto");
    await context.close();
  });
});
