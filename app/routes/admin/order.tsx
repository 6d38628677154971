import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
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
import { CheckboxField } from "~/components/form-fields";
import { FieldError } from "~/components/ui/field";
import { adminOrdersTexts as texts, adminPageTitle } from "~/content/admin";
import { formatAdminDateTime } from "~/lib/admin-format";
import { adminMeta } from "~/lib/admin-meta";
import { adminPaths } from "~/lib/admin-paths";
import { getComuna, getRegion } from "~/lib/chile";
import { formatPrice } from "~/lib/format";
import { allowedTransitions, orderStatusLabels } from "~/lib/order-status";
import {
  changeOrderStatusAsStaff,
  getOrderForAdmin,
  getOrderHistory,
  type AdminOrderDetail,
} from "~/models/orders-admin.server";
import {
  OrderNotFoundError,
  OrderStatusConflictError,
  OrderStatusTransitionError,
} from "~/models/orders.server";
import { orderStatusChangeSchema } from "~/schemas/admin-records";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * /admin/orders/:id (SPEC §2 "Pedidos"; DECISIONS D9): everything the customer sent, the status
 * history, and the status change, offering only the next statuses the lifecycle allows. The server
 * refuses a change from a status that is no longer the order's (409) or not allowed (422).
 */

const f = texts.fields;

function orderFields(order: AdminOrderDetail): { order: RecordField[]; customer: RecordField[] } {
  return {
    order: [
      { label: f.number, value: order.number },
      { label: f.createdAt, value: formatAdminDateTime(order.createdAt) },
      { label: f.status, value: orderStatusLabels[order.status] },
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const order = await getOrderForAdmin(db, params.id);
  if (!order) throw data({ message: texts.notFound }, { status: 404, headers: admin.headers });
  const history = await getOrderHistory(db, order.id);
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
            : texts.changed(orderStatusLabels[entry.from], orderStatusLabels[entry.to]),
        by: entry.changedBy === null ? texts.bySystem : (entry.changedByName ?? texts.unknownStaff),
      })),
      nextStatuses: allowedTransitions[order.status].map((status) => ({
        value: status,
        label: orderStatusLabels[status],
      })),
      // The success the action redirected here with, also shown in the page (the root shows the toast).
      flash: await pageFlash(request, texts.successTitle),
    },
    { headers: admin.headers },
  );
}

/** A change made redirects back to the order with its toast (post/redirect/get); a refusal is a 4xx. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await requireFormData(request), { schema: orderStatusChangeSchema });
  const refuse = (message: string | undefined, status: number) =>
    data(
      { tone: "error" as const, title: texts.failureTitle, message, result: submission.reply() },
      { status, headers: admin.headers },
    );
  if (submission.status !== "success") return refuse(undefined, 400);
  const { from, to } = submission.value;
  try {
    await changeOrderStatusAsStaff(getDb(), params.id, from, to, admin.user.id);
  } catch (error) {
    if (error instanceof OrderNotFoundError) return refuse(texts.notFound, 404);
    if (error instanceof OrderStatusConflictError) return refuse(texts.conflict, 409);
    if (error instanceof OrderStatusTransitionError) {
      const label = (status: string) => orderStatusLabels[status as keyof typeof orderStatusLabels] ?? status;
      return refuse(texts.transitionRefused(label(error.from), label(error.to)), 422);
    }
    throw error;
  }
  logger.info({ adminId: admin.user.id, orderId: params.id, from, to }, "Order status changed");
  return redirectWithToast(
    `${adminPaths.orders}/${encodeURIComponent(params.id)}`,
    { kind: "success", title: texts.successTitle, description: texts.statusChanged(orderStatusLabels[to]) },
    admin.headers,
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(
    loaded ? adminPageTitle(texts.detailTitle(loaded.number)) : texts.detailMetaTitle,
    texts.detailMetaDescription,
  );

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const saving = usePosting();
  // A new form once the status changed: the choices are not the same any more.
  const id = `estado-${loaderData.status}`;
  const [form, fields] = useAdminForm(id, orderStatusChangeSchema, actionData?.result, { revalidate: false });
  // A refusal is the action's answer; a change made came with the redirect (the root shows its toast).
  const shown = useActionFeedback(actionData, loaderData.flash);

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
                      name={fields.to.name}
                      value={status.value}
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
            {loaderData.nextStatuses.some((status) => status.value === "cancelado") ? (
              <CheckboxField meta={fields.confirmCancel} id="confirmar-cancelacion">
                {texts.confirmCancel}
              </CheckboxField>
            ) : null}
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
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaderData.history.map((entry) => (
                <tr key={entry.id} className="border-t border-border">
                  <td className="px-3 py-2 whitespace-nowrap">{entry.at}</td>
                  <td className="px-3 py-2">{entry.change}</td>
                  <td className="px-3 py-2">{entry.by}</td>
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
