import path from "node:path";
import { z } from "zod";
import { exampleCompany, type CompanyInfo } from "~/content/company";

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

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the embedded database (and later uploads and the mail outbox) live. */
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
});

export type Env = z.infer<typeof envSchema> & {
  SITE_URL: string;
  dataDir: string;
  company: CompanyInfo;
  /** Names of the seller settings still at their example defaults (warned about in production). */
  exampleSettings: string[];
};

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
  const company: CompanyInfo = { ...exampleCompany };
  for (const [variable, field] of Object.entries(companyVariables)) {
    company[field] = env[variable as keyof typeof companyVariables];
  }
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    dataDir: path.resolve(env.DATA_DIR),
    company,
    exampleSettings: Object.keys(companyVariables).filter((variable) => !cleaned[variable]),
  };
}

let current: Env | undefined;

/** The checked configuration of this process, parsed from process.env on first use. */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}
