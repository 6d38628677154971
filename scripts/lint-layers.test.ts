import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers of app/ (docs/decisions/030-layers.md) are enforced by `npm run lint`
 * (eslint.config.js): an import that goes the wrong way is an error. These tests lint small files as
 * if they stood in each folder, so a rule that stops biting fails here, and lint the real tree.
 */
const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

/** The messages of the import rule for `code` as if it were the file `file`. */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("the layer rule", () => {
  it.each([
    ["app/content/site.ts", 'import { formatPrice } from "~/lib/format";'],
    ["app/lib/format.ts", 'import { Button } from "~/components/ui/button";'],
    ["app/schemas/order.ts", 'import { getDb } from "~/infra/db.server";'],
    ["app/infra/db.server.ts", 'import { placeOrder } from "~/models/orders.server";'],
    ["app/emails/templates.server.ts", 'import { enqueueMail } from "~/models/mail-queue.server";'],
    ["app/models/orders.server.ts", 'import { getAuth } from "~/services/auth.server";'],
    ["app/models/orders.server.ts", 'import { action } from "~/routes/site/purchase";'],
    ["app/services/mail.server.ts", 'import { KitCard } from "~/components/kit-card";'],
    ["app/components/kit-card.tsx", 'import { getOrderForCustomer } from "~/models/orders.server";'],
    ["app/components/kit-card.tsx", 'import { getEnv } from "~/infra/env.server";'],
    ["app/components/ui/button.tsx", 'import { footer } from "~/content/site";'],
    ["app/components/ui/button.tsx", 'import { KitCard } from "~/components/kit-card";'],
    ["app/routes/site/quote.tsx", 'import { action } from "./purchase";'],
    ["app/routes/site/quote.tsx", 'import { loader } from "~/routes/site/kit";'],
    ["app/models/orders.server.ts", 'import { formatPrice } from "../lib/format";'],
  ])("refuses in %s: %s", async (file, code) => {
    expect(await importProblems(file, code)).toHaveLength(1);
  });

  it.each([
    ["app/lib/format.ts", 'import { footer } from "~/content/site";'],
    ["app/models/orders.server.ts", 'import { getDb } from "~/infra/db.server";'],
    ["app/models/orders.server.ts", 'import { orderNotifications } from "~/emails/templates.server";'],
    ["app/services/auth.server.ts", 'import { findAdminUser } from "~/models/admin-users.server";'],
    ["app/components/kit-card.tsx", 'import { Button } from "~/components/ui/button";'],
    ["app/components/ui/dialog.tsx", 'import { cn } from "~/lib/cn";'],
    ["app/routes/site/quote.tsx", 'import { submitPublicForm } from "./public-form.server";'],
    ["app/routes/site/quote.tsx", 'import type { Route } from "./+types/quote";'],
    ["app/routes/site/quote.tsx", 'import { requestQuote } from "~/models/quotes.server";'],
  ])("allows in %s: %s", async (file, code) => {
    expect(await importProblems(file, code)).toEqual([]);
  });

  it("holds for every file of app/ today", async () => {
    const results = await eslint.lintFiles(["app"]);
    const problems = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === "no-restricted-imports")
        .map((message) => `${path.relative(root, result.filePath)}:${message.line} ${message.message}`),
    );
    expect(problems).toEqual([]);
  }, 120_000);
});

describe("the transaction rule", () => {
  const transactionProblems = async (file: string) => {
    const code = "export const run = (db) => db.transaction().execute(async (trx) => trx);";
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax");
  };

  it("refuses a transaction opened beside inTransaction", async () => {
    expect(await transactionProblems("app/models/orders.server.ts")).toHaveLength(1);
    expect(await transactionProblems("server/app.ts")).toHaveLength(1);
  });

  it("lets infra/db.server.ts, where inTransaction lives, open one", async () => {
    expect(await transactionProblems("app/infra/db.server.ts")).toEqual([]);
  });
});
