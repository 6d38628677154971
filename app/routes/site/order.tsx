import { CheckCircle2, ExternalLink } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, Link, useLocation } from "react-router";
import type { Route } from "./+types/order";
import { sendPaymentTab } from "~/components/payment-tab";
import { Button } from "~/components/ui/button";
import { whatsappLink } from "~/content/company";
import { orderPageTexts as texts } from "~/content/forms";
import type { KitId } from "~/content/types";
import { deliveryPromise, orderProcessingHours } from "~/content/policies";
import { formatPrice } from "~/lib/format";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { getOrderForCustomer, paymentUrlFor } from "~/models/orders.server";
import { initialOrderStatus, orderStatusLabels } from "~/lib/order-status";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";

/**
 * /pedido/{id}: the order confirmation (DECISIONS D8), found only by the order's random UUID. It
 * shows what the customer needs and no more (no address, e-mail or phone), and is never cached or
 * indexed.
 */
const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const order = await getOrderForCustomer(getDb(), params.id);
  if (!order) throw data(null, { status: 404, headers: privateHeaders });
  const unpaid = order.status === initialOrderStatus;
  return data(
    {
      order,
      paymentUrl: unpaid ? paymentUrlFor(getEnv(), order.kitId as KitId, order.number) : null,
    },
    { headers: privateHeaders },
  );
}

export const headers: Route.HeadersFunction = () => privateHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  pageMeta(matches, {
    title: loaderData ? texts.metaTitle(loaderData.order.number) : `${texts.notFoundTitle} | LifeBox`,
    description: texts.metaDescription,
    path: "/pedido",
    noindex: true,
  });

const dateFormat = new Intl.DateTimeFormat("es-CL", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "America/Santiago",
});

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { order, paymentUrl } = loaderData;
  // Right after the purchase form: the tab opened within the visitor's click goes to the payment page.
  useEffect(() => {
    if (paymentUrl) sendPaymentTab(paymentUrl);
  }, [paymentUrl]);
  // Reached from the purchase form without a reload (a client-side navigation, whose location has
  // a key), the page starts at its heading: a keyboard or a screen reader would be left on the
  // dialog's button that no longer exists.
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key !== "default") heading.current?.focus();
  }, [key]);
  const rows = [
    { label: texts.numberLabel, value: order.number },
    { label: texts.productLabel, value: order.kitName },
    { label: texts.totalLabel, value: formatPrice(order.total) },
    {
      label: texts.shippingLabel,
      value: order.shippingKind === "free" ? texts.shippingFree : texts.shippingArranged,
    },
    { label: texts.statusLabel, value: orderStatusLabels[order.status] },
    { label: texts.dateLabel, value: dateFormat.format(new Date(order.createdAt)) },
    { label: texts.deliveryLabel, value: deliveryPromise },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <div className="text-center">
        <CheckCircle2 aria-hidden className="mx-auto size-14 text-success" />
        <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold outline-none sm:text-4xl">
          {texts.title}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          {texts.greeting(order.customerName)} {paymentUrl ? texts.pendingIntro : texts.confirmedIntro}
        </p>
      </div>
      <dl className="mt-10 divide-y divide-border rounded-xl border border-border bg-white">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap justify-between gap-2 px-5 py-3">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-semibold text-foreground">{row.value}</dd>
          </div>
        ))}
      </dl>
      {paymentUrl ? (
        <div className="mt-8 text-center">
          <Button asChild size="lg" className="px-8">
            <a href={paymentUrl} target="_blank" rel="noopener noreferrer">
              {texts.payNow}
              <ExternalLink aria-hidden className="size-4" />
            </a>
          </Button>
          <p className="mt-2 text-sm text-subtle-foreground">{texts.payNowNote}</p>
        </div>
      ) : null}
      <p className="mt-8 text-muted-foreground">{texts.processing(orderProcessingHours)}</p>
      <p className="mt-3 text-muted-foreground">{texts.emailNote}</p>
      <section aria-labelledby="ayuda-pedido" className="mt-10 rounded-xl bg-muted p-6">
        <h2 id="ayuda-pedido" className="text-xl font-bold">
          {texts.helpHeading}
        </h2>
        <p className="mt-2 text-muted-foreground">
          {texts.helpText}{" "}
          <a
            className="font-semibold underline"
            href={`mailto:${company.email}?subject=${encodeURIComponent(`Pedido ${order.number}`)}`}
          >
            {company.email}
          </a>{" "}
          ·{" "}
          <a
            className="font-semibold underline"
            href={whatsappLink(company, `Hola, tengo una consulta sobre mi pedido ${order.number}.`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp
          </a>
        </p>
      </section>
      <div className="mt-10 text-center">
        <Button asChild variant="outline">
          <Link to="/productos">{texts.continueShopping}</Link>
        </Button>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{texts.notFoundTitle}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{texts.notFoundText}</p>
      <div className="mt-8">
        <Button asChild>
          <Link to="/productos">{texts.continueShopping}</Link>
        </Button>
      </div>
    </div>
  );
}
