import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  createAdmin,
  expectAdminPageAccessible,
  seedOrder,
  signInAsAdmin,
  waitForAdminHydration,
} from "./admin-support";
import { expectFieldError, expectNoViolations, queryRows, uniqueEmail } from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: staff move an order on and the customer is told (issue 12). Shipping asks for the courier
 * and its tracking number, cancelling for a reason and a confirmation; the customer's e-mail waits
 * two minutes in the queue, and a change undone within the first minute sends nothing. The public
 * order page says where the order is: its heading, a timeline, the courier's tracking link, the
 * reason of a cancellation. The form works with the keyboard alone and without JavaScript.
 */

test.describe.configure({ timeout: 90_000 });

const adminEmail = uniqueEmail("admin-estados");
test.beforeAll(() => {
  createAdmin(adminEmail, "Matías Despacho");
});

/** What staff and customers read (the tests' own copy of app/content and the schema's messages). */
const texts = {
  changed: (status: string) => `El pedido quedó en «${status}».`,
  undone: "Cambio deshecho: el pedido volvió a «Pendiente de pago» y no se envió ningún correo.",
  chooseCourier: "Elige el courier con que se despachó.",
  cancellationReason:
    "Escribe el motivo de la cancelación (al menos 5 caracteres); se lo enviamos al cliente.",
  confirmCancel: "Confirma la cancelación: un pedido cancelado ya no cambia de estado.",
  refundNote: "Como ya habías pagado, te devolveremos el total por el mismo medio de pago que usaste.",
} as const;

/** A status e-mail is due two minutes after the change (longer than the minute it can be undone). */
const statusMailDelayMs = 2 * 60_000;

/** The status form's controls, in the panel "Cambiar estado" of /admin/orders/{id}. */
function statusForm(page: Page) {
  const panel = page.getByRole("main").getByRole("region", { name: "Cambiar estado" });
  return {
    radio: (name: string) => panel.getByRole("radio", { name: new RegExp(`^${name}`) }),
    shipping: panel.getByRole("group", { name: "Datos del despacho" }),
    courier: panel.getByLabel("Courier", { exact: true }),
    courierName: panel.getByLabel("Nombre del courier", { exact: true }),
    trackingNumber: panel.getByLabel("Número de seguimiento", { exact: true }),
    paymentMeans: panel.getByLabel("Medio de pago", { exact: true }),
    paymentReference: panel.getByLabel("N.º de operación", { exact: true }),
    reason: panel.getByLabel("Motivo de la cancelación", { exact: true }),
    confirm: panel.getByLabel("Si eliges Cancelado: confirmo que este pedido se cancela."),
    submit: panel.getByRole("button", { name: "Cambiar estado" }),
  };
}

/** The value next to a label in a list of terms (the admin's order panel, the public order page). */
function recordValue(scope: Locator, label: string): Locator {
  return scope
    .locator("dl > div")
    .filter({
      has: scope
        .page()
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole("definition");
}

/** The message an admin page says in place after its form (no toast repeats it: decision 072). */
function pageMessage(page: Page): Locator {
  return page.getByRole("main").getByRole("status").filter({ hasText: /\S/ });
}

/** The admin's panel "Pedido" (number, status, courier, tracking number...). */
function orderPanel(page: Page): Locator {
  return page.getByRole("main").getByRole("region", { name: "Pedido", exact: true });
}

async function openAdminOrder(page: Page, id: string) {
  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Pedido LB-/ })).toBeVisible();
  await waitForAdminHydration(page);
}

interface StoredOrder {
  status: string;
  courier: string | null;
  courier_name: string | null;
  tracking_number: string | null;
  cancellation_reason: string | null;
}

function storedOrder(id: string): StoredOrder | undefined {
  return queryRows<StoredOrder>(
    "select status, courier, courier_name, tracking_number, cancellation_reason from orders where id = ?",
    id,
  )[0];
}

interface QueuedMail {
  kind: string;
  to_address: string;
  status: string;
  next_attempt_at: string;
}

/** The customer's queued e-mails about status changes (a seeded order has no confirmation e-mail). */
function statusMails(email: string): QueuedMail[] {
  return queryRows<QueuedMail>(
    `select kind, to_address, status, next_attempt_at from mail_queue
     where to_address = ? and kind in ('order-paid', 'order-shipped', 'order-delivered', 'order-cancelled')`,
    email,
  );
}

/** The public page's timeline: its steps, and the one marked as the order's status. */
function timeline(page: Page) {
  const section = page.getByRole("region", { name: "Seguimiento del pedido" });
  return {
    steps: section.getByRole("listitem"),
    current: section.locator('li[aria-current="step"]'),
  };
}

test("staff ship an order with Starken; the customer's page follows it", async ({ page }) => {
  const order = seedOrder({ through: ["pendiente_pago", "pagado", "en_preparacion"] });
  const tracking = `ST-${Date.now().toString().slice(-8)}`;
  const trackingUrl = `https://www.starken.cl/seguimiento?codigo=${tracking}`;
  await signInAsAdmin(page, adminEmail);
  await openAdminOrder(page, order.id);
  const form = statusForm(page);

  await test.step("without a courier, the form says so next to the field and nothing changes", async () => {
    await form.radio("Enviado").check();
    await form.submit.click();
    await expectFieldError(form.courier, texts.chooseCourier);
    expect(storedOrder(order.id)?.status).toBe("en_preparacion");
    expect(statusMails(order.email)).toEqual([]);
    await expect(recordValue(orderPanel(page), "Estado")).toHaveText("En preparación");
  });

  await test.step("with Starken and a tracking number, the order is shipped", async () => {
    await form.courier.selectOption({ label: "Starken" });
    await form.trackingNumber.fill(tracking);
    const before = Date.now();
    await form.submit.click();
    await expect(pageMessage(page)).toContainText(texts.changed("Enviado"));
    // Said once, in the page, with the way to undo it: no toast, no second box (docs/decisions/072).
    await expect(page.getByText(texts.changed("Enviado"))).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("button", { name: "Deshacer el cambio" })).toHaveCount(1);
    const after = Date.now();
    const panel = orderPanel(page);
    await expect(recordValue(panel, "Estado")).toHaveText("Enviado");
    await expect(recordValue(panel, "Courier")).toHaveText("Starken");
    await expect(
      recordValue(panel, "N.º de seguimiento").getByRole("link", { name: tracking }),
    ).toHaveAttribute("href", trackingUrl);

    expect(storedOrder(order.id)).toMatchObject({
      status: "enviado",
      courier: "starken",
      courier_name: null,
      tracking_number: tracking,
    });
    // One e-mail to the customer, due two minutes after the change (so that an undo can withdraw it).
    const mails = statusMails(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "order-shipped", to_address: order.email, status: "pending" });
    const due = Date.parse(mails[0]!.next_attempt_at);
    expect(due).toBeGreaterThanOrEqual(before + statusMailDelayMs - 1_000);
    expect(due).toBeLessThanOrEqual(after + statusMailDelayMs + 1_000);
  });

  await test.step("the public page says the order is on its way, with the tracking link", async () => {
    await page.goto(`/pedido/${order.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Tu pedido va en camino!");
    await expect(page.getByText("¡Pedido registrado!")).toHaveCount(0);
    const { steps, current } = timeline(page);
    await expect(steps).toHaveText([
      /^Pendiente de pago/,
      /^Pagado/,
      /^En preparación/,
      /^Enviado/,
      /^Entregado/,
    ]);
    await expect(current).toHaveCount(1);
    await expect(current).toContainText("Enviado");
    // Every step reached has its date; the one to come has none.
    for (const index of [0, 1, 2, 3]) {
      await expect(steps.nth(index).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    }
    await expect(steps.nth(4).locator("time")).toHaveCount(0);
    const follow = page.getByRole("link", { name: "Seguir mi envío en Starken" });
    await expect(follow).toHaveAttribute("href", trackingUrl);
    await expect(follow).toHaveAttribute("target", "_blank");
    const main = page.getByRole("main");
    await expect(recordValue(main, "Courier")).toHaveText("Starken");
    await expect(recordValue(main, "N.º de seguimiento")).toHaveText(tracking);
  });
});

test("a change undone within the minute: the order goes back and its e-mail is withdrawn", async ({
  page,
}) => {
  const order = seedOrder();
  await signInAsAdmin(page, adminEmail);
  await openAdminOrder(page, order.id);
  const form = statusForm(page);
  await form.radio("Pagado").check();
  // Without the means and the operation number (issue 22), refused next to the fields.
  await form.submit.click();
  await expect(form.paymentReference).toHaveAccessibleDescription(/Escribe el número de operación del pago/);
  expect(storedOrder(order.id)?.status).toBe("pendiente_pago");
  await form.paymentMeans.selectOption("Depósito");
  await form.paymentReference.fill("OP-5521");
  await form.submit.click();
  await expect(pageMessage(page)).toContainText(texts.changed("Pagado"));
  // Right after the change, its message holds the way back (one notice, docs/decisions/072).
  const undo = page.getByRole("main").getByRole("button", { name: "Deshacer el cambio" });
  await expect(page.getByRole("region", { name: "¿Fue un error?" })).toHaveCount(0);
  expect(statusMails(order.email).map((mail) => mail.kind)).toEqual(["order-paid"]);

  // Seen again within the minute (a reload), the offer stands on its own.
  await page.reload();
  const undoBox = page.getByRole("region", { name: "¿Fue un error?" });
  await expect(undoBox).toContainText("Cambiaste el estado de «Pendiente de pago» a «Pagado».");
  await expect(pageMessage(page)).toHaveCount(0);

  await undo.click();
  await expect(pageMessage(page)).toHaveText(texts.undone);
  await expect(recordValue(orderPanel(page), "Estado")).toHaveText("Pendiente de pago");
  await expect(undo).toHaveCount(0);
  const history = page.getByRole("main").getByRole("table", { name: "Historial de estados" });
  await expect(history.getByRole("cell", { name: "Pendiente de pago → Pagado (deshecho)" })).toBeVisible();
  await expect(history.getByRole("cell", { name: "Deshecho: Pagado → Pendiente de pago" })).toBeVisible();
  // The order may be paid again from where it was.
  await expect(form.radio("Pagado")).toBeVisible();

  expect(storedOrder(order.id)?.status).toBe("pendiente_pago");
  // Nothing left to send: the customer never hears of the mistaken change.
  expect(statusMails(order.email)).toEqual([]);

  await page.goto(`/pedido/${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Pedido registrado!");
  await expect(timeline(page).current).toContainText("Pendiente de pago");
  await expect(timeline(page).steps.nth(1).locator("time")).toHaveCount(0);
});

test("cancelling a paid order needs a reason and the confirmation; the customer reads both", async ({
  page,
}) => {
  const order = seedOrder({ through: ["pendiente_pago", "pagado"] });
  const reason = "Sin stock del botiquín; el cliente prefirió anular la compra.";
  await signInAsAdmin(page, adminEmail);
  await openAdminOrder(page, order.id);
  const form = statusForm(page);

  await form.radio("Cancelado").check();
  await form.submit.click();
  await expectFieldError(form.reason, texts.cancellationReason);
  await expectFieldError(form.confirm, texts.confirmCancel);
  expect(storedOrder(order.id)?.status).toBe("pagado");

  await form.reason.fill(reason);
  await form.confirm.check();
  await form.submit.click();
  await expect(pageMessage(page)).toContainText(texts.changed("Cancelado"));
  await expect(recordValue(orderPanel(page), "Estado")).toHaveText("Cancelado");
  await expect(recordValue(orderPanel(page), "Motivo de la cancelación")).toHaveText(reason);
  // A final status: nothing left to choose.
  await expect(form.submit).toHaveCount(0);
  expect(storedOrder(order.id)).toMatchObject({ status: "cancelado", cancellation_reason: reason });
  expect(statusMails(order.email).map((mail) => mail.kind)).toEqual(["order-cancelled"]);

  await page.goto(`/pedido/${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pedido cancelado");
  const main = page.getByRole("main");
  await expect(recordValue(main, "Motivo")).toHaveText(reason);
  await expect(main.getByText(texts.refundNote)).toBeVisible();
  const { steps, current } = timeline(page);
  await expect(steps).toHaveText([/^Pendiente de pago/, /^Pagado/, /^Cancelado/]);
  await expect(current).toContainText("Cancelado");
});

test("the status form works with the keyboard alone", async ({ page }) => {
  const order = seedOrder({ through: ["pendiente_pago", "pagado", "en_preparacion"] });
  const tracking = `CX-${Date.now().toString().slice(-8)}`;
  await signInAsAdmin(page, adminEmail);
  await openAdminOrder(page, order.id);
  const form = statusForm(page);

  // From the top of the page, Tab reaches the first choice of the group.
  for (let presses = 0; presses < 60; presses++) {
    if (await form.radio("Enviado").evaluate((radio) => radio === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(form.radio("Enviado")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(form.radio("Cancelado")).toBeChecked();
  await expect(form.reason).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await expect(form.radio("Enviado")).toBeChecked();
  await expect(form.reason).toBeHidden();

  await page.keyboard.press("Tab");
  await expect(form.courier).toBeFocused();
  await page.keyboard.type("Chilexpress");
  await expect(form.courier).toHaveValue("chilexpress");
  await page.keyboard.press("Tab");
  await expect(form.courierName).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.trackingNumber).toBeFocused();
  await page.keyboard.type(tracking);
  await page.keyboard.press("Enter");

  await expect(pageMessage(page)).toContainText(texts.changed("Enviado"));
  await expect(recordValue(orderPanel(page), "Courier")).toHaveText("Chilexpress");
  expect(storedOrder(order.id)).toMatchObject({
    status: "enviado",
    courier: "chilexpress",
    tracking_number: tracking,
  });
});

test("the courier fields show only for Enviado, the cancellation's only for Cancelado", async ({ page }) => {
  const order = seedOrder({ through: ["pendiente_pago", "pagado", "en_preparacion"] });
  await signInAsAdmin(page, adminEmail);
  await openAdminOrder(page, order.id);
  const form = statusForm(page);
  const shippingControls = [form.shipping, form.courier, form.courierName, form.trackingNumber];
  const cancelControls = [form.reason, form.confirm];

  await expect(form.radio("Enviado")).not.toBeChecked();
  await expect(form.radio("Cancelado")).not.toBeChecked();
  for (const control of [...shippingControls, ...cancelControls]) await expect(control).toBeHidden();

  await form.radio("Enviado").check();
  for (const control of shippingControls) await expect(control).toBeVisible();
  for (const control of cancelControls) await expect(control).toBeHidden();

  await form.radio("Cancelado").check();
  for (const control of shippingControls) await expect(control).toBeHidden();
  for (const control of cancelControls) await expect(control).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`axe at ${width} px: the admin order with the shipping fields shown`, async ({ page }) => {
    // Known app bug: on a phone the history table scrolls sideways in a box the keyboard cannot
    // reach (app/routes/admin/order.tsx, the "Historial de estados" panel's overflow-x-auto, with no
    // tabIndex, unlike the lists' scroller); axe: scrollable-region-focusable. Remove once fixed.
    await page.setViewportSize({ width, height: 900 });
    const order = seedOrder({ through: ["pendiente_pago", "pagado", "en_preparacion"] });
    await signInAsAdmin(page, adminEmail);
    await openAdminOrder(page, order.id);
    const form = statusForm(page);
    await form.radio("Enviado").check();
    await expect(form.shipping).toBeVisible();
    await expectAdminPageAccessible(page, `admin order with the shipping fields at ${width} px`);
  });

  test(`axe at ${width} px: the public page of a shipped order`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const order = seedOrder({
      through: ["pendiente_pago", "pagado", "en_preparacion", "enviado"],
      courier: "bluexpress",
      trackingNumber: "BX-99887766",
    });
    await page.goto(`/pedido/${order.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Tu pedido va en camino!");
    await expect(page.getByRole("link", { name: "Seguir mi envío en Blue Express" })).toHaveAttribute(
      "href",
      "https://www.blue.cl/seguimiento/?n_seguimiento=BX-99887766",
    );
    await waitForHydration(page);
    await expectNoViolations(page, `public page of a shipped order at ${width} px`);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff ship an order: the server checks the form and redirects back to the order", async ({
    page,
  }) => {
    const order = seedOrder({ through: ["pendiente_pago", "pagado", "en_preparacion"] });
    const tracking = `CC-${Date.now().toString().slice(-8)}`;
    await signInAsAdmin(page, adminEmail);
    await page.goto(`/admin/orders/${order.id}`);
    const form = statusForm(page);
    // Shown by CSS alone.
    await expect(form.shipping).toBeHidden();
    await form.radio("Enviado").check();
    await expect(form.shipping).toBeVisible();

    // The server refuses a shipment without a courier and says why, next to the field.
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await form.submit.click();
    expect((await refused).status()).toBe(400);
    await expectFieldError(form.courier, texts.chooseCourier);
    await expect(form.radio("Enviado")).toBeChecked();
    expect(storedOrder(order.id)?.status).toBe("en_preparacion");

    await form.courier.selectOption({ label: "Correos de Chile" });
    await form.trackingNumber.fill(tracking);
    const posted = page.waitForResponse((response) => response.request().method() === "POST");
    await form.submit.click();
    expect((await posted).status()).toBe(303);
    await page.waitForURL(new RegExp(`/admin/orders/${order.id}$`));
    await expect(pageMessage(page)).toContainText(texts.changed("Enviado"));
    await expect(recordValue(orderPanel(page), "Courier")).toHaveText("Correos de Chile");
    await expect(recordValue(orderPanel(page), "N.º de seguimiento").getByRole("link")).toHaveAttribute(
      "href",
      `https://www.correos.cl/web/guest/seguimiento-en-linea?codigos=${tracking}`,
    );
    expect(storedOrder(order.id)).toMatchObject({
      status: "enviado",
      courier: "correos",
      tracking_number: tracking,
    });
    expect(statusMails(order.email).map((mail) => mail.kind)).toEqual(["order-shipped"]);
  });
});
