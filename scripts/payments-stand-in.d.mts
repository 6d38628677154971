/** Types of ./payments-stand-in.mjs (docs/decisions/055), for the tests. */

export interface StandInEvent {
  type: string;
  token?: string;
  status?: number;
  [detail: string]: unknown;
}

export interface PaymentStandIn {
  /** Where the shop's server reaches it (and, without publicUrl, the browser too). */
  url: string;
  close(): Promise<void>;
  webpay: { commerceCode: string; apiKey: string };
  flow: { apiKey: string; secretKey: string };
  /** Scripts the next outcomes, options or faults (see the script's documentation). */
  script(entry: unknown): void;
  /** Everything it received and did, in order. */
  events: StandInEvent[];
  /** The shop's variables that point at it. */
  settings(): Record<string, string>;
}

export function startPaymentStandIn(options?: {
  port?: number;
  host?: string;
  publicUrl?: string;
  flowApiKey?: string;
  flowSecretKey?: string;
}): Promise<PaymentStandIn>;
