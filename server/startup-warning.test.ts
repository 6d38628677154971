import { describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import { exampleSettingsWarning } from "./app";

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
