import { describe, expect, it } from "vitest";
import { csvBom, csvCell, csvRow } from "~/lib/csv";

const bytes = (text: string) => [...new TextEncoder().encode(text)];

describe("csvCell", () => {
  it("writes plain text, numbers and empty cells as they are", () => {
    expect(csvCell("Ana Pérez")).toBe("Ana Pérez");
    expect(csvCell(219990)).toBe("219990");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("quotes a cell holding the separator, a double quote, CR or LF (RFC 4180)", () => {
    expect(csvCell("Soto; Ana")).toBe('"Soto; Ana"');
    expect(csvCell("Soto, Ana")).toBe("Soto, Ana");
    expect(csvCell('Kit "Essential"')).toBe('"Kit ""Essential"""');
    expect(csvCell("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell('"')).toBe('""""');
  });

  it("writes text that starts with + (a phone) as a text constant: Excel shows it as typed", () => {
    // In the file: "=""+56 9 1234 5678""", which Excel reads as ="+56 9 1234 5678", the text.
    expect(csvCell("+56 9 1234 5678")).toBe('"=""+56 9 1234 5678"""');
    expect(csvCell("+56912345678")).toBe('"=""+56912345678"""');
    // Whatever follows the +, it stays inside the constant: nothing runs.
    expect(csvCell("+cmd|' /C calc'!A0")).toBe('"=""+cmd|\' /C calc\'!A0"""');
    expect(csvCell(`+${"9".repeat(254)}`)).toBe(`"=""+${"9".repeat(254)}"""`);
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell('=HYPERLINK("http://x";"y")')).toBe('"\'=HYPERLINK(""http://x"";""y"")"');
    // "+…" that cannot be a text constant (a quote could end it; a line break; over 255 characters).
    expect(csvCell('+1"),HYPERLINK("x')).toBe('"\'+1""),HYPERLINK(""x"');
    expect(csvCell("+56\n9")).toBe('"\'+56\n9"');
    expect(csvCell(`+${"9".repeat(255)}`)).toBe(`'+${"9".repeat(255)}`);
    // Only the first character counts.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(" =1")).toBe(" =1");
  });
});

describe("csvRow", () => {
  it("joins cells with semicolons (Excel in Spanish) and ends every record with CRLF", () => {
    expect(csvRow(["a", 1, null, "b;c", "d,e"])).toBe('a;1;;"b;c";d,e\r\n');
  });

  it("writes a UTF-8 file with a byte-order mark, byte for byte", () => {
    const document =
      csvBom +
      csvRow(["Nombre", "Teléfono", "Nota"]) +
      csvRow(["Ñuñoa Pérez", "+56 9 1234 5678", 'dice "hola"; adiós']) +
      csvRow(["=cmd", null, 7]);
    // The UTF-8 bytes written out by hand, so that the encoding is checked too.
    const bom = [0xef, 0xbb, 0xbf];
    const eAcute = [0xc3, 0xa9];
    const oAcute = [0xc3, 0xb3];
    const nTilde = [0xc3, 0xb1];
    const capitalNTilde = [0xc3, 0x91];
    const expected = [
      ...bom,
      ...[...bytes("Nombre;Tel"), ...eAcute, ...bytes("fono;Nota\r\n")],
      ...[...capitalNTilde, ...bytes("u"), ...nTilde, ...bytes("oa P"), ...eAcute, ...bytes("rez;")],
      ...[
        ...bytes('"=""+56 9 1234 5678""";'),
        ...bytes('"dice ""hola""; adi'),
        ...oAcute,
        ...bytes('s"\r\n'),
      ],
      ...bytes("'=cmd;;7\r\n"),
    ];
    expect(bytes(document)).toEqual(expected);
  });
});
