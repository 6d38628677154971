import { data } from "react-router";
import type { Route } from "./+types/privacy-export";
import { findPersonalData } from "~/models/privacy.server";
import { privacyLookupSchema } from "~/schemas/admin-privacy";
import { requireAdminForData } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";

/**
 * /admin/privacy/export?email=…: everything held about one address as a JSON download, for the person
 * who asked (docs/product.md#d14). Data, so an anonymous request gets 401, never a page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminForData(request);
  const parsed = privacyLookupSchema.safeParse({
    email: new URL(request.url).searchParams.get("email") ?? undefined,
  });
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? "Email no válido" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const report = await findPersonalData(getDb(), parsed.data.email);
  logger.info({ adminId: admin.user.id }, "Personal data exported");
  const name = `datos-${report.email.replace(/[^a-z0-9._-]+/g, "_")}.json`;
  const headers = new Headers(admin.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${name}"`);
  headers.set("Cache-Control", "no-store");
  return new Response(`${JSON.stringify(report, null, 2)}\n`, { headers });
}
