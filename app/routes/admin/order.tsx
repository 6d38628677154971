import { parseWithZod } from "@conform-to/zod/v4";
import { Undo2 } from "lucide-react";
import { data, Form, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/order";
import { BackToList, RecordError, RecordFields, type RecordField } from "~/components/admin/admin-record";
import {
  AdminForm,
  PageMessage,
  SubmitButton,
  useActionFeedback,
  useAdminForm,
  usePosting,
} from "~/components/admin/admin-form";
import { Panel } from "~/components/admin/admin-page";
import { OrderLinesTable } from "~/components/order-lines";
import type { FormField } from "~/components/public-form-types";
import { CheckboxField, TextField } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { adminOrdersTexts as texts, adminPageTitle } from "~/content/admin";
import { couriers } from "~/content/couriers";
import { adminMeta, adminPaths, formatAdminDateTime, formatAdminTime } from "~/lib/admin";
import { getComuna, getRegion } from "~/lib/places";
import { courierIds, courierLabel, trackingUrlFor } from "~/content/couriers";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import {
  allowedTransitions,
  initialOrderStatus,
  isPaidStatus,
  orderStatusLabels,
  type OrderStatus,
} from "~/lib/order-status";
import {
  awaitsShippingQuote,
  changeOrderStatusAsStaff,
  DocumentFolioTakenError,
  DocumentRecordRefusedError,
  getOrderDocumentRecords,
  getOrderForAdmin,
  getOrderHistory,
  getUndoableChange,
  OrderNotFoundError,
  OrderStatusConflictError,
  OrderStatusTransitionError,
  OrderStatusUndoError,
  quoteShipping,
  recordOrderDocument,
  ShippingQuoteRefusedError,
  undoOrderStatusChange,
  type AdminOrderDetail,
} from "~/models/orders.server";
import { attemptsOfOrder, expiredFlag, type PaymentAttempt } from "~/models/payments.server";
import {
  adminRecordMessages,
  documentRecordSchema,
  manualPaymentMeans,
  orderStatusChangeSchema,
  orderStatusFieldLimits,
  orderStatusUndoSchema,
  shippingQuoteSchema,
  staffSiiTypes,
} from "~/schemas/admin-records";
import { requireAdmin } from "~/services/auth.server";
import {
  cancelOrderWithRefund,
  RefundedButNotCancelledError,
  RefundFailedError,
  refundableAttemptOf,
  refundMismatchedPayment,
} from "~/services/payments/refunds.server";
import { getDb } from "~/infra/db.server";
import type { SiiDocumentType } from "~/infra/db-schema";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * /admin/orders/:id (docs/product.md#spec-2 "Pedidos"; docs/product.md#d9): everything the customer sent, the
 * status history, and the status change, offering only the next statuses the lifecycle allows, with the
 * courier and tracking number for "Enviado" and the reason for "Cancelado". The server refuses a
 * change from a status that is no longer the order's (409) or not allowed (422). A change just made
 * can be undone for a minute, before the customer's e-mail about it leaves
 * (docs/decisions/033-order-status-emails.md). Payments (issue 22; docs/decisions/060): who paid,
 * every attempt with Webpay or Flow with what the provider said, "Pagado" by hand with its means and
 * operation number, and a cancellation that gives a provider's payment back through it.
 */

const f = texts.fields;

function orderFields(
  order: AdminOrderDetail,
  documentRecords: DocumentRecordRow[],
): {
  order: RecordField[];
  customer: RecordField[];
  document: RecordField[];
} {
  return {
    document: documentFields(order, documentRecords),
    order: [
      { label: f.number, value: order.number },
      { label: f.createdAt, value: formatAdminDateTime(order.createdAt) },
      { label: f.status, value: orderStatusLabels[order.status] },
      ...(order.paidBy ? [{ label: texts.paidByLabel, value: texts.paidBy[order.paidBy] }] : []),
      ...shipmentFields(order),
      { label: f.termsAcceptedAt, value: formatAdminDateTime(order.termsAcceptedAt) },
      { label: f.id, value: order.id },
    ],
    customer: [
      { label: f.name, value: order.customerName },
      { label: f.email, value: order.email, href: `mailto:${order.email}` },
      { label: f.phone, value: order.phone, href: `tel:${order.phone.replace(/[^\d+]/g, "")}` },
      { label: f.rut, value: order.rut ?? "" },
      { label: f.region, value: getRegion(order.regionCut)?.name ?? order.regionCut },
      { label: f.comuna, value: getComuna(order.comunaCut)?.name ?? order.comunaCut },
      { label: f.address, value: order.address, long: true },
      { label: f.notes, value: order.notes ?? "", long: true },
    ],
  };
}

type DocumentRecordRow = Awaited<ReturnType<typeof getOrderDocumentRecords>>[number];

/** Who recorded a document: the staff member's name, or the provider that issued it. */
function recordedByText(record: Pick<DocumentRecordRow, "provider" | "recordedByName">): string {
  return record.provider
    ? texts.documentByProvider(record.provider)
    : (record.recordedByName ?? texts.unknownStaff);
}

/**
 * The tax document the customer asked for (D24): a boleta, or a factura with its company; once
 * issued, the document recorded (docs/decisions/065): its type, folio, date and who recorded it
 * (the newest of `records`, which is the order's).
 */
function documentFields(order: AdminOrderDetail, records: DocumentRecordRow[]): RecordField[] {
  const d = texts.documentFields;
  const company: RecordField[] =
    order.documentType === "factura"
      ? [
          { label: d.invoiceRut, value: order.invoiceRut ?? "" },
          { label: d.invoiceName, value: order.invoiceName ?? "" },
          { label: d.invoiceGiro, value: order.invoiceGiro ?? "" },
          { label: d.invoiceAddress, value: order.invoiceAddress ?? "", long: true },
          {
            label: d.invoiceComuna,
            value: getComuna(order.invoiceComunaCut ?? "")?.name ?? order.invoiceComunaCut ?? "",
          },
          {
            label: d.invoiceRegion,
            value: getRegion(order.invoiceRegionCut ?? "")?.name ?? order.invoiceRegionCut ?? "",
          },
          ...(order.invoiceEmail
            ? [{ label: d.invoiceEmail, value: order.invoiceEmail, href: `mailto:${order.invoiceEmail}` }]
            : []),
        ]
      : [];
  return [
    { label: d.type, value: texts.documentTypes[order.documentType] },
    ...company,
    ...(order.documentFolio !== null && order.documentSiiType !== null && order.documentIssuedAt !== null
      ? [
          { label: d.issued, value: texts.siiTypes[order.documentSiiType] ?? String(order.documentSiiType) },
          { label: d.folio, value: order.documentFolio },
          { label: d.issuedAt, value: formatAdminDateTime(order.documentIssuedAt) },
          {
            label: d.recordedBy,
            value: order.documentProvider
              ? texts.documentByProvider(order.documentProvider)
              : records[0]
                ? recordedByText(records[0])
                : texts.unknownStaff,
          },
        ]
      : [{ label: d.folio, value: texts.documentNotIssued }]),
  ];
}

/** The type a recording starts with: the one recorded, else the one the customer asked for. */
function documentTypeChoice(order: AdminOrderDetail): string {
  if (order.documentSiiType !== null) {
    const recorded = String(order.documentSiiType);
    return (staffSiiTypes as readonly string[]).includes(recorded) ? recorded : "";
  }
  return order.documentType === "factura" ? "33" : "39";
}

/** Free, quoted (its cost and when), waiting for its quote, or agreed by hand before quotes existed. */
function shippingText(order: AdminOrderDetail): string {
  if (order.shippingKind === "free") return texts.shippingKinds.free;
  if (order.shippingCost !== null && order.shippingQuotedAt) {
    return texts.shippingQuoted(formatPrice(order.shippingCost), formatAdminDateTime(order.shippingQuotedAt));
  }
  return awaitsShippingQuote(order) ? texts.shippingKinds.arranged : texts.shippingArrangedByHand;
}

/** The shipment's courier and tracking number (with its tracking page), or the cancellation's reason. */
function shipmentFields(order: AdminOrderDetail): RecordField[] {
  const shown: RecordField[] = [];
  const courier = courierLabel(order.courier, order.courierName);
  if (courier) shown.push({ label: f.courier, value: courier });
  if (order.trackingNumber) {
    const href = trackingUrlFor(order.courier, order.trackingNumber) ?? undefined;
    shown.push({ label: f.trackingNumber, value: order.trackingNumber, ...(href ? { href } : {}) });
  }
  if (order.cancellationReason) {
    shown.push({ label: f.cancellationReason, value: order.cancellationReason, long: true });
  }
  return shown;
}

const label = (status: string) => orderStatusLabels[status as OrderStatus] ?? status;

const providerLabel = (provider: PaymentAttempt["provider"]) => texts.paidBy[provider];

/** "0a1b2c3d…9f8e": a provider's token, shortened for the page (the whole one in its title). */
function shortened(value: string): string {
  return value.length <= 16 ? value : `${value.slice(0, 8)}…${value.slice(-4)}`;
}

/** The provider's answer kept on the attempt, indented for reading (as stored when it is not JSON). */
function answerText(answer: string | null): string | null {
  if (!answer) return null;
  try {
    return JSON.stringify(JSON.parse(answer), null, 2);
  } catch {
    return answer;
  }
}

/** An attempt as the "Pagos" section shows it: labels and texts, Spanish, ready to render. */
function attemptView(attempt: PaymentAttempt) {
  const a = texts.attemptFields;
  const status =
    attempt.status === "cancelled" && attempt.flag === expiredFlag
      ? texts.attemptStatuses.expired
      : texts.attemptStatuses[attempt.status];
  // Webpay's payment_type_code, named; Flow's media as Flow says it.
  const typeName = attempt.provider === "webpay" ? texts.paymentTypes[attempt.paymentType ?? ""] : undefined;
  const paymentType = typeName ? `${typeName} (${attempt.paymentType})` : (attempt.paymentType ?? "");
  const fields: RecordField[] = [
    { label: a.status, value: status },
    { label: a.amount, value: formatPrice(attempt.amount) },
    ...(attempt.providerAmount !== null && attempt.providerAmount !== attempt.amount
      ? [{ label: a.providerAmount, value: formatPrice(attempt.providerAmount) }]
      : []),
    { label: a.buyOrder, value: attempt.buyOrder },
    { label: a.authorizationCode, value: attempt.authorizationCode ?? "" },
    { label: a.card, value: attempt.cardLastFour ? texts.card(attempt.cardLastFour) : "" },
    { label: a.paymentType, value: paymentType },
    { label: a.installments, value: attempt.installments ? String(attempt.installments) : "" },
    { label: a.responseCode, value: attempt.responseCode === null ? "" : String(attempt.responseCode) },
    { label: a.settledAt, value: attempt.settledAt ? formatAdminDateTime(attempt.settledAt) : "" },
  ];
  return {
    id: attempt.id,
    title: texts.attemptTitle(providerLabel(attempt.provider), formatAdminDateTime(attempt.createdAt)),
    status,
    reference: attempt.reference,
    referenceShort: attempt.reference ? shortened(attempt.reference) : null,
    fields,
    warning:
      attempt.status === "mismatch"
        ? (texts.mismatchFlags[attempt.flag ?? ""] ?? texts.mismatchUnknown)
        : null,
    refund:
      attempt.refundedAt !== null && attempt.refundAmount !== null
        ? texts.refundText(
            formatPrice(attempt.refundAmount),
            attempt.refundType ?? "",
            formatAdminDateTime(attempt.refundedAt),
            attempt.refundReference,
          )
        : null,
    // A payment approved but not taken as the order's: staff may give it back from here.
    refundable:
      attempt.status === "mismatch" && attempt.refundedAt === null && attempt.reference !== null
        ? {
            label: texts.refundPayment(formatPrice(attempt.providerAmount ?? attempt.amount)),
            hint: texts.refundPaymentHint(providerLabel(attempt.provider)),
          }
        : null,
    // A refusal after a refund that came through later is history: only the last failure counts.
    refundError: attempt.refundedAt === null ? attempt.refundError : null,
    answer: answerText(attempt.answer),
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const order = await getOrderForAdmin(db, params.id);
  if (!order) throw data({ message: texts.notFound }, { status: 404, headers: admin.headers });
  const history = await getOrderHistory(db, order.id);
  const undone = new Set(history.map((entry) => entry.undoes).filter((id) => id !== null));
  const undoable = await getUndoableChange(db, order.id);
  const attempts = await attemptsOfOrder(db, order.id);
  const canCancel = allowedTransitions[order.status].includes("cancelado");
  const refundable = canCancel ? await refundableAttemptOf(db, order.id) : undefined;
  const documentRecords = await getOrderDocumentRecords(db, order.id);
  const flash = await pageFlash(request, [texts.successTitle, texts.documentSuccessTitle]);
  return data(
    {
      id: order.id,
      number: order.number,
      status: order.status,
      statusLabel: orderStatusLabels[order.status],
      fields: orderFields(order, documentRecords),
      lines: order.lines,
      totals: [
        { label: texts.subtotal, value: formatPrice(order.subtotal) },
        { label: f.shipping, value: shippingText(order) },
        { label: f.total, value: formatPrice(order.total), strong: true },
      ],
      paidBy: order.paidBy ? texts.paidByText[order.paidBy] : null,
      // Outside the continent and unpaid: staff set (or correct) the shipping cost (D25).
      shippingQuote:
        order.shippingKind === "arranged" && order.status === initialOrderStatus
          ? {
              intro: texts.quoteIntro(getComuna(order.comunaCut)?.name ?? order.comunaCut),
              current: order.shippingCost === null ? null : texts.quoteAgain(formatPrice(order.shippingCost)),
              value: order.shippingCost === null ? "" : String(order.shippingCost),
            }
          : null,
      // The document issued (D24): recorded once paid, warned about while missing, corrected later.
      document: {
        missing:
          isPaidStatus(order.status) && order.documentFolio === null
            ? texts.documentMissing(texts.siiTypes[order.documentType === "factura" ? 33 : 39]!.toLowerCase())
            : null,
        later: order.status === initialOrderStatus ? texts.documentLater : null,
        form: isPaidStatus(order.status)
          ? { correcting: order.documentFolio !== null, siiType: documentTypeChoice(order) }
          : null,
        // The records before the order's present one (a correction keeps them).
        earlier: documentRecords.slice(1).map((record) => ({
          id: record.id,
          text: texts.documentRecordEntry(
            texts.siiTypes[record.siiType] ?? String(record.siiType),
            record.folio,
            formatAdminDateTime(record.recordedAt),
            recordedByText(record),
          ),
        })),
      },
      attempts: attempts.map(attemptView),
      // Cancelling offers to give this payment back through its provider (checked by default).
      refundable: refundable
        ? {
            label: texts.refundLabel(
              providerLabel(refundable.provider),
              formatPrice(refundable.providerAmount ?? refundable.amount),
            ),
            hint: texts.refundHint(providerLabel(refundable.provider)),
          }
        : null,
      history: history.map((entry) => ({
        id: entry.id,
        at: formatAdminDateTime(entry.changedAt),
        change:
          entry.from === null
            ? texts.created(orderStatusLabels[entry.to])
            : entry.undoes !== null
              ? texts.undoEntry(orderStatusLabels[entry.from], orderStatusLabels[entry.to])
              : `${texts.changed(orderStatusLabels[entry.from], orderStatusLabels[entry.to])}${undone.has(entry.id) ? ` ${texts.undoneMark}` : ""}`,
        // A change to "pagado" made by hand: how the customer paid and the operation number.
        ...(entry.paymentMeans
          ? { payment: texts.historyPayment(texts.paymentMeans[entry.paymentMeans], entry.paymentReference) }
          : {}),
        by: entry.changedBy === null ? texts.bySystem : (entry.changedByName ?? texts.unknownStaff),
      })),
      nextStatuses: allowedTransitions[order.status].map((status) => ({
        value: status,
        label: orderStatusLabels[status],
      })),
      // Only the staff member who made the change is offered to undo it ("Cambiaste…"); right after
      // the change, in the message that says it was made (one notice, docs/decisions/072).
      undo:
        undoable?.changedBy === admin.user.id
          ? {
              id: undoable.id,
              text: texts.undoText(label(undoable.from), label(undoable.to), formatAdminTime(undoable.until)),
              inMessage:
                flash?.description.startsWith(texts.statusChanged(label(undoable.to), false)) ?? false,
            }
          : null,
      // The success the action redirected here with, said in the page (and so not in a toast).
      flash,
    },
    { headers: admin.headers },
  );
}

/**
 * A change made (or undone) redirects back to the order with its toast (post/redirect/get); a
 * refusal is a 4xx. The undo form sends `undo`, the change's id; the status form sends the rest.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await requireFormData(request);
  const back = `${adminPaths.orders}/${encodeURIComponent(params.id)}`;
  const refuse = (message: string | undefined, status: number, result?: unknown) =>
    data(
      { tone: "error" as const, title: texts.failureTitle, message, result },
      { status, headers: admin.headers },
    );

  if (formData.has("undo")) {
    const undo = orderStatusUndoSchema.safeParse(Object.fromEntries(formData));
    if (!undo.success) return refuse(texts.undoRefused, 400);
    try {
      const change = await undoOrderStatusChange(getDb(), params.id, undo.data.undo, admin.user.id);
      logger.info(
        { adminId: admin.user.id, orderId: params.id, undoes: undo.data.undo },
        "Order status change undone",
      );
      return redirectWithToast(
        back,
        { kind: "success", title: texts.successTitle, description: texts.undone(label(change.to)) },
        admin.headers,
      );
    } catch (error) {
      if (error instanceof OrderNotFoundError) return refuse(texts.notFound, 404);
      if (error instanceof OrderStatusUndoError || error instanceof OrderStatusConflictError) {
        return refuse(texts.undoRefused, 409);
      }
      throw error;
    }
  }

  // The shipping cost of an order outside the continent (D25).
  if (formData.get("intent") === "quote-shipping") {
    const typed = String(formData.get("shippingCost") ?? "");
    const quote = shippingQuoteSchema.safeParse({ shippingCost: typed });
    if (!quote.success) {
      const message = quote.error.issues[0]?.message ?? adminRecordMessages.shippingCost;
      return data(
        {
          tone: "error" as const,
          title: texts.failureTitle,
          message,
          result: undefined,
          quote: { error: message, typed },
        },
        { status: 400, headers: admin.headers },
      );
    }
    try {
      const { total } = await quoteShipping(getDb(), params.id, quote.data.shippingCost, admin.user.id);
      logger.info({ adminId: admin.user.id, orderId: params.id }, "Shipping quoted");
      return redirectWithToast(
        back,
        {
          kind: "success",
          title: texts.successTitle,
          description: texts.quoted(formatPrice(quote.data.shippingCost), formatPrice(total)),
        },
        admin.headers,
      );
    } catch (error) {
      if (error instanceof OrderNotFoundError) return refuse(texts.notFound, 404);
      if (error instanceof ShippingQuoteRefusedError || error instanceof OrderStatusConflictError) {
        return refuse(texts.quoteRefused, 409);
      }
      throw error;
    }
  }

  // The boleta or factura issued for a paid order: its type and folio (D24; docs/decisions/065).
  if (formData.get("intent") === "record-document") {
    const submission = parseWithZod(formData, { schema: documentRecordSchema });
    const refuseDocument = (message: string | undefined, status: number, document: unknown) =>
      data(
        { tone: "error" as const, title: texts.failureTitle, message, result: undefined, document },
        { status, headers: admin.headers },
      );
    if (submission.status !== "success") return refuseDocument(undefined, 400, submission.reply());
    const siiType = submission.value.siiType as SiiDocumentType;
    const type = texts.siiTypes[siiType]!.toLowerCase();
    try {
      const recorded = await recordOrderDocument(getDb(), params.id, {
        siiType,
        folio: submission.value.folio,
        by: { staffUserId: admin.user.id },
      });
      logger.info(
        { adminId: admin.user.id, orderId: params.id, siiType, corrected: recorded.corrected },
        "Order document recorded",
      );
      return redirectWithToast(
        back,
        {
          kind: "success",
          title: texts.documentSuccessTitle,
          description: !recorded.changed
            ? texts.documentUnchanged
            : recorded.corrected
              ? texts.documentCorrected(type, recorded.folio)
              : texts.documentRecorded(type, recorded.folio),
        },
        admin.headers,
      );
    } catch (error) {
      if (error instanceof OrderNotFoundError) return refuseDocument(texts.notFound, 404, submission.reply());
      if (error instanceof DocumentFolioTakenError) {
        const message = texts.folioTaken(type, submission.value.folio, error.orderNumber);
        return refuseDocument(message, 409, submission.reply({ fieldErrors: { folio: [message] } }));
      }
      if (error instanceof DocumentRecordRefusedError && error.reason === "invalid") {
        return refuseDocument(adminRecordMessages.invalid, 400, submission.reply());
      }
      if (error instanceof DocumentRecordRefusedError || error instanceof OrderStatusConflictError) {
        return refuseDocument(texts.documentNotPaid, 409, submission.reply());
      }
      throw error;
    }
  }

  // Giving back a payment the shop did not take as the order's (a mismatch: a second payment…).
  if (formData.get("intent") === "refund-payment") {
    const attemptId = String(formData.get("attemptId") ?? "");
    const env = getEnv();
    try {
      const refund = await refundMismatchedPayment(getDb(), {
        orderId: params.id,
        attemptId,
        settings: { SITE_URL: env.SITE_URL, payments: env.payments, shopEmail: env.company.email },
      });
      logger.info({ adminId: admin.user.id, orderId: params.id, attemptId }, "Mismatched payment refunded");
      return redirectWithToast(
        back,
        {
          kind: "success",
          title: texts.successTitle,
          description: texts.paymentRefunded(formatPrice(refund.amount), providerLabel(refund.provider)),
        },
        admin.headers,
      );
    } catch (error) {
      if (!(error instanceof RefundFailedError)) throw error;
      logger.warn(
        { adminId: admin.user.id, orderId: params.id, reason: error.message },
        "Payment not refunded",
      );
      return refuse(error.message, 422);
    }
  }

  const submission = parseWithZod(formData, { schema: orderStatusChangeSchema });
  if (submission.status !== "success") return refuse(undefined, 400, submission.reply());
  const { from, to, courier, courierName, trackingNumber, cancellationReason } = submission.value;
  const { paymentMeans, paymentReference, refund } = submission.value;
  const db = getDb();
  let mailed: boolean;
  let refunded: string | undefined;
  try {
    // Cancelling an order a provider's payment paid: given back through it unless the box was unticked.
    const refundable =
      to === "cancelado" && refund === "on" ? await refundableAttemptOf(db, params.id) : undefined;
    if (refundable) {
      const env = getEnv();
      const cancelled = await cancelOrderWithRefund(db, {
        orderId: params.id,
        expectedFrom: from,
        staffUserId: admin.user.id,
        cancellationReason: cancellationReason ?? "",
        settings: { SITE_URL: env.SITE_URL, payments: env.payments },
      });
      mailed = cancelled.change.mailId !== null;
      refunded = texts.cancelledWithRefund(
        formatPrice(cancelled.refund.amount),
        providerLabel(cancelled.refund.provider),
      );
      logger.info(
        { adminId: admin.user.id, orderId: params.id, provider: cancelled.refund.provider },
        "Order payment refunded",
      );
    } else {
      const change = await changeOrderStatusAsStaff(db, params.id, from, to, admin.user.id, {
        details: { courier, courierName, trackingNumber, cancellationReason },
        ...(to === "pagado" && paymentMeans && paymentReference
          ? { payment: { means: paymentMeans, reference: paymentReference } }
          : {}),
      });
      mailed = change.mailId !== null;
    }
  } catch (error) {
    const result = submission.reply();
    if (error instanceof RefundFailedError || error instanceof RefundedButNotCancelledError) {
      logger.warn(
        { adminId: admin.user.id, orderId: params.id, reason: error.message },
        "Order payment not refunded",
      );
      return refuse(
        error.message,
        error instanceof RefundFailedError ? 422 : 409,
        submission.reply({ fieldErrors: { refund: [error.message] } }),
      );
    }
    if (error instanceof OrderNotFoundError) return refuse(texts.notFound, 404, result);
    if (error instanceof OrderStatusConflictError) return refuse(texts.conflict, 409, result);
    if (error instanceof OrderStatusTransitionError) {
      return refuse(texts.transitionRefused(label(error.from), label(error.to)), 422, result);
    }
    throw error;
  }
  logger.info({ adminId: admin.user.id, orderId: params.id, from, to }, "Order status changed");
  return redirectWithToast(
    back,
    {
      kind: "success",
      title: texts.successTitle,
      description: refunded ?? texts.statusChanged(orderStatusLabels[to], mailed),
    },
    admin.headers,
  );
}

/**
 * A refused change (4xx) revalidates the page too (React Router does not by default): a refund the
 * provider refused is then also shown on its attempt, and a status changed meanwhile is the one seen.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 && actionStatus < 500 ? true : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(
    loaded ? adminPageTitle(texts.detailTitle(loaded.number)) : texts.detailMetaTitle,
    texts.detailMetaDescription,
  );

/**
 * Shown only while the status it belongs to is chosen, by CSS (`:has`), so it works without
 * JavaScript; a browser without `:has` shows every group, each labelled for its status.
 */
const shownWhenChosen = {
  pagado: "[form:has(#nuevo-estado-pagado:not(:checked))_&]:hidden",
  enviado: "[form:has(#nuevo-estado-enviado:not(:checked))_&]:hidden",
  cancelado: "[form:has(#nuevo-estado-cancelado:not(:checked))_&]:hidden",
} as const;

/** The fields a status needs ("Pagado" by hand, "Enviado"), shown while that status is chosen. */
function StatusFieldset({
  legend,
  shownClass,
  children,
}: {
  legend: string;
  shownClass: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className={cn("grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2", shownClass)}>
      <legend className="px-1 text-sm font-semibold text-foreground">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A closed choice (the courier, the payment means): a select with an empty first option. */
function ChoiceField({
  meta,
  label,
  placeholder,
  options,
}: {
  meta: FormField;
  label: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Field label={label} errors={meta.errors}>
      {(props) => (
        <select
          {...props}
          key={meta.key}
          name={meta.name}
          defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
          className="h-10 w-full rounded-md border border-input bg-white px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The document issued for a paid order (D24): its type (boleta or factura electrónica) and folio;
 * once recorded, the same form behind "Corregir el tipo o el folio" (open after a refusal).
 */
function DocumentRecordForm({
  correcting,
  siiType,
  lastResult,
  saving,
}: {
  correcting: boolean;
  siiType: string;
  lastResult: Parameters<typeof useAdminForm>[2];
  saving: boolean;
}) {
  const [form, fields] = useAdminForm("documento", documentRecordSchema, lastResult, { revalidate: false });
  const chosen = typeof fields.siiType.initialValue === "string" ? fields.siiType.initialValue : siiType;
  const typeErrors = fields.siiType.errors;
  const body = (
    <AdminForm form={form} method="post" className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="record-document" />
      <fieldset
        aria-invalid={typeErrors ? true : undefined}
        aria-describedby={typeErrors ? "documento-tipo-error" : undefined}
      >
        <legend className="text-sm font-semibold text-foreground">{texts.documentTypeLabel}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {staffSiiTypes.map((value) => (
            <div key={value} className="flex items-center gap-2">
              <input
                type="radio"
                id={`documento-tipo-${value}`}
                key={fields.siiType.key}
                name={fields.siiType.name}
                value={value}
                defaultChecked={chosen === value}
                className="size-4 accent-primary"
              />
              <label htmlFor={`documento-tipo-${value}`} className="text-sm text-foreground">
                {texts.siiTypes[Number(value)]}
              </label>
            </div>
          ))}
        </div>
        {typeErrors ? (
          <FieldError id="documento-tipo-error" className="mt-2">
            {typeErrors[0]}
          </FieldError>
        ) : null}
      </fieldset>
      <TextField
        meta={fields.folio}
        label={texts.folioLabel}
        hint={texts.folioHint}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        className="max-w-xs"
      />
      <p className="text-xs text-subtle-foreground">{texts.documentMailNote}</p>
      <SubmitButton busy={saving} busyText={texts.submitting}>
        {correcting ? texts.documentCorrectSubmit : texts.documentSubmit}
      </SubmitButton>
    </AdminForm>
  );
  if (!correcting) {
    return (
      <section aria-labelledby="documento-registrar" className="mt-4 border-t border-border pt-4">
        <h3 id="documento-registrar" className="text-sm font-semibold text-foreground">
          {texts.documentRecordLegend}
        </h3>
        {body}
      </section>
    );
  }
  return (
    <details className="mt-4 border-t border-border pt-4" open={lastResult ? true : undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-primary">
        {texts.documentCorrectSummary}
      </summary>
      {body}
    </details>
  );
}

/** "Deshacer el cambio": undoes the status change `id` (the action's `undo`). */
function UndoForm({ id, saving, className }: { id: string; saving: boolean; className: string }) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="undo" value={id} />
      <SubmitButton busy={saving} busyText={texts.undoing} variant="outline" icon={Undo2}>
        {texts.undoSubmit}
      </SubmitButton>
    </Form>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const saving = usePosting();
  // A new form once the status changed: the choices are not the same any more.
  const id = `estado-${loaderData.status}`;
  const result = actionData?.result as Parameters<typeof useAdminForm>[2];
  const [form, fields] = useAdminForm(id, orderStatusChangeSchema, result, { revalidate: false });
  // A refusal is the action's answer; a change made came with the redirect, said here only.
  const shown = useActionFeedback(actionData, loaderData.flash);
  // A refused shipping cost: its message under the field, and what was typed.
  const quoteError = (actionData as { quote?: { error: string; typed: string } } | undefined)?.quote;
  // A refused document record: its errors under its fields.
  const documentResult = (actionData as { document?: Parameters<typeof useAdminForm>[2] } | undefined)
    ?.document;
  const canShip = loaderData.nextStatuses.some((status) => status.value === "enviado");
  const canCancel = loaderData.nextStatuses.some((status) => status.value === "cancelado");
  const canPay = loaderData.nextStatuses.some((status) => status.value === "pagado");
  // Ticked by default; unticked only when the staff member's refused submission had it so.
  const refundChecked = result === undefined || fields.refund.initialValue === "on";
  const chosen = typeof fields.to.initialValue === "string" ? fields.to.initialValue : undefined;

  const toErrors = fields.to.errors;
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={adminPaths.orders}>{texts.back}</BackToList>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-foreground">{texts.detailTitle(loaderData.number)}</h1>
        <span className="rounded-full bg-stone-900 px-3 py-1 text-sm font-semibold text-white">
          {loaderData.statusLabel}
        </span>
      </div>

      {loaderData.undo?.inMessage && !actionData && shown?.message ? (
        // The change just made: its message and the way back, one notice (docs/decisions/072).
        <div className="mt-4 rounded-md bg-success-muted px-3 py-2 text-sm">
          <p role="status" className="font-medium text-success-strong">
            {shown.message}
          </p>
          <UndoForm id={loaderData.undo.id} saving={saving} className="mt-2" />
        </div>
      ) : (
        <>
          <PageMessage shown={shown} className="mt-4" />
          {loaderData.undo ? (
            <section
              aria-labelledby="deshacer-titulo"
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-foreground"
            >
              <h2 id="deshacer-titulo" className="font-semibold">
                {texts.undoHeading}
              </h2>
              <p className="mt-1">{loaderData.undo.text}</p>
              <UndoForm id={loaderData.undo.id} saving={saving} className="mt-3" />
            </section>
          ) : null}
        </>
      )}

      <Panel id="pedido-datos" title={texts.orderHeading}>
        <RecordFields fields={loaderData.fields.order} className="mt-3" />
      </Panel>

      <Panel id="pedido-productos" title={texts.linesHeading}>
        <OrderLinesTable lines={loaderData.lines} totals={loaderData.totals} className="mt-3" />
      </Panel>

      {loaderData.shippingQuote ? (
        <Panel id="pedido-envio" title={texts.quoteHeading}>
          <p className="mt-1 text-sm text-muted-foreground">{loaderData.shippingQuote.intro}</p>
          {loaderData.shippingQuote.current ? (
            <p className="mt-2 text-sm text-foreground">{loaderData.shippingQuote.current}</p>
          ) : null}
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="quote-shipping" />
            <div>
              <label htmlFor="costo-envio" className="block text-sm font-medium text-foreground">
                {texts.quoteLabel}
              </label>
              <input
                id="costo-envio"
                name="shippingCost"
                inputMode="numeric"
                autoComplete="off"
                required
                defaultValue={quoteError?.typed ?? loaderData.shippingQuote.value}
                aria-invalid={quoteError ? true : undefined}
                aria-describedby={quoteError ? "costo-envio-error" : undefined}
                className="mt-1 block w-40 rounded-md border border-input bg-white px-3 py-2 text-base focus-visible:outline-3 aria-invalid:border-destructive"
              />
            </div>
            <Button type="submit">{texts.quoteSubmit}</Button>
            {quoteError ? (
              <p id="costo-envio-error" className="w-full text-sm font-medium text-destructive">
                {quoteError.error}
              </p>
            ) : null}
          </Form>
        </Panel>
      ) : null}

      <Panel id="pedido-cliente" title={texts.customerHeading}>
        <RecordFields fields={loaderData.fields.customer} className="mt-3" />
      </Panel>

      <Panel id="pedido-documento" title={texts.documentHeading}>
        {loaderData.document.missing ? (
          <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-semibold text-foreground">
            {loaderData.document.missing}
          </p>
        ) : null}
        <RecordFields fields={loaderData.fields.document} className="mt-3" />
        {loaderData.document.later ? (
          <p className="mt-3 text-sm text-muted-foreground">{loaderData.document.later}</p>
        ) : null}
        {loaderData.document.earlier.length > 0 ? (
          <>
            <h3 className="mt-4 text-sm font-semibold text-foreground">{texts.documentRecordsHeading}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {loaderData.document.earlier.map((record) => (
                <li key={record.id}>{record.text}</li>
              ))}
            </ul>
          </>
        ) : null}
        {loaderData.document.form ? (
          <DocumentRecordForm
            key={loaderData.fields.document.map((field) => field.value).join("|")}
            {...loaderData.document.form}
            lastResult={documentResult}
            saving={saving}
          />
        ) : null}
      </Panel>

      <Panel id="pedido-estado" title={texts.changeHeading}>
        <p className="mt-1 text-sm text-muted-foreground">{texts.currentStatus(loaderData.statusLabel)}</p>
        {loaderData.nextStatuses.length === 0 ? (
          <p className="mt-3 text-sm text-foreground">{texts.finalStatus}</p>
        ) : (
          <AdminForm form={form} method="post" className="mt-4 space-y-4">
            <input type="hidden" name={fields.from.name} value={loaderData.status} />
            <fieldset
              aria-invalid={toErrors ? true : undefined}
              aria-describedby={toErrors ? "nuevo-estado-error" : undefined}
            >
              <legend className="text-sm font-semibold text-foreground">{texts.statusLegend}</legend>
              <div className="mt-2 space-y-2">
                {loaderData.nextStatuses.map((status) => (
                  <div key={status.value} className="flex items-start gap-2">
                    <input
                      type="radio"
                      id={`nuevo-estado-${status.value}`}
                      key={fields.to.key}
                      name={fields.to.name}
                      value={status.value}
                      defaultChecked={chosen === status.value}
                      className="mt-1 size-4 accent-primary"
                      aria-describedby={status.value === "cancelado" ? "cancelar-definitivo" : undefined}
                    />
                    <label htmlFor={`nuevo-estado-${status.value}`} className="text-sm text-foreground">
                      {status.label}
                      {status.value === "cancelado" ? (
                        <span id="cancelar-definitivo" className="block text-xs text-subtle-foreground">
                          {texts.cancelHint}
                        </span>
                      ) : null}
                    </label>
                  </div>
                ))}
              </div>
              {toErrors ? (
                <FieldError id="nuevo-estado-error" className="mt-2">
                  {toErrors[0]}
                </FieldError>
              ) : null}
            </fieldset>
            {canPay ? (
              <StatusFieldset legend={texts.paymentFieldsLegend} shownClass={shownWhenChosen.pagado}>
                <ChoiceField
                  meta={fields.paymentMeans}
                  label={texts.paymentMeansLabel}
                  placeholder={texts.paymentMeansPlaceholder}
                  options={manualPaymentMeans.map((means) => ({
                    value: means,
                    label: texts.paymentMeans[means],
                  }))}
                />
                <TextField
                  meta={fields.paymentReference}
                  label={texts.paymentReferenceLabel}
                  hint={texts.paymentReferenceHint}
                  autoComplete="off"
                  maxLength={orderStatusFieldLimits.paymentReference}
                />
              </StatusFieldset>
            ) : null}
            {canShip ? (
              <StatusFieldset legend={texts.shippingFieldsLegend} shownClass={shownWhenChosen.enviado}>
                <ChoiceField
                  meta={fields.courier}
                  label={texts.courierLabel}
                  placeholder={texts.courierPlaceholder}
                  options={courierIds.map((courier) => ({ value: courier, label: couriers[courier].name }))}
                />
                <TextField
                  meta={fields.courierName}
                  label={texts.courierNameLabel}
                  hint={texts.courierNameHint}
                  autoComplete="off"
                  maxLength={orderStatusFieldLimits.courierName}
                />
                <TextField
                  meta={fields.trackingNumber}
                  label={texts.trackingNumberLabel}
                  hint={texts.trackingNumberHint}
                  autoComplete="off"
                  maxLength={orderStatusFieldLimits.trackingNumber}
                  className="sm:col-span-2"
                />
              </StatusFieldset>
            ) : null}
            {canCancel ? (
              <div className={cn("space-y-4", shownWhenChosen.cancelado)}>
                <TextField
                  meta={fields.cancellationReason}
                  label={texts.cancellationReasonLabel}
                  hint={texts.cancellationReasonHint}
                  rows={3}
                  maxLength={orderStatusFieldLimits.cancellationReason}
                />
                <CheckboxField meta={fields.confirmCancel} id="confirmar-cancelacion">
                  {texts.confirmCancel}
                </CheckboxField>
                {loaderData.refundable ? (
                  <div>
                    <div className="flex items-start gap-2">
                      <input
                        id="devolver-pago"
                        key={fields.refund.key}
                        name={fields.refund.name}
                        type="checkbox"
                        value="on"
                        defaultChecked={refundChecked}
                        className="mt-1 size-4 accent-primary"
                        aria-invalid={fields.refund.errors ? true : undefined}
                        aria-describedby={
                          fields.refund.errors
                            ? "devolver-pago-error devolver-pago-ayuda"
                            : "devolver-pago-ayuda"
                        }
                      />
                      <label htmlFor="devolver-pago" className="text-sm text-stone-800">
                        {loaderData.refundable.label}
                        <span id="devolver-pago-ayuda" className="block text-xs text-subtle-foreground">
                          {loaderData.refundable.hint}
                        </span>
                      </label>
                    </div>
                    {fields.refund.errors ? (
                      <FieldError id="devolver-pago-error">{fields.refund.errors[0]}</FieldError>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ) : null}
            <p className="text-xs text-subtle-foreground">{texts.mailNote}</p>
            <SubmitButton busy={saving} busyText={texts.submitting}>
              {texts.submit}
            </SubmitButton>
          </AdminForm>
        )}
      </Panel>

      <Panel id="pedido-pagos" title={texts.paymentsHeading}>
        {loaderData.paidBy ? (
          <p className="mt-1 text-sm font-semibold text-foreground">{loaderData.paidBy}</p>
        ) : null}
        {loaderData.attempts.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{texts.noAttempts}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {loaderData.attempts.map((attempt) => (
              <li key={attempt.id} className="rounded-lg border border-border p-4">
                <h3 className="text-sm font-semibold text-foreground">
                  {attempt.title}: {attempt.status}
                </h3>
                {attempt.warning ? (
                  <p className="mt-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm font-semibold text-red-900">
                    {attempt.warning}
                  </p>
                ) : null}
                {attempt.refundError ? (
                  <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-foreground">
                    <span className="font-semibold">{texts.attemptFields.refundError}: </span>
                    {attempt.refundError}
                  </p>
                ) : null}
                <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
                  {attempt.reference ? (
                    <div className="contents">
                      <dt className="font-medium text-subtle-foreground">{texts.attemptFields.reference}</dt>
                      <dd>
                        <code title={attempt.reference} className="font-mono text-xs">
                          {attempt.referenceShort}
                        </code>
                        <span className="sr-only">
                          {" "}
                          ({texts.copyHint}: {attempt.reference})
                        </span>
                      </dd>
                    </div>
                  ) : null}
                  {attempt.refund ? (
                    <div className="contents">
                      <dt className="font-medium text-subtle-foreground">{texts.attemptFields.refund}</dt>
                      <dd className="text-foreground">{attempt.refund}</dd>
                    </div>
                  ) : null}
                </dl>
                <RecordFields fields={attempt.fields} className="mt-1 gap-y-1" />
                {attempt.refundable ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="refund-payment" />
                    <input type="hidden" name="attemptId" value={attempt.id} />
                    <Button
                      type="submit"
                      variant="outline"

                      aria-describedby={`devolver-${attempt.id}`}
                    >
                      {attempt.refundable.label}
                    </Button>
                    <p id={`devolver-${attempt.id}`} className="mt-1 text-xs text-muted-foreground">
                      {attempt.refundable.hint}
                    </p>
                  </Form>
                ) : null}
                {attempt.answer ? (
                  <details className="mt-3 text-sm">
                    <summary className="cursor-pointer font-medium text-primary">
                      {texts.answerSummary}
                    </summary>
                    <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-stone-50 p-3 text-xs whitespace-pre-wrap">
                      {attempt.answer}
                    </pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel id="pedido-historial" title={texts.historyHeading}>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{texts.historyHeading}</caption>
            <thead className="bg-stone-50">
              <tr>
                {Object.values(texts.historyColumns).map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-semibold sm:px-3">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaderData.history.map((entry) => (
                <tr key={entry.id} className="border-t border-border">
                  {/* On a phone the time goes under the date, so the table fits without scrolling. */}
                  <td className="px-2 py-2 sm:px-3 sm:whitespace-nowrap">{entry.at}</td>
                  <td className="px-2 py-2 sm:px-3">
                    {entry.change}
                    {entry.payment ? (
                      <span className="block text-xs text-subtle-foreground">{entry.payment}</span>
                    ) : null}
                  </td>
                  <td className="px-2 py-2 sm:px-3">{entry.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordError error={error} texts={texts} backTo={adminPaths.orders} />;
}
