import { parseWithZod } from "@conform-to/zod/v4";
import { Undo2 } from "lucide-react";
import { data, Form } from "react-router";
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
import { CheckboxField, TextField } from "~/components/form-fields";
import { Field, FieldError } from "~/components/ui/field";
import { adminOrdersTexts as texts, adminPageTitle } from "~/content/admin";
import { couriers } from "~/content/couriers";
import { formatAdminDateTime, formatAdminTime } from "~/lib/admin-format";
import { adminMeta } from "~/lib/admin-meta";
import { adminPaths } from "~/lib/admin-paths";
import { getComuna, getRegion } from "~/lib/chile";
import { courierIds, courierLabel, trackingUrlFor } from "~/lib/couriers";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { allowedTransitions, orderStatusLabels, type OrderStatus } from "~/lib/order-status";
import {
  changeOrderStatusAsStaff,
  getOrderForAdmin,
  getOrderHistory,
  getUndoableChange,
  OrderStatusUndoError,
  undoOrderStatusChange,
  type AdminOrderDetail,
} from "~/models/orders-admin.server";
import {
  OrderNotFoundError,
  OrderStatusConflictError,
  OrderStatusTransitionError,
} from "~/models/orders.server";
import {
  orderStatusChangeSchema,
  orderStatusFieldLimits,
  orderStatusUndoSchema,
} from "~/schemas/admin-records";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * /admin/orders/:id (SPEC §2 "Pedidos"; DECISIONS D9): everything the customer sent, the status
 * history, and the status change, offering only the next statuses the lifecycle allows, with the
 * courier and tracking number for "Enviado" and the reason for "Cancelado". The server refuses a
 * change from a status that is no longer the order's (409) or not allowed (422). A change just made
 * can be undone for a minute, before the customer's e-mail about it leaves
 * (docs/decisions/033-order-status-emails.md).
 */

const f = texts.fields;

function orderFields(order: AdminOrderDetail): { order: RecordField[]; customer: RecordField[] } {
  return {
    order: [
      { label: f.number, value: order.number },
      { label: f.createdAt, value: formatAdminDateTime(order.createdAt) },
      { label: f.status, value: orderStatusLabels[order.status] },
      ...shipmentFields(order),
      { label: f.kit, value: order.kitName },
      { label: f.unitPrice, value: formatPrice(order.unitPrice) },
      { label: f.shipping, value: texts.shippingKinds[order.shippingKind] },
      { label: f.total, value: formatPrice(order.total) },
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const order = await getOrderForAdmin(db, params.id);
  if (!order) throw data({ message: texts.notFound }, { status: 404, headers: admin.headers });
  const history = await getOrderHistory(db, order.id);
  const undone = new Set(history.map((entry) => entry.undoes).filter((id) => id !== null));
  const undoable = await getUndoableChange(db, order.id);
  return data(
    {
      id: order.id,
      number: order.number,
      status: order.status,
      statusLabel: orderStatusLabels[order.status],
      fields: orderFields(order),
      history: history.map((entry) => ({
        id: entry.id,
        at: formatAdminDateTime(entry.changedAt),
        change:
          entry.from === null
            ? texts.created(orderStatusLabels[entry.to])
            : entry.undoes !== null
              ? texts.undoEntry(orderStatusLabels[entry.from], orderStatusLabels[entry.to])
              : `${texts.changed(orderStatusLabels[entry.from], orderStatusLabels[entry.to])}${undone.has(entry.id) ? ` ${texts.undoneMark}` : ""}`,
        by: entry.changedBy === null ? texts.bySystem : (entry.changedByName ?? texts.unknownStaff),
      })),
      nextStatuses: allowedTransitions[order.status].map((status) => ({
        value: status,
        label: orderStatusLabels[status],
      })),
      // Only the staff member who made the change is offered to undo it ("Cambiaste…").
      undo:
        undoable?.changedBy === admin.user.id
          ? {
              id: undoable.id,
              text: texts.undoText(label(undoable.from), label(undoable.to), formatAdminTime(undoable.until)),
            }
          : null,
      // The success the action redirected here with, also shown in the page (the root shows the toast).
      flash: await pageFlash(request, texts.successTitle),
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

  const submission = parseWithZod(formData, { schema: orderStatusChangeSchema });
  if (submission.status !== "success") return refuse(undefined, 400, submission.reply());
  const { from, to, courier, courierName, trackingNumber, cancellationReason } = submission.value;
  let mailed: boolean;
  try {
    const change = await changeOrderStatusAsStaff(getDb(), params.id, from, to, admin.user.id, {
      details: { courier, courierName, trackingNumber, cancellationReason },
    });
    mailed = change.mailId !== null;
  } catch (error) {
    const result = submission.reply();
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
      description: texts.statusChanged(orderStatusLabels[to], mailed),
    },
    admin.headers,
  );
}

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
  enviado: "[form:has(#nuevo-estado-enviado:not(:checked))_&]:hidden",
  cancelado: "[form:has(#nuevo-estado-cancelado:not(:checked))_&]:hidden",
} as const;

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const saving = usePosting();
  // A new form once the status changed: the choices are not the same any more.
  const id = `estado-${loaderData.status}`;
  const result = actionData?.result as Parameters<typeof useAdminForm>[2];
  const [form, fields] = useAdminForm(id, orderStatusChangeSchema, result, { revalidate: false });
  // A refusal is the action's answer; a change made came with the redirect (the root shows its toast).
  const shown = useActionFeedback(actionData, loaderData.flash);
  const canShip = loaderData.nextStatuses.some((status) => status.value === "enviado");
  const canCancel = loaderData.nextStatuses.some((status) => status.value === "cancelado");
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
          <Form method="post" className="mt-3">
            <input type="hidden" name="undo" value={loaderData.undo.id} />
            <SubmitButton busy={saving} busyText={texts.undoing} variant="outline" icon={Undo2}>
              {texts.undoSubmit}
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      <Panel id="pedido-datos" title={texts.orderHeading}>
        <RecordFields fields={loaderData.fields.order} className="mt-3" />
      </Panel>

      <Panel id="pedido-cliente" title={texts.customerHeading}>
        <RecordFields fields={loaderData.fields.customer} className="mt-3" />
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
            {canShip ? (
              <fieldset
                className={cn(
                  "grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2",
                  shownWhenChosen.enviado,
                )}
              >
                <legend className="px-1 text-sm font-semibold text-foreground">
                  {texts.shippingFieldsLegend}
                </legend>
                <Field label={texts.courierLabel} errors={fields.courier.errors}>
                  {(props) => (
                    <select
                      {...props}
                      key={fields.courier.key}
                      name={fields.courier.name}
                      defaultValue={
                        typeof fields.courier.initialValue === "string" ? fields.courier.initialValue : ""
                      }
                      className="h-10 w-full rounded-md border border-input bg-white px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      <option value="">{texts.courierPlaceholder}</option>
                      {courierIds.map((courier) => (
                        <option key={courier} value={courier}>
                          {couriers[courier].name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
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
              </fieldset>
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
              </div>
            ) : null}
            <p className="text-xs text-subtle-foreground">{texts.mailNote}</p>
            <SubmitButton busy={saving} busyText={texts.submitting}>
              {texts.submit}
            </SubmitButton>
          </AdminForm>
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
                  <td className="px-2 py-2 sm:px-3">{entry.change}</td>
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
