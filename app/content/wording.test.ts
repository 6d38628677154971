import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as admin from "~/content/admin";
import { mainNavigation } from "~/content/navigation";

/**
 * One word for one thing (DECISIONS D20, issue 12): the words the site, the e-mails and the admin
 * settled on, checked in every source file that holds visitor or staff texts.
 */

const root = path.resolve(import.meta.dirname, "..");
const sourceFolders = ["content", "components", "routes", "emails"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** Every line of the app's texts matching `pattern`, as "file:line: text". */
function linesMatching(pattern: RegExp): string[] {
  return sourceFolders.flatMap(sourceFiles).flatMap((file) =>
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
});
