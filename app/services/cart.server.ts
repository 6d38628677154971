import { createCookie, type Cookie } from "react-router";
import { getKit, kitPath } from "~/content/kits";
import { kitImage } from "~/content/illustrations";
import { isLineQuantity, kitCount, maxQuantityPerKit, subtotalOf, type LineRequest } from "~/lib/order-lines";
import { getEnv } from "~/infra/env.server";

/**
 * The cart (issue 23, D23; docs/decisions/068-the-cart.md): the kits a visitor collects for one
 * order, kept in a cookie of the visitor's browser — not in a server's memory or database — so it
 * survives reloads and a browser restart for cartDays days, and any server of the shop reads it.
 *
 * The cookie holds, for each kit, its id, the quantity and the price the visitor was shown when
 * it was added (or last shown the checkout). That price is never charged: an order's prices are
 * the catalogue's (models/orders.server.ts). It only tells the checkout that a price changed since,
 * so the visitor learns it before paying. What the cookie says is checked each time it is read:
 * an unknown kit, a quantity out of range or a repeated kit is dropped, and the cookie is bounded.
 */

/** How long a cart is kept after its last change. */
export const cartDays = 30;

/** A kit in the cart: how many, and the price the visitor was shown. */
export interface CartItem extends LineRequest {
  seenPrice: number;
}

/** The most kinds of kit a cart holds (the catalogue's size; anything beyond is not a kit). */
const maxItems = 16;

let cookie: Cookie | undefined;
const cartCookie = () =>
  (cookie ??= createCookie("lb_carro", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().SITE_URL.startsWith("https:"),
    maxAge: cartDays * 24 * 60 * 60,
  }));

function isCartItem(value: unknown): value is [string, number, number] {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === "string" &&
    typeof value[1] === "number" &&
    typeof value[2] === "number"
  );
}

/** The cart the request's cookie holds: only real kits, each once, with a quantity of 1 to 20. */
export async function readCart(request: Request): Promise<CartItem[]> {
  const header = request.headers.get("Cookie");
  // A cookie this long is not one of ours: no cart, rather than parsing it.
  if (header && header.length > 8192) return [];
  let value: unknown;
  try {
    value = await cartCookie().parse(header);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  for (const entry of value.slice(0, maxItems)) {
    if (!isCartItem(entry)) continue;
    const [kitId, quantity, seenPrice] = entry;
    if (!getKit(kitId) || !isLineQuantity(quantity) || items.some((item) => item.kitId === kitId)) continue;
    if (!Number.isSafeInteger(seenPrice) || seenPrice < 0) continue;
    items.push({ kitId, quantity, seenPrice });
  }
  return items;
}

/** The Set-Cookie header that stores `items` (or forgets the cart when there are none). */
export function saveCart(items: readonly CartItem[]): Promise<string> {
  if (items.length === 0) return cartCookie().serialize("", { maxAge: 0 });
  return cartCookie().serialize(items.map((item) => [item.kitId, item.quantity, item.seenPrice]));
}

/**
 * `quantity` more of a kit, at its price now; the quantity is capped at maxQuantityPerKit (`capped`
 * says it was). Undefined for a kit the shop does not sell.
 */
export function addToCart(
  items: readonly CartItem[],
  kitId: string,
  quantity: number,
): { items: CartItem[]; capped: boolean } | undefined {
  const kit = getKit(kitId);
  if (!kit) return undefined;
  const current = items.find((item) => item.kitId === kit.id);
  const wanted = (current?.quantity ?? 0) + quantity;
  const next = { kitId: kit.id, quantity: Math.min(wanted, maxQuantityPerKit), seenPrice: kit.price };
  return {
    items: current ? items.map((item) => (item.kitId === kit.id ? next : item)) : [...items, next],
    capped: wanted > maxQuantityPerKit,
  };
}

/** A kit's quantity set (1 to maxQuantityPerKit, checked by the caller); its price stays the one seen. */
export function setQuantity(items: readonly CartItem[], kitId: string, quantity: number): CartItem[] {
  return items.map((item) => (item.kitId === kitId ? { ...item, quantity } : item));
}

export function removeFromCart(items: readonly CartItem[], kitId: string): CartItem[] {
  return items.filter((item) => item.kitId !== kitId);
}

/** Every kit's price as shown now: after the checkout told the visitor of a change. */
export function withPricesSeen(items: readonly CartItem[]): CartItem[] {
  return items.map((item) => ({ ...item, seenPrice: getKit(item.kitId)?.price ?? item.seenPrice }));
}

/** A kit of the cart as its page shows it, priced from the catalogue now. */
export interface CartLineView {
  kitId: string;
  kitName: string;
  href: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** The price the visitor was shown before, when it is not the price now. */
  previousPrice: number | null;
}

/**
 * The cart's lines priced from the catalogue, their sum, how many kits, and whether a price is not
 * the one the visitor was shown.
 */
export function cartView(items: readonly CartItem[]): {
  lines: CartLineView[];
  subtotal: number;
  count: number;
  pricesChanged: boolean;
} {
  const lines = items.flatMap((item) => {
    const kit = getKit(item.kitId);
    if (!kit) return [];
    return [
      {
        kitId: kit.id,
        kitName: kit.name,
        href: kitPath(kit),
        image: kitImage(kit.id),
        unitPrice: kit.price,
        quantity: item.quantity,
        lineTotal: kit.price * item.quantity,
        previousPrice: item.seenPrice === kit.price ? null : item.seenPrice,
      },
    ];
  });
  return {
    lines,
    subtotal: subtotalOf(lines),
    count: kitCount(items),
    pricesChanged: lines.some((line) => line.previousPrice !== null),
  };
}
