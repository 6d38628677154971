import { ShoppingCart } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { cartTexts as texts, orderLinesTexts } from "~/content/cart";
import { getKit } from "~/content/kits";
import { formatPrice } from "~/lib/format";
import { maxQuantityPerKit } from "~/lib/order-lines";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { cartActionSchema } from "~/schemas/cart";
import { requireFormData } from "~/infra/request-body.server";
import { addToCart, cartView, readCart, removeFromCart, saveCart, setQuantity } from "~/services/cart.server";

/**
 * /carro (issue 23, D23; docs/decisions/068): the kits a visitor collected, each with its picture,
 * unit price, quantity (changeable, removable) and amount, the total, and the way to the checkout.
 * Its action serves "Agregar al carro" on every kit and the page's own forms; everything works
 * without JavaScript (plain posts answered with a redirect back here, which says what changed).
 */

/** What the page says after a change, named in its URL: ?agregado=essential, ?quitado=…, … */
const noticeParams = ["agregado", "tope", "actualizado", "quitado"] as const;
type Notice = { kind: (typeof noticeParams)[number]; kitId: string; kitName: string };

function noticeOf(url: URL): Notice | null {
  for (const kind of noticeParams) {
    const kit = getKit(url.searchParams.get(kind) ?? "");
    if (kit) return { kind, kitId: kit.id, kitName: kit.name };
  }
  return null;
}

const privateHeaders = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const cart = cartView(await readCart(request));
  return data({ ...cart, notice: noticeOf(new URL(request.url)) }, { headers: privateHeaders });
}

export const headers: Route.HeadersFunction = () => privateHeaders;

/** A refusal shown next to the line's quantity (or the page's message), with a 4xx. */
function refuse(status: number, kitId: string | null, message: string) {
  return data({ error: { kitId, message } }, { status, headers: privateHeaders });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await requireFormData(request);
  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  const kitIdSent = typeof form.get("kitId") === "string" ? (form.get("kitId") as string) : null;
  if (!parsed.success) {
    const quantityIssue = parsed.error.issues.find((issue) => issue.path[0] === "quantity");
    return refuse(400, kitIdSent, quantityIssue?.message ?? texts.unknownKit);
  }
  const change = parsed.data;
  const kit = getKit(change.kitId);
  if (!kit) return refuse(400, null, texts.unknownKit);
  const items = await readCart(request);
  // A form post without JavaScript is a page of its own: the answer is this page again.
  const document = request.headers.get("Sec-Fetch-Mode") === "navigate";

  if (change.intent === "add") {
    const added = addToCart(items, kit.id, change.quantity)!;
    const headers = { ...privateHeaders, "Set-Cookie": await saveCart(added.items) };
    if (document || change.volver === "carro") {
      const param = added.capped ? "tope" : "agregado";
      return redirect(`/carro?${param}=${encodeURIComponent(kit.id)}`, { status: 303, headers });
    }
    // From a kit's button with JavaScript: the visitor stays where they are (the header's count
    // and the button say it was added).
    return data({ added: { kitId: kit.id, capped: added.capped } }, { headers });
  }
  if (!items.some((item) => item.kitId === kit.id)) return refuse(409, kit.id, texts.notInCart);
  const next =
    change.intent === "update" ? setQuantity(items, kit.id, change.quantity) : removeFromCart(items, kit.id);
  const param = change.intent === "update" ? "actualizado" : "quitado";
  return redirect(`/carro?${param}=${encodeURIComponent(kit.id)}`, {
    status: 303,
    headers: { ...privateHeaders, "Set-Cookie": await saveCart(next) },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: texts.metaTitle,
    description: texts.metaDescription,
    path: "/carro",
    noindex: true,
  });

function noticeText(notice: Notice, quantity: number | undefined): string {
  switch (notice.kind) {
    case "agregado":
      return texts.addedMessage(notice.kitName);
    case "tope":
      return texts.cappedMessage(notice.kitName, maxQuantityPerKit);
    case "actualizado":
      return texts.updatedMessage(notice.kitName, quantity ?? 0);
    case "quitado":
      return texts.removedMessage(notice.kitName);
  }
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = useRootData();
  const { lines, subtotal, notice } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const noticeQuantity = notice ? lines.find((line) => line.kitId === notice.kitId)?.quantity : undefined;
  return (
    <div className="page-column-4xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">{texts.title}</h1>
      {notice && !error ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <FormMessage tone={notice.kind === "tope" ? "error" : "success"}>
            {noticeText(notice, noticeQuantity)}
          </FormMessage>
          {notice.kind === "quitado" ? (
            <Form method="post" action="/carro">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="kitId" value={notice.kitId} />
              <input type="hidden" name="volver" value="carro" />
              <Button type="submit" variant="outline">
                {texts.addAgain}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {error && error.kitId === null ? (
        <FormMessage tone="error" className="mt-4">
          {error.message}
        </FormMessage>
      ) : null}
      {cart === null ? <p className="mt-6 text-muted-foreground">{texts.noCart}</p> : null}
      {lines.length === 0 ? (
        <div className="mt-8 rounded-xl border border-border bg-white p-8 text-center">
          <ShoppingCart aria-hidden className="mx-auto size-10 text-subtle-foreground" />
          <p className="mt-3 text-lg font-semibold">{texts.empty}</p>
          <p className="mt-1 text-muted-foreground">{texts.emptyHint}</p>
          <Button asChild className="mt-5">
            <Link to="/productos">{texts.browse}</Link>
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
          <section aria-labelledby="carro-lineas">
            <h2 id="carro-lineas" className="sr-only">
              {texts.linesCaption}
            </h2>
            <ul className="divide-y divide-border rounded-xl border border-border bg-white">
              {lines.map((line) => {
                const lineError = error && error.kitId === line.kitId ? error.message : null;
                const quantityId = `cantidad-${line.kitId}`;
                return (
                  <li key={line.kitId} className="flex gap-4 p-4">
                    <img
                      src={line.image}
                      alt=""
                      width={96}
                      height={72}
                      className="h-18 w-24 shrink-0 rounded-md bg-muted object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                        <h3 className="font-semibold">
                          <Link to={line.href} className="underline-offset-2 hover:underline">
                            {line.kitName}
                          </Link>
                        </h3>
                        <p className="font-bold tabular-nums">{formatPrice(line.lineTotal)}</p>
                      </div>
                      <p className="text-sm text-muted-foreground">
                        {texts.unitPrice(formatPrice(line.unitPrice))}
                      </p>
                      {line.previousPrice !== null ? (
                        <p className="mt-1 text-sm font-medium text-destructive-strong">
                          {texts.priceChanged(
                            line.kitName,
                            formatPrice(line.previousPrice),
                            formatPrice(line.unitPrice),
                          )}
                        </p>
                      ) : null}
                      <div className="mt-3 flex flex-wrap items-end gap-3">
                        <Form method="post" action="/carro" noValidate className="flex items-end gap-2">
                          <input type="hidden" name="intent" value="update" />
                          <input type="hidden" name="kitId" value={line.kitId} />
                          <div>
                            <label htmlFor={quantityId} className="block text-sm font-medium">
                              {orderLinesTexts.quantity}
                              <span className="sr-only"> {line.kitName}</span>
                            </label>
                            <input
                              id={quantityId}
                              name="quantity"
                              type="number"
                              inputMode="numeric"
                              min={1}
                              max={maxQuantityPerKit}
                              step={1}
                              required
                              defaultValue={line.quantity}
                              key={line.quantity}
                              aria-invalid={lineError ? true : undefined}
                              aria-describedby={lineError ? `${quantityId}-error` : undefined}
                              className="mt-1 block w-20 rounded-md border border-input bg-white px-3 py-2 text-base focus-visible:outline-3 aria-invalid:border-destructive"
                            />
                          </div>
                          <Button
                            type="submit"
                            variant="outline"
                            aria-label={texts.updateLabel(line.kitName)}
                          >
                            {texts.update}
                          </Button>
                        </Form>
                        <Form method="post" action="/carro">
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="kitId" value={line.kitId} />
                          <Button type="submit" variant="ghost" aria-label={texts.removeLabel(line.kitName)}>
                            {texts.remove}
                          </Button>
                        </Form>
                      </div>
                      {lineError ? (
                        <p id={`${quantityId}-error`} className="mt-2 text-sm font-medium text-destructive">
                          {lineError}
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
          <section
            aria-labelledby="carro-resumen"
            className="h-fit rounded-xl border border-border bg-white p-5"
          >
            <h2 id="carro-resumen" className="text-lg font-bold">
              {orderLinesTexts.caption}
            </h2>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{orderLinesTexts.subtotal}</dt>
              <dd className="text-right font-medium tabular-nums">{formatPrice(subtotal)}</dd>
              <dt className="text-muted-foreground">{orderLinesTexts.shipping}</dt>
              <dd className="text-right font-medium">{texts.shippingCart}</dd>
              <dt className="text-base font-bold">{orderLinesTexts.total}</dt>
              <dd className="text-right text-base font-bold tabular-nums">{formatPrice(subtotal)}</dd>
            </dl>
            <p className="mt-3 text-xs text-muted-foreground">{texts.shippingNote}</p>
            {cart !== null ? (
              <Button asChild size="lg" className="mt-5 w-full">
                <Link to="/carro/finalizar">{texts.checkout}</Link>
              </Button>
            ) : null}
            <Button asChild variant="outline" className="mt-3 w-full">
              <Link to="/productos">{texts.keepShopping}</Link>
            </Button>
          </section>
        </div>
      )}
    </div>
  );
}
