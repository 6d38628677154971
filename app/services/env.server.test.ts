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
  ])("stops with a message naming %s when it is %s", (variable, value) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [variable]: value })).toThrow(new RegExp(`- ${variable}:`));
  });
});
