import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { UserPlus } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import {
  AdminForm,
  PageMessage,
  PasswordField,
  SubmitButton,
  useActionFeedback,
  useAdminForm,
} from "~/components/admin/admin-form";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { TextField } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { adminPageTitle, adminUsersTexts as texts } from "~/content/admin";
import { adminMeta, adminPaths, formatAdminDateTime } from "~/lib/admin";
import { cn } from "~/lib/cn";
import { findAdminUser, listAdminUsers } from "~/models/admin-users.server";
import { adminFieldLimits, newAdminSchema } from "~/schemas/admin-auth";
import {
  AdminEmailTakenError,
  createAdminAccount,
  disableAdminAccount,
  enableAdminAccount,
  requireAdmin,
} from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * /admin/users (docs/product.md#d12): every staff account, adding one (docs/product.md#spec-5's password
 * policy) and disabling or re-enabling one — never one's own, so the panel always keeps someone who can get
 * in.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const users = await listAdminUsers(getDb());
  return data(
    {
      currentUserId: admin.user.id,
      users: users.map((user) => ({ ...user, created: formatAdminDateTime(user.createdAt) })),
      // The success an action redirected here with, also shown in the page (the root shows the toast).
      flash: await pageFlash(request, texts.successTitle),
    },
    { headers: admin.headers },
  );
}

type Intent = "create" | "disable" | "enable";
const hideFields = ["password", "passwordConfirmation"];

/** A success redirects back here with its toast (post/redirect/get); a refusal is a 4xx. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await requireFormData(request);
  const intent = formData.get("intent") as Intent | null;
  const refuse = (
    body: { intent: Intent; message?: string; result?: SubmissionResult<string[]> },
    status: number,
  ) => data({ ...body, tone: "error" as const }, { status, headers: admin.headers });
  const done = (message: string) =>
    redirectWithToast(
      adminPaths.users,
      { kind: "success", title: texts.successTitle, description: message },
      admin.headers,
    );

  if (intent === "disable" || intent === "enable") {
    const userId = String(formData.get("userId") ?? "");
    if (intent === "disable" && userId === admin.user.id) {
      return refuse({ intent, message: texts.cannotDisableSelf }, 400);
    }
    const changed =
      intent === "disable"
        ? await disableAdminAccount(request, userId)
        : await enableAdminAccount(request, userId);
    if (!changed) return refuse({ intent, message: texts.unknownUser }, 404);
    // The name as stored, not as the form sent it.
    const name = (await findAdminUser(getDb(), userId))?.name ?? "";
    return done(intent === "disable" ? texts.disabledDone(name) : texts.enabledDone(name));
  }

  const submission = parseWithZod(formData, { schema: newAdminSchema });
  if (submission.status !== "success") {
    return refuse({ intent: "create", result: submission.reply({ hideFields }) }, 400);
  }
  try {
    const created = await createAdminAccount(submission.value, getDb(), request);
    return done(texts.added(created.name));
  } catch (error) {
    if (!(error instanceof AdminEmailTakenError)) throw error;
    return refuse(
      {
        intent: "create",
        message: texts.emailTaken,
        result: submission.reply({ fieldErrors: { email: [texts.emailTaken] }, hideFields }),
      },
      409,
    );
  }
}

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? (navigation.formData?.get("intent") as Intent | null) : null;
  const createReply = actionData?.intent === "create" ? actionData : undefined;
  const [form, fields] = useAdminForm("nuevo-administrador", newAdminSchema, createReply?.result);
  const shown = useActionFeedback(actionData, loaderData.flash, {
    failureTitle: texts.failureTitle,
    reset: form.reset,
  });
  const columns = [texts.nameColumn, texts.emailColumn, texts.createdColumn, texts.statusColumn];

  return (
    <AdminPage title={texts.title} intro={texts.intro} width="max-w-5xl">
      <Panel id="lista-administradores" title={texts.listHeading}>
        {/* A refusal of the create form is said next to that form. */}
        <PageMessage shown={createReply ? undefined : shown} className="mt-3" />
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-300 text-muted-foreground">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    // The creation date is left to wider screens: on a phone the table fits without
                    // scrolling.
                    className={cn(
                      "py-2 pr-4 font-semibold",
                      column === texts.createdColumn && "hidden sm:table-cell",
                    )}
                  >
                    {column}
                  </th>
                ))}
                <th scope="col" className="py-2 font-semibold">
                  {texts.actionsColumn}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {loaderData.users.map((user) => {
                const self = user.id === loaderData.currentUserId;
                const disabled = user.disabled;
                return (
                  <tr key={user.id}>
                    <td className="py-2 pr-4 font-medium text-foreground">
                      {user.name}{" "}
                      {self ? <span className="font-normal text-subtle-foreground">{texts.you}</span> : null}
                    </td>
                    <td className="py-2 pr-4 break-all">{user.email}</td>
                    <td className="hidden py-2 pr-4 whitespace-nowrap sm:table-cell">{user.created}</td>
                    <td className="py-2 pr-4">
                      <span
                        className={cn(
                          "rounded-full px-2 py-0.5 text-xs font-semibold",
                          disabled ? "bg-stone-200 text-stone-800" : "bg-green-100 text-green-900",
                        )}
                      >
                        {disabled ? texts.disabled : texts.active}
                      </span>
                    </td>
                    <td className="py-2">
                      {self ? null : (
                        <Form method="post">
                          <input type="hidden" name="intent" value={disabled ? "enable" : "disable"} />
                          <input type="hidden" name="userId" value={user.id} />
                          <Button
                            type="submit"
                            variant="outline"
                            className="px-3 py-1.5"
                            disabled={busyIntent !== null}
                            aria-label={
                              disabled ? texts.enableLabel(user.name) : texts.disableLabel(user.name)
                            }
                          >
                            {disabled ? texts.enable : texts.disable}
                          </Button>
                        </Form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Panel>

      <Panel id="agregar-administrador" title={texts.addHeading}>
        <p className="mt-1 text-sm text-muted-foreground">{texts.addIntro}</p>
        <AdminForm form={form} method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="create" />
          <fieldset disabled={busyIntent === "create"} className="grid gap-4 sm:grid-cols-2">
            <TextField
              meta={fields.name}
              label={texts.nameLabel}
              autoComplete="off"
              maxLength={adminFieldLimits.name}
            />
            <TextField
              meta={fields.email}
              label={texts.emailLabel}
              type="email"
              autoComplete="off"
              maxLength={adminFieldLimits.email}
            />
            <PasswordField meta={fields.password} label={texts.passwordLabel} hint={texts.passwordHint} />
            <PasswordField meta={fields.passwordConfirmation} label={texts.passwordConfirmationLabel} />
          </fieldset>
          {createReply?.message ? <FormMessage tone="error">{createReply.message}</FormMessage> : null}
          <SubmitButton busy={busyIntent === "create"} busyText={texts.adding} icon={UserPlus}>
            {texts.addSubmit}
          </SubmitButton>
        </AdminForm>
      </Panel>
    </AdminPage>
  );
}
