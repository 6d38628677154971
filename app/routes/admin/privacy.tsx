import { parseWithZod } from "@conform-to/zod/v4";
import { Download, Search, Trash2 } from "lucide-react";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/privacy";
import {
  AdminForm,
  PageMessage,
  SubmitButton,
  useActionFeedback,
  useAdminForm,
  usePosting,
} from "~/components/admin/admin-form";
import { AdminPage } from "~/components/admin/admin-page";
import { CheckboxField, TextField } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { adminGalleryTexts, adminPageTitle, adminPrivacyTexts as texts } from "~/content/admin";
import { adminMeta, adminPaths, formatAdminDateTime } from "~/lib/admin";
import { getComuna } from "~/lib/places";
import { formatCount, formatPrice } from "~/lib/format";
import { orderStatusLabels } from "~/lib/order-status";
import { erasePersonalData, findPersonalData, type PersonalDataReport } from "~/models/privacy.server";
import { privacyErasureSchema, privacyFieldLimits, privacyLookupSchema } from "~/schemas/admin-privacy";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * /admin/privacy (docs/product.md#d14; docs/decisions/020): everything held about one e-mail address, its
 * JSON download and its erasure. The address is in the lookup's URL only inside the back office,
 * which is never cached (layout headers). An erasure redirects back with its toast (post/redirect/get).
 */

interface ReportSection {
  key: keyof typeof texts.sections;
  items: Array<{ id: string; title: string; fields: Array<[label: string, value: string]> }>;
}

const f = texts.fields;
const orEmpty = (value: string | null | undefined) => value ?? "";

/** The report as staff read it, formatted on the server (times in Chile's zone, prices, labels). */
function presentReport(report: PersonalDataReport): ReportSection[] {
  return [
    {
      key: "orders",
      items: report.orders.map((order) => ({
        id: order.id,
        title: `${order.number} · ${order.linesSummary}`,
        fields: [
          [f.date, formatAdminDateTime(order.createdAt)],
          [f.status, orderStatusLabels[order.status]],
          [f.total, formatPrice(order.total)],
          [f.name, order.customerName],
          [f.email, order.email],
          [f.phone, order.phone],
          [f.address, order.address],
          [f.comuna, getComuna(order.comunaCut)?.name ?? order.comunaCut],
          [f.rut, orEmpty(order.rut)],
          [f.notes, orEmpty(order.notes)],
        ],
      })),
    },
    {
      key: "quotes",
      items: report.quotes.map((quote) => ({
        id: quote.id,
        title: `${quote.productName} · ${quote.company}`,
        fields: [
          [f.date, formatAdminDateTime(quote.createdAt)],
          [f.quoteQuantity, quote.quantity === null ? "" : formatCount(quote.quantity)],
          [f.name, quote.fullName],
          [f.email, quote.email],
          [f.phone, quote.phone],
          [f.city, quote.city],
          [f.additionalNotes, orEmpty(quote.additionalNotes)],
        ],
      })),
    },
    {
      key: "contactMessages",
      items: report.contactMessages.map((message) => ({
        id: message.id,
        title: message.subject,
        fields: [
          [f.date, formatAdminDateTime(message.createdAt)],
          [f.name, message.name],
          [f.email, message.email],
          [f.message, message.message],
        ],
      })),
    },
    {
      key: "subscriptions",
      items: report.subscriptions.map((subscription) => ({
        id: subscription.id,
        title: subscription.email,
        fields: [[f.consent, formatAdminDateTime(subscription.consentedAt)]],
      })),
    },
    {
      key: "mails",
      items: report.mails.map((mail) => ({
        id: mail.id,
        title: `${mail.subject} → ${mail.to}`,
        fields: [
          [f.date, formatAdminDateTime(mail.createdAt)],
          [f.status, texts.mailStatuses[mail.status] ?? mail.status],
          [f.sent, mail.sentAt ? formatAdminDateTime(mail.sentAt) : ""],
        ],
      })),
    },
    {
      key: "chatSessions",
      items: report.chatSessions.map((session) => ({
        id: session.id,
        title: texts.chatTitle(formatAdminDateTime(session.startedAt)),
        fields: [
          [f.ip, session.visitorIp],
          [f.ended, session.endedAt ? formatAdminDateTime(session.endedAt) : texts.chatActive],
          ...session.messages.map((message): [string, string] => [
            `${message.role === "user" ? f.chatUser : f.chatBot} · ${formatAdminDateTime(message.createdAt)}`,
            message.content,
          ]),
        ],
      })),
    },
    {
      key: "galleryPhotos",
      items: report.galleryPhotos.map((photo) => ({
        id: photo.id,
        title: `${photo.orderNumber} · ${photo.kitName}`,
        fields: [
          [f.date, formatAdminDateTime(photo.createdAt)],
          [f.status, texts.photoStatuses[photo.status] ?? photo.status],
          [f.name, photo.authorName],
          [f.comment, photo.comment],
          [f.rejectionReason, orEmpty(photo.rejectionReason)],
          [f.likes, String(photo.likeCount)],
          [f.image, photo.imageUrl ?? adminGalleryTexts.imageDeleted],
        ],
      })),
    },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  // The erasure the action redirected here with, also shown in the page (the root shows the toast).
  const flash = await pageFlash(request, texts.erasedTitle);
  const params = new URL(request.url).searchParams;
  const submission = params.has("email") ? parseWithZod(params, { schema: privacyLookupSchema }) : undefined;
  if (submission?.status !== "success") {
    return data(
      { lookup: submission?.reply(), email: undefined, sections: undefined, flash },
      { status: submission ? 400 : 200, headers: admin.headers },
    );
  }
  const report = await findPersonalData(getDb(), submission.value.email);
  logger.info({ adminId: admin.user.id }, "Privacy lookup");
  return data(
    { lookup: submission.reply(), email: report.email, sections: presentReport(report), flash },
    { headers: admin.headers },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await requireFormData(request), { schema: privacyErasureSchema });
  const refuse = (status: number, message?: string, title: string = texts.failureTitle) =>
    data(
      { tone: "error" as const, title, message, result: submission.reply() },
      { status, headers: admin.headers },
    );
  if (submission.status !== "success") return refuse(400);
  const { email } = submission.value;
  let outcome;
  try {
    outcome = await erasePersonalData(getDb(), email);
  } catch (error) {
    logger.error({ err: error, adminId: admin.user.id }, "Erasing personal data failed");
    return refuse(503, texts.failure);
  }
  if (!outcome.erased) {
    const open = outcome.openOrders
      .map((order) => `${order.number}, ${orderStatusLabels[order.status]}`)
      .join("; ");
    return refuse(409, texts.blocked(open), texts.blockedTitle);
  }
  // Who erased, and how much; the address itself is not written to the log.
  logger.info({ adminId: admin.user.id, counts: outcome.counts }, "Personal data erased");
  // Post/redirect/get: back to the address's (now empty) report, with the toast.
  return redirectWithToast(
    `${adminPaths.privacy}?${new URLSearchParams({ email })}`,
    {
      kind: "success",
      title: texts.erasedTitle,
      description: texts.erased(email, outcome.counts.ordersAnonymised),
    },
    admin.headers,
  );
}

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.formMethod === "GET";
  const erasing = usePosting();
  const [lookupForm, lookupFields] = useAdminForm("buscar-datos", privacyLookupSchema, loaderData.lookup);
  const [eraseForm, eraseFields] = useAdminForm("eliminar-datos", privacyErasureSchema, actionData?.result, {
    revalidate: false,
  });
  // A refusal is the action's answer; an erasure came with the redirect (the root shows its toast).
  const shown = useActionFeedback(actionData, loaderData.flash);
  const { email, sections } = loaderData;
  const found = sections?.some((section) => section.items.length > 0) ?? false;

  return (
    <AdminPage title={texts.title} intro={texts.intro} width="max-w-4xl">
      <AdminForm
        form={lookupForm}
        method="get"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-border bg-white p-5"
      >
        <TextField
          meta={lookupFields.email}
          label={texts.emailLabel}
          type="email"
          autoComplete="off"
          maxLength={privacyFieldLimits.email}
          className="min-w-64 flex-1"
        />
        <SubmitButton busy={searching} busyText={texts.searching} icon={Search}>
          {texts.search}
        </SubmitButton>
      </AdminForm>

      <PageMessage shown={shown} className="mt-4" />

      {email && sections ? (
        <section aria-labelledby="datos-guardados" className="mt-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="datos-guardados" className="text-xl font-bold break-all text-foreground">
              {texts.resultsHeading(email)}
            </h2>
            {found ? (
              <Button asChild variant="outline">
                <a href={`${adminPaths.privacy}/export?${new URLSearchParams({ email })}`} download>
                  <Download aria-hidden="true" className="size-4" />
                  {texts.download}
                </a>
              </Button>
            ) : null}
          </div>
          {found ? (
            sections.map((section) => (
              <section key={section.key} aria-labelledby={`seccion-${section.key}`} className="mt-6">
                <h3 id={`seccion-${section.key}`} className="text-lg font-semibold text-foreground">
                  {texts.sections[section.key]} ({section.items.length})
                </h3>
                <ul className="mt-2 space-y-3">
                  {section.items.map((item) => (
                    <li key={item.id} className="rounded-lg border border-border bg-white p-4 text-sm">
                      <p className="font-semibold wrap-anywhere text-foreground">{item.title}</p>
                      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
                        {item.fields.map(([label, value]) => (
                          <div key={label} className="contents">
                            <dt className="text-subtle-foreground">{label}</dt>
                            <dd className="wrap-anywhere whitespace-pre-line text-foreground">
                              {value || "—"}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          ) : (
            <p className="mt-4 text-muted-foreground">{texts.nothingFound}</p>
          )}

          {found ? (
            <section
              aria-labelledby="eliminar-datos-titulo"
              className="mt-8 rounded-xl border border-red-200 bg-destructive-muted p-5"
            >
              <h3 id="eliminar-datos-titulo" className="text-lg font-bold text-red-900">
                {texts.eraseHeading}
              </h3>
              <p className="mt-1 text-sm text-foreground">{texts.eraseRule}</p>
              <AdminForm form={eraseForm} method="post" className="mt-4 space-y-4">
                <input type="hidden" name={eraseFields.email.name} value={email} />
                <CheckboxField meta={eraseFields.confirm} id="confirmar-eliminacion">
                  {texts.confirmLabel}
                </CheckboxField>
                <SubmitButton variant="secondary" busy={erasing} busyText={texts.erasing} icon={Trash2}>
                  {texts.erase}
                </SubmitButton>
              </AdminForm>
            </section>
          ) : null}
        </section>
      ) : null}
    </AdminPage>
  );
}
