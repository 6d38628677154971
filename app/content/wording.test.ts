import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nameGroups, titleCaseWords } from "../../tests/support/wording-rules";
import * as admin from "~/content/admin";
import * as cart from "~/content/cart";
import * as chatbot from "~/content/chatbot";
import * as faqPage from "~/content/faq-page";
import * as forms from "~/content/forms";
import * as gallery from "~/content/gallery";
import * as homePage from "~/content/home-page";
import { mainNavigation } from "~/content/navigation";
import * as navigation from "~/content/navigation";
import * as orderPage from "~/content/order-page";
import * as processPage from "~/content/process-page";
import * as site from "~/content/site";
import * as thanksPage from "~/content/thanks-page";
import { orderStatusLabels } from "~/lib/order-status";

/**
 * One word for one thing (docs/product.md#d20, issue 12; #d26, issue 24): the words the site, the e-mails
 * and the admin settled on, checked in every source file that holds visitor or staff texts. The
 * rules of D26 (sentence case, one name per action and state) are tests/support/wording-rules.ts,
 * which tests/e2e/wording.spec.ts also holds the built shop to (docs/decisions/071).
 */

const root = path.resolve(import.meta.dirname, "..");
const sourceFolders = ["content", "components", "routes", "emails"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** Every line of the app's texts matching `pattern`, as "file:line: text". */
function linesMatching(pattern: RegExp, folders = sourceFolders): string[] {
  return folders.flatMap(sourceFiles).flatMap((file) =>
    readFileSync(path.join(root, file), "utf8")
      .split("\n")
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

/** Every string inside a value (objects and arrays walked; functions skipped). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Every folder with texts someone reads: pages, e-mails, admin lists and CSVs, the chatbot's answers. */
const textFolders = [...sourceFolders, "lib", "models", "services"];

/** A comment line ("// ...", " * ..."): it may quote a retired word to say why it went. */
const isComment = (line: string) => /^[^:]+:\d+: (\/\/|\/?\*)/.test(line);

/** The content modules whose strings are headings, buttons, menu entries, labels and prose. */
const contentModules = {
  admin,
  cart,
  chatbot,
  faqPage,
  forms,
  gallery,
  homePage,
  navigation,
  orderPage,
  processPage,
  site,
  thanksPage,
  orderStatusLabels,
};

describe("wording", () => {
  it('says "Inicio" in the header, not "Home"', () => {
    expect(mainNavigation[0]).toEqual({ label: "Inicio", to: "/" });
    expect(linesMatching(/label: "Home"|>Home</)).toEqual([]);
  });

  it('says "Envío gratis", never the spec\'s "Grátis"', () => {
    expect(linesMatching(/Grátis/)).toEqual([]);
  });

  it('answers quotations within "24 horas hábiles", written once', () => {
    expect(linesMatching(/24 horas(?! hábiles)/)).toEqual([]);
    expect(linesMatching(/24 horas hábiles/)).toEqual([
      expect.stringMatching(/^content\/policies\.ts:\d+: export const quotationReviewTime/),
    ]);
  });

  it('labels an e-mail address "Email" (the forms\' word), never "Correo electrónico"', () => {
    expect(linesMatching(/Correo electrónico/)).toEqual([]);
  });

  it('calls the newsletter "boletín" in the admin too', () => {
    expect(stringsOf(admin).filter((text) => /newsletter/i.test(text))).toEqual([]);
  });

  it("writes headings, buttons, menu entries and labels in Spanish sentence case (D26)", () => {
    // A short text that is not a sentence (no final period) is a heading, a label or a button.
    const labels = stringsOf(contentModules).filter(
      (text) => !/[.]$/.test(text) && text.split(/\s+/).length <= 8,
    );
    expect(labels.length).toBeGreaterThan(300);
    expect(labels.filter((text) => titleCaseWords(text).length > 0)).toEqual([]);
  });

  it("calls each action and each state by one name: its retired names are gone (D26)", () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const { meaning, names } of nameGroups) {
      const [, ...retired] = names;
      for (const name of retired) {
        // The retired name as a whole text: a string, an element's text, a «quote», or a label "Name: …".
        const pattern = new RegExp(`["'\`>«]${escape(name)}(["'\`<»]|: )`);
        expect(
          linesMatching(pattern, textFolders).filter((line) => !isComment(line)),
          `${meaning}: ${name}`,
        ).toEqual([]);
      }
    }
  });

  it("names each order status the same on the order page, in e-mails, the admin and the chatbot", () => {
    // No second table of status names (the customer's timeline once said "Registrado").
    expect(linesMatching(/Record<OrderStatus, string> = \{/, textFolders)).toEqual([
      expect.stringMatching(/^lib\/order-status\.ts:\d+: export const orderStatusLabels/),
    ]);
    expect(orderStatusLabels.pendiente_pago).toBe("Pendiente de pago");
  });

  it("ends every field error message with a period (D26)", () => {
    // Every capitalised string of the schemas' code is a message shown next to a field.
    const messages = linesMatching(/["`][A-ZÁÉÍÓÚÑ¿¡][^"`]*\s[^"`]*["`]/, ["schemas"])
      .filter((line) => !isComment(line))
      .flatMap((line) =>
        [...line.matchAll(/(["`])([A-ZÁÉÍÓÚÑ¿¡][^"`]*\s[^"`]*)\1/g)].map((match) => match[2]!),
      );
    expect(messages.length).toBeGreaterThan(50);
    expect(messages.filter((message) => !message.endsWith("."))).toEqual([]);
    const contentMessages = stringsOf([
      forms.submissionMessages,
      forms.textFieldMessages,
      gallery.photoMessages,
    ]);
    expect(contentMessages.filter((message) => !message.endsWith("."))).toEqual([]);
  });
});
