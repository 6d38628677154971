import type { Generated } from "kysely";
import type { OrderStatus } from "~/lib/order-status";

/**
 * The database tables as Kysely sees them. Times are ISO-8601 UTC strings, which sort and compare
 * the same way in SQLite and PostgreSQL (docs/decisions/003-database.md); money is integer CLP; ids
 * are UUIDs made by the application. There are no boolean columns: a "yes" is stored as the time it
 * happened (terms_accepted_at, answered_at, sent_at). `Generated` marks columns the database fills
 * when an insert leaves them out.
 */
export interface Database {
  subscribers: SubscribersTable;
  orders: OrdersTable;
  order_status_changes: OrderStatusChangesTable;
  quotes: QuotesTable;
  contact_messages: ContactMessagesTable;
  used_captcha_challenges: UsedCaptchaChallengesTable;
  mail_queue: MailQueueTable;
}

/** "free": continental Chile; "arranged": shipping agreed with the customer (D7). */
export type ShippingKind = "free" | "arranged";

export type MailStatus = "pending" | "sent" | "failed";

export interface SubscribersTable {
  /** UUID made by the application. */
  id: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** 32 random bytes, base64url: the one-click unsubscribe link. */
  unsubscribe_token: string;
  created_at: string;
  /**
   * When the visitor consented to the newsletter (Ley 21.719). The model always writes it; the
   * database's constant default (1970-01-01T00:00:00.000Z) exists only because SQLite needs one to
   * add a NOT NULL column, and rows that existed then were given their created_at.
   */
  consented_at: Generated<string>;
}

export interface OrdersTable {
  id: string;
  /** Short human number, e.g. "LB-7K3F9Q"; unique. */
  number: string;
  kit_id: string;
  /** The kit's name and price when the order was made, from the catalogue. */
  kit_name: string;
  unit_price: number;
  shipping_kind: ShippingKind;
  total: number;
  status: Generated<OrderStatus>;
  customer_name: string;
  email: string;
  phone: string;
  /** Código Único Territorial of the región and the comuna. */
  region_cut: string;
  comuna_cut: string;
  address: string;
  rut: string | null;
  notes: string | null;
  terms_accepted_at: string;
  created_at: string;
  updated_at: string;
}

export interface OrderStatusChangesTable {
  id: string;
  order_id: string;
  /** Null for the order's creation. */
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  /** Staff user id; null when the system or the customer made the change. */
  changed_by: string | null;
  changed_at: string;
}

export interface QuotesTable {
  id: string;
  product_id: string;
  product_name: string;
  full_name: string;
  email: string;
  phone: string;
  company: string;
  city: string;
  additional_notes: string | null;
  created_at: string;
  answered_at: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  answered_at: string | null;
}

export interface UsedCaptchaChallengesTable {
  /** The signature of an accepted challenge. */
  signature: string;
  expires_at: string;
}

export interface MailQueueTable {
  id: string;
  /** What the message is about, e.g. "order-confirmation". */
  kind: string;
  to_address: string;
  /** The finished message; null when it is written from template_data when sent. */
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  /** The data of the kind's template, as JSON (migration 0003); null for a finished message. */
  template_data: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
}
