import { expect, test, type Page, type Request } from "@playwright/test";
import { contactFields, expectFieldError, expectFieldValid, messages } from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: a page shows its content before any script, and a form's code (Conform, the zod schema,
 * the dialog, the captcha widget) comes when the visitor reaches the form, not with the page
 * (docs/decisions/029); the chat panel's is fetched once the page has settled (decisions 038,
 * 078). Form code is recognised by what it contains, not by chunk names.
 */

const formCode = [
  { name: "zod", marker: "ZodError" },
  { name: "Conform", marker: "__intent__" },
  { name: "Radix Dialog", marker: "DialogContent" },
  { name: "the ALTCHA widget", marker: "altcha.org" },
  // The chat panel's own text (its button's texts are in the first load).
  { name: "the chat panel", marker: "Escribiendo…" },
];

/** The scripts a page requested, with the priority the browser gave each. */
async function recordScripts(page: Page) {
  const scripts: { url: string; priority: string }[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  cdp.on("Network.requestWillBeSent", (event) => {
    if (new URL(event.request.url).pathname.endsWith(".js")) {
      scripts.push({ url: event.request.url, priority: event.request.initialPriority });
    }
  });
  return scripts;
}

/** Which kinds of form code the scripts at these URLs contain. */
async function formCodeIn(page: Page, urls: string[]) {
  const bodies = await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
  return formCode
    .filter(({ marker }) => bodies.some((body) => body.includes(marker)))
    .map(({ name }) => name);
}

/** Holds every script the page asks for from now on (the form's code) until `release()`. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Request[] = [];
  await page.route(
    (url) => url.pathname.endsWith(".js"),
    async (route) => {
      held.push(route.request());
      await released;
      await route.continue();
    },
  );
  return { held, release };
}

test.describe("first load", () => {
  for (const path of ["/proposito", "/productos/kit-essential", "/contacto"]) {
    test(`${path} loads a few low-priority scripts and no form code`, async ({ page }) => {
      const scripts = await recordScripts(page);
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      // react-dom, the site's code with React and React Router, the root, the layout, the page and
      // a few small modules the page shares with others (there were ~30).
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.length).toBeLessThanOrEqual(15);
      // Fetched after the document and the hero image, never competing with them.
      expect(scripts.filter((script) => script.priority !== "Low")).toEqual([]);
      expect(
        await formCodeIn(
          page,
          scripts.map((script) => script.url),
        ),
      ).toEqual([]);
    });
  }

  test("after hydration, the buttons that change re-render only themselves, not the header and footer", async ({
    page,
  }) => {
    // React calls the DevTools hook after every commit. A component that renders again creates
    // new props for the elements it returns; a subtree React only walks through keeps them. So the
    // props objects of <header> and <footer> across commits say how often the layout rendered them:
    // once to hydrate, and once more when React Router initialises its router after hydrating
    // (its own state update renders every route). The buttons that change once hydrated must not
    // add a third (docs/decisions/043: the chat button's state in the layout did).
    await page.addInitScript(() => {
      const seen: Record<string, Set<unknown>> = { header: new Set(), footer: new Set() };
      (window as unknown as { __propsSeen: typeof seen }).__propsSeen = seen;
      type Fiber = { stateNode: unknown; memoizedProps: unknown; child: Fiber | null; sibling: Fiber | null };
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onScheduleFiberRoot: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot(_id: number, root: { current: Fiber }) {
          for (const tag of ["header", "footer"] as const) {
            const element = document.querySelector(`body > ${tag}`);
            const stack = [root.current];
            while (stack.length > 0) {
              const fiber = stack.pop()!;
              if (fiber.stateNode === element) {
                seen[tag]!.add(fiber.memoizedProps);
                break;
              }
              if (fiber.sibling) stack.push(fiber.sibling);
              if (fiber.child) stack.push(fiber.child);
            }
          }
        },
      };
    });
    await page.goto("/productos");
    await waitForHydration(page);
    // The buttons that change once hydrated (chat, WhatsApp, products menu) have done so.
    await expect(page.getByRole("button", { name: "Abrir chat de ayuda" }).first()).toBeAttached();
    await page.waitForLoadState("networkidle");
    const renders = await page.evaluate(() => {
      const seen = (window as unknown as { __propsSeen: Record<string, Set<unknown>> }).__propsSeen;
      return { header: seen.header!.size, footer: seen.footer!.size };
    });
    expect(renders.header).toBeGreaterThanOrEqual(1);
    expect(renders.header).toBeLessThanOrEqual(2);
    expect(renders.footer).toBeLessThanOrEqual(2);
  });

  test("a public page's one stylesheet is inlined and has none of the back office's rules", async ({
    page,
  }) => {
    await page.goto("/productos");
    const stylesheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => ({
        href: sheet.href,
        inline: sheet.ownerNode instanceof HTMLStyleElement,
        text: [...sheet.cssRules].map((rule) => rule.cssText).join("\n"),
      })),
    );
    const inlined = stylesheets.filter((sheet) => sheet.inline && sheet.text.includes("--color-brand"));
    expect(inlined).toHaveLength(1);
    expect(stylesheets.filter((sheet) => sheet.href)).toEqual([]);
    // The admin lists' container queries and their rows' hover rules (docs/decisions/043).
    expect(inlined[0]!.text).not.toContain("@container");
    expect(inlined[0]!.text).not.toContain("group\\/row");
    // …while the site's own rules are there.
    expect(inlined[0]!.text).toContain(".sr-only");
  });

  test("the contact form's code comes with the first focus", async ({ page }) => {
    const scripts = await recordScripts(page);
    await page.goto("/contacto");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const before = scripts.length;
    await contactFields(page.getByRole("main")).name.focus();
    await expect
      .poll(async () =>
        formCodeIn(
          page,
          scripts.slice(before).map((script) => script.url),
        ),
      )
      .toEqual(expect.arrayContaining(["zod", "Conform"]));
  });

  test("the chat panel's code is off the first load, fetched once the page has settled: the tap fetches nothing", async ({
    page,
  }) => {
    const scripts = await recordScripts(page);
    await page.goto("/proposito", { waitUntil: "load" });
    const firstLoad = scripts.map((script) => script.url);
    await waitForHydration(page);
    expect(await formCodeIn(page, firstLoad)).not.toContain("the chat panel");
    // Fetched while the page is idle, 3 s after its load event (docs/decisions/078).
    await expect
      .poll(
        async () =>
          formCodeIn(
            page,
            scripts.map((script) => script.url),
          ),
        { timeout: 20_000 },
      )
      .toEqual(expect.arrayContaining(["the chat panel", "Radix Dialog"]));
    await page.waitForLoadState("networkidle");
    const before = scripts.length;
    await page.getByRole("button", { name: "Abrir chat de ayuda" }).click();
    await expect(page.getByRole("dialog", { name: "Chat de ayuda LifeBox" })).toBeVisible();
    expect(scripts.slice(before)).toEqual([]);
  });

  test("what is typed before the form's code arrives stays, and a send waits for the code", async ({
    page,
  }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const { held, release } = await holdScripts(page);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    const fields = contactFields(page.getByRole("main"));
    const form = await page.locator("form#contacto").elementHandle();

    await fields.name.fill("Valentina");
    await fields.submit.click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // Nothing was sent and the page stayed: the send waits for the form's code.
    expect(posted).toBe(false);
    await expect(page).toHaveURL(/\/contacto$/);
    await expect(fields.name).toHaveValue("Valentina");

    release();
    // Conform's form takes the static one's place…
    await expect.poll(() => form?.evaluate((element) => element.isConnected)).toBe(false);
    // …keeps what was typed, and makes the send: its messages for the missing fields.
    await expect(fields.name).toHaveValue("Valentina");
    await expectFieldValid(fields.name);
    await expectFieldError(fields.email, messages.contact.email);
    await expectFieldError(fields.subject, messages.contact.subject);
    await expectFieldError(fields.message, messages.contact.message);
    expect(posted).toBe(false);
  });

  test("the focus and the typing carry on when the form's code takes over", async ({ page }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const { release } = await holdScripts(page);
    const fields = contactFields(page.getByRole("main"));
    const form = await page.locator("form#contacto").elementHandle();
    await fields.subject.click();
    await page.keyboard.type("Consulta por ");
    release();
    await expect.poll(() => form?.evaluate((element) => element.isConnected)).toBe(false);
    await expect(fields.subject).toBeFocused();
    await page.keyboard.type("kits");
    await expect(fields.subject).toHaveValue("Consulta por kits");
  });

  test("a click that begins as the form's code arrives still sends the form (a busy phone)", async ({
    page,
  }) => {
    // React renders in tasks of its own (a MessageChannel). On a busy phone the visitor's press can
    // come between the code's arrival and such a task; delay those tasks to make that moment long.
    await page.addInitScript(() => {
      const post = MessagePort.prototype.postMessage;
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        setTimeout(() => Reflect.apply(post, this, args), 400);
      } as typeof post;
    });
    await page.goto("/contacto");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const { held, release } = await holdScripts(page);
    const fields = contactFields(page.getByRole("main"));
    const form = await page.locator("form#contacto").elementHandle();
    await fields.email.fill("no-es-un-correo");
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await fields.submit.scrollIntoViewIfNeeded();
    const box = await fields.submit.boundingBox();
    if (!box) throw new Error("The submit button is not on screen.");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const scrolled = await page.evaluate(() => window.scrollY);

    // The code arrives; the press begins once it has run, before a render task could.
    const arrived = Promise.all(held.map((request) => request.response()));
    release();
    await arrived;
    await page.waitForTimeout(100);
    await page.mouse.down();
    await expect.poll(() => form?.evaluate((element) => element.isConnected)).toBe(false);
    // The page did not jump back to the focused field (it is out of view now).
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.mouse.up();

    await expectFieldError(fields.email, messages.contact.email);
    await expectFieldError(fields.message, messages.contact.message);
  });

  test("when the form's code cannot be loaded, the send goes as a plain post", async ({ page }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await page.route(
      (url) => url.pathname.endsWith(".js"),
      (route) => route.abort("internetdisconnected"),
    );
    const fields = contactFields(page.getByRole("main"));
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await fields.email.fill("no-es-un-correo");
    await fields.submit.click();
    expect((await posted).url()).toMatch(/\/contacto$/);
    // The server's answer, as without JavaScript: the page again, with its messages.
    await expectFieldError(fields.email, messages.contact.email);
    await expectFieldError(fields.name, messages.contact.name);
    await expect(fields.email).toHaveValue("no-es-un-correo");
  });
});
