import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleCompany } from "~/content/company";
import { ConfigError, parseEnv } from "~/services/env.server";

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
  ])("stops with a message naming %s when it is %s", (variable, value) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [variable]: value })).toThrow(new RegExp(`- ${variable}:`));
  });
});
