import {
  AlertTriangle,
  CheckCircle2,
  Circle,
  ExternalLink,
  Info,
  PackageCheck,
  Truck,
  XCircle,
} from "lucide-react";
import { useEffect, useRef } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  redirectDocument,
  useLocation,
} from "react-router";
import type { Route } from "./+types/order";
import { OrderLinesTable, type LinesTotal } from "~/components/order-lines";
import { sendPaymentTab } from "~/components/payment-tab";
import { Button } from "~/components/ui/button";
import { whatsappLink } from "~/content/company";
import { orderPageTexts as texts } from "~/content/order-page";
import { deliveryPromise, orderProcessingHours, warrantyMonths } from "~/content/policies";
import { cn } from "~/lib/cn";
import { courierLabel, trackingUrlFor } from "~/content/couriers";
import { formatPrice } from "~/lib/format";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { getComuna } from "~/lib/places";
import { awaitsShippingQuote, getOrderForCustomer, paymentUrlFor } from "~/models/orders.server";
import {
  initialOrderStatus,
  orderStatusLabels,
  orderTimeline,
  type OrderStatus,
  type TimelineStep,
} from "~/lib/order-status";
import { PaymentNotice } from "~/components/payment-notice";
import { paymentTexts, providerNames } from "~/content/payments";
import { isPaymentResult, orderPaymentPath, type PaymentResult } from "~/lib/payments";
import { attemptsOfOrder, expiredFlag, type PaymentAttempt } from "~/models/payments.server";
import { paymentNoticeOf, paymentPagePath, startOrderPayment } from "~/services/payments/checkout.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { requireFormData } from "~/infra/request-body.server";

/**
 * /pedido/{id}: the order confirmation (docs/product.md#d8), found only by the order's random UUID, and
 * then the order's status as a timeline with its dates, the courier's tracking link once shipped and
 * the words that fit the status (issue 12). It shows what the customer needs and no more (no
 * address, e-mail or phone), and is never cached or indexed.
 */
const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * Dates are written in the loader, on the server: a browser's Intl data may word them otherwise
 * (Chromium 143 did), and hydration would then find other text than the server sent.
 */
const dateFormat = new Intl.DateTimeFormat("es-CL", {
  dateStyle: "long",
  timeStyle: "short",
  hourCycle: "h23",
  timeZone: "America/Santiago",
});

const shortDateFormat = new Intl.DateTimeFormat("es-CL", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "America/Santiago",
});

/** What the order page says about paying, when a provider takes the payments. */
interface PaymentView {
  provider: string;
  /** The result of the last attempt, in the customer's words, and how it reads. */
  message: { text: string; tone: "error" | "info" } | null;
  /** The button: the first payment, another try, or none while a payment is being confirmed. */
  action: "pay" | "retry" | null;
}

/**
 * The order page's words about paying an unpaid order: from the order's latest attempt as stored
 * (only the provider's word moves it), and, while that attempt has no final word, from what the
 * customer's return said (`?pago=`), which only picks the words.
 */
function paymentViewOf(
  latest: PaymentAttempt | undefined,
  result: PaymentResult | undefined,
  providerName: "webpay" | "flow",
): PaymentView {
  const provider = providerNames[latest?.provider ?? providerName];
  const texts = paymentTexts.results;
  const error = (text: string) => ({ text, tone: "error" as const });
  if (result === "demasiados-intentos") return { provider, message: error(texts.tooMany), action: "retry" };
  if (!latest) {
    return {
      provider,
      message: result === "no-disponible" ? error(texts.unavailable(provider)) : null,
      action: "pay",
    };
  }
  switch (latest.status) {
    case "mismatch":
      return { provider, message: { text: texts.review, tone: "info" }, action: null };
    case "rejected":
      return { provider, message: error(texts.rejected), action: "retry" };
    case "cancelled":
      if (result === "no-disponible")
        return { provider, message: error(texts.unavailable(provider)), action: "retry" };
      if (result === "expirado") return { provider, message: error(texts.timedOut), action: "retry" };
      if (result === "anulado") return { provider, message: error(texts.aborted), action: "retry" };
      return {
        provider,
        message: latest.flag === expiredFlag ? error(texts.unfinished) : error(texts.aborted),
        action: "retry",
      };
    default:
      // Started, no final word yet: the customer came back and the provider was not asked yet or
      // could not answer (confirming), or came back from a cancelled or expired form.
      if (result === "pendiente" || result === "aprobado") {
        return { provider, message: { text: texts.confirming(provider), tone: "info" }, action: null };
      }
      if (result === "rechazado") return { provider, message: error(texts.rejected), action: "retry" };
      if (result === "expirado") return { provider, message: error(texts.timedOut), action: "retry" };
      if (result === "anulado") return { provider, message: error(texts.aborted), action: "retry" };
      return { provider, message: null, action: "pay" };
  }
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const order = await getOrderForCustomer(db, params.id);
  if (!order) throw data(null, { status: 404, headers: privateHeaders });
  const unpaid = order.status === initialOrderStatus;
  const { entered, courier, courierName, trackingNumber, comunaCut: _comunaCut, ...shown } = order;
  const shipped = order.status === "enviado" || order.status === "entregado";
  const env = getEnv();
  const { payments } = env;
  const result = new URL(request.url).searchParams.get("pago") ?? undefined;
  const comuna = getComuna(order.comunaCut)?.name ?? "tu comuna";
  const waitsForQuote = awaitsShippingQuote(order);
  const payment: PaymentView | null = waitsForQuote
    ? {
        provider: providerNames[payments.provider === "flow" ? "flow" : "webpay"],
        message: { text: texts.quotePendingNote(comuna), tone: "info" },
        action: null,
      }
    : unpaid && payments.provider !== "link"
      ? paymentViewOf(
          (await attemptsOfOrder(db, order.id))[0],
          isPaymentResult(result) ? result : undefined,
          payments.provider,
        )
      : null;
  return data(
    {
      order: { ...shown, createdAtText: dateFormat.format(new Date(order.createdAt)) },
      quotePending: waitsForQuote ? comuna : null,
      paymentUrl:
        unpaid && payments.provider === "link" ? paymentUrlFor(env, order.lines, order.number) : null,
      payment,
      paymentNotice: unpaid ? paymentNoticeOf(payments) : null,
      timeline: orderTimeline(order.status, entered).map((step) => ({
        ...step,
        atText: step.at ? shortDateFormat.format(new Date(step.at)) : null,
      })),
      // Paid before it was cancelled: the refund note.
      paidBeforeCancelling: order.status === "cancelado" && entered.pagado !== undefined,
      shipment: shipped
        ? {
            courier: courierLabel(courier, courierName),
            trackingNumber,
            trackingUrl: trackingUrlFor(courier, trackingNumber),
          }
        : null,
    },
    { headers: privateHeaders },
  );
}

export const headers: Route.HeadersFunction = () => privateHeaders;

/**
 * "Pagar con Webpay" / "Reintentar el pago": a new attempt for the order's total, then the page
 * that takes the customer to the provider (a whole-document visit: it leaves the site). A paid
 * order is never offered payment again.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const form = await requireFormData(request);
  const order = await getOrderForCustomer(getDb(), params.id);
  if (!order) throw data(null, { status: 404, headers: privateHeaders });
  if (form.get("intent") !== "pagar") throw data(null, { status: 400, headers: privateHeaders });
  const started = await startOrderPayment(getDb(), getEnv(), order.id);
  if (started.ok) return redirectDocument(paymentPagePath(started.attempt.id), 303);
  if (started.reason === "unavailable") return redirect(orderPaymentPath(order.id, "no-disponible"), 303);
  if (started.reason === "too-many") return redirect(orderPaymentPath(order.id, "demasiados-intentos"), 303);
  return redirect(`/pedido/${order.id}`, 303);
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  pageMeta(matches, {
    title: loaderData ? texts.metaTitle(loaderData.order.number) : `${texts.notFoundTitle} | LifeBox`,
    description: texts.metaDescription,
    path: "/pedido",
    noindex: true,
  });

const headingIcons: Partial<Record<OrderStatus, typeof CheckCircle2>> = {
  enviado: Truck,
  entregado: PackageCheck,
  cancelado: XCircle,
};

/** The order's way so far and to come, one step per status (vertical on a phone). */
function Timeline({ steps }: { steps: (TimelineStep & { atText: string | null })[] }) {
  return (
    <section aria-labelledby="seguimiento-pedido" className="mt-10">
      <h2 id="seguimiento-pedido" className="text-xl font-bold">
        {texts.timelineHeading}
      </h2>
      <ol className="mt-4 grid gap-3 sm:auto-cols-fr sm:grid-flow-col sm:gap-2">
        {steps.map((step) => {
          const done = step.state !== "upcoming";
          const cancelled = step.status === "cancelado";
          const Icon = cancelled ? XCircle : done ? CheckCircle2 : Circle;
          return (
            <li
              key={step.status}
              aria-current={step.state === "current" ? "step" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-lg border p-3 sm:flex-col sm:text-center",
                step.state === "current"
                  ? cancelled
                    ? "border-destructive bg-destructive-muted"
                    : "border-success bg-success-muted"
                  : "border-border bg-white",
              )}
            >
              <Icon
                aria-hidden
                className={cn(
                  "size-6",
                  cancelled ? "text-destructive" : done ? "text-success" : "text-subtle-foreground",
                )}
              />
              <div>
                <p className={cn("font-semibold", done ? "text-foreground" : "text-muted-foreground")}>
                  {orderStatusLabels[step.status]}
                  <span className="sr-only"> ({texts.timelineStates[step.state]})</span>
                </p>
                {step.at ? (
                  <p className="text-sm text-muted-foreground">
                    <time dateTime={step.at}>{step.atText}</time>
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The first words under the heading, fitting the order's status. */
function introFor(
  status: OrderStatus,
  {
    unpaid,
    providerPays,
    courier,
    paid,
  }: { unpaid: boolean; providerPays: boolean; courier: string | null; paid: boolean },
): string {
  switch (status) {
    case "pendiente_pago":
      if (providerPays) return paymentTexts.pendingIntro;
      return unpaid ? texts.pendingIntro : texts.confirmedIntro;
    case "pagado":
      return texts.paidIntro;
    case "en_preparacion":
      return texts.preparingIntro;
    case "enviado":
      return texts.shippedIntro(courier ?? "el courier");
    case "entregado":
      return texts.deliveredIntro(warrantyMonths);
    case "cancelado":
      return `${texts.cancelledIntro} ${paid ? texts.cancelledPaid : texts.cancelledUnpaid}`;
  }
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { company } = useRootData();
  const {
    order,
    paymentUrl,
    payment,
    paymentNotice,
    timeline,
    shipment,
    paidBeforeCancelling,
    quotePending,
  } = loaderData;
  const HeadingIcon = headingIcons[order.status] ?? CheckCircle2;
  const open = order.status !== "entregado" && order.status !== "cancelado";
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
  const shipping =
    order.shippingKind === "free"
      ? texts.shippingFree
      : order.shippingCost !== null
        ? formatPrice(order.shippingCost)
        : quotePending
          ? texts.shippingArranged
          : texts.shippingArrangedByHand;
  // Outside the continent and not quoted yet, the total is the kits' only: it says so.
  const totals: LinesTotal[] = [
    { label: texts.subtotalLabel, value: formatPrice(order.subtotal) },
    { label: texts.shippingLabel, value: shipping },
    {
      label: quotePending ? texts.totalBeforeShippingLabel : texts.totalLabel,
      value: formatPrice(order.total),
      strong: true,
    },
  ];
  const rows = [
    { label: texts.numberLabel, value: order.number },
    { label: texts.statusLabel, value: orderStatusLabels[order.status] },
    { label: texts.dateLabel, value: order.createdAtText },
    ...(open ? [{ label: texts.deliveryLabel, value: deliveryPromise }] : []),
    ...(shipment?.courier ? [{ label: texts.courierLabel, value: shipment.courier }] : []),
    ...(shipment?.trackingNumber ? [{ label: texts.trackingLabel, value: shipment.trackingNumber }] : []),
    ...(order.cancellationReason ? [{ label: texts.reasonLabel, value: order.cancellationReason }] : []),
  ];
  return (
    <div className="page-column-3xl py-14">
      <div className="text-center">
        <HeadingIcon
          aria-hidden
          className={cn(
            "mx-auto size-14",
            order.status === "cancelado" ? "text-destructive" : "text-success",
          )}
        />
        <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold outline-none sm:text-4xl">
          {texts.statusTitles[order.status]}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          {texts.greeting(order.customerName)}{" "}
          {quotePending
            ? texts.quotePendingIntro(quotePending)
            : introFor(order.status, {
                unpaid: paymentUrl !== null || payment !== null,
                providerPays: payment !== null,
                courier: shipment?.courier ?? null,
                paid: paidBeforeCancelling,
              })}
        </p>
      </div>
      {payment ? <PaymentBox payment={payment} /> : null}
      <PaymentNotice notice={paymentNotice} />
      {shipment?.trackingUrl && shipment.courier ? (
        <div className="mt-8 text-center">
          <Button asChild size="lg" className="px-8">
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              {texts.trackShipment(shipment.courier)}
              <ExternalLink aria-hidden className="size-4" />
            </a>
          </Button>
          <p className="mt-2 text-sm text-subtle-foreground">{texts.trackShipmentNote}</p>
        </div>
      ) : null}
      <Timeline steps={timeline} />
      <div className="mt-10 rounded-xl border border-border bg-white px-5 py-3">
        <OrderLinesTable lines={order.lines} totals={totals} />
      </div>
      <dl className="mt-6 divide-y divide-border rounded-xl border border-border bg-white">
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
      {order.status === "pendiente_pago" || order.status === "pagado" ? (
        <p className="mt-8 text-muted-foreground">{texts.processing(orderProcessingHours)}</p>
      ) : null}
      {order.status === "pendiente_pago" ? (
        <p className="mt-3 text-muted-foreground">{texts.emailNote}</p>
      ) : null}
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

/** The last attempt's result and the button that pays (again), near the top of the page. */
function PaymentBox({ payment }: { payment: PaymentView }) {
  const { message, action, provider } = payment;
  const Icon = message?.tone === "error" ? AlertTriangle : Info;
  return (
    <div className="mt-8 text-center">
      {message ? (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={cn(
            "mx-auto flex max-w-2xl items-start gap-2 rounded-lg border px-4 py-3 text-left",
            message.tone === "error"
              ? "border-destructive bg-destructive-muted text-foreground"
              : "border-border bg-muted text-foreground",
          )}
        >
          <Icon
            aria-hidden
            className={cn("mt-0.5 size-5 shrink-0", message.tone === "error" && "text-destructive")}
          />
          <span>{message.text}</span>
        </p>
      ) : null}
      {action ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="pagar" />
          <Button type="submit" size="lg" className="px-8">
            {action === "retry" ? paymentTexts.retry : paymentTexts.pay(provider)}
          </Button>
          <p className="mt-2 text-sm text-subtle-foreground">{paymentTexts.payNote(provider)}</p>
        </Form>
      ) : (
        <p className="mt-4">
          <Link className="font-semibold underline" to={{ search: "?pago=pendiente" }} reloadDocument>
            {paymentTexts.refresh}
          </Link>
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="page-column-3xl py-20 text-center">
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
