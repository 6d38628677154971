import path from "node:path";
import { z } from "zod";
import { exampleCompany, type CompanyInfo } from "~/content/company";
import { kitIds, type KitId } from "~/content/types";

/**
 * Configuration comes from the environment and is checked once, at start-up. A wrong value stops
 * the server with a message naming the variable (see loadEnv). Defaults are safe for local use.
 */
const optionalText = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1)
    .optional()
    .transform((value) => value ?? fallback);

/** An e-mail address with an optional display name, as nodemailer takes it. */
export interface MailAddress {
  name?: string;
  address: string;
}

export const defaultMailFrom = "LifeBox <no-reply@lifebox.example>";

/**
 * Reads "Name <address>", "\"Name, with comma\" <address>" or a bare address; undefined when it is
 * not one address (or carries line breaks, which would inject headers).
 */
export function parseMailAddress(value: string): MailAddress | undefined {
  const text = value.trim();
  if (text === "" || /\p{Cc}/u.test(text)) return undefined;
  const named = /^(.*?)\s*<([^<>\s]+)>$/.exec(text);
  const address = named ? named[2]! : text;
  if (!z.email().safeParse(address).success) return undefined;
  if (!named) return { address };
  let name = named[1]!.trim();
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(name);
  if (quoted) name = quoted[1]!.replace(/\\(.)/g, "$1").trim();
  else if (/[<>"]/.test(name)) return undefined;
  return name ? { name, address } : { address };
}

/** smtp:// or smtps:// with a host; credentials and options (?…) are nodemailer's business. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the embedded database, the mail outbox (and later uploads) live. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** A postgres:// URL selects PostgreSQL; empty means the embedded SQLite database in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^postgres(ql)?:\/\//.test(value), {
      message: "must be a postgres:// or postgresql:// URL, or be left empty for SQLite",
    }),
  /** The public origin used for canonical URLs, Open Graph and the sitemap. */
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Requests per minute and IP across the whole site (static files excluded). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SHOP_EMAIL: optionalText(exampleCompany.email).pipe(z.email()),
  SHOP_PHONE: optionalText(exampleCompany.phone),
  WHATSAPP_NUMBER: optionalText(exampleCompany.whatsappNumber).pipe(
    z
      .string()
      .regex(/^\d{8,15}$/, "must be the number in international format, digits only (e.g. 56912345678)"),
  ),
  FACEBOOK_URL: optionalText(exampleCompany.facebookUrl).pipe(z.url({ protocol: /^https$/ })),
  INSTAGRAM_URL: optionalText(exampleCompany.instagramUrl).pipe(z.url({ protocol: /^https$/ })),
  SELLER_LEGAL_NAME: optionalText(exampleCompany.legalName),
  SELLER_RUT: optionalText(exampleCompany.rut),
  SELLER_ADDRESS: optionalText(exampleCompany.address),
  /**
   * Outgoing mail server, e.g. smtps://user:password@smtp.example.cl:465 (password URL-encoded).
   * Empty: e-mails are written as .eml files into DATA_DIR/outbox (D19).
   */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isSmtpUrl(value), {
      // Never echo the value: it may hold a password.
      message:
        "must be an smtp:// or smtps:// URL with a host (e.g. smtps://user:password@smtp.example.cl:465)",
    })
    .transform((value) => value || undefined),
  /** Sender of every e-mail: an address with an optional display name. */
  MAIL_FROM: optionalText(defaultMailFrom).transform((value, context) => {
    const address = parseMailAddress(value);
    if (!address) {
      context.addIssue({
        code: "custom",
        message: 'must be an e-mail address, optionally with a name: "LifeBox <no-reply@lifebox.cl>"',
      });
      return z.NEVER;
    }
    return address;
  }),
  /** Where the shop's notifications (new orders, quotations, contact messages) go; default SHOP_EMAIL. */
  SHOP_NOTIFY_EMAIL: z.string().trim().pipe(z.email()).optional(),
  /**
   * Secret that signs the anti-spam (ALTCHA) challenges; at least 32 characters. Empty: a random one
   * is created once and kept in DATA_DIR/captcha-secret (see app/services/captcha.server.ts).
   */
  CAPTCHA_SECRET: z
    .string()
    .trim()
    .min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)")
    .optional(),
  /**
   * The proof of work a browser does per form: the largest counter it may have to find (the real one
   * is random between a tenth of it and it). 50,000 takes well under a second on a cheap phone.
   */
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Submissions per form, IP and 10 minutes (D13). */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Secret that signs the staff's session cookies (Better Auth); at least 32 characters. Empty: a
   * random one is created once and kept in DATA_DIR/auth-secret (see app/services/auth.server.ts).
   * Changing it signs every admin out.
   */
  AUTH_SECRET: z
    .string()
    .trim()
    .min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)")
    .optional(),
  /**
   * How many proxies in front of the server to trust for the client's IP (X-Forwarded-For); 0 when
   * the server faces the internet directly.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  ...paymentLinkVariables(),
});

/** The environment variable holding a kit's payment link: PAYMENT_LINK_ESSENTIAL_MINI, … */
export function paymentLinkVariable(kitId: KitId): string {
  return `PAYMENT_LINK_${kitId.toUpperCase().replace(/-/g, "_")}`;
}

/** The example payment page of a kit, used until its variable is set (README, decision 014). */
export function examplePaymentLink(kitId: KitId): string {
  return `https://pago.lifebox.example/${kitId}?pedido={pedido}`;
}

function paymentLinkVariables() {
  return Object.fromEntries(
    kitIds.map((kitId) => [
      paymentLinkVariable(kitId),
      optionalText(examplePaymentLink(kitId)).pipe(z.url({ protocol: /^https?$/ })),
    ]),
  ) as Record<`PAYMENT_LINK_${string}`, z.ZodType<string, string | undefined>>;
}

export type Env = z.infer<typeof envSchema> & {
  SITE_URL: string;
  SHOP_NOTIFY_EMAIL: string;
  /** Where e-mails are written when SMTP_URL is not set: DATA_DIR/outbox. */
  outboxDir: string;
  dataDir: string;
  company: CompanyInfo;
  /** The external payment page of each kit ({pedido} is replaced by the order number). */
  paymentLinks: Record<KitId, string>;
  /**
   * Names of the seller settings (and MAIL_FROM) still at their example defaults (warned about in
   * production).
   */
  exampleSettings: string[];
};

/** What the models of customer submissions need of the configuration: links, seller, notified address. */
export type ShopSettings = Pick<Env, "SITE_URL" | "company" | "SHOP_NOTIFY_EMAIL" | "paymentLinks">;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const companyVariables = {
  SHOP_EMAIL: "email",
  SHOP_PHONE: "phone",
  WHATSAPP_NUMBER: "whatsappNumber",
  FACEBOOK_URL: "facebookUrl",
  INSTAGRAM_URL: "instagramUrl",
  SELLER_LEGAL_NAME: "legalName",
  SELLER_RUT: "rut",
  SELLER_ADDRESS: "address",
} as const satisfies Record<string, keyof CompanyInfo>;

/** Parses and checks the environment; throws a ConfigError naming every wrong variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as "not set", so `VAR= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `- ${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const company: CompanyInfo = { ...exampleCompany };
  for (const [variable, field] of Object.entries(companyVariables)) {
    company[field] = env[variable as keyof typeof companyVariables];
  }
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    SHOP_NOTIFY_EMAIL: env.SHOP_NOTIFY_EMAIL ?? env.SHOP_EMAIL,
    dataDir,
    outboxDir: path.join(dataDir, "outbox"),
    company,
    paymentLinks: Object.fromEntries(
      kitIds.map((kitId) => [kitId, (env as Record<string, unknown>)[paymentLinkVariable(kitId)] as string]),
    ) as Record<KitId, string>,
    exampleSettings: [
      ...Object.keys(companyVariables),
      "MAIL_FROM",
      ...kitIds.map((kitId) => paymentLinkVariable(kitId)),
    ].filter((variable) => !cleaned[variable]),
  };
}

let current: Env | undefined;

/** The checked configuration of this process, parsed from process.env on first use. */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}
