import path from "node:path";
import type { Env } from "~/infra/env.server";

/**
 * The few lines `npm start` prints for people once the shop listens (docs/decisions/074): where it
 * is, which database it uses, what is still example data (one line per topic), and, while there is
 * no staff account, the command that makes one. A log in JSON lines gets the same facts as fields.
 */

/** The topics of the example settings, in the order they are printed. */
const exampleTopics: { title: string; matches: (variable: string) => boolean }[] = [
  { title: "Shop contact", matches: (v) => ["SHOP_EMAIL", "SHOP_PHONE", "WHATSAPP_NUMBER"].includes(v) },
  { title: "Social links", matches: (v) => ["FACEBOOK_URL", "INSTAGRAM_URL"].includes(v) },
  { title: "Seller's legal data", matches: (v) => v.startsWith("SELLER_") },
  { title: "E-mail sender", matches: (v) => v === "MAIL_FROM" },
  { title: "Kits' payment links", matches: (v) => v.startsWith("PAYMENT_LINK_") },
];

/** The database in use, never with its password: the SQLite file, or PostgreSQL's host and name. */
export function databaseDescription(env: Pick<Env, "DATABASE_URL" | "dataDir">): string {
  if (!env.DATABASE_URL) return `SQLite, ${path.join(env.dataDir, "lifebox.sqlite")}`;
  try {
    const url = new URL(env.DATABASE_URL);
    const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default database)";
    return `PostgreSQL, ${url.hostname}${url.port ? `:${url.port}` : ""}/${name}`;
  } catch {
    return "PostgreSQL";
  }
}

/** One line per topic still on its example values: "Shop contact: SHOP_EMAIL, SHOP_PHONE". */
export function exampleLines(variables: readonly string[], payments?: string): string[] {
  const lines = exampleTopics.flatMap(({ title, matches }) => {
    const names = variables.filter(matches);
    return names.length > 0 ? [`${title}: ${names.join(", ")}`] : [];
  });
  const other = variables.filter((v) => !exampleTopics.some(({ matches }) => matches(v)));
  if (other.length > 0) lines.push(`Other settings: ${other.join(", ")}`);
  if (payments) lines.push(`Payments: ${payments}`);
  return lines;
}

export const adminCreateCommand = "npm run admin:create -- --email you@example.cl";

export interface StartSummary {
  address: string;
  database: string;
  /** One line per topic still on example values (empty when the shop's own data is set). */
  examples: string[];
  adminAccount: boolean;
}

/** The summary's lines, as printed on a terminal. */
export function startSummaryLines(summary: StartSummary): string[] {
  const lines = [`LifeBox is running at ${summary.address}`, `Database: ${summary.database}`];
  if (summary.examples.length > 0) {
    lines.push("Still example data (set these variables before going live, see README):");
    lines.push(...summary.examples.map((line) => `  - ${line}`));
  }
  if (!summary.adminAccount) {
    lines.push(`No admin account yet: create one with  ${adminCreateCommand}`);
  }
  return lines;
}
