import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import { exampleSettingsWarning } from "./app";
import { databaseDescription, exampleLines, startSummaryLines } from "./start-summary";

/** The production server's start-up warning about settings still at their examples (README). */
describe("the start-up warning", () => {
  it("lists Transbank's test commerce with the example seller data", () => {
    const warning = exampleSettingsWarning(parseEnv({}));
    expect(warning?.variables).toContain("SELLER_RUT");
    expect(warning?.payments).toMatch(/^WEBPAY_COMMERCE_CODE, WEBPAY_API_KEY: Transbank's test commerce/);
  });

  it("says when a stand-in's word is believed, and never repeats a key", () => {
    const warning = exampleSettingsWarning(
      parseEnv({
        NODE_ENV: "production",
        WEBPAY_COMMERCE_CODE: "597012345678",
        WEBPAY_API_KEY: "secret-key-never-shown",
        WEBPAY_API_URL: "http://127.0.0.1:4400",
        PAYMENTS_ALLOW_STAND_IN: "1",
      }),
    );
    expect(warning?.payments).toMatch(/^PAYMENTS_ALLOW_STAND_IN/);
    expect(JSON.stringify(warning)).not.toContain("secret-key-never-shown");
  });

  it("is quiet for a shop whose seller data and payments are its own", () => {
    const seller = {
      SHOP_EMAIL: "ventas@lifebox.cl",
      SHOP_PHONE: "+56 9 5555 1234",
      WHATSAPP_NUMBER: "56955551234",
      FACEBOOK_URL: "https://www.facebook.com/lifeboxcl",
      INSTAGRAM_URL: "https://www.instagram.com/lifeboxcl",
      SELLER_LEGAL_NAME: "LifeBox SpA",
      SELLER_RUT: "76.543.210-3",
      SELLER_ADDRESS: "Av. Providencia 1234, Providencia, Santiago",
      SITE_URL: "https://lifebox.cl",
      MAIL_FROM: "LifeBox <ventas@lifebox.cl>",
    };
    const env = parseEnv({ ...seller, WEBPAY_COMMERCE_CODE: "597012345678", WEBPAY_API_KEY: "k" });
    expect(env.exampleSettings, "a seller variable is missing from the test").toEqual([]);
    expect(exampleSettingsWarning(env)).toBeUndefined();
  });
});

/** The lines `npm start` prints for people once the shop listens (docs/decisions/074). */
describe("the start-up summary", () => {
  it("says the address, the database, each topic still on examples, and how to make an admin", () => {
    const env = parseEnv({ NODE_ENV: "production", DATA_DIR: "/srv/lifebox" });
    const warning = exampleSettingsWarning(env);
    const lines = startSummaryLines({
      address: "http://localhost:3000",
      database: databaseDescription(env),
      examples: exampleLines(warning?.variables ?? [], warning?.payments),
      adminAccount: false,
    });
    expect(lines[0]).toBe("LifeBox is running at http://localhost:3000");
    expect(lines[1]).toBe(`Database: SQLite, ${path.join(env.dataDir, "lifebox.sqlite")}`);
    expect(lines).toContain("  - Shop contact: SHOP_EMAIL, SHOP_PHONE, WHATSAPP_NUMBER");
    expect(lines).toContain("  - Social links: FACEBOOK_URL, INSTAGRAM_URL");
    expect(lines).toContain("  - Seller's legal data: SELLER_LEGAL_NAME, SELLER_RUT, SELLER_ADDRESS");
    expect(lines).toContain("  - E-mail sender: MAIL_FROM");
    expect(lines.some((line) => line.startsWith("  - Payments: WEBPAY_COMMERCE_CODE"))).toBe(true);
    expect(lines.at(-1)).toBe(
      "No admin account yet: create one with  npm run admin:create -- --email you@example.cl",
    );
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it("names PostgreSQL's host and database, never its password", () => {
    const database = databaseDescription({
      DATABASE_URL: "postgres://shop:s3cret@db.internal:5433/lifebox",
      dataDir: "/unused",
    });
    expect(database).toBe("PostgreSQL, db.internal:5433/lifebox");
  });

  it("is two lines for a shop whose data is its own and that has an admin", () => {
    const lines = startSummaryLines({
      address: "http://localhost:3000",
      database: "SQLite, /srv/lifebox/lifebox.sqlite",
      examples: exampleLines([]),
      adminAccount: true,
    });
    expect(lines).toEqual([
      "LifeBox is running at http://localhost:3000",
      "Database: SQLite, /srv/lifebox/lifebox.sqlite",
    ]);
  });
});
