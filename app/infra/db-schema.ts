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
  orderStatusChanges: OrderStatusChangesTable;
  quotes: QuotesTable;
  contactMessages: ContactMessagesTable;
  usedCaptchaChallenges: UsedCaptchaChallengesTable;
  mailQueue: MailQueueTable;
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
  unsubscribeToken: string;
  createdAt: string;
  /**
   * When the visitor consented to the newsletter (Ley 21.719). The model always writes it; the
   * database's constant default (1970-01-01T00:00:00.000Z) exists only because SQLite needs one to
   * add a NOT NULL column, and rows that existed then were given their created_at.
   */
  consentedAt: Generated<string>;
}

export interface OrdersTable {
  id: string;
  /** Short human number, e.g. "LB-7K3F9Q"; unique. */
  number: string;
  kitId: string;
  /** The kit's name and price when the order was made, from the catalogue. */
  kitName: string;
  unitPrice: number;
  shippingKind: ShippingKind;
  total: number;
  status: Generated<OrderStatus>;
  customerName: string;
  email: string;
  phone: string;
  /** Código Único Territorial of the región and the comuna. */
  regionCut: string;
  comunaCut: string;
  address: string;
  rut: string | null;
  notes: string | null;
  termsAcceptedAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface OrderStatusChangesTable {
  id: string;
  orderId: string;
  /** Null for the order's creation. */
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** Staff user id; null when the system or the customer made the change. */
  changedBy: string | null;
  changedAt: string;
}

export interface QuotesTable {
  id: string;
  productId: string;
  productName: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  city: string;
  additionalNotes: string | null;
  createdAt: string;
  answeredAt: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  answeredAt: string | null;
}

export interface UsedCaptchaChallengesTable {
  /** The signature of an accepted challenge. */
  signature: string;
  expiresAt: string;
}

export interface MailQueueTable {
  id: string;
  /** What the message is about, e.g. "order-confirmation". */
  kind: string;
  toAddress: string;
  /** The finished message; null when it is written from template_data when sent. */
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  /** The data of the kind's template, as JSON (migration 0003); null for a finished message. */
  templateData: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  sentAt: string | null;
}
