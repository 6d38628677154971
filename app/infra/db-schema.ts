import type { Generated } from "kysely";
import type { CourierId } from "~/content/couriers";
import type { OrderStatus } from "~/lib/order-status";

/**
 * The database tables as Kysely sees them (docs/decisions/003): times are ISO-8601 UTC strings, money
 * integer CLP, ids UUIDs made by the application, a "yes" the time it happened.
 */
export interface Database {
  subscribers: SubscribersTable;
  orders: OrdersTable;
  orderLines: OrderLinesTable;
  orderStatusChanges: OrderStatusChangesTable;
  quotes: QuotesTable;
  contactMessages: ContactMessagesTable;
  usedCaptchaChallenges: UsedCaptchaChallengesTable;
  mailQueue: MailQueueTable;
  chatSessions: ChatSessionsTable;
  chatMessages: ChatMessagesTable;
  galleryPhotos: GalleryPhotosTable;
  galleryLikes: GalleryLikesTable;
  rateLimitHits: RateLimitHitsTable;
  paymentAttempts: PaymentAttemptsTable;
  orderDocumentRecords: OrderDocumentRecordsTable;
}

/** "free": continental Chile; "arranged": shipping agreed with the customer (D7). */
export type ShippingKind = "free" | "arranged";

export type MailStatus = "pending" | "sent" | "failed";

export interface SubscribersTable {
  id: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** 32 random bytes, base64url: the one-click unsubscribe link. */
  unsubscribeToken: string;
  createdAt: string;
  /** Consent to the newsletter (Ley 21.719); always written (the default only let SQLite add the column). */
  consentedAt: Generated<string>;
}

export interface OrdersTable {
  id: string;
  /** Short human number, e.g. "LB-7K3F9Q"; unique. */
  number: string;
  /**
   * The order's lines written out for people ("2 × LifeBox Essential, LifeBox Essential Mini"),
   * written with the order and never changed, as its lines (migration 0019): what the admin list
   * shows, sorts and searches.
   */
  linesSummary: string;
  /** How many kits the order holds: its lines' quantities added up. */
  kitCount: number;
  shippingKind: ShippingKind;
  /** The kits' amount, whole pesos (migration 0016). */
  subtotal: number;
  /** Whole pesos: 0 for continental shipping; null while shipping outside the continent awaits its quote. */
  shippingCost: number | null;
  /** When staff set the shipping cost of an order outside the continent, and who (staff user id). */
  shippingQuotedAt: string | null;
  shippingQuotedBy: string | null;
  /** subtotal + shippingCost once the cost is known (the subtotal while it is not). */
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
  /** Set when shipped (migration 0007): a courier id of content/couriers.ts, the name typed for "otro". */
  courier: CourierId | null;
  courierName: string | null;
  trackingNumber: string | null;
  /** Set when cancelled: the reason the customer was told. */
  cancellationReason: string | null;
  /**
   * Who said the order was paid (migration 0014): the provider's word to our server, or staff by
   * hand; null while unpaid.
   */
  paidBy: PaidBy | null;
  /** The tax document the customer asked for (migration 0017); existing orders: boleta. */
  documentType: Generated<DocumentType>;
  /** A factura's company (all set for a factura, all null for a boleta): RUT as "76.123.456-0". */
  invoiceRut: string | null;
  /** Razón social. */
  invoiceName: string | null;
  invoiceGiro: string | null;
  invoiceAddress: string | null;
  /** Códigos Únicos Territoriales of the billing address's región and comuna. */
  invoiceRegionCut: string | null;
  invoiceComunaCut: string | null;
  /** Where the factura is sent. */
  invoiceEmail: string | null;
  /**
   * The document issued for the order (migration 0018; docs/decisions/065), all null until then: its
   * SII type, its folio (the SII's number, digits without leading zeros) and when it was issued.
   */
  documentSiiType: SiiDocumentType | null;
  documentFolio: string | null;
  documentIssuedAt: string | null;
  /** Who recorded it: a staff user id, or the tax provider that issued it (exactly one, with a folio). */
  documentRecordedBy: string | null;
  documentProvider: string | null;
}

/**
 * The SII's codes of the electronic documents a sale is recorded with (tipo de DTE): 39 boleta, 41
 * boleta exenta, 33 factura, 34 factura no afecta o exenta.
 */
export type SiiDocumentType = 33 | 34 | 39 | 41;

/** Every record of an order's issued document (migration 0018): the first and each correction. */
export interface OrderDocumentRecordsTable {
  id: string;
  orderId: string;
  siiType: SiiDocumentType;
  folio: string;
  issuedAt: string;
  /** A staff user id, or the provider's name: exactly one. */
  recordedBy: string | null;
  provider: string | null;
  recordedAt: string;
}

/** One kit of an order, as it was ordered (migration 0019); never changed after the order is stored. */
export interface OrderLinesTable {
  orderId: string;
  /** 1, 2, … in the order the customer listed them. */
  position: number;
  kitId: string;
  /** The kit's name and price (whole pesos) when the order was made. */
  kitName: string;
  unitPrice: number;
  quantity: number;
  /** unitPrice × quantity (checked by the database). */
  lineTotal: number;
}

/** The tax document of an order (D24): a boleta, or a factura to a company. */
export type DocumentType = "boleta" | "factura";

/** Who said an order was paid: a provider (its word to our server) or staff ("manual"). */
export type PaidBy = "webpay" | "flow" | "manual";

/** How a customer paid an order that staff mark paid by hand (migration 0014). */
export type ManualPaymentMeans = "transferencia" | "deposito" | "efectivo" | "otro";

export interface OrderStatusChangesTable {
  id: string;
  orderId: string;
  /** Null for the order's creation. */
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** Staff user id; null when the system or the customer made the change. */
  changedBy: string | null;
  changedAt: string;
  /** The customer e-mail this change queued, if any (withdrawn when the change is undone in time). */
  mailId: string | null;
  /** On the row that reverts a mistaken change: that change's id. */
  undoes: string | null;
  /** On a change to "pagado" made by staff (migration 0014): how the customer paid. */
  paymentMeans: ManualPaymentMeans | null;
  /** With paymentMeans: the operation number of the transfer, deposit or receipt. */
  paymentReference: string | null;
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
  /** Kits asked for, 1–10,000 (migration 0015); null on quotations stored before it had the field. */
  quantity: number | null;
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
  signature: string;
  expiresAt: string;
}

/** A rate limit's count for one client key in its current window (migration 0011). */
export interface RateLimitHitsTable {
  /** The limiter's prefix and the client key, e.g. "form:contacto:203.0.113.7". */
  key: string;
  hits: number;
  /** When the window ends and the count starts again. */
  resetAt: string;
}

export interface MailQueueTable {
  id: string;
  /** What the message is about, e.g. "order-confirmation". */
  kind: string;
  toAddress: string;
  /** The finished message, or null and written from template_data (JSON) when sent. */
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  templateData: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  sentAt: string | null;
}

/** A chatbot conversation (migration 0008; docs/product.md#d17). */
export interface ChatSessionsTable {
  id: string;
  /** The random id in the visitor's cookie. */
  visitorId: string;
  visitorIp: string;
  startedAt: string;
  lastMessageAt: string;
  /** Closed by the visitor, or 30 minutes after the last message; null while open. */
  endedAt: string | null;
  messageCount: Generated<number>;
  /** The bot's answers that said it did not know. */
  unansweredCount: Generated<number>;
  /** Every message's text, one per line, for the admin list's search (migration 0010). */
  searchText: Generated<string>;
  /**
   * The bot's failed answers: did not know, low confidence or marked "No me sirvió", each counted
   * once (migration 0020).
   */
  failedCount: Generated<number>;
}

export type ChatRole = "user" | "bot";

export interface ChatMessagesTable {
  id: string;
  sessionId: string;
  /** 1, 2, 3… within the session. */
  seq: number;
  role: ChatRole;
  content: string;
  /** The topic the bot answered with; null on the visitor's messages and when the bot did not know. */
  topic: string | null;
  createdAt: string;
  /**
   * The address the exchange came from, as the rate limits count it (an IPv4 address, an IPv6 /56
   * network; migration 0012); null on most messages stored before it.
   */
  ipNetwork: string | null;
  /** The visitor's "¿Te sirvió?" on a bot answer; null until they answer (migration 0020). */
  feedback: ChatFeedback | null;
  /** 1: a bot answer given with a score under the engine's confident score (migration 0020). */
  lowConfidence: Generated<number>;
}

/** "¿Te sirvió?": Sí or No. */
export type ChatFeedback = "yes" | "no";

/** pending until staff decide (docs/product.md#d16). */
export type GalleryPhotoStatus = "pending" | "approved" | "rejected";

/** A customer's photo of their kit (migration 0009; docs/product.md#d16). */
export interface GalleryPhotosTable {
  id: string;
  orderId: string;
  orderNumber: string;
  /** The first name shown under the photo, from the order at upload time. */
  authorName: string;
  kitId: string;
  kitName: string;
  comment: string;
  status: Generated<GalleryPhotoStatus>;
  /** Why staff rejected it (internal; never shown to the public), apart from the comment. */
  rejectionReason: string | null;
  /** Storage keys (app/infra/storage.server.ts) of the re-encoded photo and its thumbnail. */
  displayKey: string;
  displayWidth: number;
  displayHeight: number;
  thumbKey: string;
  thumbWidth: number;
  thumbHeight: number;
  likeCount: Generated<number>;
  createdAt: string;
  moderatedAt: string | null;
  /** The staff user who made the last decision. */
  moderatedBy: string | null;
}

/** One like per photo and visitor (the visitor id of a cookie). */
export interface GalleryLikesTable {
  photoId: string;
  visitorId: string;
  createdAt: string;
  /**
   * The liker's address, as the rate limits count it (migration 0012): the likes per address are
   * bounded. Null on likes stored before it, and once forgetOldLikeAddresses ran a day later.
   */
  ipNetwork: string | null;
}

/** Where an attempt stands (migration 0013): started until the provider's word is final. */
export type PaymentAttemptStatus =
  "started" | "approved" | "rejected" | "cancelled" | "refunded" | "mismatch";

/** One trip of a customer to a payment provider for an order (docs/decisions/057). */
export interface PaymentAttemptsTable {
  id: string;
  orderId: string;
  provider: "webpay" | "flow";
  /** The provider's token; null until it answered the start. Unique per provider. */
  reference: string | null;
  /** What the shop told the provider (Webpay's buy_order, Flow's commerceOrder); unique. */
  buyOrder: string;
  /** Whole pesos: the order's total when the attempt started. */
  amount: number;
  status: Generated<PaymentAttemptStatus>;
  /** What the provider said it charged. */
  providerAmount: number | null;
  authorizationCode: string | null;
  cardLastFour: string | null;
  paymentType: string | null;
  installments: number | null;
  responseCode: number | null;
  /** Why a mismatch is one ("amount", "buy-order", "order-not-awaiting-payment"). */
  flag: string | null;
  createdAt: string;
  /** When the provider's word became final. */
  settledAt: string | null;
  /** Where the provider said to send the customer (migration 0014). */
  redirectUrl: string | null;
  /** The provider's last answer, JSON, without credentials or card data beyond the last four digits. */
  answer: string | null;
  /** When the background check next asks the provider (a lease moves it); null once settled. */
  checkAfter: string | null;
  /** How many times the background check asked. */
  checks: Generated<number>;
  /** A refund asked of the provider: its type (REVERSED, NULLIFIED, Flow's status), amount, reference. */
  refundType: string | null;
  refundAmount: number | null;
  refundReference: string | null;
  refundedAt: string | null;
  /** Why the provider refused or could not take the last refund asked (shown to staff). */
  refundError: string | null;
}
