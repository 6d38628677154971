import { sql, type Kysely } from "kysely";

/**
 * What the checkout, the background check, the back office and refunds keep of payments (issue 22;
 * docs/decisions/059):
 *
 * - payment_attempts.redirect_url: where the provider said to send the customer (Webpay's form,
 *   Flow's page), so the page that takes the customer there can be shown again.
 * - payment_attempts.answer: the provider's last answer about the attempt, as JSON, without
 *   credentials and with no card data beyond the last four digits.
 * - payment_attempts.check_after / checks: when the background check asks the provider about an
 *   attempt still started, and how many times it asked; a check leases the row by moving
 *   check_after (as the mail outbox's next_attempt_at), so one server at a time asks. Null once
 *   the attempt is settled.
 * - payment_attempts.refund_*: a refund asked of the provider when a paid order is cancelled: its
 *   type (Webpay's REVERSED or NULLIFIED, Flow's status), amount, the provider's reference, when,
 *   and the last refusal's reason (shown to staff; the order is then not cancelled).
 * - orders.paid_by: who said the order was paid: webpay, flow (the provider's word to our server)
 *   or manual (staff, with the means and the operation number on the history row); null while
 *   unpaid. The orders list filters on it.
 * - order_status_changes.payment_means / payment_reference: on a change to "pagado" made by staff,
 *   how the customer paid (transferencia, deposito, efectivo, otro) and the operation number.
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    const attempts = [
      ["redirect_url", "varchar(500)", 500],
      ["answer", "varchar(4000)", 4000],
      ["check_after", "varchar(32)", 32],
      ["refund_type", "varchar(20)", 20],
      ["refund_reference", "varchar(60)", 60],
      ["refunded_at", "varchar(32)", 32],
      ["refund_error", "varchar(200)", 200],
    ] as const;
    for (const [name, type, max] of attempts) {
      await db.schema
        .alterTable("payment_attempts")
        .addColumn(name, type, (column) => column.check(maxLength(name, max)))
        .execute();
    }
    await db.schema
      .alterTable("payment_attempts")
      .addColumn("checks", "integer", (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("payment_attempts")
      .addColumn("refund_amount", "integer", (column) => column.check(sql`refund_amount > 0`))
      .execute();
    // Attempts started before this migration and still waiting are asked about at once.
    await sql`update payment_attempts set check_after = created_at where status = 'started'`.execute(db);
    await db.schema
      .createIndex("payment_attempts_check_after_index")
      .on("payment_attempts")
      .column("check_after")
      .execute();

    await db.schema
      .alterTable("orders")
      .addColumn("paid_by", "varchar(16)", (column) =>
        column.check(sql`paid_by in ('webpay', 'flow', 'manual')`),
      )
      .execute();
    // Orders marked paid before: by staff, by hand.
    await sql`update orders set paid_by = 'manual'
      where status in ('pagado', 'en_preparacion', 'enviado', 'entregado')`.execute(db);
    await db.schema.createIndex("orders_paid_by_index").on("orders").column("paid_by").execute();

    await db.schema
      .alterTable("order_status_changes")
      .addColumn("payment_means", "varchar(20)", (column) =>
        column.check(sql`payment_means in ('transferencia', 'deposito', 'efectivo', 'otro')`),
      )
      .execute();
    await db.schema
      .alterTable("order_status_changes")
      .addColumn("payment_reference", "varchar(60)", (column) =>
        column.check(maxLength("payment_reference", 60)),
      )
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    for (const name of ["payment_reference", "payment_means"]) {
      await db.schema.alterTable("order_status_changes").dropColumn(name).execute();
    }
    await db.schema.dropIndex("orders_paid_by_index").execute();
    await db.schema.alterTable("orders").dropColumn("paid_by").execute();
    await db.schema.dropIndex("payment_attempts_check_after_index").execute();
    for (const name of [
      "refund_amount",
      "checks",
      "refund_error",
      "refunded_at",
      "refund_reference",
      "refund_type",
      "check_after",
      "answer",
      "redirect_url",
    ]) {
      await db.schema.alterTable("payment_attempts").dropColumn(name).execute();
    }
  });
}
