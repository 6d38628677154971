import { sql } from "kysely";
import type { Db } from "~/services/db.server";

/** Newsletter subscriptions as the back office counts them (SPEC §2 "Total de Suscripciones: N"). */
export async function countSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("subscribers")
    .select(sql<number | string>`count(*)`.as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
