import { sql } from "kysely";
import { getDb } from "~/infra/db.server";

/** Liveness and database check for the host's monitoring: 200 when the database answers. */
export async function loader() {
  try {
    await sql`select 1`.execute(getDb());
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
