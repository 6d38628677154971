import { describe, expect, it } from "vitest";
import { cleanRut, formatRut, isValidRut, rutCheckDigit } from "~/lib/rut";

// Check digits below were worked out by hand (modulo 11, factors 2..7 from the right), not with the
// code under test.

describe("cleanRut", () => {
  it.each([
    ["12.345.678-5", "123456785"],
    ["12345678-5", "123456785"],
    [" 12 345 678 - 5 ", "123456785"],
    ["10.000.013-k", "10000013K"],
    ["10000013K", "10000013K"],
    ["7.654.321‐6", "76543216"], // U+2010 hyphen, as some keyboards and PDFs produce
    ["", ""],
  ])("cleans %j to %j", (input, expected) => {
    expect(cleanRut(input)).toBe(expected);
  });

  it("keeps characters it does not know, so validation can reject them", () => {
    expect(cleanRut("12a45678-5")).toBe("12A456785");
  });
});

describe("rutCheckDigit", () => {
  it.each([
    ["12345678", "5"],
    ["11111111", "1"],
    ["7654321", "6"],
    ["76000000", "0"], // 11 - 0 = 11 → "0"
    ["14", "0"],
    ["10000013", "K"], // 11 - 1 = 10 → "K"
    ["6", "K"],
    ["1", "9"],
  ])("of %s is %s", (body, digit) => {
    expect(rutCheckDigit(body)).toBe(digit);
  });

  it("refuses a body that is not only digits", () => {
    expect(() => rutCheckDigit("12.345")).toThrow();
  });
});

describe("isValidRut", () => {
  it.each([
    "12.345.678-5",
    "12345678-5",
    "123456785",
    " 12.345.678-5 ",
    "11.111.111-1",
    "7.654.321-6",
    "76.000.000-0",
    "14-0",
    "10.000.013-K",
    "10.000.013-k",
    "10000013k",
    "6-K",
    "1-9",
  ])("accepts %j", (rut) => {
    expect(isValidRut(rut)).toBe(true);
  });

  it.each([
    ["wrong check digit", "12.345.678-9"],
    ["K where 5 is due", "12.345.678-K"],
    ["0 where K is due", "10.000.013-0"],
    ["K where 0 is due", "76.000.000-K"],
    ["9-digit body", "123.456.789-2"],
    ["no body", "-5"],
    ["only a check digit", "5"],
    ["all-zero body", "0-0"],
    ["letters in the body", "12.34A.678-5"],
    ["other letter as check digit", "12.345.678-X"],
    ["empty", ""],
    ["spaces only", "   "],
  ])("rejects %s (%j)", (_why, rut) => {
    expect(isValidRut(rut)).toBe(false);
  });
});

describe("formatRut", () => {
  it.each([
    ["123456785", "12.345.678-5"],
    ["12345678-5", "12.345.678-5"],
    ["12.345.678-5", "12.345.678-5"],
    ["  12 345 678 5 ", "12.345.678-5"],
    ["10000013k", "10.000.013-K"],
    ["76543216", "7.654.321-6"],
    ["140", "14-0"],
    ["6k", "6-K"],
    ["1234560", "123.456-0"],
    ["0123456-0", "123.456-0"], // leading zeros of the body dropped
  ])("formats %j as %j", (input, expected) => {
    expect(formatRut(input)).toBe(expected);
  });

  it("returns input that is not shaped like a RUT trimmed and otherwise unchanged", () => {
    expect(formatRut(" abc ")).toBe("abc");
    expect(formatRut("123.456.789-2")).toBe("123.456.789-2");
  });
});
