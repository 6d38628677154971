import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { kitIds } from "~/content/types";
import { orderStatusChangeSchema } from "~/schemas/admin-records";
import { contactSchema } from "~/schemas/contact";
import { newsletterSchema } from "~/schemas/newsletter";
import { checkoutSchema, orderSchema } from "~/schemas/order";
import { quoteSchema } from "~/schemas/quote";
import { facturaCompany } from "../../tests/support/orders";

// Messages are written out here on purpose (not imported): a changed text must fail a test.

interface Issue {
  path: string;
  message: string;
}

/** All issues of a failed parse, as "path" + message; throws if the parse succeeds. */
function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

/** The messages on one field (empty when the field is fine, whatever the other fields say). */
function messagesAt(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join(".") === field).map((issue) => issue.message);
}

/** Parses and returns the data; fails the test with the issues if the parse fails. */
function dataOf<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** The way an action reads a posted form. */
function fromFormData(entries: Record<string, string>): Record<string, FormDataEntryValue> {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.append(name, value);
  return Object.fromEntries(formData);
}

const chars = (n: number, char = "a") => char.repeat(n);
/** Test-name label of a value: long strings by their length only. */
const shown = (value: string) => (value.length > 24 ? `${value.length} caracteres` : JSON.stringify(value));
/** [value, messages] cases with a readable label first, for it.each. */
const cases = (list: ReadonlyArray<readonly [string, string[]]>) =>
  list.map(([value, messages]) => [shown(value), value, messages] as const);
/** A syntactically valid e-mail address of exactly n characters (n ≥ 10). */
const emailOfLength = (n: number) => `${chars(n - "@ejemplo.cl".length)}@ejemplo.cl`;

// -------------------------------------------------------------------------------------------------
// Purchase-data form (D6)
// -------------------------------------------------------------------------------------------------

describe("orderSchema (purchase-data form)", () => {
  const valid = {
    quantity: "1",
    name: "María José Pérez",
    email: "maria@correo.cl",
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13120",
    address: "Av. Irarrázaval 1234, depto. 56",
    rut: "",
    notes: "",
    acceptTerms: "on",
  };
  const order = (changes: Record<string, unknown>) => ({ ...valid, ...changes });
  const without = (field: keyof typeof valid) => {
    const copy: Record<string, unknown> = { ...valid };
    delete copy[field];
    return copy;
  };

  it("accepts a complete form and returns clean, typed data", () => {
    expect(dataOf(orderSchema, valid)).toEqual({
      quantity: 1,
      name: "María José Pérez",
      email: "maria@correo.cl",
      phone: "+56 9 1234 5678",
      region: "13",
      comuna: "13120",
      address: "Av. Irarrázaval 1234, depto. 56",
      rut: undefined,
      notes: undefined,
      acceptTerms: true,
      documentType: "boleta",
    });
  });

  it("reads a posted FormData", () => {
    expect(dataOf(orderSchema, fromFormData(valid)).name).toBe("María José Pérez");
  });

  it("lists every missing field with its Spanish message, in form order", () => {
    expect(issuesOf(orderSchema, {})).toEqual([
      { path: "name", message: "El nombre debe tener al menos 2 caracteres." },
      { path: "email", message: "Ingresa un email válido." },
      { path: "phone", message: "El teléfono debe tener al menos 8 dígitos." },
      { path: "region", message: "Selecciona una región." },
      { path: "comuna", message: "Selecciona una comuna de la región elegida." },
      { path: "address", message: "La dirección debe tener al menos 10 caracteres." },
      { path: "acceptTerms", message: "Debes aceptar los Términos y condiciones para continuar." },
    ]);
  });

  it("lists every empty field with the same messages", () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ""]));
    // A quantity left out is one kit (a page from before quantities); an emptied one is a mistake.
    expect(issuesOf(orderSchema, empty)).toEqual([
      { path: "quantity", message: "Ingresa una cantidad de 1 a 20 kits." },
      ...issuesOf(orderSchema, {}),
    ]);
  });

  it("fails, without throwing, on something that is not a form", () => {
    expect(orderSchema.safeParse(null).success).toBe(false);
    expect(orderSchema.safeParse("quantity=1").success).toBe(false);
  });

  it("drops fields it does not know (honeypot, captcha, tampering)", () => {
    const data = dataOf(orderSchema, order({ website: "spam", altcha: "token", price: "1", isPaid: "true" }));
    expect(Object.keys(data).sort()).toEqual(
      [
        "acceptTerms",
        "address",
        "comuna",
        "documentType",
        "email",
        "name",
        "notes",
        "phone",
        "quantity",
        "region",
        "rut",
      ].sort(),
    );
    expect(data).not.toHaveProperty("website");
    expect(data).not.toHaveProperty("price");
  });

  describe("quantity", () => {
    it.each([
      ["1", 1],
      ["20", 20],
      [" 3 ", 3],
      [2, 2],
    ])("accepts %j", (quantity, expected) => {
      expect(dataOf(orderSchema, order({ quantity })).quantity).toBe(expected);
    });

    it("is one kit when left out", () => {
      expect(dataOf(orderSchema, order({ quantity: undefined })).quantity).toBe(1);
    });

    it.each(["", "0", "21", "2.5", "2,5", "-1", "dos", "1e1", "0x2", null, 1.5])(
      "rejects %j with the Spanish message",
      (quantity) => {
        expect(messagesAt(orderSchema, order({ quantity }), "quantity")).toEqual([
          "Ingresa una cantidad de 1 a 20 kits.",
        ]);
      },
    );

    it("is not a field of the cart's checkout (its lines are the cart's)", () => {
      const data = dataOf(checkoutSchema, order({ quantity: "5", kitId: "industry" }));
      expect(data).not.toHaveProperty("quantity");
      expect(data).not.toHaveProperty("kitId");
    });
  });

  describe("name", () => {
    const min = "El nombre debe tener al menos 2 caracteres.";
    it.each(
      cases([
        ["", [min]],
        ["A", [min]],
        ["  A  ", [min]], // trimmed before counting
        ["Al", []],
        [chars(100), []],
        [chars(101), ["El nombre debe tener como máximo 100 caracteres."]],
      ]),
    )("%s → %j", (_label, name, messages) => {
      expect(messagesAt(orderSchema, order({ name }), "name")).toEqual(messages);
    });

    it("is required", () => {
      expect(messagesAt(orderSchema, without("name"), "name")).toEqual([min]);
    });

    it("is trimmed", () => {
      expect(dataOf(orderSchema, order({ name: "  Ana Rojas \n" })).name).toBe("Ana Rojas");
    });
  });

  describe("email", () => {
    const invalid = "Ingresa un email válido.";
    it.each(["", "   ", "ana", "ana@", "@correo.cl", "ana@correo", "ana perez@correo.cl", "ana@@correo.cl"])(
      "rejects %j",
      (email) => {
        expect(messagesAt(orderSchema, order({ email }), "email")).toEqual([invalid]);
      },
    );

    it("is required", () => {
      expect(messagesAt(orderSchema, without("email"), "email")).toEqual([invalid]);
    });

    it("is trimmed (and keeps its case)", () => {
      expect(dataOf(orderSchema, order({ email: "  Ana.Rojas@Correo.cl " })).email).toBe(
        "Ana.Rojas@Correo.cl",
      );
    });

    it("allows 254 characters and no more", () => {
      expect(messagesAt(orderSchema, order({ email: emailOfLength(254) }), "email")).toEqual([]);
      expect(messagesAt(orderSchema, order({ email: emailOfLength(255) }), "email")).toEqual([
        "El email debe tener como máximo 254 caracteres.",
      ]);
    });
  });

  describe("phone", () => {
    const min = "El teléfono debe tener al menos 8 dígitos.";
    const charset = "El teléfono solo puede tener números, espacios y el signo + al inicio.";
    it.each(
      cases([
        ["", [min]],
        ["1234567", [min]],
        ["  1234567  ", [min]], // 7 characters after trimming
        ["12345678", []],
        ["+5691234", [min]], // 8 characters but 7 digits
        ["1      2", [min]], // 8 characters but 2 digits
        ["+56 9 1234", [min]], // 7 digits
        ["+56 9 1234 5", []], // 8 digits
        ["+56 9 1234 5678", []],
        ["+56912345678", []],
        ["2 2345 6789", []],
        [chars(20, "9"), []],
        [chars(21, "9"), ["El teléfono debe tener como máximo 20 caracteres."]],
        ["(2) 2345 6789", [charset]],
        ["9-1234-5678", [charset]],
        ["56+912345678", [charset]], // "+" only at the start
        ["++56912345678", [charset]],
        ["nueve uno dos", [charset, min]],
        ["abc", [charset, min]],
      ]),
    )("%s → %j", (_label, phone, messages) => {
      expect(messagesAt(orderSchema, order({ phone }), "phone")).toEqual(messages);
    });

    it("is required", () => {
      expect(messagesAt(orderSchema, without("phone"), "phone")).toEqual([min]);
    });

    it("is trimmed", () => {
      expect(dataOf(orderSchema, order({ phone: " +56 9 1234 5678 " })).phone).toBe("+56 9 1234 5678");
    });
  });

  describe("region and comuna", () => {
    const region = "Selecciona una región.";
    const comuna = "Selecciona una comuna de la región elegida.";

    it.each([
      ["13", "13101"], // Santiago
      ["13", "13120"], // Ñuñoa
      ["05", "05101"], // Valparaíso
      ["05", "05201"], // Isla de Pascua
      ["05", "05104"], // Juan Fernández
      ["12", "12202"], // Antártica
      ["16", "16101"], // Chillán, Ñuble
      ["15", "15101"], // Arica
      ["01", "01101"], // Iquique
    ])("accepts region %s with comuna %s", (regionCut, comunaCut) => {
      const data = dataOf(orderSchema, order({ region: regionCut, comuna: comunaCut }));
      expect([data.region, data.comuna]).toEqual([regionCut, comunaCut]);
    });

    it("trims both", () => {
      const data = dataOf(orderSchema, order({ region: " 13 ", comuna: " 13101 " }));
      expect([data.region, data.comuna]).toEqual(["13", "13101"]);
    });

    it.each([
      ["13", "05101"], // Valparaíso is not in the RM
      ["05", "13101"], // Santiago is not in Valparaíso
      ["08", "16101"], // Chillán belongs to Ñuble since Ley 21.074
      ["13", "12202"],
    ])("rejects region %s with comuna %s, on the comuna field", (regionCut, comunaCut) => {
      expect(issuesOf(orderSchema, order({ region: regionCut, comuna: comunaCut }))).toEqual([
        { path: "comuna", message: comuna },
      ]);
    });

    it.each(["", "0", "00", "17", "RM", "CL-RM", "Región Metropolitana de Santiago"])(
      "rejects the region %j",
      (regionCut) => {
        // The comuna is valid for the RM, but without a valid región it is not compared.
        expect(issuesOf(orderSchema, order({ region: regionCut }))).toEqual([
          { path: "region", message: region },
        ]);
      },
    );

    it.each(["", "13100", "99999", "Ñuñoa", "1312"])("rejects the comuna %j once", (comunaCut) => {
      expect(issuesOf(orderSchema, order({ comuna: comunaCut }))).toEqual([
        { path: "comuna", message: comuna },
      ]);
    });

    it("reports a bad región and a bad comuna together", () => {
      expect(issuesOf(orderSchema, order({ region: "", comuna: "" }))).toEqual([
        { path: "region", message: region },
        { path: "comuna", message: comuna },
      ]);
    });

    it("reports a mismatched pair together with the other fields' errors", () => {
      expect(issuesOf(orderSchema, order({ name: "A", region: "13", comuna: "05101" }))).toEqual([
        { path: "name", message: "El nombre debe tener al menos 2 caracteres." },
        { path: "comuna", message: comuna },
      ]);
    });

    it("are required", () => {
      expect(messagesAt(orderSchema, without("region"), "region")).toEqual([region]);
      expect(messagesAt(orderSchema, without("comuna"), "comuna")).toEqual([comuna]);
    });
  });

  describe("address", () => {
    const min = "La dirección debe tener al menos 10 caracteres.";
    it.each(
      cases([
        ["", [min]],
        ["Calle 123", [min]], // 9
        ["   Calle 123   ", [min]], // 9 after trimming
        ["Calle 1234", []], // 10
        [chars(200), []],
        [chars(201), ["La dirección debe tener como máximo 200 caracteres."]],
      ]),
    )("%s → %j", (_label, address, messages) => {
      expect(messagesAt(orderSchema, order({ address }), "address")).toEqual(messages);
    });

    it("is required", () => {
      expect(messagesAt(orderSchema, without("address"), "address")).toEqual([min]);
    });

    it("is trimmed", () => {
      expect(dataOf(orderSchema, order({ address: "  Los Aromos 456, Ñuñoa  " })).address).toBe(
        "Los Aromos 456, Ñuñoa",
      );
    });
  });

  describe("rut (optional)", () => {
    const invalid = "Ingresa un RUT válido (por ejemplo, 12.345.678-5).";

    it.each([
      ["empty", ""],
      ["spaces only", "   "],
      ["null (FormData.get of a missing field)", null],
      ["undefined", undefined],
    ])("is left out when %s", (_why, rut) => {
      expect(dataOf(orderSchema, order({ rut })).rut).toBeUndefined();
    });

    it("is left out when the field is not posted", () => {
      expect(dataOf(orderSchema, without("rut")).rut).toBeUndefined();
    });

    it.each([
      ["12.345.678-5", "12.345.678-5"],
      ["123456785", "12.345.678-5"],
      ["  12345678-5 ", "12.345.678-5"],
      ["10000013k", "10.000.013-K"], // check digit K (lower case typed)
      ["10.000.013-K", "10.000.013-K"],
      ["76000000-0", "76.000.000-0"], // check digit 0
      ["7654321-6", "7.654.321-6"],
    ])("accepts %j and stores it as %j", (rut, stored) => {
      expect(dataOf(orderSchema, order({ rut })).rut).toBe(stored);
    });

    it.each([
      "12.345.678-9", // wrong check digit
      "12.345.678-K", // K where 5 is due
      "10.000.013-0", // 0 where K is due
      "76.000.000-K", // K where 0 is due
      "123.456.789-2", // body longer than 8 digits
      "0-0",
      "12.345.678",
      "abc",
    ])("rejects %j", (rut) => {
      expect(issuesOf(orderSchema, order({ rut }))).toEqual([{ path: "rut", message: invalid }]);
    });
  });

  describe("notes (optional)", () => {
    it.each(["", "   ", null, undefined])("is left out when %j", (notes) => {
      expect(dataOf(orderSchema, order({ notes })).notes).toBeUndefined();
    });

    it("is trimmed", () => {
      expect(dataOf(orderSchema, order({ notes: "  Dejar en conserjería  " })).notes).toBe(
        "Dejar en conserjería",
      );
    });

    it("allows 500 characters and no more", () => {
      expect(dataOf(orderSchema, order({ notes: chars(500) })).notes).toHaveLength(500);
      expect(issuesOf(orderSchema, order({ notes: chars(501) }))).toEqual([
        { path: "notes", message: "Las notas deben tener como máximo 500 caracteres." },
      ]);
    });
  });

  describe("acceptTerms (required checkbox)", () => {
    it.each(["on", "true", true])("%j means accepted", (acceptTerms) => {
      expect(dataOf(orderSchema, order({ acceptTerms })).acceptTerms).toBe(true);
    });

    it.each(["", "off", "false", false, "1", "yes", "ON", null, undefined])(
      "%j is not accepted",
      (acceptTerms) => {
        expect(issuesOf(orderSchema, order({ acceptTerms }))).toEqual([
          { path: "acceptTerms", message: "Debes aceptar los Términos y condiciones para continuar." },
        ]);
      },
    );

    it("is required (an unchecked box is not posted at all)", () => {
      expect(messagesAt(orderSchema, without("acceptTerms"), "acceptTerms")).toEqual([
        "Debes aceptar los Términos y condiciones para continuar.",
      ]);
    });
  });

  describe("documento: boleta or factura (issue 23, D24)", () => {
    const company = {
      documentType: "factura",
      invoiceRut: "76086428-5",
      invoiceName: "  Comercial Austral SpA ",
      invoiceGiro: "Venta de artículos de seguridad",
      invoiceAddress: "Av. Apoquindo 4500, oficina 12",
      invoiceRegion: "13",
      invoiceComuna: "13114",
      invoiceEmail: " facturas@austral.cl ",
    };
    const factura = (changes: Record<string, unknown> = {}) => order({ ...company, ...changes });

    it("is a boleta when nothing is chosen, and ignores company fields typed before going back to boleta", () => {
      expect(dataOf(orderSchema, order({ documentType: "" })).documentType).toBe("boleta");
      const data = dataOf(orderSchema, order({ ...company, documentType: "boleta", invoiceRut: "1-2" }));
      expect(data.documentType).toBe("boleta");
      expect(data).not.toHaveProperty("invoiceRut");
      expect(data).not.toHaveProperty("invoiceName");
    });

    it("keeps a factura's company, cleaned, with the RUT written the Chilean way", () => {
      expect(dataOf(orderSchema, factura())).toMatchObject(facturaCompany);
    });

    it("asks for every field of the company, each under its own field, with the rest of the form's", () => {
      expect(issuesOf(orderSchema, { documentType: "factura" }).slice(-7)).toEqual([
        { path: "invoiceRut", message: "Ingresa el RUT de la empresa (por ejemplo, 76.123.456-0)." },
        { path: "invoiceName", message: "Ingresa la razón social de la empresa." },
        { path: "invoiceGiro", message: "Ingresa el giro de la empresa." },
        { path: "invoiceAddress", message: "Ingresa la dirección de facturación (al menos 5 caracteres)." },
        { path: "invoiceRegion", message: "Selecciona la región de facturación." },
        { path: "invoiceComuna", message: "Selecciona la comuna de facturación de la región elegida." },
        { path: "invoiceEmail", message: "Ingresa un email válido para recibir la factura." },
      ]);
    });

    it.each([
      [
        "invoiceRut",
        "76.086.428-4",
        "El RUT de la empresa no es válido: revisa el número y el dígito verificador.",
      ],
      [
        "invoiceRut",
        "empresa",
        "El RUT de la empresa no es válido: revisa el número y el dígito verificador.",
      ],
      ["invoiceName", "A", "Ingresa la razón social de la empresa."],
      ["invoiceName", "a".repeat(151), "La razón social debe tener como máximo 150 caracteres."],
      ["invoiceGiro", "  ", "Ingresa el giro de la empresa."],
      ["invoiceGiro", "a".repeat(101), "El giro debe tener como máximo 100 caracteres."],
      ["invoiceAddress", "Av 1", "Ingresa la dirección de facturación (al menos 5 caracteres)."],
      ["invoiceRegion", "99", "Selecciona la región de facturación."],
      ["invoiceComuna", "05101", "Selecciona la comuna de facturación de la región elegida."],
      ["invoiceEmail", "facturas@austral", "Ingresa un email válido para recibir la factura."],
    ])("refuses %s %j", (field, value, message) => {
      expect(issuesOf(orderSchema, factura({ [field]: value }))).toEqual([{ path: field, message }]);
    });

    it("refuses a document that is neither", () => {
      expect(messagesAt(orderSchema, order({ documentType: "ticket" }), "documentType")).toEqual([
        "Elige boleta o factura.",
      ]);
    });
  });
});

// -------------------------------------------------------------------------------------------------
// Quotation form (docs/product.md#spec-5)
// -------------------------------------------------------------------------------------------------

describe("quoteSchema (quotation form)", () => {
  const valid = {
    fullName: "Pedro Soto",
    email: "compras@constructora.cl",
    phone: "+56 2 2345 6789",
    company: "Constructora Andes SpA",
    city: "Concepción",
    quantity: "12",
    additionalNotes: "",
    productId: "industry",
  };
  const quote = (changes: Record<string, unknown>) => ({ ...valid, ...changes });

  it("accepts a complete form and returns clean, typed data", () => {
    expect(dataOf(quoteSchema, fromFormData(valid))).toEqual({
      ...valid,
      quantity: 12,
      additionalNotes: undefined,
    });
  });

  it("lists every missing field with its Spanish message, in form order", () => {
    expect(issuesOf(quoteSchema, {})).toEqual([
      { path: "fullName", message: "El nombre debe tener al menos 2 caracteres." },
      { path: "email", message: "Ingresa un email válido." },
      { path: "phone", message: "Ingresa un número de teléfono válido." },
      { path: "company", message: "Ingresa el nombre de la empresa u organización." },
      { path: "city", message: "Ingresa una ciudad válida." },
      { path: "quantity", message: "Indica cuántos kits necesitas (de 1 a 10.000)." },
      { path: "productId", message: "El producto no es válido. Recarga la página e intenta nuevamente." },
    ]);
  });

  it("lists every empty field with the same messages", () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ""]));
    expect(issuesOf(quoteSchema, empty)).toEqual(issuesOf(quoteSchema, {}));
  });

  it("trims every text", () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, `  ${value}  `]));
    expect(dataOf(quoteSchema, { ...padded, productId: "industry" })).toEqual({
      ...valid,
      quantity: 12,
      additionalNotes: undefined,
    });
  });

  it("drops fields it does not know", () => {
    const data = dataOf(quoteSchema, quote({ website: "spam", altcha: "token", discount: "50" }));
    expect(Object.keys(data).sort()).toEqual(
      ["additionalNotes", "city", "company", "email", "fullName", "phone", "productId", "quantity"].sort(),
    );
  });

  const boundaries: ReadonlyArray<[string, string, string[]]> = [
    ["fullName", "A", ["El nombre debe tener al menos 2 caracteres."]],
    ["fullName", "  A  ", ["El nombre debe tener al menos 2 caracteres."]],
    ["fullName", "Al", []],
    ["fullName", chars(100), []],
    ["fullName", chars(101), ["El nombre debe tener como máximo 100 caracteres."]],
    ["email", "pedro", ["Ingresa un email válido."]],
    ["email", "pedro@empresa", ["Ingresa un email válido."]],
    ["email", emailOfLength(254), []],
    ["email", emailOfLength(255), ["El email debe tener como máximo 254 caracteres."]],
    ["phone", "1234567", ["Ingresa un número de teléfono válido."]],
    ["phone", " 1234567 ", ["Ingresa un número de teléfono válido."]],
    ["phone", "1      2", ["Ingresa un número de teléfono válido."]],
    ["phone", "+5691234", ["Ingresa un número de teléfono válido."]],
    ["phone", "12345678", []],
    ["phone", "+56 2 2345 6789", []],
    ["phone", "abcdefgh", ["Ingresa un número de teléfono válido."]],
    ["phone", "(2) 2345-6789", ["Ingresa un número de teléfono válido."]],
    ["phone", chars(20, "9"), []],
    ["phone", chars(21, "9"), ["El teléfono debe tener como máximo 20 caracteres."]],
    ["company", "A", ["Ingresa el nombre de la empresa u organización."]],
    ["company", "3M", []],
    ["company", chars(150), []],
    ["company", chars(151), ["El nombre de la empresa debe tener como máximo 150 caracteres."]],
    ["city", "A", ["Ingresa una ciudad válida."]],
    ["city", "  A ", ["Ingresa una ciudad válida."]],
    ["city", "Ay", []],
    ["city", chars(100), []],
    ["city", chars(101), ["La ciudad debe tener como máximo 100 caracteres."]],
    ["quantity", "1", []],
    ["quantity", "10000", []],
    ["quantity", "0", ["Indica al menos 1 kit."]],
    ["quantity", "-3", ["Indica al menos 1 kit."]],
    [
      "quantity",
      "10001",
      ["Cotizamos hasta 10.000 kits por solicitud. Si necesitas más, cuéntanos en las notas adicionales."],
    ],
    [
      "quantity",
      "99999999999999999999",
      ["Cotizamos hasta 10.000 kits por solicitud. Si necesitas más, cuéntanos en las notas adicionales."],
    ],
    ["quantity", "2.5", ["Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."]],
    ["quantity", "2,5", ["Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."]],
    ["quantity", "10,000", ["Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."]],
    ["quantity", "1.0000", ["Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."]],
    ["quantity", "1e3", ["Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."]],
    ["quantity", "abc", ["Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."]],
    ["quantity", "12 kits", ["Indica la cantidad de kits con números, sin decimales (de 1 a 10.000)."]],
    ["quantity", "", ["Indica cuántos kits necesitas (de 1 a 10.000)."]],
    ["quantity", "   ", ["Indica cuántos kits necesitas (de 1 a 10.000)."]],
    ["additionalNotes", chars(2000), []],
    ["additionalNotes", chars(2001), ["Las notas adicionales deben tener como máximo 2000 caracteres."]],
    ["productId", "kit-industry", ["El producto no es válido. Recarga la página e intenta nuevamente."]],
    ["productId", "Industry", ["El producto no es válido. Recarga la página e intenta nuevamente."]],
  ];
  it.each(boundaries.map(([field, value, messages]) => [field, shown(value), value, messages] as const))(
    "%s = %s → %j",
    (field, _label, value, messages) => {
      expect(messagesAt(quoteSchema, quote({ [field]: value }), field)).toEqual(messages);
    },
  );

  it.each(kitIds)("accepts the productId %s", (productId) => {
    expect(dataOf(quoteSchema, quote({ productId })).productId).toBe(productId);
  });

  it.each(["", "   ", null, undefined])("leaves additionalNotes out when %j", (additionalNotes) => {
    expect(dataOf(quoteSchema, quote({ additionalNotes })).additionalNotes).toBeUndefined();
  });

  it.each([
    ["12", 12],
    [" 40 ", 40],
    ["007", 7],
    ["+5", 5],
    ["1.500", 1500],
    ["10.000", 10_000],
    ["1 500", 1500],
  ])("reads the quantity %j as %d kits (a dot or a space between thousands, as in Chile)", (typed, kits) => {
    expect(dataOf(quoteSchema, quote({ quantity: typed })).quantity).toBe(kits);
  });

  it("keeps additionalNotes, trimmed", () => {
    expect(
      dataOf(quoteSchema, quote({ additionalNotes: " 20 unidades para faena \n" })).additionalNotes,
    ).toBe("20 unidades para faena");
  });
});

// -------------------------------------------------------------------------------------------------
// Contact form
// -------------------------------------------------------------------------------------------------

describe("contactSchema (contact form)", () => {
  const valid = {
    name: "Camila Fuentes",
    email: "camila@correo.cl",
    subject: "Envío a Puerto Montt",
    message: "Hola, ¿cuánto demora el envío a Puerto Montt?",
  };
  const contact = (changes: Record<string, unknown>) => ({ ...valid, ...changes });

  it("accepts a complete form", () => {
    expect(dataOf(contactSchema, fromFormData(valid))).toEqual(valid);
  });

  it("requires every field, each with its own Spanish message", () => {
    const expected = [
      { path: "name", message: "Ingresa tu nombre." },
      { path: "email", message: "Ingresa un email válido." },
      { path: "subject", message: "Ingresa el asunto." },
      { path: "message", message: "Escribe tu mensaje." },
    ];
    expect(issuesOf(contactSchema, {})).toEqual(expected);
    expect(issuesOf(contactSchema, { name: "", email: "", subject: "", message: "" })).toEqual(expected);
    expect(issuesOf(contactSchema, { name: "  ", email: " ", subject: "\n", message: " \t " })).toEqual(
      expected,
    );
  });

  it("trims every text", () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, `  ${value}  `]));
    expect(dataOf(contactSchema, padded)).toEqual(valid);
  });

  it("accepts one-character texts (no minimum beyond 'not empty')", () => {
    expect(dataOf(contactSchema, contact({ name: "J", subject: "?", message: "." }))).toMatchObject({
      name: "J",
      subject: "?",
      message: ".",
    });
  });

  const boundaries: ReadonlyArray<[string, string, string[]]> = [
    ["name", chars(100), []],
    ["name", chars(101), ["El nombre debe tener como máximo 100 caracteres."]],
    ["email", "camila", ["Ingresa un email válido."]],
    ["email", "camila@correo", ["Ingresa un email válido."]],
    ["email", emailOfLength(254), []],
    ["email", emailOfLength(255), ["El email debe tener como máximo 254 caracteres."]],
    ["subject", chars(150), []],
    ["subject", chars(151), ["El asunto debe tener como máximo 150 caracteres."]],
    ["message", chars(5000), []],
    ["message", chars(5001), ["El mensaje debe tener como máximo 5000 caracteres."]],
  ];
  it.each(boundaries.map(([field, value, messages]) => [field, shown(value), value, messages] as const))(
    "%s = %s → %j",
    (field, _label, value, messages) => {
      expect(messagesAt(contactSchema, contact({ [field]: value }), field)).toEqual(messages);
    },
  );

  it("drops fields it does not know", () => {
    const data = dataOf(contactSchema, contact({ website: "spam", altcha: "token", recaptchaToken: "x" }));
    expect(Object.keys(data).sort()).toEqual(["email", "message", "name", "subject"]);
  });
});

// -------------------------------------------------------------------------------------------------
// Newsletter (D15)
// -------------------------------------------------------------------------------------------------

describe("newsletterSchema (newsletter signup)", () => {
  const invalid = "Ingresa un email válido.";

  it("trims and lower-cases the e-mail", () => {
    expect(dataOf(newsletterSchema, { email: "  Ana.Perez@Correo.CL \n" })).toEqual({
      email: "ana.perez@correo.cl",
    });
    expect(dataOf(newsletterSchema, fromFormData({ email: "ANA@CORREO.CL" }))).toEqual({
      email: "ana@correo.cl",
    });
  });

  it.each(["", "   ", "ana", "ana@", "ana@correo", "ana @correo.cl", "ana@correo..cl"])(
    "rejects %j",
    (email) => {
      expect(issuesOf(newsletterSchema, { email })).toEqual([{ path: "email", message: invalid }]);
    },
  );

  it("is required", () => {
    expect(issuesOf(newsletterSchema, {})).toEqual([{ path: "email", message: invalid }]);
    expect(issuesOf(newsletterSchema, { email: null })).toEqual([{ path: "email", message: invalid }]);
  });

  it("allows 254 characters (after trimming) and no more", () => {
    expect(dataOf(newsletterSchema, { email: `  ${emailOfLength(254).toUpperCase()}  ` }).email).toBe(
      emailOfLength(254),
    );
    expect(issuesOf(newsletterSchema, { email: emailOfLength(255) })).toEqual([
      { path: "email", message: "El email debe tener como máximo 254 caracteres." },
    ]);
  });

  it("drops fields it does not know", () => {
    expect(dataOf(newsletterSchema, { email: "ana@correo.cl", website: "spam", admin: "true" })).toEqual({
      email: "ana@correo.cl",
    });
  });
});

describe("the admin's status change (issue 12)", () => {
  const ship = { from: "en_preparacion", to: "enviado" };

  it("asks for the courier when shipping, and the tracking number for a listed courier", () => {
    expect(issuesOf(orderStatusChangeSchema, ship)).toEqual([
      { path: "courier", message: "Elige el courier con que se despachó." },
    ]);
    expect(issuesOf(orderStatusChangeSchema, { ...ship, courier: "starken", trackingNumber: " " })).toEqual([
      { path: "trackingNumber", message: "Escribe el número de seguimiento que entregó el courier." },
    ]);
    expect(issuesOf(orderStatusChangeSchema, { ...ship, courier: "dhl" })).toEqual([
      { path: "courier", message: "Elige el courier con que se despachó." },
    ]);
    expect(
      orderStatusChangeSchema.parse({ ...ship, courier: "starken", trackingNumber: " 98-765 4321 " }),
    ).toMatchObject({ courier: "starken", trackingNumber: "98-765 4321" });
  });

  it("asks for the name of another courier, its number being optional", () => {
    expect(issuesOf(orderStatusChangeSchema, { ...ship, courier: "otro" })).toEqual([
      { path: "courierName", message: "Escribe el nombre del courier." },
    ]);
    expect(
      orderStatusChangeSchema.parse({ ...ship, courier: "otro", courierName: "Transportes Sur" }),
    ).toMatchObject({
      courier: "otro",
      courierName: "Transportes Sur",
    });
  });

  it("refuses a tracking number that is not letters, digits, dashes and spaces, or too long", () => {
    for (const trackingNumber of ["123<script>", "-123", "https://x.cl/1"]) {
      expect(issuesOf(orderStatusChangeSchema, { ...ship, courier: "starken", trackingNumber })).toEqual([
        {
          path: "trackingNumber",
          message: "El número de seguimiento lleva solo letras, números, guiones y espacios.",
        },
      ]);
    }
    expect(
      issuesOf(orderStatusChangeSchema, { ...ship, courier: "starken", trackingNumber: "1".repeat(41) }),
    ).toEqual([
      { path: "trackingNumber", message: "El número de seguimiento puede tener hasta 40 caracteres." },
    ]);
  });

  it("asks for the reason and the confirmation when cancelling", () => {
    expect(
      issuesOf(orderStatusChangeSchema, { from: "pagado", to: "cancelado", cancellationReason: "no" }),
    ).toEqual([
      {
        path: "cancellationReason",
        message: "Escribe el motivo de la cancelación (al menos 5 caracteres); se lo enviamos al cliente.",
      },
      {
        path: "confirmCancel",
        message: "Confirma la cancelación: un pedido cancelado ya no cambia de estado.",
      },
    ]);
  });

  it("ignores the shipping and cancelling fields for the other statuses", () => {
    expect(orderStatusChangeSchema.parse({ from: "pagado", to: "en_preparacion" })).toEqual({
      from: "pagado",
      to: "en_preparacion",
    });
  });

  it("asks how the customer paid and the operation number when staff mark it paid (issue 22)", () => {
    const means = "Elige cómo pagó el cliente.";
    const reference =
      "Escribe el número de operación del pago (de la transferencia, el depósito o el recibo).";
    const paid = { from: "pendiente_pago", to: "pagado" };
    expect(issuesOf(orderStatusChangeSchema, paid)).toEqual([
      { path: "paymentMeans", message: means },
      { path: "paymentReference", message: reference },
    ]);
    expect(
      issuesOf(orderStatusChangeSchema, {
        ...paid,
        paymentMeans: "cheque",
        paymentReference: "x".repeat(61),
      }),
    ).toEqual([
      { path: "paymentMeans", message: means },
      { path: "paymentReference", message: "El número de operación puede tener hasta 60 caracteres." },
    ]);
    expect(
      orderStatusChangeSchema.parse({ ...paid, paymentMeans: "efectivo", paymentReference: "  Boleta 12  " }),
    ).toEqual({ ...paid, paymentMeans: "efectivo", paymentReference: "Boleta 12" });
  });
});
