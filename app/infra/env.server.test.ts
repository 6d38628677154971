import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleCompany } from "~/content/company";
import { kitIds } from "~/content/types";
import { ConfigError, examplePaymentLink, parseEnv, paymentLinkVariable } from "~/infra/env.server";

describe("parseEnv", () => {
  it("has safe defaults for local use", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.company).toEqual(exampleCompany);
    expect(env.exampleSettings).toContain("SHOP_EMAIL");
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toEqual({ name: "LifeBox", address: "no-reply@lifebox.example" });
    expect(env.exampleSettings).toContain("MAIL_FROM");
    expect(env.SHOP_NOTIFY_EMAIL).toBe(exampleCompany.email);
    expect(env.outboxDir).toBe(path.resolve("./data/outbox"));
  });

  it("reads the mail settings", () => {
    const env = parseEnv({
      SMTP_URL: " smtps://ventas%40lifebox.cl:cl%C3%A1ve@smtp.lifebox.cl:465 ",
      MAIL_FROM: '"LifeBox, Tienda" <no-reply@lifebox.cl>',
      SHOP_EMAIL: "contacto@lifebox.cl",
    });
    expect(env.SMTP_URL).toBe("smtps://ventas%40lifebox.cl:cl%C3%A1ve@smtp.lifebox.cl:465");
    expect(env.MAIL_FROM).toEqual({ name: "LifeBox, Tienda", address: "no-reply@lifebox.cl" });
    expect(env.exampleSettings).not.toContain("MAIL_FROM");
    // The shop is notified at its public address unless another one is set.
    expect(env.SHOP_NOTIFY_EMAIL).toBe("contacto@lifebox.cl");
    expect(parseEnv({ SHOP_NOTIFY_EMAIL: "pedidos@lifebox.cl" }).SHOP_NOTIFY_EMAIL).toBe(
      "pedidos@lifebox.cl",
    );
    expect(parseEnv({ MAIL_FROM: "no-reply@lifebox.cl" }).MAIL_FROM).toEqual({
      address: "no-reply@lifebox.cl",
    });
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525", DATA_DIR: "/srv/lb" }).outboxDir).toBe(
      "/srv/lb/outbox",
    );
  });

  it("does not repeat a bad SMTP_URL, which may hold a password", () => {
    expect(() => parseEnv({ SMTP_URL: "https://user:secreto@mail.example.cl" })).toThrow(/- SMTP_URL:/);
    expect(() => parseEnv({ SMTP_URL: "https://user:secreto@mail.example.cl" })).not.toThrow(/secreto/);
  });

  it("reads overrides and the seller's data", () => {
    const env = parseEnv({
      PORT: "8080",
      DATA_DIR: "/var/lib/lifebox",
      DATABASE_URL: "postgres://shop@db/lifebox",
      SITE_URL: "https://lifebox.cl/",
      SHOP_EMAIL: "ventas@lifebox.cl",
      SELLER_RUT: "77.777.777-7",
    });
    expect(env.PORT).toBe(8080);
    expect(env.dataDir).toBe("/var/lib/lifebox");
    expect(env.DATABASE_URL).toBe("postgres://shop@db/lifebox");
    expect(env.SITE_URL).toBe("https://lifebox.cl");
    expect(env.company.email).toBe("ventas@lifebox.cl");
    expect(env.company.rut).toBe("77.777.777-7");
    expect(env.exampleSettings).not.toContain("SHOP_EMAIL");
  });

  it("has a payment link per kit, example ones until they are set", () => {
    const defaults = parseEnv({});
    expect(Object.keys(defaults.paymentLinks).sort()).toEqual([...kitIds].sort());
    expect(defaults.paymentLinks["essential-mini"]).toBe(examplePaymentLink("essential-mini"));
    expect(defaults.exampleSettings).toContain("PAYMENT_LINK_ESSENTIAL_MINI");
    const env = parseEnv({ PAYMENT_LINK_ESSENTIAL_MINI: "https://www.flow.cl/btn.php?token=abc" });
    expect(env.paymentLinks["essential-mini"]).toBe("https://www.flow.cl/btn.php?token=abc");
    expect(env.paymentLinks.essential).toBe(examplePaymentLink("essential"));
    expect(env.exampleSettings).not.toContain("PAYMENT_LINK_ESSENTIAL_MINI");
    expect(paymentLinkVariable("industry-mini")).toBe("PAYMENT_LINK_INDUSTRY_MINI");
  });

  it("reads the anti-spam settings", () => {
    const defaults = parseEnv({});
    expect(defaults.CAPTCHA_SECRET).toBeUndefined();
    expect(defaults.CAPTCHA_DIFFICULTY).toBe(50_000);
    expect(defaults.FORM_RATE_LIMIT).toBe(10);
    expect(defaults.TRUST_PROXY).toBe(0);
    const env = parseEnv({
      CAPTCHA_SECRET: "x".repeat(40),
      CAPTCHA_DIFFICULTY: "2000",
      FORM_RATE_LIMIT: "3",
      TRUST_PROXY: "1",
    });
    expect([env.CAPTCHA_SECRET, env.CAPTCHA_DIFFICULTY, env.FORM_RATE_LIMIT, env.TRUST_PROXY]).toEqual([
      "x".repeat(40),
      2000,
      3,
      1,
    ]);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/shop"],
    ["SITE_URL", "not a url"],
    ["SHOP_EMAIL", "not-an-email"],
    ["WHATSAPP_NUMBER", "+56 9 1234"],
    ["NODE_ENV", "staging"],
    ["SMTP_URL", "mail.example.cl:587"],
    ["SMTP_URL", "smtp://"],
    ["SMTP_URL", "smtp://smtp.example.cl:99999"],
    ["MAIL_FROM", "LifeBox"],
    ["MAIL_FROM", "LifeBox <no-reply@lifebox.cl"],
    ["MAIL_FROM", "LifeBox <no-reply@lifebox.cl>\nBcc: todos@example.cl"],
    ["MAIL_FROM", "a@example.cl, b@example.cl"],
    ["SHOP_NOTIFY_EMAIL", "pedidos"],
    ["CAPTCHA_SECRET", "too-short"],
    ["CAPTCHA_DIFFICULTY", "5"],
    ["FORM_RATE_LIMIT", "0"],
    ["TRUST_PROXY", "-1"],
    ["PAYMENT_LINK_ESSENTIAL", "not a url"],
    ["PAYMENT_LINK_NAUTICAL_MINI", "javascript:alert(1)"],
  ])("stops with a message naming %s when it is %s", (variable, value) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [variable]: value })).toThrow(new RegExp(`- ${variable}:`));
  });
});
