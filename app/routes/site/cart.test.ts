import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutTexts } from "~/content/cart";
import { getKit } from "~/content/kits";
import { getOrderLines } from "~/models/orders.server";
import { quantityMessage } from "~/schemas/quantity";
import { readCart, saveCart, type CartItem } from "~/services/cart.server";
import { setDatabase, type Db } from "~/infra/db.server";
import * as cart from "./cart";
import * as checkout from "./checkout";
import * as purchase from "./purchase";
import { args, settle, type Fields } from "../../../tests/support/admin-requests";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { stopStandInEnv } from "../../../tests/support/stand-in-env";
import { facturaCompany } from "../../../tests/support/orders";

/**
 * The cart and its checkout (issue 23, D23; docs/decisions/067, 068), below the HTTP server: real
 * requests into the cart's and the checkout's actions, with the cart in its cookie as a browser
 * keeps it, a real migrated database of each dialect, and the payment stand-in answering as
 * Webpay over real HTTP. What the browser sends is never a price: every test that sends one checks
 * that it is not used. The browser's journeys are tests/e2e/cart.spec.ts.
 */
const standIn = vi.hoisted(async () =>
  (await import("../../../tests/support/stand-in-env")).stubStandInEnv("cart"),
);

afterAll(() => stopStandInEnv(standIn));

const essential = getKit("essential")!;
const mini = getKit("essential-mini")!;
const industry = getKit("industry")!;

/** The Cookie header a browser sends back for a Set-Cookie header (its first pair). */
const cookieOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0]!;

async function cartCookie(items: CartItem[]): Promise<string> {
  return cookieOf(await saveCart(items));
}

function formPost(path: string, fields: Fields, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

/** A post to /carro, as a page without JavaScript sends it (`document`) or a fetcher. */
function cartPost(fields: Fields, cookie: string, { document = true } = {}) {
  const headers: Record<string, string> = { Cookie: cookie };
  if (document) headers["Sec-Fetch-Mode"] = "navigate";
  return settle(() => cart.action(args(formPost("/carro", fields, headers))));
}

async function cartOf(setCookie: string | null): Promise<CartItem[]> {
  return readCart(new Request("http://localhost/", { headers: { Cookie: cookieOf(setCookie) } }));
}

let sequence = 0;
async function customerFields(overrides: Fields = {}): Promise<Fields> {
  return {
    website: "",
    name: "Carolina Fuentes",
    email: `carolina.${Date.now().toString(36)}${++sequence}@example.cl`,
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13101",
    address: "Av. Libertador Bernardo O'Higgins 1234",
    acceptTerms: "on",
    altcha: await solvedCaptcha("order"),
    ...overrides,
  };
}

describe.each(dialectsUnderTest)("the cart and its checkout on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
    setDatabase(database());
  });

  const ordersOf = (email: string) =>
    db.selectFrom("orders").selectAll().where("email", "=", email).execute();
  const orderCount = async () => (await db.selectFrom("orders").select("id").execute()).length;

  describe("the cart", () => {
    it("adds kits without JavaScript, answering with the cart's page, and keeps them in its cookie", async () => {
      const first = await cartPost({ intent: "add", kitId: "essential" }, "");
      expect([first.status, first.location]).toEqual([303, "/carro?agregado=essential"]);
      const cookie = cookieOf(first.headers.get("Set-Cookie"));
      expect(first.headers.get("Set-Cookie")).toMatch(/Max-Age=2592000/);
      expect(first.headers.get("Set-Cookie")).toMatch(/HttpOnly/);
      const second = await cartPost({ intent: "add", kitId: "essential", price: "1" }, cookie);
      const third = await cartPost(
        { intent: "add", kitId: "essential-mini" },
        cookieOf(second.headers.get("Set-Cookie")),
      );
      expect(await cartOf(third.headers.get("Set-Cookie"))).toEqual([
        { kitId: "essential", quantity: 2, seenPrice: essential.price },
        { kitId: "essential-mini", quantity: 1, seenPrice: mini.price },
      ]);
      const page = await settle(() =>
        cart.loader(
          args(
            new Request("http://localhost/carro?agregado=essential-mini", {
              headers: { Cookie: cookieOf(third.headers.get("Set-Cookie")) },
            }),
          ),
        ),
      );
      expect(page.body).toMatchObject({
        lines: [
          { kitId: "essential", quantity: 2, unitPrice: essential.price, lineTotal: 2 * essential.price },
          { kitId: "essential-mini", quantity: 1, unitPrice: mini.price, lineTotal: mini.price },
        ],
        subtotal: 2 * essential.price + mini.price,
        count: 3,
        notice: { kind: "agregado", kitId: "essential-mini" },
      });
    });

    it("answers a fetcher with data (the visitor stays on the kit's page)", async () => {
      const answer = await cartPost({ intent: "add", kitId: "industry" }, "", { document: false });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ added: { kitId: "industry", capped: false } });
      expect(await cartOf(answer.headers.get("Set-Cookie"))).toEqual([
        { kitId: "industry", quantity: 1, seenPrice: industry.price },
      ]);
    });

    it("changes a quantity and removes a line; refuses a quantity out of 1 to 20 with its message", async () => {
      const cookie = await cartCookie([
        { kitId: "essential", quantity: 2, seenPrice: essential.price },
        { kitId: "essential-mini", quantity: 1, seenPrice: mini.price },
      ]);
      const updated = await cartPost({ intent: "update", kitId: "essential", quantity: "5" }, cookie);
      expect([updated.status, updated.location]).toEqual([303, "/carro?actualizado=essential"]);
      expect((await cartOf(updated.headers.get("Set-Cookie")))[0]).toMatchObject({ quantity: 5 });
      for (const quantity of ["0", "21", "2.5", "-1", "dos", ""]) {
        const refused = await cartPost({ intent: "update", kitId: "essential", quantity }, cookie);
        expect(refused.status, quantity).toBe(400);
        expect(refused.body).toEqual({ error: { kitId: "essential", message: quantityMessage } });
        expect(refused.headers.get("Set-Cookie")).toBeNull();
      }
      const removed = await cartPost({ intent: "remove", kitId: "essential" }, cookie);
      expect([removed.status, removed.location]).toEqual([303, "/carro?quitado=essential"]);
      expect(await cartOf(removed.headers.get("Set-Cookie"))).toEqual([
        { kitId: "essential-mini", quantity: 1, seenPrice: mini.price },
      ]);
      // The last line removed: the cookie is forgotten.
      const emptied = await cartPost(
        { intent: "remove", kitId: "essential-mini" },
        cookieOf(removed.headers.get("Set-Cookie")),
      );
      expect(emptied.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    });

    it("refuses an unknown kit and a kit not in the cart, and caps a kit at 20", async () => {
      expect((await cartPost({ intent: "add", kitId: "deluxe" }, "")).status).toBe(400);
      expect((await cartPost({ intent: "bogus", kitId: "essential" }, "")).status).toBe(400);
      expect((await cartPost({ intent: "update", kitId: "nautical", quantity: "2" }, "")).status).toBe(409);
      const full = await cartCookie([{ kitId: "essential", quantity: 19, seenPrice: essential.price }]);
      const capped = await cartPost({ intent: "add", kitId: "essential", quantity: "5" }, full);
      expect(capped.location).toBe("/carro?tope=essential");
      expect((await cartOf(capped.headers.get("Set-Cookie")))[0]).toMatchObject({ quantity: 20 });
    });

    it("reads only what a cart can hold from a cookie a visitor made up", async () => {
      const { createCookie } = await import("react-router");
      const forged = await createCookie("lb_carro").serialize([
        ["essential", 2, 1],
        ["essential", 3, 1],
        ["deluxe", 1, 1],
        ["industry", 999, 1],
        ["nautical", 1.5, 1],
        ["nautical-mini", 1, -5],
        "nonsense",
        ["expedition", 1, 100],
      ]);
      expect(await cartOf(forged)).toEqual([
        { kitId: "essential", quantity: 2, seenPrice: 1 },
        { kitId: "expedition", quantity: 1, seenPrice: 100 },
      ]);
      expect(
        await readCart(new Request("http://localhost/", { headers: { Cookie: "lb_carro=%%%" } })),
      ).toEqual([]);
    });
  });

  describe("the checkout", () => {
    const familyCart: CartItem[] = [
      { kitId: "essential", quantity: 2, seenPrice: essential.price },
      { kitId: "essential-mini", quantity: 1, seenPrice: mini.price },
    ];

    async function checkoutPost(fields: Fields, cookie: string) {
      return settle(() =>
        checkout.action(
          args(formPost("/carro/finalizar", fields, { Cookie: cookie, "Sec-Fetch-Mode": "navigate" })),
        ),
      );
    }

    it("stores the cart's lines priced by the catalogue, empties the cart and sends the total to Webpay", async () => {
      const fields = await customerFields({
        // Never read: the prices and totals are the server's.
        price: "1",
        total: "1",
        subtotal: "1",
        shippingCost: "0",
        "lines[0].unitPrice": "1",
        quantity: "20",
        kitId: "industry",
      });
      const answer = await checkoutPost(fields, await cartCookie(familyCart));
      expect(answer.status).toBe(303);
      expect(answer.headers.get("X-Remix-Reload-Document")).toBe("true");
      expect(answer.headers.get("Set-Cookie")).toMatch(/^lb_carro=;.*Max-Age=0/);
      const attemptId = /^\/pago\/([0-9a-f-]{36})$/.exec(answer.location ?? "")?.[1];
      const [order] = await ordersOf(fields.email!);
      const subtotal = 2 * essential.price + mini.price;
      expect(order).toMatchObject({
        subtotal,
        shippingCost: 0,
        total: subtotal,
        kitCount: 3,
        linesSummary: `2 × ${essential.name}, ${mini.name}`,
        status: "pendiente_pago",
        documentType: "boleta",
      });
      expect(await getOrderLines(db, order!.id)).toEqual([
        {
          kitId: "essential",
          kitName: essential.name,
          unitPrice: essential.price,
          quantity: 2,
          lineTotal: 2 * essential.price,
        },
        {
          kitId: "essential-mini",
          kitName: mini.name,
          unitPrice: mini.price,
          quantity: 1,
          lineTotal: mini.price,
        },
      ]);
      const attempt = await db
        .selectFrom("paymentAttempts")
        .select(["orderId", "amount"])
        .where("id", "=", attemptId!)
        .executeTakeFirstOrThrow();
      expect(attempt).toEqual({ orderId: order!.id, amount: subtotal });
    });

    it("says a price changed since the cart was filled before storing anything, then takes the new price", async () => {
      const stale = await cartCookie([
        { kitId: "industry", quantity: 1, seenPrice: industry.price - 50_000 },
      ]);
      // The checkout page says so, and the prices it shows become the ones seen.
      const page = await settle(() =>
        checkout.loader(
          args(new Request("http://localhost/carro/finalizar", { headers: { Cookie: stale } })),
        ),
      );
      expect(page.body).toMatchObject({
        pricesChanged: true,
        lines: [{ kitId: "industry", unitPrice: industry.price, previousPrice: industry.price - 50_000 }],
      });
      expect((await cartOf(page.headers.get("Set-Cookie")))[0]).toMatchObject({ seenPrice: industry.price });

      // Posted with the old cookie (the price changed while the form was filled): refused, told.
      const before = await orderCount();
      const fields = await customerFields();
      const refused = await checkoutPost(fields, stale);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ formMessage: checkoutTexts.cartChanged });
      expect(await orderCount()).toBe(before);
      // The refusal's cookie holds the new price: the same captcha, sent again, places the order.
      const placed = await checkoutPost(fields, cookieOf(refused.headers.get("Set-Cookie")));
      expect(placed.status).toBe(303);
      expect((await ordersOf(fields.email!))[0]).toMatchObject({ total: industry.price });
    });

    it("refuses an empty cart, and stores nothing", async () => {
      const before = await orderCount();
      const answer = await checkoutPost(await customerFields(), "");
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ formMessage: checkoutTexts.emptyCart });
      expect(await orderCount()).toBe(before);
      const page = await settle(() => checkout.loader(args(new Request("http://localhost/carro/finalizar"))));
      expect([page.status, page.location]).toEqual([302, "/carro"]);
    });

    it("checks a factura's company field by field, and stores it with the order", async () => {
      const company: Fields = { ...facturaCompany };
      const cookie = await cartCookie([{ kitId: "industry", quantity: 3, seenPrice: industry.price }]);
      const before = await orderCount();
      const wrong = await checkoutPost(
        await customerFields({ ...company, invoiceRut: "76.086.428-4", invoiceGiro: "" }),
        cookie,
      );
      expect(wrong.status).toBe(400);
      const errors = (wrong.body as { result: { error: Record<string, string[]> } }).result.error;
      expect(Object.keys(errors).sort()).toEqual(["invoiceGiro", "invoiceRut"]);
      expect(await orderCount()).toBe(before);

      const fields = await customerFields(company);
      expect((await checkoutPost(fields, cookie)).status).toBe(303);
      expect((await ordersOf(fields.email!))[0]).toMatchObject({
        documentType: "factura",
        invoiceRut: "76.086.428-5",
        invoiceName: "Comercial Austral SpA",
        total: 3 * industry.price,
        kitCount: 3,
      });
    });

    it("keeps an island order from paying until its shipping is quoted", async () => {
      const fields = await customerFields({ region: "05", comuna: "05201" });
      const answer = await checkoutPost(fields, await cartCookie(familyCart));
      const [order] = await ordersOf(fields.email!);
      expect([answer.status, answer.location]).toEqual([303, `/pedido/${order!.id}`]);
      expect(order).toMatchObject({ shippingKind: "arranged", shippingCost: null, total: order!.subtotal });
      const attempts = await db
        .selectFrom("paymentAttempts")
        .select("id")
        .where("orderId", "=", order!.id)
        .execute();
      expect(attempts).toEqual([]);
    });
  });

  describe("the quick path ('Comprar')", () => {
    it("buys a quantity of the page's kit and charges it, whatever kit or price the form names", async () => {
      const fields = await customerFields({ quantity: "2", kitId: "industry", price: "1", total: "1" });
      const answer = await settle(() =>
        purchase.action(args(formPost("/comprar/essential", fields), undefined, { kitId: "essential" })),
      );
      expect(answer.status).toBe(303);
      const [order] = await ordersOf(fields.email!);
      expect(order).toMatchObject({ total: 2 * essential.price, kitCount: 2 });
      expect(await getOrderLines(db, order!.id)).toEqual([
        {
          kitId: "essential",
          kitName: essential.name,
          unitPrice: essential.price,
          quantity: 2,
          lineTotal: 2 * essential.price,
        },
      ]);
      const attempt = await db
        .selectFrom("paymentAttempts")
        .select("amount")
        .where("orderId", "=", order!.id)
        .executeTakeFirstOrThrow();
      expect(attempt.amount).toBe(2 * essential.price);
    });

    it.each(["0", "21", "-3", "1.5"])(
      "refuses a quantity of %s with its message, storing nothing",
      async (quantity) => {
        const before = await orderCount();
        const answer = await settle(async () =>
          purchase.action(
            args(formPost("/comprar/essential", await customerFields({ quantity })), undefined, {
              kitId: "essential",
            }),
          ),
        );
        expect(answer.status).toBe(400);
        expect((answer.body as { result: { error: Record<string, string[]> } }).result.error).toEqual({
          quantity: [quantityMessage],
        });
        expect(await orderCount()).toBe(before);
      },
    );
  });
});
