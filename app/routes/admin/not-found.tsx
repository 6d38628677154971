import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { PageNotice } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { adminPageTitle, adminShellTexts as texts } from "~/content/admin";
import { adminHome, adminMeta } from "~/lib/admin";
import { requireAdmin } from "~/services/auth.server";
import { logger } from "~/infra/logger.server";

/**
 * Any /admin/… address no screen answers: the sign-in page for anonymous visitors (nothing about the
 * back office's sections is revealed), a Spanish 404 inside the panel for staff.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const path = new URL(request.url).pathname;
  logger.warn({ path }, "Admin page not found");
  return data({ path }, { status: 404, headers: admin.headers });
}

/** Posting to an unknown admin address: the same checks, then the same 404. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return data({ path: new URL(request.url).pathname }, { status: 404, headers: admin.headers });
}

export const meta: Route.MetaFunction = () =>
  adminMeta(adminPageTitle(texts.notFoundTitle), texts.notFoundText);

export default function AdminNotFound() {
  return (
    <PageNotice title={texts.notFoundTitle} large>
      <p className="mt-4 text-muted-foreground">{texts.notFoundText}</p>
      <Button asChild className="mt-8">
        <Link to={adminHome}>{texts.notFoundLink}</Link>
      </Button>
    </PageNotice>
  );
}
