import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleCompany } from "~/content/company";
import { kitIds } from "~/content/types";
import {
  ConfigError,
  examplePaymentLink,
  flowHosts,
  parseEnv,
  paymentLinkVariable,
  webpayHosts,
  webpayIntegrationCredentials,
} from "~/infra/env.server";

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
      AUTH_SECRET: "a".repeat(64),
      CAPTCHA_SECRET: "c".repeat(64),
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

  it("has a payment link per kit, example ones until they are set (warned about by the link-only shop)", () => {
    const defaults = parseEnv({ PAYMENT_PROVIDER: "link" });
    expect(Object.keys(defaults.paymentLinks).sort()).toEqual([...kitIds].sort());
    expect(defaults.paymentLinks["essential-mini"]).toBe(examplePaymentLink("essential-mini"));
    expect(defaults.exampleSettings).toContain("PAYMENT_LINK_ESSENTIAL_MINI");
    // Paid through a provider, the links are not used: no warning about them.
    expect(parseEnv({}).exampleSettings.filter((name) => name.startsWith("PAYMENT_LINK_"))).toEqual([]);
    const env = parseEnv({
      PAYMENT_PROVIDER: "link",
      PAYMENT_LINK_ESSENTIAL_MINI: "https://www.flow.cl/btn.php?token=abc",
    });
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
    expect(defaults.GALLERY_UPLOAD_RATE_LIMIT).toBe(5);
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

  it("requires AUTH_SECRET and CAPTCHA_SECRET on PostgreSQL, where several servers must share them", () => {
    const postgres = { DATABASE_URL: "postgres://shop@db/lifebox" };
    expect(() => parseEnv(postgres)).toThrow(
      new ConfigError(
        "Invalid configuration:\n" +
          "- AUTH_SECRET: is required on PostgreSQL (DATABASE_URL): every server must use the same one (e.g. openssl rand -hex 32)\n" +
          "- CAPTCHA_SECRET: is required on PostgreSQL (DATABASE_URL): every server must use the same one (e.g. openssl rand -hex 32)",
      ),
    );
    // One missing, or blank, is named alone; with both given it starts.
    expect(() => parseEnv({ ...postgres, AUTH_SECRET: "a".repeat(64), CAPTCHA_SECRET: " " })).toThrow(
      /^Invalid configuration:\n- CAPTCHA_SECRET: is required on PostgreSQL[^\n]*$/,
    );
    expect(
      parseEnv({ ...postgres, AUTH_SECRET: "a".repeat(64), CAPTCHA_SECRET: "c".repeat(64) }),
    ).toMatchObject({
      AUTH_SECRET: "a".repeat(64),
      CAPTCHA_SECRET: "c".repeat(64),
    });
    // SQLite keeps making them in DATA_DIR; a wrong DATABASE_URL is named for what it is.
    expect(parseEnv({}).AUTH_SECRET).toBeUndefined();
    expect(() => parseEnv({ DATABASE_URL: "mysql://localhost/shop" })).toThrow(
      /^Invalid configuration:\n- DATABASE_URL: [^\n]*$/,
    );
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

describe("parseEnv: the bucket for uploaded files (S3_*)", () => {
  const complete = {
    S3_BUCKET: "lifebox-fotos",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secreto-de-prueba-123",
  };

  it("keeps the files on the local disk when no S3_ variable is set", () => {
    expect(parseEnv({}).s3).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: " ", S3_ENDPOINT: "" }).s3).toBeUndefined();
  });

  it("reads Amazon S3 (no endpoint): virtual-hosted addresses, us-east-1 unless a region is set", () => {
    expect(parseEnv(complete).s3).toEqual({
      bucket: "lifebox-fotos",
      endpoint: undefined,
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secreto-de-prueba-123",
      forcePathStyle: false,
      publicUrl: undefined,
    });
    expect(parseEnv({ ...complete, S3_REGION: "sa-east-1" }).s3?.region).toBe("sa-east-1");
  });

  it("reads another store (an endpoint): the bucket in the path unless S3_FORCE_PATH_STYLE=false", () => {
    const env = parseEnv({
      ...complete,
      S3_ENDPOINT: "https://abc123.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      S3_PUBLIC_URL: "https://fotos.lifebox.cl/tienda/",
    });
    expect(env.s3).toMatchObject({
      endpoint: "https://abc123.r2.cloudflarestorage.com",
      region: "auto",
      forcePathStyle: true,
      publicUrl: "https://fotos.lifebox.cl/tienda",
    });
    expect(
      parseEnv({ ...complete, S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "false" }).s3
        ?.forcePathStyle,
    ).toBe(false);
    expect(parseEnv({ ...complete, S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(true);
  });

  it("stops when S3_BUCKET is missing but other S3_ variables are set, naming them, never their values", () => {
    const attempt = () =>
      parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_SECRET_ACCESS_KEY: "secreto-de-prueba-123" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      "Invalid configuration:\n- S3_BUCKET: must be set when S3_ENDPOINT, S3_SECRET_ACCESS_KEY are set",
    );
    expect(attempt).not.toThrow(/secreto/);
  });

  it.each([
    [{ S3_BUCKET: "lifebox-fotos" }, ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]],
    [{ S3_BUCKET: "lifebox-fotos", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" }, ["S3_SECRET_ACCESS_KEY"]],
    [{ S3_BUCKET: "lifebox-fotos", S3_SECRET_ACCESS_KEY: "secreto-de-prueba-123" }, ["S3_ACCESS_KEY_ID"]],
  ])("stops when S3_BUCKET is set without its keys (%j)", (settings, missing) => {
    const attempt = () => parseEnv(settings);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      `Invalid configuration:\n${missing.map((name) => `- ${name}: must be set when S3_BUCKET is set`).join("\n")}`,
    );
    expect(attempt).not.toThrow(/secreto/);
  });

  it.each([
    ["S3_BUCKET", "Fotos_LifeBox"],
    ["S3_BUCKET", "lifebox/fotos"],
    ["S3_ENDPOINT", "minio:9000"],
    ["S3_ENDPOINT", "ftp://minio.example.cl"],
    ["S3_REGION", "Santiago de Chile"],
    ["S3_FORCE_PATH_STYLE", "yes"],
    ["S3_PUBLIC_URL", "fotos.lifebox.cl"],
    ["S3_PUBLIC_URL", "https://fotos.lifebox.cl/?v=1"],
  ])("stops with a message naming %s when it is %s", (variable, value) => {
    const attempt = () => parseEnv({ ...complete, [variable]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`- ${variable}:`));
  });
});

describe("payment settings (docs/decisions/058)", () => {
  it("default to Webpay Plus in Transbank's integration environment with its test commerce", () => {
    const { payments } = parseEnv({});
    expect(payments).toMatchObject({
      provider: "webpay",
      webpay: { ...webpayIntegrationCredentials, apiUrl: webpayHosts.integration },
      testCredentials: true,
      standIn: false,
    });
    expect(payments.flow).toBeUndefined();
  });

  it("take a shop's own Webpay commerce to Transbank's production host, and Flow's keys", () => {
    const webpay = parseEnv({ WEBPAY_COMMERCE_CODE: "597012345678", WEBPAY_API_KEY: "clave-de-produccion" });
    expect(webpay.payments).toMatchObject({
      testCredentials: false,
      webpay: { commerceCode: "597012345678", apiUrl: webpayHosts.production },
    });
    const flow = parseEnv({ PAYMENT_PROVIDER: "flow", FLOW_API_KEY: "llave", FLOW_SECRET_KEY: "secreto" });
    expect(flow.payments).toMatchObject({
      provider: "flow",
      flow: { apiKey: "llave", secretKey: "secreto", apiUrl: flowHosts.production },
      testCredentials: false,
    });
    expect(parseEnv({ PAYMENT_PROVIDER: "link" }).payments.provider).toBe("link");
  });

  it("refuse half a configuration, naming what is missing and never repeating a key", () => {
    expect(() => parseEnv({ WEBPAY_COMMERCE_CODE: "597012345678" })).toThrow(/- WEBPAY_API_KEY: must be set/);
    expect(() => parseEnv({ WEBPAY_API_KEY: "clave-secreta" })).toThrow(
      /- WEBPAY_COMMERCE_CODE: must be set/,
    );
    expect(() => parseEnv({ WEBPAY_API_KEY: "clave-secreta" })).not.toThrow(/clave-secreta/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "flow" })).toThrow(
      /- FLOW_API_KEY, FLOW_SECRET_KEY: must be set/,
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: "flow", FLOW_API_KEY: "llave" })).toThrow(/- FLOW_SECRET_KEY/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "paypal" })).toThrow(
      /- PAYMENT_PROVIDER: must be webpay, flow or link/,
    );
    expect(() => parseEnv({ WEBPAY_COMMERCE_CODE: "abc", WEBPAY_API_KEY: "k" })).toThrow(
      /- WEBPAY_COMMERCE_CODE/,
    );
  });

  it("let a production server take a stand-in's word only when PAYMENTS_ALLOW_STAND_IN says so", () => {
    const standIn = { WEBPAY_API_URL: "http://127.0.0.1:4400" };
    expect(parseEnv(standIn).payments).toMatchObject({
      standIn: true,
      webpay: { apiUrl: "http://127.0.0.1:4400" },
    });
    expect(() => parseEnv({ ...standIn, NODE_ENV: "production" })).toThrow(
      /- WEBPAY_API_URL: is not Transbank's server.*PAYMENTS_ALLOW_STAND_IN=1/,
    );
    expect(
      parseEnv({ ...standIn, NODE_ENV: "production", PAYMENTS_ALLOW_STAND_IN: "1" }).payments.standIn,
    ).toBe(true);
    const flowStandIn = {
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "flow",
      FLOW_API_KEY: "llave",
      FLOW_SECRET_KEY: "secreto",
      FLOW_API_URL: "http://127.0.0.1:4400/api",
    };
    expect(() => parseEnv(flowStandIn)).toThrow(/- FLOW_API_URL: is not Flow's server/);
    // Transbank's and Flow's own hosts are no stand-in.
    expect(
      parseEnv({ NODE_ENV: "production", WEBPAY_API_URL: webpayHosts.production }).payments.standIn,
    ).toBe(false);
    expect(parseEnv({ ...flowStandIn, FLOW_API_URL: flowHosts.sandbox }).payments.standIn).toBe(false);
  });
});
