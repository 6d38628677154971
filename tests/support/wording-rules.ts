/**
 * One word for one thing (D26; docs/decisions/071-one-word-for-one-thing.md): the rules the built
 * shop's headings, buttons and menus are held to (tests/e2e/wording.spec.ts) and the content
 * modules too (app/content/wording.test.ts). Plain data and functions: both Vitest and Playwright
 * load this file.
 */

/**
 * Words that keep their capital inside a heading, a button or a menu entry: brands, kit lines,
 * places, payment providers, acronyms and the names of documents quoted as such.
 */
export const properNouns: ReadonlySet<string> = new Set([
  // The brand and its kits.
  "LifeBox",
  "Survival",
  "Kits",
  "Essential",
  "Expedition",
  "Nautical",
  "Industry",
  "Mini",
  // Places.
  "Chile",
  "Santiago",
  "Pascua",
  "Juan",
  "Fernández",
  "Antártica",
  // Services, providers and couriers.
  "Webpay",
  "Flow",
  "WhatsApp",
  "Instagram",
  "Facebook",
  "Chilexpress",
  "Starken",
  "Blue",
  "Express",
  "Correos",
  // Laws, authorities, and the shop's two legal documents named as such in a sentence
  // ("Acepto los Términos y condiciones"; "nuestra Política de privacidad").
  "Ley",
  "Términos",
  "Política",
  "SII",
  "SERNAC",
  // Acronyms and codes.
  "RUT",
  "IP67",
  "CLP",
  "IVA",
  "ID",
  "IP",
  "CSV",
  "JSON",
  "N.º",
  "LB",
]);

/** The words of a text, without the punctuation around them ("¿Cómo", "funciona?" → "Cómo", "funciona"). */
function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/^[¿¡«"“(([]+|[»"”).,:;!?\]]+$/gu, ""))
    .filter((word) => word !== "");
}

/** A word that starts with a capital letter (and is not a number, a symbol or an e-mail address). */
const capitalised = /^\p{Lu}/u;

/** Punctuation after which a new sentence (or a new label) starts with its capital. */
const sentenceBreak = /[.:!?|·—–/]$|^[-•]$/;

/**
 * The words of a heading, button or menu entry written in English title case: after the first
 * word, every word with a capital that is not a proper noun, an acronym or the start of a new
 * sentence ("Cómo Funciona" → ["Funciona"]; "¿Cómo funciona?", "Pagado por Webpay" → []).
 */
export function titleCaseWords(text: string): string[] {
  const raw = text.trim().split(/\s+/);
  const found: string[] = [];
  raw.forEach((token, index) => {
    if (index === 0) return;
    const [word] = words(token);
    if (word === undefined || !capitalised.test(word)) return;
    if (sentenceBreak.test(raw[index - 1] ?? "")) return;
    // All capitals (an acronym: RUT, IP67, CLP) or a proper noun.
    if (word === word.toUpperCase() || properNouns.has(word)) return;
    // Compound proper nouns and codes: "Webpay/Flow", "LB-7K3F9Q".
    if (word.split(/[/-]/).every((part) => part === part.toUpperCase() || properNouns.has(part))) return;
    found.push(word);
  });
  return found;
}

/**
 * One action or one state, and every name it was ever given: the first is the one name used now,
 * the others are retired. A page, an e-mail or the admin that shows more than one of them says two
 * things for one. A text shows a name when, without its leading "¿¡«" and trailing punctuation,
 * it is the name or starts with the name and a colon ("Pedido creado: Pendiente de pago"),
 * ignoring case.
 */
export interface NameGroup {
  meaning: string;
  names: readonly [current: string, ...retired: string[]];
}

export const nameGroups: readonly NameGroup[] = [
  { meaning: "the quotation button", names: ["Cotizar para empresa", "Cotización Empresas"] },
  {
    meaning: "the order status pendiente_pago (unpaid)",
    names: ["Pendiente de pago", "Registrado", "Pedido creado"],
  },
  { meaning: "the order status pagado", names: ["Pagado", "Pago confirmado"] },
  { meaning: "the order status enviado", names: ["Enviado", "Despachado"] },
  {
    meaning: "an order's shipping outside the continent before it is quoted",
    names: ["Por cotizar", "Envío por cotizar"],
  },
  {
    meaning: "an order's shipping agreed by hand (before quotes)",
    names: ["Coordinado contigo", "Por coordinar contigo"],
  },
  { meaning: "paying an unpaid order (page and e-mails)", names: ["Pagar ahora", "Pagar"] },
  { meaning: "an order's customer and address section", names: ["Cliente y envío", "Cliente y despacho"] },
  { meaning: "the FAQ page", names: ["Preguntas frecuentes", "FAQ"] },
  { meaning: "the admin's first page", names: ["Resumen", "Dashboard", "Ir al Dashboard"] },
  {
    meaning: "the newsletter's subscribers in the admin",
    names: ["Suscriptores", "Suscripciones", "Total de Suscripciones"],
  },
  { meaning: "a quotation's notes", names: ["Notas adicionales", "Comentarios"] },
  { meaning: "a gallery photo's likes", names: ["Me gusta", "Likes", "Total Likes"] },
  { meaning: "an order's cancellation reason", names: ["Motivo de la cancelación", "Motivo de cancelación"] },
];

/** Drops a text's leading "¿¡«" and trailing punctuation, and folds its spaces. */
export function bareText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[¿¡«]+/u, "")
    .replace(/[.!?»]+$/u, "")
    .trim();
}

/** Whether `text` shows `name` (the whole text, or the text up to a colon). */
export function showsName(text: string, name: string): boolean {
  const bare = bareText(text).toLocaleLowerCase("es-CL");
  const wanted = name.toLocaleLowerCase("es-CL");
  return bare === wanted || bare.startsWith(`${wanted}:`);
}

/** A group shown under more than one of its names, and the texts that showed them. */
export interface TwoNames {
  meaning: string;
  texts: string[];
}

/** Every group with more than one of its names among `texts`. */
export function namesForOneThing(texts: Iterable<string>): TwoNames[] {
  const all = [...new Set(texts)];
  return nameGroups.flatMap(({ meaning, names }) => {
    const shown = names.flatMap((name) => {
      const text = all.find((candidate) => showsName(candidate, name));
      return text === undefined ? [] : [text];
    });
    return shown.length < 2 ? [] : [{ meaning, texts: shown }];
  });
}
