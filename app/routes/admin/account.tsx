import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/account";
import {
  AdminForm,
  PageMessage,
  PasswordField,
  SubmitButton,
  useActionFeedback,
  useAdminForm,
  usePosting,
} from "~/components/admin/admin-form";
import { AdminPage } from "~/components/admin/admin-page";
import { adminAccountTexts as texts, adminLoginTexts, adminPageTitle } from "~/content/admin";
import { adminMeta, adminPaths } from "~/lib/admin";
import { passwordChangeSchema } from "~/schemas/admin-auth";
import { changeAdminPassword, requireAdmin } from "~/services/auth.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * /admin/account: staff change their own password (the current one, then a new one meeting
 * docs/product.md#spec-5's policy); their other sessions end. A success redirects back here with its toast
 * (post/redirect/get).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  // The success the action redirected here with, also shown in the page (the root shows the toast).
  const flash = await pageFlash(request, texts.successTitle);
  return data({ email: admin.user.email, flash }, { headers: admin.headers });
}

const hidden = ["currentPassword", "newPassword", "passwordConfirmation"];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await requireFormData(request);
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== "success") {
    return data(
      { tone: "error" as const, message: undefined, result: submission.reply({ hideFields: hidden }) },
      { status: 400, headers: admin.headers },
    );
  }
  const outcome = await changeAdminPassword({
    request,
    admin,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    clientIp: context.clientIp,
  });
  if (outcome.ok) {
    // Post/redirect/get, with this browser's new session cookie.
    return redirectWithToast(
      adminPaths.account,
      { kind: "success", title: texts.successTitle, description: texts.success },
      outcome.headers,
    );
  }
  const message =
    outcome.reason === "throttled"
      ? adminLoginTexts.throttled(Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)))
      : texts.wrongPassword;
  return data(
    {
      tone: "error" as const,
      message,
      result: submission.reply({
        hideFields: hidden,
        ...(outcome.reason === "wrong-password" ? { fieldErrors: { currentPassword: [message] } } : {}),
      }),
    },
    { status: outcome.reason === "throttled" ? 429 : 400, headers: admin.headers },
  );
}

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  const [form, fields] = useAdminForm("cambiar-contrasena", passwordChangeSchema, actionData?.result);
  const shown = useActionFeedback(actionData, loaderData.flash, {
    failureTitle: texts.failureTitle,
    reset: form.reset,
  });

  return (
    <AdminPage title={texts.title} intro={texts.intro} width="max-w-xl">
      <AdminForm
        form={form}
        method="post"
        className="mt-6 space-y-4 rounded-xl border border-border bg-white p-5"
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} readOnly />
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField
            meta={fields.currentPassword}
            label={texts.currentPasswordLabel}
            autoComplete="current-password"
          />
          <PasswordField
            meta={fields.newPassword}
            label={texts.newPasswordLabel}
            hint={texts.newPasswordHint}
          />
          <PasswordField meta={fields.passwordConfirmation} label={texts.passwordConfirmationLabel} />
        </fieldset>
        {busy ? null : <PageMessage shown={shown} />}
        <SubmitButton busy={busy} busyText={texts.submitting}>
          {texts.submit}
        </SubmitButton>
      </AdminForm>
    </AdminPage>
  );
}
