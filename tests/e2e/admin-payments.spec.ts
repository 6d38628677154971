import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import {
  createAdmin,
  expectAdminPageAccessible,
  seedOrder,
  signInAsAdmin,
  waitForAdminHydration,
} from "./admin-support";
import { expectFieldError, queryRows, uniqueEmail, withShopDatabase } from "./forms-support";

/**
 * Goal: staff see what the payment providers said about an order and act on it (issue 22;
 * docs/decisions/060). The order page lists every attempt in Spanish (status, card, payment type,
 * the provider's answer) and warns of a payment that does not match; cancelling an order paid
 * through a provider offers the refund, ticked, and a refund that cannot be made leaves the order
 * paid with the reason under the box. The shop under test runs on payment links (no provider is
 * configured), so Flow's refund is refused before any request: deterministic, without internet.
 */

test.describe.configure({ timeout: 90_000 });

const adminEmail = uniqueEmail("admin-pagos");
test.beforeAll(() => {
  createAdmin(adminEmail, "Rocío Pagos");
});

/** An attempt of `orderId` as the settlement leaves it (decision 057), written into the shop's database. */
function seedAttempt(orderId: string, attempt: Record<string, string | number | null>) {
  const row = {
    id: crypto.randomUUID(),
    order_id: orderId,
    provider: "webpay",
    reference: crypto.randomBytes(32).toString("hex"),
    buy_order: `O${crypto.randomBytes(6).toString("hex")}`,
    amount: 185990,
    status: "approved",
    created_at: new Date(Date.now() - 600_000).toISOString(),
    settled_at: new Date(Date.now() - 590_000).toISOString(),
    ...attempt,
  };
  const columns = Object.keys(row);
  withShopDatabase((db) =>
    db
      .prepare(
        `insert into payment_attempts (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      )
      .run(...Object.values(row)),
  );
  return row;
}

test("an order paid through Flow: its attempts, a mismatch, and a refund that cannot be made", async ({
  page,
}) => {
  const order = seedOrder({ through: ["pendiente_pago", "pagado"] });
  withShopDatabase((db) => db.prepare("update orders set paid_by = 'flow' where id = ?").run(order.id));
  seedAttempt(order.id, {
    status: "rejected",
    response_code: -1,
    created_at: new Date(Date.now() - 900_000).toISOString(),
  });
  const paid = seedAttempt(order.id, {
    provider: "flow",
    reference: crypto.randomBytes(20).toString("hex").toUpperCase(),
    provider_amount: 185990,
    payment_type: "webpay",
    response_code: 2,
    answer: JSON.stringify({ flowOrder: 8812, status: 2, amount: 185990 }),
  });
  seedAttempt(order.id, {
    status: "mismatch",
    flag: "order-not-awaiting-payment",
    provider_amount: 185990,
    authorization_code: "1213",
    card_last_four: "6623",
    payment_type: "VC",
    installments: 3,
    response_code: 0,
    created_at: new Date(Date.now() - 300_000).toISOString(),
  });

  await signInAsAdmin(page, adminEmail);
  await page.goto(`/admin/orders/${order.id}`);
  await waitForAdminHydration(page);
  const main = page.getByRole("main");
  const payments = main.getByRole("region", { name: "Pagos" });
  await expect(payments.getByText("Pagado por Flow")).toBeVisible();
  const attempts = payments.getByRole("listitem");
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(0).getByRole("heading")).toHaveText(/^Webpay, .*: No coincide$/);
  await expect(attempts.nth(0)).toContainText(
    "Pago recibido cuando el pedido ya no esperaba pago: revisar y devolver.",
  );
  await expect(attempts.nth(0)).toContainText("•••• 6623");
  await expect(attempts.nth(0)).toContainText("Crédito en cuotas (VC)");
  await expect(attempts.nth(1).getByRole("heading")).toHaveText(/^Flow, .*: Aprobado$/);
  await expect(attempts.nth(2).getByRole("heading")).toHaveText(/^Webpay, .*: Rechazado$/);
  // The token, shortened, whole in its title; the provider's answer behind a disclosure.
  await expect(attempts.nth(1).locator("code")).toHaveAttribute("title", paid.reference as string);
  await attempts.nth(1).getByText("Respuesta del proveedor").click();
  await expect(attempts.nth(1).locator("pre")).toContainText('"flowOrder": 8812');
  await expectAdminPageAccessible(page, "order with payment attempts");

  // Cancelling offers the refund through Flow, ticked; Flow is not configured in this shop.
  const form = main.getByRole("region", { name: "Cambiar estado" });
  await form.getByRole("radio", { name: /^Cancelado/ }).check();
  await form
    .getByLabel("Motivo de la cancelación", { exact: true })
    .fill("El cliente pidió anular la compra.");
  await form.getByLabel("Si eliges Cancelado: confirmo que este pedido se cancela.").check();
  const refund = form.getByRole("checkbox", { name: /^Devolver el pago por Flow \(\$185\.990\)/ });
  await expect(refund).toBeChecked();
  await form.getByRole("button", { name: "Cambiar estado" }).click();
  const refused =
    "La tienda no tiene configurado Flow, así que no se pudo pedir la devolución. El pedido no se canceló.";
  await expectFieldError(refund, refused);
  await expect(attempts.nth(1)).toContainText(`Devolución fallida: ${refused}`);
  expect(queryRows<{ status: string }>("select status from orders where id = ?", order.id)).toEqual([
    { status: "pagado" },
  ]);
  await expectAdminPageAccessible(page, "refund refused");

  // Staff give the money back another way: unticked, the order is cancelled as before.
  await refund.uncheck();
  await form.getByRole("button", { name: "Cambiar estado" }).click();
  await expect(main.getByText("El pedido quedó en «Cancelado».").first()).toBeVisible();
  expect(queryRows<{ status: string }>("select status from orders where id = ?", order.id)).toEqual([
    { status: "cancelado" },
  ]);
});

test("staff record the boleta of a paid order: the order leaves 'Pagados sin documento'", async ({
  page,
}) => {
  const order = seedOrder({ through: ["pendiente_pago", "pagado"], customerName: "Tomás Folio Pendiente" });
  // A folio of its own: the SII numbers each type once.
  const folio = String(100_000 + crypto.randomInt(900_000));
  await signInAsAdmin(page, adminEmail);

  // The dashboard counts the paid orders without their document and links to them.
  await page.goto("/admin/dashboard");
  await waitForAdminHydration(page);
  await page.getByTestId("awaiting-document").click();
  await expect(page).toHaveURL(/\/admin\/orders\?emision=sin-emitir$/);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await waitForAdminHydration(page);

  const documentPanel = main.getByRole("region", { name: "Documento tributario" });
  await expect(documentPanel).toContainText(
    "Pagado sin documento: emite la boleta electrónica en tu sistema de facturación y registra aquí su folio.",
  );
  await expect(documentPanel.getByRole("radio", { name: "Boleta electrónica" })).toBeChecked();
  const folioField = documentPanel.getByLabel("Folio", { exact: true });
  await folioField.fill("12,5");
  await documentPanel.getByRole("button", { name: "Guardar el folio" }).click();
  await expectFieldError(folioField, "Escribe el folio del documento, solo con números (por ejemplo, 1234).");
  await expectAdminPageAccessible(page, "document form refused");

  await folioField.fill(folio);
  await documentPanel.getByRole("button", { name: "Guardar el folio" }).click();
  await expect(main.getByText(`Guardamos la boleta electrónica con folio ${folio}.`).first()).toBeVisible();
  await expect(documentPanel).not.toContainText("Pagado sin documento");
  await expect(documentPanel).toContainText("Boleta electrónica");
  await expect(documentPanel).toContainText(folio);
  await expect(documentPanel).toContainText("Rocío Pagos");
  await expect(documentPanel.getByText("Corregir el tipo o el folio")).toBeVisible();
  await expectAdminPageAccessible(page, "document recorded");
  expect(
    queryRows<{ document_sii_type: number; document_folio: string }>(
      "select document_sii_type, document_folio from orders where id = ?",
      order.id,
    ),
  ).toEqual([{ document_sii_type: 39, document_folio: folio }]);

  await page.goto("/admin/orders?emision=sin-emitir");
  await expect(main.getByRole("link", { name: order.number })).toHaveCount(0);
  await page.goto("/admin/orders?emision=emitido");
  await expect(main.getByRole("link", { name: order.number })).toBeVisible();
});
