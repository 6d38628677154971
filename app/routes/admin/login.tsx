import { parseWithZod } from "@conform-to/zod/v4";
import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/login";
import adminStylesheet from "~/admin.css?url";
import {
  AdminForm,
  PasswordField,
  SubmitButton,
  useAdminForm,
  usePosting,
} from "~/components/admin/admin-form";
import { TextField } from "~/components/form-fields";
import { FormMessage } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import { adminLoginTexts as texts } from "~/content/admin";
import { adminMeta, safeAdminPath } from "~/lib/admin";
import { adminFieldLimits, adminSignInSchema } from "~/schemas/admin-auth";
import { getAdminSession, signInAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { adminAccountExists } from "~/models/admin-users.server";
import { toastCookieHeader } from "~/infra/toast.server";
import { bodyRefusalMessage, readFormBody } from "~/infra/request-body.server";

/**
 * /admin/login (docs/product.md#spec-2, #spec-4, #spec-5, #spec-8): works as a plain form post; with
 * JavaScript the answer also comes as the spec's toasts. Unknown e-mail, wrong password and disabled account
 * get the same answer; too many attempts from the address, or failures for the account, make it wait
 * (docs/decisions/018, 026).
 */
type LoginOutcome = "validation" | "invalid" | "throttled" | "error";

/**
 * The title of each refusal's toast (docs/product.md#spec-8); its text is the message the page also shows.
 */
const toastTitles: Partial<Record<LoginOutcome, string>> = {
  invalid: texts.failureTitle,
  throttled: texts.throttledTitle,
  error: texts.errorTitle,
};

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeAdminPath(new URL(request.url).searchParams.get("redirectTo"));
  // docs/product.md#spec-4: no second sign-in while signed in.
  const admin = await getAdminSession(request);
  if (admin) throw redirect(redirectTo, { headers: admin.headers });
  // While no account exists nobody can sign in: the page tells the owner how to make the first.
  const noAdminYet = !(await adminAccountExists(getDb()));
  return data({ redirectTo, noAdminYet }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  // A body that is too large (413, as it streams in), not a form (415) or broken (400) is answered
  // on the page, in Spanish, like any other refusal. The rest of a body cut short is never read
  // (request-body.server.ts); closing the connection there would reset it before the client reads
  // the answer.
  const body = await readFormBody(request);
  if (!body.ok) {
    return data(
      { outcome: "validation" as LoginOutcome, message: bodyRefusalMessage(body.status), result: undefined },
      {
        status: body.status,
        headers: { "Cache-Control": "no-store" },
      },
    );
  }
  const formData = body.formData;
  const redirectTo = safeAdminPath(formData.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: adminSignInSchema });
  const answer = (outcome: LoginOutcome, status: number, message?: string, headers?: HeadersInit) =>
    data(
      {
        outcome,
        message,
        result: submission.reply({ hideFields: ["password"], ...(message ? { formErrors: [message] } : {}) }),
      },
      { status, headers: { "Cache-Control": "no-store", ...headers } },
    );
  if (submission.status !== "success") return answer("validation", 400);

  const signedIn = await getAdminSession(request);
  if (signedIn) throw redirect(redirectTo, { headers: signedIn.headers });

  try {
    const outcome = await signInAdmin({
      email: submission.value.email,
      password: submission.value.password,
      request,
      clientIp: context.clientIp,
    });
    if (outcome.ok) {
      const headers = new Headers(outcome.headers);
      headers.append(
        "Set-Cookie",
        await toastCookieHeader({
          kind: "success",
          title: texts.successTitle,
          description: texts.successText,
        }),
      );
      headers.set("Cache-Control", "no-store");
      return redirect(redirectTo, { headers });
    }
    if (outcome.reason === "throttled") {
      const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
      return answer("throttled", 429, texts.throttled(minutes), {
        "Retry-After": String(outcome.retryAfterSeconds),
      });
    }
    return answer("invalid", 401, texts.failureText);
  } catch (error) {
    logger.error({ err: error }, "Error de inicio de sesión:");
    return answer("error", 500, texts.errorText);
  }
}

/** The page's answer carries its loader's and action's headers (no-store, Retry-After). */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => merged.set(name, value));
  return merged;
};

/** The back office's stylesheet, as ./layout.tsx links it (docs/decisions/043). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

export const meta: Route.MetaFunction = () => adminMeta(texts.metaTitle, texts.metaDescription);

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  const [form, fields] = useAdminForm("admin-login", adminSignInSchema, actionData?.result);
  useEffect(() => {
    const title = actionData && toastTitles[actionData.outcome];
    if (title && actionData.message) void showToast("error", title, actionData.message);
  }, [actionData]);

  const message = busy ? undefined : actionData?.message;
  return (
    <main className="grid min-h-dvh place-items-center bg-muted px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-border bg-white p-8 shadow-sm">
        <div className="mb-6 text-center">
          <span
            aria-hidden="true"
            className="mx-auto mb-3 grid size-10 place-items-center rounded-lg bg-brand font-bold text-white"
          >
            L
          </span>
          <h1 className="text-xl font-bold text-foreground">{texts.title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{texts.intro}</p>
        </div>
        {loaderData.noAdminYet ? (
          <div role="note" className="mb-6 rounded-lg border border-border bg-muted p-4 text-sm">
            <p className="font-semibold text-foreground">{texts.noAdminTitle}</p>
            <p className="mt-1 text-muted-foreground">{texts.noAdminText}</p>
            <code className="mt-2 block break-all rounded bg-white px-2 py-1 font-mono text-foreground">
              {texts.noAdminCommand}
            </code>
          </div>
        ) : null}
        <AdminForm form={form} method="post" className="space-y-4">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <fieldset disabled={busy} className="space-y-4">
            <TextField
              meta={fields.email}
              label={texts.emailLabel}
              type="email"
              autoComplete="username"
              inputMode="email"
              maxLength={adminFieldLimits.email}
            />
            <PasswordField
              meta={fields.password}
              label={texts.passwordLabel}
              autoComplete="current-password"
            />
          </fieldset>
          {message ? <FormMessage tone="error">{message}</FormMessage> : null}
          <SubmitButton
            busy={busy}
            busyText={texts.submitting}
            icon={LogIn}
            className="w-full"
            aria-disabled={busy}
          >
            {texts.submit}
          </SubmitButton>
        </AdminForm>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-muted-foreground underline hover:text-foreground">
            {texts.backToSite}
          </a>
        </p>
      </div>
    </main>
  );
}
