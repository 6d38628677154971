import path from "node:path";
import { z } from "zod";
import { exampleCompany, type CompanyInfo } from "~/content/company";
import { kitIds, type KitId } from "~/content/types";

// Configuration comes from the environment, checked once at start-up (docs/decisions/002).

/** An e-mail address with an optional display name, as nodemailer takes it. */
export interface MailAddress {
  name?: string;
  address: string;
}

/**
 * Reads "Name <address>", "\"Name, with comma\" <address>" or a bare address; undefined when it is
 * not one address (or carries line breaks, which would inject headers).
 */
function parseMailAddress(text: string): MailAddress | undefined {
  if (/\p{Cc}/u.test(text)) return undefined;
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

const withDefault = (fallback: string) => z.string().trim().default(fallback);
const secret = z.string().trim().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)");

/** The environment variable holding a kit's payment link: PAYMENT_LINK_ESSENTIAL_MINI, … */
export function paymentLinkVariable(kitId: KitId): string {
  return `PAYMENT_LINK_${kitId.toUpperCase().replace(/-/g, "_")}`;
}

/** The example payment page of a kit, used until its variable is set (README, decision 014). */
export function examplePaymentLink(kitId: KitId): string {
  return `https://pago.lifebox.example/${kitId}?pedido={pedido}`;
}

/** The seller settings (left open by the product rules: decision 002), by the CompanyInfo field they fill. */
const companyVariables = {
  SHOP_EMAIL: "email",
  SHOP_PHONE: "phone",
  WHATSAPP_NUMBER: "whatsappNumber",
  FACEBOOK_URL: "facebookUrl",
  INSTAGRAM_URL: "instagramUrl",
  SELLER_LEGAL_NAME: "legalName",
  SELLER_RUT: "rut",
  SELLER_ADDRESS: "address",
} as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the SQLite database, the secrets and the mail outbox live. */
  DATA_DIR: z.string().default("./data"),
  /** A postgres:// URL selects PostgreSQL; unset means SQLite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL, or be left empty for SQLite")
    .optional(),
  /** The public origin for canonical URLs, Open Graph and the sitemap. */
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Readable lines or JSON lines; unset: readable on a terminal and in development (logger.server.ts). */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** Requests per minute and IP across the whole site (static files excluded). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SHOP_EMAIL: withDefault(exampleCompany.email).pipe(z.email()),
  SHOP_PHONE: withDefault(exampleCompany.phone),
  WHATSAPP_NUMBER: withDefault(exampleCompany.whatsappNumber).pipe(
    z
      .string()
      .regex(/^\d{8,15}$/, "must be the number in international format, digits only (e.g. 56912345678)"),
  ),
  FACEBOOK_URL: withDefault(exampleCompany.facebookUrl).pipe(z.url({ protocol: /^https$/ })),
  INSTAGRAM_URL: withDefault(exampleCompany.instagramUrl).pipe(z.url({ protocol: /^https$/ })),
  SELLER_LEGAL_NAME: withDefault(exampleCompany.legalName),
  SELLER_RUT: withDefault(exampleCompany.rut),
  SELLER_ADDRESS: withDefault(exampleCompany.address),
  /** Unset: e-mails are written as .eml files into DATA_DIR/outbox (D19). */
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      hostname: /./,
      // Never echo the value: it may hold a password.
      error:
        "must be an smtp:// or smtps:// URL with a host (e.g. smtps://user:password@smtp.example.cl:465)",
    })
    .optional(),
  MAIL_FROM: withDefault("LifeBox <no-reply@lifebox.example>").transform((value, context) => {
    const address = parseMailAddress(value);
    if (address) return address;
    context.addIssue({
      code: "custom",
      message: 'must be an e-mail address, optionally with a name: "LifeBox <no-reply@lifebox.cl>"',
    });
    return z.NEVER;
  }),
  /** Where the shop's notifications go; default SHOP_EMAIL. */
  SHOP_NOTIFY_EMAIL: z.string().trim().pipe(z.email()).optional(),
  /**
   * Unset: a random one kept in DATA_DIR/captcha-secret (infra/secrets.server.ts); required on PostgreSQL.
   */
  CAPTCHA_SECRET: secret.optional(),
  /** The largest counter a browser may have to find per form (decision 015). */
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Submissions per form, IP and 10 minutes (D13). */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Gallery photos per IP and 10 minutes, page and API together (each is decoded and re-encoded). */
  GALLERY_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * Unset: a random one kept in DATA_DIR/auth-secret; required on PostgreSQL. Changing it signs
   * every admin out.
   */
  AUTH_SECRET: secret.optional(),
  /** How many proxies in front of the server to trust for the client's IP (X-Forwarded-For). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // Uploaded files in an S3-compatible bucket (docs/decisions/047): S3_BUCKET selects it; unset, the
  // files stay on the local disk (DATA_DIR/uploads). Checked together in s3SettingsOf below.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3–63 lower-case letters, digits, '.' or '-'",
    )
    .optional(),
  /** Unset: Amazon S3 itself. Set for any other store (MinIO, Cloudflare R2, Backblaze B2, …). */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, hostname: /./, error: "must be an http:// or https:// URL of the S3 API" })
    .optional(),
  S3_REGION: withDefault("us-east-1").pipe(
    z.string().regex(/^[a-z0-9-]+$/, "must be a region name (e.g. us-east-1, auto)"),
  ),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  // Never echoed in an error: only its absence is ever reported.
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** Bucket in the path (https://host/bucket/key); default: on with S3_ENDPOINT, off on Amazon S3. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  /**
   * Where browsers load the files from (a CDN, the bucket's public address); unset: /uploads on this site.
   */
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, hostname: /./, error: "must be an http:// or https:// URL" })
    .refine((value) => !/[?#]/.test(value), "must not have a query or a fragment")
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  // The payment provider (issue 22; docs/decisions/058), checked together in paymentSettingsOf below.
  PAYMENT_PROVIDER: z
    .enum(["webpay", "flow", "link"], { error: "must be webpay, flow or link" })
    .default("webpay"),
  WEBPAY_COMMERCE_CODE: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, "must be the commerce code Transbank gave (digits only)")
    .optional(),
  // Never echoed in an error: only its absence is ever reported.
  WEBPAY_API_KEY: z.string().trim().optional(),
  WEBPAY_API_URL: z
    .url({ protocol: /^https?$/, hostname: /./, error: "must be an http:// or https:// URL" })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  FLOW_API_KEY: z.string().trim().optional(),
  FLOW_SECRET_KEY: z.string().trim().optional(),
  FLOW_API_URL: z
    .url({ protocol: /^https?$/, hostname: /./, error: "must be an http:// or https:// URL" })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  /** "1": a production server may take the word of a payment server that is not Transbank's or Flow's. */
  PAYMENTS_ALLOW_STAND_IN: z.enum(["1"], { error: "must be 1, or be left empty" }).optional(),
  ...(Object.fromEntries(
    kitIds.map((kitId) => [
      paymentLinkVariable(kitId),
      withDefault(examplePaymentLink(kitId)).pipe(z.url({ protocol: /^https?$/ })),
    ]),
  ) as Record<`PAYMENT_LINK_${string}`, z.ZodType<string, string | undefined>>),
});

export type Env = ReturnType<typeof parseEnv>;

/** The bucket the uploaded files go to (infra/storage.server.ts), from the S3_* variables. */
export interface S3Settings {
  bucket: string;
  /** Unset: Amazon S3 itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Where browsers load the files from; unset: /uploads on this site, which reads the bucket. */
  publicUrl?: string;
}

const s3Variables = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_URL",
] as const;

/**
 * The S3 settings, or undefined for the local disk. Half a configuration is an error naming what
 * is missing, never a silent fall-back to the local disk: with several servers, that would scatter
 * the photos over their disks. Values are never repeated (the secret key is one of them).
 */
function s3SettingsOf(env: z.output<typeof envSchema>): S3Settings | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  const given = s3Variables.filter((variable) => variable !== "S3_REGION" && env[variable] !== undefined);
  if (!bucket) {
    if (given.length === 0) return undefined;
    throw new ConfigError(
      `Invalid configuration:\n- S3_BUCKET: must be set when ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set (or leave every S3_ variable empty to keep the files on the local disk)`,
    );
  }
  if (!accessKeyId || !secretAccessKey) {
    const missing = [!accessKeyId && "S3_ACCESS_KEY_ID", !secretAccessKey && "S3_SECRET_ACCESS_KEY"];
    const lines = missing
      .filter(Boolean)
      .map((variable) => `- ${variable}: must be set when S3_BUCKET is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return {
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE
      ? env.S3_FORCE_PATH_STYLE === "true"
      : env.S3_ENDPOINT !== undefined,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** Transbank's published integration commerce and key (its SDK's), and its two hosts. */
export const webpayIntegrationCredentials = {
  commerceCode: "597055555532",
  apiKey: "579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C",
} as const;
export const webpayHosts = {
  integration: "https://webpay3gint.transbank.cl",
  production: "https://webpay3g.transbank.cl",
} as const;
export const flowHosts = {
  production: "https://www.flow.cl/api",
  sandbox: "https://sandbox.flow.cl/api",
} as const;

export interface PaymentSettings {
  provider: "webpay" | "flow" | "link";
  webpay: { commerceCode: string; apiKey: string; apiUrl: string };
  /** Set when FLOW_API_KEY and FLOW_SECRET_KEY are. */
  flow?: { apiKey: string; secretKey: string; apiUrl: string };
  /** Webpay with Transbank's published test commerce: nothing is charged. */
  testCredentials: boolean;
  /** A payment server that is not the provider's own (the local stand-in): PAYMENTS_ALLOW_STAND_IN. */
  standIn: boolean;
}

/**
 * The payment settings (docs/decisions/058). With nothing set: Webpay Plus in Transbank's
 * integration environment with its published test commerce, as a developer wants. Half a
 * configuration is an error naming what is missing; the keys are never repeated. A production
 * server refuses a payment server that is not Transbank's or Flow's unless PAYMENTS_ALLOW_STAND_IN=1.
 */
function paymentSettingsOf(env: z.output<typeof envSchema>): PaymentSettings {
  const lines: string[] = [];
  const pair = (code: string, key: string, given: [string | undefined, string | undefined]) => {
    if (given[0] && !given[1]) lines.push(`- ${key}: must be set when ${code} is set`);
    if (!given[0] && given[1]) lines.push(`- ${code}: must be set when ${key} is set`);
  };
  pair("WEBPAY_COMMERCE_CODE", "WEBPAY_API_KEY", [env.WEBPAY_COMMERCE_CODE, env.WEBPAY_API_KEY]);
  pair("FLOW_API_KEY", "FLOW_SECRET_KEY", [env.FLOW_API_KEY, env.FLOW_SECRET_KEY]);
  if (env.PAYMENT_PROVIDER === "flow" && !env.FLOW_API_KEY && !env.FLOW_SECRET_KEY) {
    lines.push(
      "- FLOW_API_KEY, FLOW_SECRET_KEY: must be set when PAYMENT_PROVIDER is flow (Flow gives them to each shop)",
    );
  }
  const testCredentials = !env.WEBPAY_COMMERCE_CODE;
  const webpay = {
    commerceCode: env.WEBPAY_COMMERCE_CODE ?? webpayIntegrationCredentials.commerceCode,
    apiKey: env.WEBPAY_API_KEY ?? webpayIntegrationCredentials.apiKey,
    apiUrl: env.WEBPAY_API_URL ?? (testCredentials ? webpayHosts.integration : webpayHosts.production),
  };
  const flow =
    env.FLOW_API_KEY && env.FLOW_SECRET_KEY
      ? {
          apiKey: env.FLOW_API_KEY,
          secretKey: env.FLOW_SECRET_KEY,
          apiUrl: env.FLOW_API_URL ?? flowHosts.production,
        }
      : undefined;
  const own = (url: string | undefined, hosts: Record<string, string>) =>
    url === undefined || Object.values(hosts).some((host) => new URL(host).host === new URL(url).host);
  const standIn = {
    webpay: env.PAYMENT_PROVIDER === "webpay" && !own(env.WEBPAY_API_URL, webpayHosts),
    flow: env.PAYMENT_PROVIDER === "flow" && !own(env.FLOW_API_URL, flowHosts),
  };
  for (const [provider, variable] of [
    ["webpay", "WEBPAY_API_URL"],
    ["flow", "FLOW_API_URL"],
  ] as const) {
    if (standIn[provider] && env.NODE_ENV === "production" && !env.PAYMENTS_ALLOW_STAND_IN) {
      lines.push(
        `- ${variable}: is not ${provider === "webpay" ? "Transbank's" : "Flow's"} server; a production shop takes another server's word for its payments only with PAYMENTS_ALLOW_STAND_IN=1`,
      );
    }
  }
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  return {
    provider: env.PAYMENT_PROVIDER,
    webpay,
    ...(flow ? { flow } : {}),
    testCredentials: env.PAYMENT_PROVIDER === "webpay" && testCredentials,
    standIn: standIn.webpay || standIn.flow,
  };
}

/** What the models of customer submissions need of the configuration: links, seller, notified address. */
export type ShopSettings = Pick<Env, "SITE_URL" | "company" | "SHOP_NOTIFY_EMAIL" | "paymentLinks"> &
  Partial<Pick<Env, "payments">>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The secrets every server of a shop must share. On SQLite a missing one is made once and kept in
 * DATA_DIR (infra/secrets.server.ts); several servers on PostgreSQL share no folder, so there they
 * must come from the environment (docs/decisions/046-several-servers.md).
 */
const sharedSecrets = ["AUTH_SECRET", "CAPTCHA_SECRET"] as const;

/** One line per shared secret that PostgreSQL (a valid DATABASE_URL) needs and is not given. */
function missingSharedSecrets(
  cleaned: Record<string, string | undefined>,
  issues: readonly z.core.$ZodIssue[],
) {
  if (!cleaned.DATABASE_URL || issues.some((issue) => issue.path[0] === "DATABASE_URL")) return [];
  return sharedSecrets
    .filter((variable) => !cleaned[variable])
    .map(
      (variable) =>
        `- ${variable}: is required on PostgreSQL (DATABASE_URL): every server must use the same one (e.g. openssl rand -hex 32)`,
    );
}

/** Parses and checks the environment; throws a ConfigError naming every wrong variable. */
export function parseEnv(source: Record<string, string | undefined>) {
  // Empty (or blank) values count as unset, so `VAR= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const result = envSchema.safeParse(cleaned);
  const issues = result.error?.issues ?? [];
  const lines = [
    ...issues.map((issue) => `- ${issue.path.join(".") || "environment"}: ${issue.message}`),
    ...missingSharedSecrets(cleaned, issues),
  ];
  if (!result.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${[...new Set(lines)].join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const setting = (variable: string) => (env as Record<string, unknown>)[variable] as string;
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    SHOP_NOTIFY_EMAIL: env.SHOP_NOTIFY_EMAIL ?? env.SHOP_EMAIL,
    dataDir,
    /** Where e-mails are written when SMTP_URL is not set. */
    outboxDir: path.join(dataDir, "outbox"),
    /** Uploaded files (infra/storage.server.ts), served at /uploads, when there is no bucket. */
    uploadsDir: path.join(dataDir, "uploads"),
    /** The bucket for uploaded files (S3_* variables), or undefined for the local disk. */
    s3: s3SettingsOf(env),
    /** The payment provider and its settings (docs/decisions/058). */
    payments: paymentSettingsOf(env),
    company: {
      ...exampleCompany,
      ...Object.fromEntries(Object.entries(companyVariables).map(([name, field]) => [field, setting(name)])),
    } as CompanyInfo,
    /** The external payment page of each kit ({pedido} is replaced by the order number). */
    paymentLinks: Object.fromEntries(
      kitIds.map((kitId) => [kitId, setting(paymentLinkVariable(kitId))]),
    ) as Record<KitId, string>,
    /** The seller settings (and MAIL_FROM) still at their examples: warned about in production. */
    exampleSettings: [
      ...Object.keys(companyVariables),
      "MAIL_FROM",
      // The kits' payment links matter only to the link-only shop.
      ...(env.PAYMENT_PROVIDER === "link" ? kitIds.map(paymentLinkVariable) : []),
    ].filter((variable) => !cleaned[variable]),
  };
}

let current: Env | undefined;

/** The checked configuration of this process, parsed from process.env on first use. */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}
