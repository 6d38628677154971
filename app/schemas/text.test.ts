import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  adminCreateOptionsSchema,
  adminSignInSchema,
  newAdminSchema,
  passwordChangeSchema,
} from "~/schemas/admin-auth";
import { privacyErasureSchema, privacyLookupSchema } from "~/schemas/admin-privacy";
import { answeredChangeSchema, orderStatusChangeSchema } from "~/schemas/admin-records";
import { chatEndSchema, chatSendSchema } from "~/schemas/chatbot";
import { contactSchema } from "~/schemas/contact";
import { newsletterSchema } from "~/schemas/newsletter";
import { orderSchema } from "~/schemas/order";
import { quoteSchema } from "~/schemas/quote";
import { digitCount, visibleLength } from "~/schemas/text";
import { facturaCompany } from "../../tests/support/orders";

// The rules every text field shares (app/schemas/text.ts, docs/decisions/028): control characters
// refused, minimum lengths counted in visible characters, a phone counted in digits. Messages are
// written out on purpose (not imported): a changed text must fail a test.

const disallowed = "Contiene caracteres no permitidos.";

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

// -------------------------------------------------------------------------------------------------
// Every field of every form
// -------------------------------------------------------------------------------------------------

interface Form {
  /** The form's object, or the object piped into what it returns (the purchase form's). */
  schema: z.ZodObject | z.ZodPipe<z.ZodObject>;
  /** A complete, acceptable form; every field filled in. */
  valid: Record<string, string>;
  /** Multi-line fields: they keep line breaks and tabs. */
  multiline?: string[];
  /** Fields that are not free text (a choice, a checkbox, a repeated password): refused all the same. */
  choices?: string[];
  /** Fields the rule does not apply to, and why. */
  exempt?: Record<string, string>;
}

const forms: Record<string, Form> = {
  order: {
    schema: orderSchema,
    valid: {
      quantity: "2",
      name: "María José Pérez",
      email: "maria@correo.cl",
      phone: "+56 9 1234 5678",
      region: "13",
      comuna: "13120",
      address: "Av. Irarrázaval 1234, depto. 56",
      rut: "12.345.678-5",
      notes: "Dejar en conserjería",
      acceptTerms: "on",
      // A factura, so that its company's fields are checked too.
      ...facturaCompany,
    },
    multiline: ["notes"],
    choices: [
      "quantity",
      "region",
      "comuna",
      "acceptTerms",
      "documentType",
      "invoiceRegion",
      "invoiceComuna",
    ],
  },
  quote: {
    schema: quoteSchema,
    valid: {
      fullName: "Pedro Soto",
      email: "compras@constructora.cl",
      phone: "+56 2 2345 6789",
      company: "Constructora Andes SpA",
      city: "Concepción",
      quantity: "20",
      additionalNotes: "Para faena",
      productId: "industry",
    },
    multiline: ["additionalNotes"],
    // A number typed as text: anything but digits (and thousands separators) gets its own message.
    choices: ["productId", "quantity"],
  },
  contact: {
    schema: contactSchema,
    valid: {
      name: "Camila Fuentes",
      email: "camila@correo.cl",
      subject: "Envío a Puerto Montt",
      message: "Hola, ¿cuánto demora el envío a Puerto Montt?",
    },
    multiline: ["message"],
  },
  newsletter: { schema: newsletterSchema, valid: { email: "ana@correo.cl" } },
  adminSignIn: {
    schema: adminSignInSchema,
    valid: { email: "admin@lifebox.cl", password: "Secreta#2024", redirectTo: "/admin/orders" },
    exempt: {
      password: "only compared with the stored hash; never stored or shown",
      redirectTo: "not typed by a person; the route keeps only a path inside /admin",
    },
  },
  newAdmin: {
    schema: newAdminSchema,
    valid: {
      name: "Javiera Muñoz",
      email: "javiera@lifebox.cl",
      password: "Secreta#2024",
      passwordConfirmation: "Secreta#2024",
    },
    choices: ["passwordConfirmation"],
  },
  passwordChange: {
    schema: passwordChangeSchema,
    valid: {
      currentPassword: "Antigua#2023",
      newPassword: "Secreta#2024",
      passwordConfirmation: "Secreta#2024",
    },
    choices: ["passwordConfirmation"],
    exempt: { currentPassword: "only compared with the stored hash; never stored or shown" },
  },
  adminCreateOptions: {
    schema: adminCreateOptionsSchema,
    valid: { email: "javiera@lifebox.cl", name: "Javiera Muñoz" },
  },
  privacyLookup: { schema: privacyLookupSchema, valid: { email: "ana@correo.cl" } },
  privacyErasure: {
    schema: privacyErasureSchema,
    valid: { email: "ana@correo.cl", confirm: "on" },
    choices: ["confirm"],
  },
  orderStatusChange: {
    schema: orderStatusChangeSchema,
    valid: {
      from: "en_preparacion",
      to: "enviado",
      confirmCancel: "on",
      courier: "otro",
      courierName: "Transportes Sur",
      trackingNumber: "TS 123",
      cancellationReason: "Sin stock del kit.",
      refund: "on",
      paymentMeans: "transferencia",
      paymentReference: "OP 123",
    },
    multiline: ["cancellationReason"],
    choices: ["from", "to", "courier", "paymentMeans"],
    exempt: {
      confirmCancel: 'a checkbox only read when cancelling; anything but "on" is unticked',
      refund: 'a checkbox only read when cancelling; anything but "on" is unticked',
    },
  },
  answeredChange: { schema: answeredChangeSchema, valid: { answered: "true" }, choices: ["answered"] },
  chatSend: {
    schema: chatSendSchema,
    valid: {
      intent: "send",
      message: "cuanto sale el kit nautico",
      sessionId: "3f2c9a10-1b2c-4d5e-8f90-a1b2c3d4e5f6",
    },
    choices: ["intent", "sessionId"],
  },
  chatEnd: {
    schema: chatEndSchema,
    valid: { intent: "end", sessionId: "3f2c9a10-1b2c-4d5e-8f90-a1b2c3d4e5f6" },
    choices: ["intent", "sessionId"],
  },
};

/** Control characters refused everywhere (C0 without line breaks and tab, DEL, C1). */
const alwaysRefused = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
];
const lineBreaks = ["\n", "\r", "\r\n", "\t"];
/** Puts `inserted` after the first character, where trimming cannot remove it. */
const inside = (value: string, inserted: string) => `${value.slice(0, 1)}${inserted}${value.slice(1)}`;

/** A form's fields: its object's shape. */
const shapeOf = (form: Form) => ("shape" in form.schema ? form.schema.shape : form.schema.in.shape);

const fields = Object.entries(forms).flatMap(([formName, form]) =>
  Object.keys(shapeOf(form))
    .filter((field) => !(form.exempt && field in form.exempt))
    .map((field) => [`${formName}.${field}`, form, field] as const),
);

describe("every field of every form refuses control characters", () => {
  it("knows every field of every form (a new field is checked too)", () => {
    for (const form of Object.values(forms)) {
      expect(Object.keys(form.valid).sort()).toEqual(Object.keys(shapeOf(form)).sort());
      expect(form.schema.safeParse(form.valid).success).toBe(true);
    }
  });

  it.each(fields)("%s", (_label, form, field) => {
    const multiline = form.multiline?.includes(field) ?? false;
    const refused = multiline ? alwaysRefused : [...alwaysRefused, ...lineBreaks];
    for (const control of refused) {
      const input = { ...form.valid, [field]: inside(form.valid[field]!, control) };
      const messages = messagesAt(form.schema, input, field);
      if (form.choices?.includes(field)) {
        expect(messages, JSON.stringify(control)).not.toEqual([]);
      } else {
        expect(messages, JSON.stringify(control)).toEqual([disallowed]);
      }
    }
    if (multiline) {
      for (const lineBreak of lineBreaks) {
        const value = inside(form.valid[field]!, lineBreak);
        expect(
          (dataOf(form.schema, { ...form.valid, [field]: value }) as Record<string, unknown>)[field],
        ).toBe(value);
      }
    }
  });

  it("trims line breaks around a single-line value instead of refusing them", () => {
    expect(dataOf(orderSchema, { ...forms.order!.valid, name: "\n Ana Rojas \r\n" }).name).toBe("Ana Rojas");
  });
});

// -------------------------------------------------------------------------------------------------
// Minimum lengths count what a person sees
// -------------------------------------------------------------------------------------------------

describe("minimum lengths count visible characters", () => {
  const zeroWidth = "\u200b";
  const cases: ReadonlyArray<[string, string, string, string]> = [
    ["order", "name", zeroWidth.repeat(2), "El nombre debe tener al menos 2 caracteres."],
    ["order", "name", "A\u0301", "El nombre debe tener al menos 2 caracteres."], // Á typed as A + accent
    ["order", "name", `A${zeroWidth}`, "El nombre debe tener al menos 2 caracteres."],
    ["order", "address", zeroWidth.repeat(10), "La dirección debe tener al menos 10 caracteres."],
    // Soft hyphens; then "Calle 1" with its spaces repeated.
    ["order", "address", "\u00ad".repeat(12), "La dirección debe tener al menos 10 caracteres."],
    ["order", "address", "Calle          1", "La dirección debe tener al menos 10 caracteres."],
    ["quote", "fullName", zeroWidth.repeat(2), "El nombre debe tener al menos 2 caracteres."],
    ["quote", "company", "\u2060\u2060", "Ingresa el nombre de la empresa u organización."], // word joiners
    ["quote", "city", "\u200e\u200f", "Ingresa una ciudad válida."], // direction marks
    ["contact", "name", zeroWidth, "Ingresa tu nombre."],
    ["contact", "email", zeroWidth, "Ingresa un email válido."],
    ["contact", "subject", zeroWidth, "Ingresa el asunto."],
    ["contact", "message", `${zeroWidth}\n${zeroWidth}`, "Escribe tu mensaje."],
    ["newsletter", "email", zeroWidth, "Ingresa un email válido."],
    ["newAdmin", "name", zeroWidth.repeat(2), "El nombre debe tener al menos 2 caracteres."],
    ["adminCreateOptions", "name", zeroWidth.repeat(2), "El nombre debe tener al menos 2 caracteres."],
  ];
  it.each(cases)("%s.%s = %j → %j", (formName, field, value, message) => {
    const form = forms[formName]!;
    expect(messagesAt(form.schema, { ...form.valid, [field]: value }, field)).toEqual([message]);
  });

  it("refuses ten NUL bytes as an address", () => {
    expect(
      messagesAt(orderSchema, { ...forms.order!.valid, address: "\u0000".repeat(10) }, "address"),
    ).toEqual([disallowed]);
  });

  it.each([
    ["Al", 2],
    ["Calle 1234", 10],
    ["  Ana   María  ", 9],
    ["José", 4], // composed é
    ["Jose\u0301", 4], // e + combining accent
    ["Ñuñoa", 5],
    ["O'Higgins", 9],
    ["\u200bAna\u200b", 3],
    ["línea 1\r\n\r\nlínea 2", 15],
    ["\u0000".repeat(10), 0],
    ["𝔸𝔹", 2], // outside the Basic Multilingual Plane: one character each
    ["", 0],
  ])("visibleLength(%j) is %i", (text, length) => {
    expect(visibleLength(text)).toBe(length);
  });
});

// -------------------------------------------------------------------------------------------------
// A phone needs at least 8 digits
// -------------------------------------------------------------------------------------------------

describe("a phone needs at least 8 digits", () => {
  it.each([
    ["1      2", 2],
    ["+56 9 1234 5678", 11],
    ["(2) 2345-6789", 9],
  ])("digitCount(%j) is %i", (text, count) => {
    expect(digitCount(text)).toBe(count);
  });

  const tooShort: ReadonlyArray<[string, string, string]> = [
    ["order", "1      2", "El teléfono debe tener al menos 8 dígitos."],
    ["order", "+5691234", "El teléfono debe tener al menos 8 dígitos."], // 8 characters, 7 digits
    ["order", "1 2 3 4 5 6 7", "El teléfono debe tener al menos 8 dígitos."],
    ["quote", "1      2", "Ingresa un número de teléfono válido."],
    ["quote", "+5691234", "Ingresa un número de teléfono válido."],
    ["quote", "1 2 3 4 5 6 7", "Ingresa un número de teléfono válido."],
  ];
  it.each(tooShort)("%s: %j → %j", (formName, phone, message) => {
    const form = forms[formName]!;
    expect(messagesAt(form.schema, { ...form.valid, phone }, "phone")).toEqual([message]);
  });

  it.each([
    "+56 9 1234 5678",
    "+56912345678",
    "912345678",
    "9 1234 5678",
    "2 2345 6789",
    "+56 2 2345 6789",
    "22345678",
  ])("accepts %j on both forms", (phone) => {
    expect(dataOf(orderSchema, { ...forms.order!.valid, phone }).phone).toBe(phone);
    expect(dataOf(quoteSchema, { ...forms.quote!.valid, phone }).phone).toBe(phone);
  });
});

// -------------------------------------------------------------------------------------------------
// What Chilean customers type still passes
// -------------------------------------------------------------------------------------------------

describe("valid Chilean input still passes", () => {
  it("keeps accents, ñ, apostrophes and symbols in names, addresses and notes", () => {
    const input = {
      ...forms.order!.valid,
      name: "Bernardo O'Higgins Riquelme",
      address: "Pasaje Los Ñandúes 1234, depto. 5-B #2",
      notes: "Dejar con el conserje (Sr. Muñoz).\nTocar el timbre «2».",
    };
    expect(dataOf(orderSchema, input)).toMatchObject({
      name: input.name,
      address: input.address,
      notes: input.notes,
    });
  });

  it("keeps line breaks and tabs inside a contact message", () => {
    const message = "Hola:\r\n\r\n¿Despachan a Chiloé?\n\t— Ñandú O'Ryan";
    expect(dataOf(contactSchema, { ...forms.contact!.valid, message }).message).toBe(message);
  });

  it("keeps accents typed apart from their letter, and emoji", () => {
    const input = { ...forms.quote!.valid, fullName: "Jose\u0301 Pe\u0301rez", company: "Kits 👍 SpA" };
    expect(dataOf(quoteSchema, input)).toMatchObject({ fullName: input.fullName, company: input.company });
  });

  it("accepts a new admin named with accents", () => {
    expect(dataOf(newAdminSchema, { ...forms.newAdmin!.valid, name: "Ñuño Díaz-O'Neill" }).name).toBe(
      "Ñuño Díaz-O'Neill",
    );
  });
});
