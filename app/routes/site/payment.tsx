import { CreditCard } from "lucide-react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment";
import { PaymentNotice } from "~/components/payment-notice";
import { Button } from "~/components/ui/button";
import { paymentTexts as texts, providerNames } from "~/content/payments";
import { initialOrderStatus } from "~/lib/order-status";
import { formatPrice } from "~/lib/format";
import { useNonce } from "~/lib/render-context";
import { pageMeta } from "~/lib/seo";
import { getPaymentAttempt } from "~/models/payments.server";
import { paymentNoticeOf } from "~/services/payments/checkout.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";

/**
 * /pago/{attemptId}: takes the customer to the provider's page for an attempt just started (issue
 * 22; docs/decisions/059), in this same tab. Webpay's form is reached as Transbank documents, by a
 * POST of `token_ws`: the page holds that form and submits it at once (a one-line script with the
 * request's nonce), its button doing the same without JavaScript. Flow's page is a link: a
 * redirect. An attempt that is no longer waiting, or an order that no longer awaits payment, goes
 * back to the order's page.
 */
const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const attempt = await getPaymentAttempt(db, params.attemptId);
  if (!attempt) throw data(null, { status: 404, headers: privateHeaders });
  const order = await db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("id", "=", attempt.orderId)
    .executeTakeFirstOrThrow();
  if (
    attempt.status !== "started" ||
    !attempt.reference ||
    !attempt.redirectUrl ||
    order.status !== initialOrderStatus
  ) {
    throw redirect(`/pedido/${order.id}`, { headers: privateHeaders });
  }
  if (attempt.provider === "flow") throw redirect(attempt.redirectUrl, { headers: privateHeaders });
  return data(
    {
      provider: providerNames[attempt.provider],
      amount: attempt.amount,
      url: attempt.redirectUrl,
      token: attempt.reference,
      notice: paymentNoticeOf(getEnv().payments),
    },
    { headers: privateHeaders },
  );
}

export const headers: Route.HeadersFunction = () => privateHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: texts.forwardMetaTitle,
    description: texts.forwardMetaDescription,
    path: "/pago",
    noindex: true,
  });

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { provider, amount, url, token, notice } = loaderData;
  const nonce = useNonce();
  return (
    <div className="page-column-2xl py-14 text-center">
      <CreditCard aria-hidden className="mx-auto size-14 text-primary" />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{texts.forwardTitle(provider)}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">
        {texts.forwardText(provider, formatPrice(amount))}
      </p>
      <PaymentNotice notice={notice} />
      <form id="pago-proveedor" method="post" action={url} className="mt-8">
        <input type="hidden" name="token_ws" value={token} />
        <Button type="submit" size="lg" className="px-8">
          {texts.forwardButton(provider)}
        </Button>
      </form>
      {/* Sent as the page loads; never again by React (a script React renders does not run). */}
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          // Once per attempt and tab: coming back to this page (the browser's back button) shows
          // the button instead of sending the customer away again.
          __html: `try{var k="pago:"+location.pathname;if(!sessionStorage.getItem(k)){sessionStorage.setItem(k,"1");document.getElementById("pago-proveedor").submit()}}catch(e){document.getElementById("pago-proveedor").submit()}`,
        }}
      />
    </div>
  );
}
