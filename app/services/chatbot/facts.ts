/**
 * The answers computed from the kits' facts (issue 26; docs/decisions/077): a component and the kits
 * that have it, a specification, the cheapest or lightest kit, a standard kit against its mini, a
 * recommendation from the place, people and days a question gives, shipping to a named place, the
 * factura and the payment means. Every fact is read from app/content when the question is answered;
 * app/content/chatbot.ts holds only the words around them and the words that detect each kind.
 * `detectFactTopic` says which of these a question asks, by its words (hand-written rules: a
 * question that names a component or a place asks about it), before the BM25 ranking.
 * `asksForeignThing` and `asksOfOthersThing` tell a question about something the shop does not sell
 * or own ("¿cuánto cuesta un bote inflable?", "la garantía de mi notebook"): the rules were
 * generalised by kind from fact-judged sets written from the content alone (docs/decisions/079).
 */
import {
  chatbotTexts,
  chatFactTexts as t,
  certificationWords,
  adviceWords,
  certificationsWords,
  choiceAnchorWords,
  shopThingWords,
  compactPlaceWords,
  compareWords,
  componentContextWords,
  generalKnowledgeWords,
  contentsWords,
  componentWords,
  faultWords,
  priceWords,
  quotationWords,
  lineNameWords,
  placeAliases,
  placeCueWords,
  placeWordsNeedingPreposition,
  policyCueWords,
  questionWords,
  recommendWords,
  scenarioLeadWords,
  scenarioWords,
  specWords,
  superlativeWords,
  versionWords,
  wetWords,
  kitVerbs,
  yesNoVerbs,
} from "~/content/chatbot";
import { comunas, nonContinentalComunaCuts, regions } from "~/content/chile";
import { whatsappLink, type CompanyInfo } from "~/content/company";
import { purchaseTexts } from "~/content/forms";
import { componentCount, kitList, kitPath } from "~/content/kits";
import { providerNames } from "~/content/payments";
import { deliveryPromise, quotationReviewTime } from "~/content/policies";
import type { Certification, Kit, KitComponent, ProductLine } from "~/content/types";
import { productLines } from "~/content/types";
import { formatPrice } from "~/lib/format";
import { foldAccents, stopWords, words } from "./normalize";

interface FactAnswer {
  text: string;
  link: { href: string; label: string };
}

/** The question folded to its words, padded with spaces so that " phrase " finds whole words. */
export function foldForFacts(question: string): string {
  return ` ${words(foldAccents(question)).join(" ")} `;
}

export const has = (folded: string, phrase: string) => folded.includes(` ${phrase} `);
export const hasAny = (folded: string, phrases: readonly string[]) =>
  phrases.some((phrase) => has(folded, phrase));

/** The shop's pages the chatbot's answers link to, with their labels (also ./topics, ./order-answers). */
export const faqLink = { href: "/faq", label: chatbotTexts.faqLabel };
export const contactLink = { href: "/contacto", label: chatbotTexts.contactFormLabel };
export const catalogueLink = { href: "/productos", label: chatbotTexts.catalogueLabel };
/** A WhatsApp chat with the shop (the fallback, the contact answer, an order not found). */
export const whatsappChatLink = (company: CompanyInfo) => ({
  href: whatsappLink(company),
  label: chatbotTexts.whatsappLabel,
});
const kitLink = (kit: Kit) => ({ href: kitPath(kit), label: kit.name });

/** "A, B y C". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${t.and}${items.at(-1)}`;
}

/** The first letter lowered, unless the first word is a name written with capitals inside ("LifeBox", "IP67"). */
export const lowerFirst = (text: string) =>
  /^[A-ZÁÉÍÓÚÑ][a-záéíóúñ]*(?=[\s,.:;)]|$)/.test(text)
    ? `${text.charAt(0).toLowerCase()}${text.slice(1)}`
    : text;
export const upperFirst = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Whether the question asks yes or no ("¿tiene oxígeno el Essential?", "¿emiten factura?"). */
export function isYesNoQuestion(question: string): boolean {
  // A comparison's "que" ("¿es más liviano que el Expedition?", "igual que el grande") asks nothing.
  const folded = foldForFacts(question)
    .replace(/ (mas|menos|igual|mismo|mejor|peor)((?: [a-zñ]+)?) que /g, " $1$2 ")
    // "las mascarillas que traen…": a "que" after a noun relates, it does not ask.
    .replace(
      / ([a-zñ]{4,}) (?:que|q|donde) (?!(?:hago|hacer|debo|pasa|significa|trae|tiene|incluye|opciones)\b)(?=[a-zñ])/g,
      (match, word: string) => (relativeLeads.has(word) ? match : ` ${word} `),
    );
  if (hasAny(folded, questionWords) || has(folded, "para que") || has(folded, "por que")) return false;
  return hasAny(folded, yesNoVerbs);
}

/** Words after which a "que" still asks ("pero ¿qué…?", "para qué", "y qué"): not nouns. */
const relativeLeads = new Set([
  "pero",
  "para",
  "hola",
  "wena",
  "buenas",
  "oye",
  "entonces",
  "sabes",
  "saber",
  "dime",
  "digame",
  "consulta",
  "pregunta",
  "preguntar",
]);

/** "Sí, " or "No, " before a sentence, its first letter lowered. */
export function withAnswer(yes: boolean, sentence: string): string {
  return `${yes ? t.yes : t.no}, ${lowerFirst(sentence)}`;
}

// Kits named ----------------------------------------------------------------------------------

/** The kits a question names: a line with its version (standard unless "mini"), or every mini. */
export function namedKits(folded: string): Kit[] {
  const lines = productLines.filter((line) => hasAny(folded, lineNameWords[line]));
  // "El Nautical (el normal, no el mini)": "no … mini" is the standard one.
  const notMini = hasAny(folded, ["no el mini", "no mini", "no la mini", "sin mini"]);
  const mini = hasAny(folded, versionWords.mini) && !notMini;
  const standard = hasAny(folded, versionWords.standard) || notMini;
  // "El de 140 lucas": the kit of that price.
  const byPrice = lines.length === 0 ? kitByPrice(folded) : undefined;
  if (byPrice) return [byPrice];
  if (lines.length === 0) return mini && !standard ? kitList.filter((kit) => kit.version === "mini") : [];
  return lines.flatMap((line) => {
    const ofLine = kitList.filter((kit) => kit.line === line);
    // "el Expedition y el Expedition Mini": a line named twice, once with "mini", is both versions.
    const twice = lineNameWords[line].some((word) => folded.split(` ${word} `).length > 2);
    if ((mini && standard) || (mini && twice)) return ofLine;
    return ofLine.filter((kit) => (kit.version === "mini") === mini);
  });
}

/** The kit of a line in one version (the mini or the standard one). */
const kitOf = (line: ProductLine, mini: boolean) =>
  kitList.find((kit) => kit.line === line && (kit.version === "mini") === mini) as Kit;

// Capacity ------------------------------------------------------------------------------------

/** A kit's specification by its label ("Peso" → "3,2 kg"), if it states it. */
const specValue = (kit: Kit, label: string) => kit.specifications.find((spec) => spec.label === label)?.value;

export const capacityText = (kit: Kit) => specValue(kit, "Capacidad") ?? kit.description;
/** "hasta 4 personas por 72 horas": a kit's capacity inside a sentence. */
const capacityPhrase = (kit: Kit) => lowerFirst(capacityText(kit));

/** People and days a kit is for, read from its "Capacidad" ("Hasta 4 personas por 72 horas"). */
function capacityOf(kit: Kit): { people: number; days: number } {
  const text = foldAccents(capacityText(kit));
  const people = Number(/(\d+)\s+(?:personas?|trabajadores)/.exec(text)?.[1] ?? 1);
  const days = /(\d+)\s+dias?/.exec(text);
  const hours = /(\d+)\s+horas/.exec(text);
  return {
    people,
    days: days ? Number(days[1]) : hours ? Number(hours[1]) / 24 : Number.POSITIVE_INFINITY,
  };
}

const numberWords: Record<string, number> = {
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  quince: 15,
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  cien: 100,
};
const numberPattern = `(\\d+|${Object.keys(numberWords).join("|")})`;
const toNumber = (word: string) => numberWords[word] ?? Number(word);
const peopleCountPattern = new RegExp(
  ` ${numberPattern} (?:personas?|adultos?|integrantes|miembros|niños|ninos|tripulantes|trabajadores|empleados|operarios|maestros|obreros|pasajeros|amigos|hijos|colaboradores|alumnos|gente)\\b`,
);
const groupCountPattern = new RegExp(
  ` (?:somos|salimos|vamos|seremos|familia de|grupo de) ${numberPattern}\\b`,
);
const daysPattern = new RegExp(` ${numberPattern} (?:dias?|noches?)\\b`);
const weeksPattern = new RegExp(` ${numberPattern} semanas?\\b`);
/** "2 essential", "tres kits nautical": a count before each word naming a line. */
const quantityPatterns = new Map(
  productLines.map((line) => [
    line,
    lineNameWords[line].map((word) => new RegExp(` ${numberPattern} (?:kits? )?(?:lifebox )?${word}\\b`)),
  ]),
);

/** The number of people a question gives ("salimos 4 personas", "somos 3", "para 30 trabajadores"). */
export function peopleOf(folded: string): number | undefined {
  const counted = peopleCountPattern.exec(folded);
  // "Hablar con una persona" is no count of people.
  if (counted?.[1] && !/ con una persona/.test(folded)) return toNumber(counted[1]);
  const group = groupCountPattern.exec(folded);
  if (group?.[1]) return toNumber(group[1]);
  if (
    / (?:yo solo|yo sola|solo yo|voy solo|voy sola|ire solo|ire sola|dias solo|dias sola|para mi solo|para mi sola|una persona|solo para mi) /.test(
      folded,
    )
  ) {
    return 1;
  }
  if (
    / (?:en pareja|mi pareja y yo|mi señora y yo|mi esposa y yo|mi esposo y yo|los dos|con mi (?:hermano|hermana|pareja|señora|esposa|esposo|polola|pololo|amigo|amiga|hijo|hija|papa|mama|viejo|vieja|compañero|compañera|socio|primo|prima)) /.test(
      folded,
    )
  )
    return 2;
  return undefined;
}

/** How many of the kit the question asks for ("si compro 2 essential", "tres nautical mini"), if any. */
export function quantityOf(folded: string, kit: Kit): number | undefined {
  for (const pattern of quantityPatterns.get(kit.line) ?? []) {
    const match = pattern.exec(folded);
    if (match?.[1]) return toNumber(match[1]);
  }
  return undefined;
}

/** The days a question gives ("por 3 dias", "72 horas", "una semana", "fin de semana"). */
export function daysOf(folded: string): number | undefined {
  const days = daysPattern.exec(folded);
  if (days?.[1]) return toNumber(days[1]);
  const hours = / (\d+) (?:horas|hrs|hr|h)\b/.exec(folded);
  if (hours?.[1]) return Math.ceil(Number(hours[1]) / 24);
  if (has(folded, "fin de semana") || has(folded, "finde")) return 2;
  if (has(folded, "una semana")) return 7;
  const weeks = weeksPattern.exec(folded);
  if (weeks?.[1]) return toNumber(weeks[1]) * 7;
  return undefined;
}

// Scenario ------------------------------------------------------------------------------------

const articles = new Set([
  "el",
  "la",
  "los",
  "las",
  "mi",
  "mis",
  "un",
  "una",
  "nuestro",
  "nuestros",
  "nuestras",
  "su",
]);

/** The line made for the place or activity the question names, and whether the place calls for the mini. */
export function scenarioOf(folded: string): { line: ProductLine; mini: boolean; word: string } | undefined {
  const tokens = folded.trim().split(" ");
  let found: { line: ProductLine; mini: boolean; word: string; at: number; rank: number } | undefined;
  for (const line of productLines) {
    const { words: places, activities } = scenarioWords[line];
    for (const phrase of [...places, ...activities]) {
      const parts = phrase.split(" ");
      for (let i = 0; i + parts.length <= tokens.length; i++) {
        if (!parts.every((part, k) => tokens[i + k] === part)) continue;
        let before = i - 1;
        while (before >= 0 && articles.has(tokens[before] ?? "")) before--;
        const lead = tokens[before] ?? "";
        const activity = activities.includes(phrase);
        // A place word needs a lead ("para la casa", "en el bote") or to open the message ("taller mecánico, somos 10").
        if (!activity && before >= 0 && !scenarioLeadWords.includes(lead)) continue;
        // An activity outranks a place ("la camioneta de la faena" is for the faena); else the first found.
        const rank = activity ? 0 : 1;
        if (!found || rank < found.rank || (rank === found.rank && i < found.at)) {
          found = {
            line,
            mini: (scenarioWords[line].mini ?? []).includes(phrase),
            word: phrase,
            at: i,
            rank,
          };
        }
      }
    }
  }
  // A vehicle, a locker or a backpack calls for the compact version of the line chosen.
  const compact = found !== undefined && compactPlaceWords.some((word) => tokens.includes(word));
  return found && { line: found.line, mini: found.mini || compact, word: found.word };
}

// Components ----------------------------------------------------------------------------------

let groupsCache: Map<string, { component: KitComponent; kits: Kit[] }[]> | undefined;

/**
 * Every component group (by its illustration), with the kits that carry each of its variants:
 * built from ./kits on first use and kept, as the search index is.
 */
function componentGroups(): Map<string, { component: KitComponent; kits: Kit[] }[]> {
  groupsCache ??= buildComponentGroups();
  return groupsCache;
}

function buildComponentGroups(): Map<string, { component: KitComponent; kits: Kit[] }[]> {
  const groups = new Map<string, { component: KitComponent; kits: Kit[] }[]>();
  for (const kit of kitList) {
    for (const item of kit.contents.flatMap((category) => category.items)) {
      const variants = groups.get(item.illustration) ?? [];
      const variant = variants.find((entry) => entry.component.name === item.name);
      if (variant) variant.kits.push(kit);
      else variants.push({ component: item, kits: [kit] });
      groups.set(item.illustration, variants);
    }
  }
  return groups;
}

/**
 * The component groups a question names, in the question's order; the longest phrase wins where
 * two overlap (so "mascarilla rcp" is not "mascarilla").
 */
function componentsOf(folded: string): string[] {
  const matches = Object.entries(componentWords)
    .flatMap(([group, phrases]) =>
      phrases.filter((phrase) => has(folded, phrase)).map((phrase) => ({ group, phrase })),
    )
    .sort((a, b) => b.phrase.length - a.phrase.length);
  const taken: { group: string; phrase: string }[] = [];
  for (const match of matches) {
    const inside = (longer: { phrase: string }) =>
      longer.phrase.length > match.phrase.length && ` ${longer.phrase} `.includes(` ${match.phrase} `);
    if (taken.some(inside)) continue;
    taken.push(match);
  }
  // The component named first is the one asked about ("el filtro sirve para el agua del río").
  const at = (phrase: string) => folded.indexOf(` ${phrase} `);
  return [...new Set(taken.sort((a, b) => at(a.phrase) - at(b.phrase)).map((match) => match.group))];
}

const itemOf = (kit: Kit, group: string) =>
  kit.contents.flatMap((category) => category.items).find((item) => item.illustration === group);

const itemName = (item: KitComponent) =>
  `${lowerFirst(item.name)}${item.quantity ? ` (${item.quantity})` : ""}`;

/** A component group's answer: for the kits named, whether each has it; else its variants and kits. */
export function componentAnswer(group: string, question: string): FactAnswer {
  const first = oneComponentAnswer(group, question);
  // "¿Cuántas mantas trae el Essential?": every group the question names ("mantas": thermal and fire).
  const others = componentsOf(foldForFacts(question)).filter((other) => other !== group);
  const more = others.slice(0, 1).map((other) => oneComponentAnswer(other, question, false).text);
  return { ...first, text: [first.text, ...more].join(" ") };
}

/** "LifeBox Essential (4 unidades, $219.990)": a kit with how many of the component it carries. */
const kitWithQuantity = (kit: Kit, group: string, priced = true) => {
  const details = [itemOf(kit, group)?.quantity, priced ? formatPrice(kit.price) : undefined].filter(Boolean);
  return details.length ? `${kit.name} (${details.join(", ")})` : kit.name;
};

/**
 * The variants a question about no kit in particular is about: those whose description holds a word
 * of the question that the others' do not ("¿cuántos lúmenes tiene la linterna?": the one with
 * lumens), else all of them.
 */
function variantsAsked<T extends { component: KitComponent }>(variants: T[], folded: string): T[] {
  const described = variants.map((variant) => foldForFacts(variant.component.description));
  const telling = words(folded).filter(
    (word) =>
      word.length >= 4 &&
      described.some((text) => has(text, word)) &&
      !described.every((text) => has(text, word)),
  );
  if (telling.length === 0) return variants;
  return variants.filter((_, index) => telling.some((word) => has(described[index]!, word)));
}

/**
 * Whether a component's description grants or denies the property a yes/no question asks ("¿los
 * guantes tienen látex?" → "sin látex": no; "¿el filtro sirve para agua de mar?" → "No desaliniza
 * el agua de mar": no), or undefined when the question names no word of it beyond the component.
 */
function propertyGranted(component: KitComponent, folded: string): boolean | undefined {
  const own = new Set(words(foldAccents(component.name)));
  const asked = words(folded).filter(
    (word) => word.length >= 3 && !own.has(word) && !propertyNoise.has(word) && !stopWords.has(word),
  );
  const sentences = component.description.split(/(?<=[.;])\s+/).map((sentence) => foldForFacts(sentence));
  let granted: boolean | undefined;
  for (const word of asked) {
    const sentence = sentences.find((text) => has(text, word));
    if (!sentence) continue;
    const denied = sentence.startsWith(" no ") || has(sentence, `sin ${word}`) || has(sentence, `no ${word}`);
    if (denied) return false;
    granted = true;
  }
  return granted;
}
/** Words of a question that say nothing about a component's property. */
const propertyNoise = new Set([
  "tiene",
  "tienen",
  "trae",
  "traen",
  "sirve",
  "sirven",
  "viene",
  "vienen",
  "incluye",
  "cuanto",
  "cuantos",
  "cuantas",
  "para",
  "kits",
  "lifebox",
]);

/** The kit a question names by its price ("el de 140 lucas", "el de $139.990"): the one within 10 000 pesos. */
function kitByPrice(folded: string): Kit | undefined {
  const match =
    / (?:el|uno|kit|la|caja) de \$?(\d{2,3})(?: ?(lucas|luca|mil|k))?\b| (?:el|uno|kit) de \$?(\d{6})\b/.exec(
      folded,
    );
  const amount = match?.[3] ? Number(match[3]) : match?.[1] ? Number(match[1]) * 1000 : undefined;
  if (amount === undefined) return undefined;
  return kitList.find((kit) => Math.abs(kit.price - amount) <= 10000);
}

/** The kits a question names, or the kit made for the place it names ("¿el kit pa la casa trae…?"). */
function kitsAskedAbout(folded: string): Kit[] {
  const byLine = productLines.some((line) => hasAny(folded, lineNameWords[line]));
  const named = namedKits(folded);
  if (
    byLine ||
    !hasAny(folded, ["kit", "kits", "el de", "el del", "el mini de", "mini de", "el chico", "el grande"])
  ) {
    // "El Nautical chico … igual que el grande": the one named first is the one asked about.
    return named.length === 2 ? inQuestionOrder(folded, named) : named;
  }
  const scenario = scenarioOf(folded);
  const mini = scenario && (scenario.mini || hasAny(folded, versionWords.mini));
  const kit = scenario && kitOf(scenario.line, mini === true);
  return kit ? [kit] : named;
}

function oneComponentAnswer(group: string, question: string, yesOrNo = true): FactAnswer {
  const folded = foldForFacts(question);
  const variants = componentGroups().get(group) ?? [];
  const named = kitsAskedAbout(folded);
  const yesNo = yesOrNo && isYesNoQuestion(question);
  const first = variants[0];
  if (!first) return { text: t.askPlace, link: catalogueLink };
  if (named.length > 0) {
    // Two versions named ("¿el Nautical chico trae filtro igual que el grande?"): about the first.
    const both = hasAny(folded, ["los dos", "las dos", "ambos", "ambas", "todos", "todas"]);
    const subject = !both && named.length === 2 && named[0]?.line === named[1]?.line ? named[0] : undefined;
    const withIt = named.filter((kit) => itemOf(kit, group) && (!subject || kit === subject));
    const sentences = named.map((kit) => {
      const item = itemOf(kit, group);
      return item
        ? `${upperFirst(t.kitHas(kit.name, itemName(item)))}: ${lowerFirst(item.description)}`
        : `${upperFirst(t.kitLacks(kit.name, lowerFirst(first.component.name)))}.`;
    });
    if (withIt.length === 0) {
      const others = variants.flatMap((variant) => variant.kits.map((kit) => kit.name));
      sentences.push(t.comesIn(listWords([...new Set(others)])));
    }
    const text = sentences.join(" ");
    const linked = withIt[0] ?? named[0] ?? first.kits[0];
    const item = withIt[0] && itemOf(withIt[0], group);
    const property = item ? propertyGranted(item, folded) : undefined;
    // "¿Los dos traen radio?": yes only when every kit named does.
    const has = both ? withIt.length === named.length : withIt.length > 0;
    return {
      text: yesNo ? withAnswer(has && property !== false, text) : text,
      link: linked ? kitLink(linked) : catalogueLink,
    };
  }
  const every = kitList.every((kit) => itemOf(kit, group));
  const allAsked = hasAny(folded, ["todos", "todas", "cada kit", "cada uno"]);
  const asked = variantsAsked(variants, folded);
  const property = asked[0] ? propertyGranted(asked[0].component, folded) : undefined;
  // Variants described alike are said once ("Manta ignífuga" and "Mantas ignífugas"); the kits'
  // prices only in a short list, so that the answer stays short.
  const alike = new Map<string, { component: KitComponent; kits: Kit[] }>();
  for (const variant of asked) {
    const same = alike.get(variant.component.description);
    if (same) same.kits.push(...variant.kits);
    else alike.set(variant.component.description, { component: variant.component, kits: [...variant.kits] });
  }
  const text = [...alike.values()]
    .map(
      (variant) =>
        `${upperFirst(variant.component.name)}: ${lowerFirst(variant.component.description)} ${t.comesIn(listWords(variant.kits.map((kit) => kitWithQuantity(kit, group, variant.kits.length <= 2))))}`,
    )
    .join(" ");
  // The link goes to a kit with the variant said first.
  const kit = asked[0]?.kits[0] ?? first.kits[0];
  return {
    text: yesNo ? withAnswer(allAsked ? every : property !== false, text) : text,
    link: kit ? kitLink(kit) : catalogueLink,
  };
}

// Specifications ------------------------------------------------------------------------------

/** The specification labels a question asks for. */
export function specsOf(folded: string): string[] {
  return Object.entries(specWords)
    .filter(([, phrases]) => hasAny(folded, phrases))
    .map(([label]) => label);
}

/** The temperature a question gives ("-30", "menos 30", "30 bajo cero", "50 grados"), in °C. */
function temperatureOf(folded: string): number | undefined {
  const below = / (?:menos (\d+)|(\d+) (?:grados )?bajo cero)/.exec(folded);
  if (below) return -Number(below[1] ?? below[2]);
  const plain = / (\d+) (?:grados|°|c) /.exec(folded);
  return plain ? Number(plain[1]) : undefined;
}

/** The asked specifications of the named kits, or of every kit when none is named. */
export function specAnswer(question: string, kits?: Kit[]): FactAnswer {
  const folded = foldForFacts(question);
  const labels = specsOf(folded);
  const named = kits ?? namedKits(folded);
  const shown = named.length > 0 ? named : kitList;
  // One specification of several kits: each value once, with the kits that share it.
  const byValue = new Map<string, Kit[]>();
  if (labels.length === 1 && shown.length > 1) {
    for (const kit of shown) {
      const value = specValue(kit, labels[0] ?? "");
      if (value) byValue.set(value, [...(byValue.get(value) ?? []), kit]);
    }
  }
  const grouped =
    byValue.size > 0 && byValue.size < shown.length
      ? [...byValue]
          .map(
            ([value, kits]) =>
              `${listWords(kits.map((kit) => kit.name))}: ${labels[0]?.toLowerCase()} ${value}.`,
          )
          .join(" ")
      : undefined;
  const text =
    grouped ??
    shown
      .map((kit) => {
        const specs = kit.specifications.filter((spec) => labels.length === 0 || labels.includes(spec.label));
        const values = specs.length
          ? specs.map((spec) => `${spec.label.toLowerCase()} ${spec.value}`)
          : kit.specifications.map((spec) => `${spec.label.toLowerCase()} ${spec.value}`);
        const certifications =
          labels.length === 0 ? [`certificaciones ${kit.certifications.map((c) => c.name).join(", ")}`] : [];
        return t.specOf(kit.name, [...values, ...certifications].join("; "));
      })
      .join(" ");
  const one = named.length === 1 ? named[0] : undefined;
  const link = one ? kitLink(one) : catalogueLink;
  // "¿Aguanta -30 °C el Essential?": the number against the kit's range (the question arrives
  // folded, "-30" read as "menos 30": normalize.ts `foldQuestion`).
  const temperature = temperatureOf(folded);
  const range = one && specValue(one, "Rango de temperatura");
  if (one && range && temperature !== undefined && isYesNoQuestion(question)) {
    const [low, high] = (range.match(/[-+]?\d+/g) ?? []).map(Number);
    if (low !== undefined && high !== undefined) {
      return { text: withAnswer(temperature >= low && temperature <= high, text), link };
    }
  }
  // "¿Todos los mini pesan lo mismo?": whether the kits share the value.
  if (
    !one &&
    labels.length === 1 &&
    isYesNoQuestion(question) &&
    hasAny(folded, ["mismo", "igual", "iguales"])
  ) {
    const values = new Set(shown.map((kit) => specValue(kit, labels[0] ?? "")));
    return { text: withAnswer(values.size === 1, text), link };
  }
  // "¿Las cajas aguantan golpes?": the box's material says it resists impacts.
  if (isYesNoQuestion(question) && labels.length === 1 && labels[0] === "Material de la caja") {
    const resists = shown.every((kit) => /impacto/i.test(specValue(kit, labels[0] ?? "") ?? ""));
    if (hasAny(folded, ["golpe", "golpes", "impacto", "impactos"]))
      return { text: withAnswer(resists, text), link };
  }
  if (one && isYesNoQuestion(question) && labels.length === 1 && labels[0] === "Hermeticidad") {
    // "¿Se moja lo de adentro?" is no; "¿es sumergible?" is yes.
    return { text: withAnswer(!hasAny(folded, wetWords), text), link };
  }
  return { text, link };
}

// Compare and choose --------------------------------------------------------------------------

const weightOf = (kit: Kit) =>
  Number((specValue(kit, "Peso") ?? "0").replace(",", ".").replace(/[^\d.]/g, ""));
const weightText = (kit: Kit) => specValue(kit, "Peso") ?? "";

type Superlative = keyof typeof superlativeWords;

function superlativeOf(folded: string): Superlative | undefined {
  return (Object.keys(superlativeWords) as Superlative[]).find((kind) =>
    hasAny(folded, superlativeWords[kind]),
  );
}

/** The first number of a text, with a decimal comma ("4,2 kg" → 4.2; "-40 °C a 60 °C" → -40). */
const numbersIn = (text = "") =>
  (text.match(/[-−]?\d+(?:,\d+)?/g) ?? []).map((n) => Number(n.replace("−", "-").replace(",", ".")));

/**
 * Each measure a superlative ranks kits by: the value read from the kit's content (undefined when
 * the kit does not state it), whether the most or the least leads, and what is shown for it.
 */
const measures: Record<
  Exclude<Superlative, "cheapest" | "priciest" | "budget">,
  { value: (kit: Kit) => number | undefined; most: boolean; shown: (kit: Kit) => string }
> = {
  lightest: { value: weightOf, most: false, shown: weightText },
  heaviest: { value: weightOf, most: true, shown: weightText },
  smallest: {
    value: (kit) => numbersIn(specValue(kit, "Dimensiones")).reduce((a, b) => a * b, 1),
    most: false,
    shown: (kit) => specValue(kit, "Dimensiones") ?? "",
  },
  largest: {
    value: (kit) => numbersIn(specValue(kit, "Dimensiones")).reduce((a, b) => a * b, 1),
    most: true,
    shown: (kit) => specValue(kit, "Dimensiones") ?? "",
  },
  mostComponents: { value: componentCount, most: true, shown: (kit) => `${componentCount(kit)} componentes` },
  fewestComponents: {
    value: componentCount,
    most: false,
    shown: (kit) => `${componentCount(kit)} componentes`,
  },
  coldest: {
    value: (kit) => numbersIn(specValue(kit, "Rango de temperatura"))[0],
    most: false,
    shown: (kit) => specValue(kit, "Rango de temperatura") ?? "",
  },
  hottest: {
    value: (kit) => numbersIn(specValue(kit, "Rango de temperatura"))[1],
    most: true,
    shown: (kit) => specValue(kit, "Rango de temperatura") ?? "",
  },
  // Only a kit that states a depth ranks ("sumergible hasta 2 m"); the others say IP67 alone.
  deepest: {
    value: (kit) =>
      numbersIn(/hasta\s+([\d,]+)\s*m\b/.exec(specValue(kit, "Hermeticidad") ?? "")?.[1])[0] ?? 0,
    most: true,
    shown: (kit) => specValue(kit, "Hermeticidad") ?? "",
  },
  mostPeople: {
    value: (kit) => capacityOf(kit).people,
    most: true,
    shown: (kit) => capacityPhrase(kit),
  },
  mostDays: {
    value: (kit) => {
      const days = capacityOf(kit).days;
      return Number.isFinite(days) ? days : undefined;
    },
    most: true,
    shown: (kit) => capacityPhrase(kit),
  },
};

/** The amount a question gives as a budget ("bajo 150 lucas", "menos de $200.000", "con 180 mil"), in pesos. */
export function budgetOf(folded: string): number | undefined {
  const match =
    / (?:bajo|menos de|hasta|con|maximo|max|presupuesto de|alcanza con|tengo) (?:unos |unas )?\$?(\d{2,3}) ?(lucas|luca|mil|k)\b/.exec(
      folded,
    ) ??
    / (?:bajo|menos de|hasta|con|maximo|max|presupuesto de|alcanza con|tengo) (?:unos |unas )?\$?(\d{5,7})\b/.exec(
      folded,
    );
  if (!match?.[1]) return undefined;
  return match[2] ? Number(match[1]) * 1000 : Number(match[1]);
}

/** The kits in the order the question names them ("el Expedition Mini … que el Expedition"). */
function inQuestionOrder(folded: string, kits: Kit[]): Kit[] {
  const at = (kit: Kit) => {
    const positions = lineNameWords[kit.line].flatMap((word) => {
      const found: number[] = [];
      for (let i = folded.indexOf(` ${word} `); i >= 0; i = folded.indexOf(` ${word} `, i + 1)) {
        const mini = versionWords.mini.some((small) => folded.startsWith(` ${word} ${small} `, i));
        if (mini === (kit.version === "mini")) found.push(i);
      }
      return found;
    });
    return positions.length ? Math.min(...positions) : Number.POSITIVE_INFINITY;
  };
  return [...kits].sort((a, b) => at(a) - at(b));
}

/** The kits a superlative compares: the named ones, the named lines', the minis or standards asked, or all. */
function superlativePool(folded: string): Kit[] {
  const lines = productLines.filter((line) => hasAny(folded, lineNameWords[line]));
  if (lines.length >= 2) return namedKits(folded);
  if (lines.length === 1) return kitList.filter((kit) => lines.includes(kit.line));
  const standards = hasAny(folded, [
    "estandar",
    "estandares",
    "standard",
    "normales",
    "no mini",
    "sin mini",
    "grandes",
  ]);
  if (standards) return kitList.filter((kit) => kit.version === "standard");
  if (hasAny(folded, ["mini", "minis"])) return kitList.filter((kit) => kit.version === "mini");
  return kitList;
}

/**
 * The kit with the most or least of something (price, weight, size, components, cold, heat, depth,
 * people, days) among the kits the question names (or all), or the kits within a budget.
 */
export function superlativeAnswer(kind: Superlative, question: string): FactAnswer {
  const folded = foldForFacts(question);
  const pool = superlativePool(folded);
  const priced = (kit: Kit) => `${kit.name} (${formatPrice(kit.price)})`;
  const budget = budgetOf(folded);
  if (kind === "budget" || (budget !== undefined && (kind === "cheapest" || kind === "priciest"))) {
    const cheapest = [...kitList].sort((a, b) => a.price - b.price)[0] as Kit;
    if (budget === undefined) {
      return {
        text: t.cheapest(cheapest.name, formatPrice(cheapest.price), capacityPhrase(cheapest)),
        link: kitLink(cheapest),
      };
    }
    const within = [...pool].filter((kit) => kit.price <= budget).sort((a, b) => a.price - b.price);
    if (within.length === 0) {
      return {
        text: withAnswer(
          false,
          t.noneWithin(formatPrice(budget), cheapest.name, formatPrice(cheapest.price)),
        ),
        link: kitLink(cheapest),
      };
    }
    const text = t.withinBudget(formatPrice(budget), listWords(within.map(priced)));
    return {
      text: isYesNoQuestion(question) ? withAnswer(true, text) : text,
      link: within.length === 1 && within[0] ? kitLink(within[0]) : catalogueLink,
    };
  }
  if (kind === "cheapest" || kind === "priciest") {
    const sorted = [...pool].sort((a, b) => (kind === "cheapest" ? a.price - b.price : b.price - a.price));
    const kit = sorted[0] as Kit;
    const say = kind === "cheapest" ? t.cheapest : t.priciest;
    return { text: say(kit.name, formatPrice(kit.price), capacityPhrase(kit)), link: kitLink(kit) };
  }
  const measure = measures[kind];
  // "¿El Expedition Mini es más liviano que el Expedition?": the first kit named against the other.
  if (pool.length === 2 && isYesNoQuestion(question)) {
    const [subject, other] = inQuestionOrder(folded, pool) as [Kit, Kit];
    const [a, b] = [measure.value(subject), measure.value(other)];
    if (a !== undefined && b !== undefined) {
      const leads = measure.most ? a > b : a < b;
      return {
        text: withAnswer(
          leads,
          `${subject.name}: ${measure.shown(subject)}; ${other.name}: ${measure.shown(other)}.`,
        ),
        link: kitLink(subject),
      };
    }
  }
  const valued = pool
    .map((kit) => ({ kit, value: measure.value(kit) }))
    .filter((entry): entry is { kit: Kit; value: number } => entry.value !== undefined);
  const values = valued.map((entry) => entry.value);
  const best = measure.most ? Math.max(...values) : Math.min(...values);
  const kits = valued.filter((entry) => entry.value === best).map((entry) => entry.kit);
  const first = kits[0];
  if (!first) return { text: t.askPlace, link: catalogueLink };
  // "¿Todos los mini pesan lo mismo?": yes when every kit compared shares the value.
  if (kits.length === pool.length && kits.length > 1) {
    const text = t.sameFor(listWords(kits.map(priced)), measure.shown(first));
    return { text: isYesNoQuestion(question) ? withAnswer(true, text) : text, link: catalogueLink };
  }
  // Two kits named ("¿cuál pesa menos, el Essential o el Expedition?"): the other's value too.
  const others = pool.length === 2 ? pool.filter((kit) => !kits.includes(kit)) : [];
  return {
    text: [
      t.leadsWith(t.leads[kind], listWords(kits.map(priced)), measure.shown(first)),
      ...others.map((kit) => `${kit.name}: ${measure.shown(kit)}.`),
    ].join(" "),
    link: kits.length === 1 ? kitLink(first) : catalogueLink,
  };
}

function wantsComparison(folded: string): boolean {
  const lines = productLines.filter((line) => hasAny(folded, lineNameWords[line]));
  const mini = hasAny(folded, versionWords.mini);
  // "¿Qué diferencia hay entre la versión estándar y la mini?" (no line named): every line's pair.
  const versions =
    lines.length === 0 && mini && hasAny(folded, [...versionWords.standard, "version", "versiones"]);
  return hasAny(folded, compareWords) && (lines.length >= 2 || (lines.length === 1 && mini) || versions);
}

/** What a kit is for: its description up to the first comma ("kit de emergencia para el hogar…"). */
const purposeOf = (kit: Kit) => lowerFirst(kit.description.split(/,|\.\s/)[0] ?? kit.tagline);

/** Two or more kits side by side: price, capacity, weight, and what the smaller one lacks. */
export function comparisonAnswer(question: string): FactAnswer {
  const folded = foldForFacts(question);
  const lines = productLines.filter((line) => hasAny(folded, lineNameWords[line]));
  if (lines.length === 0) {
    // Every mini against its standard kit: what the mini is, from its description.
    const minis = kitList.filter((kit) => kit.version === "mini");
    const text = minis
      .map((mini) => {
        const standard = kitOf(mini.line, false);
        return `${mini.name} (${formatPrice(mini.price)}): ${purposeOf(mini)}, ${capacityPhrase(mini)}; el ${standard.name} (${formatPrice(standard.price)}), ${capacityPhrase(standard)}.`;
      })
      .join(" ");
    return { text, link: catalogueLink };
  }
  const kits = lines.length === 1 ? kitList.filter((kit) => kit.line === lines[0]) : namedKits(folded);
  // Kits of different lines are told apart by what each is for (its tagline) first.
  const sentences = kits.map(
    (kit) =>
      `${kit.name}: ${lines.length >= 2 ? `${purposeOf(kit)}; ` : ""}${formatPrice(kit.price)}, ${capacityPhrase(kit)}, ${weightText(kit)}, ${componentCount(kit)} componentes.`,
  );
  const [a, b] = kits;
  if (a && b && kits.length === 2)
    sentences.push(t.priceDifference(formatPrice(Math.abs(a.price - b.price))));
  if (a && b && a.line === b.line) {
    const [big, small] = a.version === "standard" ? [a, b] : [b, a];
    const smallNames = new Set(small.contents.flatMap((c) => c.items.map((item) => item.illustration)));
    const missing = big.contents
      .flatMap((c) => c.items)
      .filter((item) => !smallNames.has(item.illustration))
      .map((item) => lowerFirst(item.name));
    if (missing.length) sentences.push(t.versionsLack(small.name, listWords(missing)));
  }
  return { text: sentences.join(" "), link: kits.length === 1 && a ? kitLink(a) : catalogueLink };
}

// Recommendation ------------------------------------------------------------------------------

/** One kit for the place, people and days the question gives, with the other version as the alternative. */
export function recommendationAnswer(question: string): FactAnswer {
  const folded = foldForFacts(question);
  const scenario = scenarioOf(folded);
  const people = peopleOf(folded);
  const days = daysOf(folded);
  const named = namedKits(folded);
  const workers = / (?:trabajadores|empleados|operarios|colaboradores) /.test(folded);
  const line = scenario?.line ?? (named.length === 1 ? named[0]?.line : workers ? "industry" : undefined);
  if (!line) {
    if (people === undefined && days === undefined) return { text: t.askPlace, link: catalogueLink };
    // Kits for that many people or days, in any place: the ones that cover them, and the place asked.
    // People and days are counted by the kits other than Industry (workers already chose it).
    const fits = kitList.filter((kit) => {
      const cap = capacityOf(kit);
      if ((kit.line === "industry") !== workers) return false;
      return (people === undefined || cap.people >= people) && (days === undefined || cap.days >= days);
    });
    const head = people !== undefined ? t.forPeople(people) : t.forDays(days ?? 0);
    const list = fits.length
      ? listWords(fits.map((kit) => `${kit.name} (${formatPrice(kit.price)}, ${capacityPhrase(kit)})`))
      : listWords(
          kitList
            .filter((kit) => kit.version === "standard")
            .map((kit) => `${kit.name} (${capacityPhrase(kit)})`),
        );
    return {
      text: `${head} ${fits.length ? "" : `${t.noneFor} `}${list}. ${t.askPlace}`,
      link: fits.length === 1 && fits[0] ? kitLink(fits[0]) : catalogueLink,
    };
  }
  const [standard, mini] = [kitOf(line, false), kitOf(line, true)];
  const miniCap = capacityOf(mini);
  const standardCap = capacityOf(standard);
  // With people or days: the version needing the fewest kits, then the cheaper in total.
  const plan = (kit: Kit, cap: { people: number; days: number }) => ({
    kit,
    count: (days ?? 0) <= cap.days ? Math.ceil((people ?? 1) / cap.people) : Number.POSITIVE_INFINITY,
  });
  let chosen: Kit;
  let count = 1;
  if (people !== undefined || days !== undefined) {
    const [best] = [plan(mini, miniCap), plan(standard, standardCap)]
      .filter((entry) => Number.isFinite(entry.count))
      .sort((a, b) => a.count - b.count || a.count * a.kit.price - b.count * b.kit.price);
    chosen = best?.kit ?? standard;
    count = best?.count ?? Math.ceil((people ?? 1) / standardCap.people);
  } else if (named.length === 1 && named[0]?.line === line) {
    chosen = named[0];
  } else {
    chosen = scenario?.mini ? mini : standard;
  }
  const other = chosen === mini ? standard : mini;
  const sentences: string[] = [];
  const namedOther = named.length === 1 && named[0] && named[0].line !== line ? named[0] : undefined;
  if (namedOther) sentences.push(`${t.no}, el ${namedOther.name} es para ${capacityPhrase(namedOther)}.`);
  if (count > 1)
    sentences.push(t.several(count, chosen.name, formatPrice(chosen.price), capacityPhrase(chosen)));
  else sentences.push(t.recommend(chosen.name, formatPrice(chosen.price), capacityPhrase(chosen)));
  sentences.push(chosen.tagline);
  // "…me da miedo que se moje todo": the box's protection; "…alguien se quema": what it carries for it.
  if (hasAny(folded, ["moje", "mojar", "moja", "agua", "inundacion", "inundaciones", "lluvia"]))
    sentences.push(chosen.ip67Note);
  const carried = componentsOf(folded)
    .map((group) => itemOf(chosen, group))
    .filter((item): item is KitComponent => item !== undefined)
    .slice(0, 1);
  for (const item of carried)
    sentences.push(`${upperFirst(t.kitHas(chosen.name, itemName(item)))}: ${lowerFirst(item.description)}`);
  if (count === 1) sentences.push(t.alternative(other.name, formatPrice(other.price), capacityPhrase(other)));
  if (
    people === undefined &&
    days === undefined &&
    scenario &&
    line !== "industry" &&
    !namedOther &&
    !scenario.mini
  ) {
    sentences.push(t.askPeople);
  }
  const yesNo = isYesNoQuestion(question);
  // "¿El Essential sirve para 6 personas?": the named kit against the people and days asked.
  const asked = named.length === 1 && named[0]?.line === line ? named[0] : undefined;
  if (yesNo && asked && (people !== undefined || days !== undefined)) {
    const cap = capacityOf(asked);
    const fits = (people ?? 1) <= cap.people && (days ?? 0) <= cap.days;
    const head = `el ${asked.name} es para ${capacityPhrase(asked)}.`;
    const rest = asked === chosen && count === 1 ? [] : sentences;
    return { text: withAnswer(fits, [head, ...rest].join(" ")), link: kitLink(asked) };
  }
  const text = sentences.join(" ");
  // "¿Tienen algo para…?", "¿sirve para…?" are answered yes; "tengo un bote…" is no question.
  const asksForKit = hasAny(folded, askForKitWords);
  const yes = yesNo && asksForKit && !namedOther;
  return { text: yes ? withAnswer(true, text) : text, link: kitLink(chosen) };
}

/** Words of a yes/no question that asks for a kit ("¿tienen algo para…?", "¿sirve para…?"). */
const askForKitWords = ["tienen", "tiene", "hay", "sirve", "sirven", "venden", "ofrecen", "existe"];

function wantsRecommendation(folded: string): boolean {
  const scenario = scenarioOf(folded);
  const cue = hasAny(folded, recommendWords);
  const people = peopleOf(folded) !== undefined;
  const days = daysOf(folded) !== undefined;
  const kit = has(folded, "kit") || has(folded, "kits");
  // "Pa una travesía por el desierto": a short message that opens with the place or activity asks for a kit.
  const opensWithNeed = /^ (?:pa|para|pal|en) /.test(folded) && words(folded).length <= 8;
  // "Soy pescador artesanal, salgo en bote…", "tenemos un laboratorio…": the visitor's own situation.
  const ownSituation = hasAny(folded, [
    "vive",
    "viven",
    "soy",
    "salgo",
    "trabajo",
    "tenemos",
    "vivo",
    "me voy",
    "voy a",
    "vamos a",
  ]);
  // A yes/no question asks for a kit only with a word of having or serving ("¿hay algo para…?");
  // "¿es verdad lo del triángulo de la vida en los terremotos?" does not.
  const asksForOne = isYesNoQuestion(folded) && hasAny(folded, [...askForKitWords, "algo", "alguno", "uno"]);
  if (scenario) return cue || people || days || kit || opensWithNeed || ownSituation || asksForOne;
  // "¿El Industry cubre 50 personas?": the named kit against the people asked.
  if (people || days) return cue || kit || namedKits(folded).length > 0;
  // "¿Qué me recomiendan?", "no cacho cuál comprar": a bare ask for advice (asked back for the place).
  const bare = words(folded).length <= 8;
  return (
    (cue && kit && namedKits(folded).length === 0) ||
    (bare && hasAny(folded, adviceWords) && namedKits(folded).length === 0)
  );
}

// Places --------------------------------------------------------------------------------------

interface Place {
  name: string;
  region?: string;
  quoted: boolean;
}

const placeIndex = (() => {
  const islands = new Set<string>(nonContinentalComunaCuts);
  const entries: { words: string; place: Place }[] = [];
  const regionName = new Map(regions.map((region) => [region.cut, region.shortName]));
  for (const comuna of comunas) {
    const name = words(foldAccents(comuna.name)).join(" ");
    const place = {
      name: comuna.name,
      region: regionName.get(comuna.regionCut),
      quoted: islands.has(comuna.cut),
    };
    entries.push({ words: name, place });
    // Typed without the ñ ("Nunoa", "Penalolen").
    if (name.includes("ñ")) entries.push({ words: name.replace(/ñ/g, "n"), place });
  }
  for (const region of regions) {
    const names = [region.shortName, region.shortName.split(/ (?:del|y de|de) /)[0] ?? ""];
    if (region.shortName.includes("O'Higgins")) names.push("O'Higgins", "OHiggins");
    for (const name of names) {
      entries.push({
        words: words(foldAccents(name)).join(" "),
        place: { name: `la región de ${region.shortName}`, quoted: false },
      });
    }
  }
  for (const [alias, name] of Object.entries(placeAliases)) {
    const target = entries.find((entry) => entry.words === name);
    if (target) entries.push({ words: alias, place: target.place });
  }
  return entries.filter((entry) => entry.words.length > 2).sort((a, b) => b.words.length - a.words.length);
})();

/** The comuna, city or región a question names, if any (the longest name found). */
function placeOf(folded: string): Place | undefined {
  // Every place named, longest names first (so "Puerto Montt" is not "Montt"); then the one shipped
  // to ("¿hay envío a Arica? … las tiendas de Santiago" is Arica), else the first named.
  const found: { place: Place; at: number; length: number; to: boolean }[] = [];
  for (const entry of placeIndex) {
    if (!has(folded, entry.words)) continue;
    const at = folded.indexOf(` ${entry.words} `);
    // Inside a longer name already found (the words matched, not the place's display name).
    if (found.some((other) => at >= other.at && at < other.at + other.length)) continue;
    const before = folded.slice(0, at + 1);
    if (placeWordsNeedingPreposition.includes(entry.words) && !/ (?:a|en|hasta|para|de) $/.test(before))
      continue;
    found.push({
      place: entry.place,
      at,
      length: entry.words.length + 1,
      to: / (?:a|hasta|para|pa|al) $/.test(before),
    });
  }
  found.sort((a, b) => Number(b.to) - Number(a.to) || a.at - b.at);
  return found[0]?.place;
}

function asksAboutPlace(folded: string): boolean {
  const place = placeOf(folded);
  if (!place) return false;
  if (hasAny(folded, placeCueWords)) return true;
  // "¿Y a la Antártica?", "hasta Arica?": a short message naming where.
  return (
    words(folded).length <= 10 && / (?:y a|y hasta|a|hasta) (?:la |el )?[a-zñ]+/.test(folded.slice(0, 12))
  );
}

/** Shipping to the named place: free to continental Chile, quoted before paying for the islands. */
export function placeAnswer(question: string): FactAnswer {
  const folded = foldForFacts(question);
  const place = placeOf(folded);
  if (!place) return { text: t.deliveryTime(deliveryPromise), link: faqLink };
  const where = place.region ? `${place.name} (${place.region})` : place.name;
  const shipping = place.quoted ? t.shipsQuoted(where, quotationReviewTime) : t.shipsFree(where);
  // Outside the continent the delivery is arranged with the customer: no promise of days.
  const delivery = place.quoted ? "" : ` ${t.deliveryTime(deliveryPromise)}`;
  // "¿Es gratis el envío a…?" is yes where it is free; "¿cobran el envío a…?" where it is quoted.
  const asksFree = has(folded, "gratis");
  const asksCharge = hasAny(folded, ["cobran", "cobra", "costo", "cargo", "pagar", "paga", "cuesta"]);
  const yes = asksFree ? !place.quoted : asksCharge ? place.quoted : true;
  const yesNo = isYesNoQuestion(question) || asksFree;
  const text = `${yesNo ? withAnswer(yes, shipping) : upperFirst(shipping)}.${delivery}`;
  return { text, link: faqLink };
}

// Payments and documents ----------------------------------------------------------------------

const providers = () => Object.values(providerNames).join(" o ");

function asksInvoice(folded: string): boolean {
  return hasAny(folded, [
    "factura",
    "facturas",
    "facturan",
    "facturar",
    "boleta",
    "boletas",
    "facturacion",
    "invoice",
  ]);
}

/** The factura: chosen on the purchase form ("Documento": Boleta or Factura). */
export function invoiceAnswer(question = ""): FactAnswer {
  const fields = listWords(
    [
      purchaseTexts.invoiceRutLabel,
      purchaseTexts.invoiceNameLabel,
      purchaseTexts.invoiceGiroLabel,
      purchaseTexts.invoiceAddressLabel,
    ].map((label) => lowerFirst(label)),
  );
  const how = t.invoiceHow(purchaseTexts.documentLegend, purchaseTexts.documentFactura, fields);
  const folded = foldForFacts(question);
  // "¿Dan boleta?": the boleta first, then how to ask for a factura.
  const boletaOnly =
    hasAny(folded, ["boleta", "boletas"]) && !hasAny(folded, ["factura", "facturas", "facturan", "facturar"]);
  const text = boletaOnly
    ? t.boleta(purchaseTexts.documentBoleta, purchaseTexts.documentFactura, how)
    : t.invoice(purchaseTexts.documentFactura, how, purchaseTexts.documentBoleta);
  return { text: withAnswer(true, text), link: catalogueLink };
}

/** Means of payment a short message may name alone ("¿sirve Flow?"). */
const paymentMeansWords = [
  "cuenta rut",
  "cuentarut",
  "webpay",
  "flow",
  "transbank",
  "redcompra",
  "debito",
  "credito",
  "prepago",
  "tarjeta",
  "tarjetas",
];

const otherMeans = [
  "transferencia",
  "efectivo",
  "deposito",
  "paypal",
  "mercado pago",
  "mercadopago",
  "cheque",
  "bitcoin",
  "cripto",
  "khipu",
];

/** The payment means: cards through the configured providers; the rest said plainly. */
export function paymentAnswer(question: string, general: string): FactAnswer {
  const folded = foldForFacts(question);
  const yesNo = isYesNoQuestion(question);
  if (hasAny(folded, otherMeans))
    return { text: withAnswer(false, t.otherMeansNo(providers())), link: faqLink };
  const text = `${upperFirst(t.cardsYes(providers()))} ${general.split(". ").slice(-1)[0] ?? ""}`.trim();
  // Cuotas are the provider's and the card's: the content does not promise them.
  const cuotas = hasAny(folded, ["cuotas", "cuota"]);
  return { text: yesNo && !cuotas ? withAnswer(true, text) : text, link: faqLink };
}

// Certifications ------------------------------------------------------------------------------

/** The certifications of every kit, each once, in catalogue order. */
export function allCertifications(): Certification[] {
  return [...new Map(kitList.flatMap((kit) => kit.certifications).map((c) => [c.name, c])).values()];
}

/** A certification: what it means and which kits have it; every certification when none is named. */
export function certificationAnswer(name: string | undefined, question: string): FactAnswer {
  const folded = foldForFacts(question);
  const named = kitsAskedAbout(folded);
  // "¿El Industry Mini tiene certificación de mascarillas KN95?": the certification of the component named.
  // "¿Las mascarillas están certificadas?": the certifications whose description names a component asked.
  const groups = componentsOf(folded);
  const aboutComponent = (c: Certification) => {
    const description = foldForFacts(c.description);
    return groups.some((group) => (componentWords[group] ?? []).some((word) => has(description, word)));
  };
  const certification = name
    ? allCertifications().find((c) => c.name === name)
    : named.length === 1
      ? allCertifications().find(aboutComponent)
      : undefined;
  // "¿El Industry tiene certificación RoHS?": whether the named kit has it, and what it has.
  if (certification && named.length === 1 && named[0]) {
    const kit = named[0];
    const own = kit.certifications.some((c) => c.name === certification.name);
    const text = own
      ? `${t.kitHasCertification(kit.name, certification.name)}: ${lowerFirst(certification.description)}`
      : `${t.kitLacksCertification(kit.name, certification.name)} ${t.kitCertifications(listWords(kit.certifications.map((c) => c.name)))}`;
    return { text: isYesNoQuestion(question) ? withAnswer(own, text) : text, link: kitLink(kit) };
  }
  if (!name && named.length === 1 && named[0]) {
    const kit = named[0];
    return {
      text: `${kit.name}: ${kit.certifications.map((c) => `${c.name} (${lowerFirst(c.description.replace(/\.$/, ""))})`).join("; ")}.`,
      link: kitLink(kit),
    };
  }
  const forComponent = name ? [] : allCertifications().filter(aboutComponent);
  const shown = forComponent.length
    ? forComponent
    : allCertifications().filter((c) => !name || c.name === name);
  // One or two certifications with what each means; more, each with only the kits that have it.
  const described = shown.length <= 2;
  const text = shown
    .map((c) => {
      const kits = kitList.filter((kit) => kit.certifications.some((own) => own.name === c.name));
      const all = kits.length === kitList.length;
      const which = all
        ? "La tienen todos los kits."
        : t.certificationIn(listWords(kits.map((kit) => kit.name)));
      return described
        ? `${c.name}: ${lowerFirst(c.description)} ${which}`
        : `${c.name}: ${all ? t.allKits : listWords(kits.map((kit) => kit.name))}.`;
    })
    .join(" ");
  const yes = isYesNoQuestion(question);
  return { text: yes ? withAnswer(true, text) : text, link: catalogueLink };
}

/** The certification a question names, "all" for the certifications in general, or undefined. */
function certificationOf(folded: string): string | undefined {
  const named = Object.entries(certificationWords).find(([, phrases]) => hasAny(folded, phrases));
  if (named) return named[0];
  return hasAny(folded, certificationsWords) ? "all" : undefined;
}

// Other things -------------------------------------------------------------------------------

/** Every word naming a line ("essential", "nautico"…). */
export const lineNames: readonly string[] = Object.values(lineNameWords).flat();
/** Every phrase naming a component. */
const componentPhrases: readonly string[] = Object.values(componentWords).flat();

/**
 * The shop's own nouns: its kits, lines, components (their one-word names, "linterna", not the
 * first word of a longer one, "luz" of "luz estroboscópica") and services.
 */
const shopNouns = new Set([
  ...shopThingWords,
  ...lineNames,
  ...componentPhrases.filter((phrase) => !phrase.includes(" ")),
]);

/** A word naming no thing of the shop's (singular or plural), nor a stop word. */
const isForeignWord = (word: string | undefined): word is string =>
  word !== undefined &&
  !stopWords.has(word) &&
  !shopNouns.has(word) &&
  !shopNouns.has(word.replace(/e?s$/, ""));

/**
 * Whether the question asks the price, the duration or advice about a thing the shop does not sell
 * ("¿cuánto cuesta un bote inflable?", "¿cuánto dura normalmente un terremoto?", "¿qué celular me
 * compro?", "¿qué saco de dormir me recomiendas?"): then it is not the shop's question.
 */
export function asksForeignThing(folded: string): boolean {
  // "¿Cuánto cuesta un bote inflable?", "¿cuánto mide el cerro San Cristóbal?": a thing's price,
  // duration or size ("un"/"una" any thing; "el"/"la" a thing measured).
  const priced =
    / (?:cuesta|cuestan|sale|salen|vale|valen|cobran|cobra|dura|duran|precio de)(?: normalmente| mas o menos| aproximadamente| aprox)?(?: en [a-zñ]+)?(?: por)?(?: mandar| enviar| llevar)? (?:un|una) ([a-zñ]+) /.exec(
      folded,
    );
  const measured = / (?:mide|miden|pesa|pesan|dura|duran) (?:el|la|los|las) ([a-zñ]+) /.exec(folded);
  // "¿A qué hora cierra el metro?": another place's hours.
  const opens = / (?:abre|cierra|abren|cierran) (?:el|la|los|las) ([a-zñ]+) /.exec(folded);
  // "¿Cuál es el planeta más grande?", "¿cuál es el mejor celular?": the most of another thing.
  const most =
    / (?:cual|que) es (?:el|la) (?:mejor )?([a-zñ]+) (?:mas|menos|mejor|calidad) /.exec(folded) ??
    / (?:el|la) mejor ([a-zñ]+) /.exec(folded);
  // "¿Venden generadores?": a thing the shop does not sell.
  const sold = / (?:venden|vende|comercializan) ([a-zñ]+) /.exec(folded);
  // A component named by a longer phrase ("la luz estroboscópica") is the shop's, whatever its first word.
  const startsShopPhrase = (match: RegExpExecArray | null) => {
    if (!match?.[1]) return false;
    const rest = folded.slice(match.index + match[0].lastIndexOf(` ${match[1]} `));
    const next = words(rest)[1];
    return (
      (next !== undefined && shopNouns.has(next)) ||
      componentPhrases.some((phrase) => phrase.includes(" ") && rest.startsWith(` ${phrase} `))
    );
  };
  if (
    [priced, measured, opens, most, sold].some(
      (match) => isForeignWord(match?.[1]) && !startsShopPhrase(match),
    )
  )
    return true;
  // "¿Qué X me compro / me recomiendas?": advice on a thing, which the shop answers only for its kits.
  const advice =
    / (?:que|cual|cuales) ([a-zñ]+)(?: [a-zñ]+){0,2} (?:me compro|compro|me recomiendas|me recomiendan|recomiendas|es buena|es bueno) /.exec(
      folded,
    );
  const pronoun = ["le", "les", "me", "te", "nos"].includes(advice?.[1] ?? "");
  return (
    advice?.[1] !== undefined &&
    // "¿Por qué les compro a ustedes?" asks about the shop; "¿qué le compro a mi papá?" does not,
    // unless it gives a need the kits are for ("…me preocupan los terremotos, ¿qué le compro?").
    !hasAny(folded, ["ustedes", "lifebox"]) &&
    !(pronoun && scenarioOf(folded) !== undefined) &&
    !["kit", "kits", "lifebox", "modelo", "version", "opcion"].includes(advice[1]) &&
    !lineNames.includes(advice[1])
  );
}

/**
 * "La garantía de mi notebook", "la boleta de la luz", "la caja de cambios": the shop's own words
 * (warranty, boleta, price, delivery…) about someone else's thing. Not the shop's question, even
 * with those words in it.
 */
export function asksOfOthersThing(folded: string): boolean {
  const owned = folded.matchAll(
    / (?:garantia|boleta|factura|certificado|transferencia|envio|caja|precio|plazo|pago|cuotas|horario|devolucion|permiso|reclamo) (?:de|del)(?: la| las| los| mi| mis| un| una| el)? ([a-zñ]+)(?= )/g,
  );
  return [...owned].some(([, word]) => isForeignWord(word));
}

// Which kind of answer ------------------------------------------------------------------------

/**
 * The fact topic a question asks, by its words, or undefined to let the BM25 ranking decide.
 * Order matters: a factura before a payment, a place before anything (its name may be a word),
 * a comparison and a superlative before a component, a component before a recommendation.
 */
export function detectFactTopic(question: string): string | undefined {
  const folded = foldForFacts(question);
  // What the rules below read, worked out once.
  const kitsNamed = namedKits(folded);
  const scenario = scenarioOf(folded);
  const components = componentsOf(folded);
  const specs = specsOf(folded);
  const superlative = superlativeOf(folded);
  if (asksInvoice(folded) && !hasAny(folded, ["cotizacion", "cotizar", "orden de compra", "por mayor"])) {
    return "invoice";
  }
  if (asksAboutPlace(folded) && !hasAny(folded, ["pedido", "compra", "orden"])) return "place-shipping";
  // "No alcancé a pagar, ¿puedo pagar después?": the order's payment state.
  if (hasAny(folded, policyCueWords.notPaid)) return "paymentStatus";
  // "¿Sirve Flow?", "webpay?": a short message naming a means of payment.
  if ((words(folded).length <= 4 || has(folded, "pagar con")) && hasAny(folded, paymentMeansWords))
    return "payment";
  // "¿Tienen WhatsApp?": the contact answer.
  if (hasAny(folded, ["whatsapp", "wsp", "wasap", "guasap"]) && !hasAny(folded, ["pedido", "compra"]))
    return "contact";
  const namedLines = productLines.filter((line) => hasAny(folded, lineNameWords[line]));
  if (superlative && namedLines.length >= 2) return `compare-${superlative}`;
  // "¿Cuál tiene más mantas, el Essential o el Mini?": the component in each kit named.
  if (components.length > 0 && kitsNamed.length === 2) return `component-${components[0]}`;
  if (wantsComparison(folded)) return "compare-versions";
  // "¿Cuánto más caro es el Expedition que el Expedition Mini?": the two side by side, with the difference.
  if (has(folded, "cuanto mas") && kitsNamed.length === 2) return "compare-versions";
  // A comparison or a budget is about the kits only with a word of them ("¿dónde como sushi barato?" is not).
  const aboutChoice = hasAny(folded, choiceAnchorWords) || namedLines.length > 0;
  // "¿Hay algún kit bajo 150 lucas?": the kits within the amount.
  if (budgetOf(folded) !== undefined && aboutChoice && !hasAny(folded, ["envio", "despacho", "cuotas"]))
    return "compare-budget";
  const certification = certificationOf(folded);
  // IP67 is the box's own answer (what it means, its norm, depth and time), not the list of certifications.
  if (certification && !(certification === "all" && hasAny(folded, ["ip67", "ip 67"]))) {
    const index = allCertifications().findIndex((c) => c.name === certification);
    return index >= 0 ? `certification-${index + 1}` : "certifications";
  }
  if (superlative && aboutChoice && components.length === 0 && !hasAny(folded, ["envio", "despacho"])) {
    return `compare-${superlative}`;
  }
  const fault = hasAny(folded, faultWords);
  // "¿El espejo de señales, desde qué distancia lo ven?": a word of the component's own description.
  const described = components.some((group) =>
    (componentGroups().get(group) ?? []).some((variant) => {
      const description = foldForFacts(variant.component.description);
      return words(folded).some(
        (word) =>
          word.length >= 5 &&
          !stopWords.has(word) &&
          has(description, word) &&
          !(componentWords[group] ?? []).includes(word),
      );
    }),
  );
  // "La linterna", "el filtro", "las mantas": the definite article points at the shop's own.
  const definite = components.some((group) =>
    (componentWords[group] ?? []).some(
      (phrase) =>
        has(folded, phrase) &&
        / (?:la|el|las|los|ese|esa|esos|esas|este|esta|estos|estas)(?: [a-zñ]+)? $/.test(
          folded.slice(0, folded.indexOf(` ${phrase} `) + 1),
        ),
    ),
  );
  const general = hasAny(folded, generalKnowledgeWords) && !hasAny(folded, ["kit", "kits", "lifebox"]);
  const aboutKits =
    !general && (hasAny(folded, componentContextWords) || kitsNamed.length > 0 || described || definite);
  // "¿Qué kit de primeros auxilios me recomiendan para el auto?": advice for a place comes first.
  const adviceForPlace =
    scenario !== undefined &&
    hasAny(folded, ["recomienda", "recomiendan", "recomiendas", "conviene", "que kit", "cual kit"]);
  if (
    components.length > 0 &&
    aboutKits &&
    !fault &&
    !hasAny(folded, ["garantia", "garantias"]) &&
    !adviceForPlace &&
    !hasAny(folded, ["personalizar", "agregar"])
  ) {
    return `component-${components[0]}`;
  }
  const price = hasAny(folded, priceWords) && !hasAny(folded, recommendWords);
  // "¿Cuánto sale el Industry pa la empresa?": one kit's price alone, with no quantity, is its price.
  if (
    price &&
    specs.length === 0 &&
    !hasAny(folded, contentsWords) &&
    kitsNamed.length === 1 &&
    kitsNamed[0] &&
    !/\s\d+ kits?\s/.test(folded) &&
    !hasAny(folded, ["cotizacion", "cotizar", "por mayor"])
  ) {
    return `kit-${kitsNamed[0].id}-price`;
  }
  // "¿Cuántos componentes tiene el Essential?": the named kit's contents.
  if (
    kitsNamed.length === 1 &&
    kitsNamed[0] &&
    !price &&
    components.length === 0 &&
    hasAny(folded, contentsWords)
  )
    return `kit-${kitsNamed[0].id}-contents`;
  // "Los precios de todos los mini": the price list of the kits named.
  if (price && kitsNamed.length > 1 && !superlative && !hasAny(folded, compareWords) && !scenario)
    return "catalogue";
  const quotation = hasAny(folded, quotationWords) || /\s\d+ kits?\s/.test(folded);
  // "¿Cuánto cuesta / qué trae / cuánto pesa el kit para la casa?": that of the kit made for the place.
  // "El kit pa la casa", "el de barco chico": the kit made for the place, the mini when asked.
  const scenarioMini = scenario && (scenario.mini || hasAny(folded, versionWords.mini));
  const scenarioKit =
    scenario &&
    hasAny(folded, ["kit", "kits", "el de", "el del", "uno de", "el mini de"]) &&
    productLines.every((line) => !hasAny(folded, lineNameWords[line])) &&
    !quotation
      ? kitOf(scenario.line, scenarioMini === true)
      : undefined;
  if (scenarioKit && !hasAny(folded, recommendWords)) {
    if (price) return `kit-${scenarioKit.id}-price`;
    // "¿El kit de barco trae chaleco salvavidas?": its contents, yes or no.
    if (hasAny(folded, contentsWords) || hasAny(folded, kitVerbs)) return `kit-${scenarioKit.id}-contents`;
    if (specs.some((label) => label !== "Capacidad")) return `kit-${scenarioKit.id}-specs`;
  }
  // "¿El de 140 lucas cuál es?": the kit named by its price.
  const pricedKit = kitByPrice(folded);
  if (pricedKit && specs.length === 0 && components.length === 0) return `kit-${pricedKit.id}-use`;
  // "¿Cabe bajo el asiento el Essential Mini?": the kit's use says where it fits.
  if (hasAny(folded, ["cabe", "caben"]) && kitsNamed.length === 1 && kitsNamed[0])
    return `kit-${kitsNamed[0].id}-use`;
  // "Necesitamos como 20 kits pa los colegios": many kits are a quotation.
  if (/ (?:\d{2,}|veinte|treinta|cuarenta|cincuenta|cien) kits? /.test(folded) && !hasAny(folded, priceWords))
    return "quotation";
  // The right of withdrawal named by its own word ("¿aplica el retracto?"), whatever else is said.
  if (
    hasAny(folded, [
      "retracto",
      "retractarme",
      "arrepentirme",
      "arrepentimiento",
      "arrepenti",
      "me arrepenti",
    ])
  )
    return "withdrawal";
  const warranty = hasAny(folded, ["garantia", "garantias"]);
  // "Si el kit llega con la caja dañada, ¿qué hago?": the warranty's claim.
  const damaged = [
    "rota",
    "roto",
    "dañada",
    "danada",
    "dañado",
    "aplastada",
    "trizada",
    "incompleto",
    "incompleta",
    "abollada",
    "chancada",
    "fallado",
    "fallada",
  ];
  if (/ (?:llega|llego|vino|venia|viene|llegue) /.test(folded) && hasAny(folded, damaged)) return "warranty";
  // "Se me cayó y se trizó la caja, ¿lo cubre la garantía?": the warranty and what it excludes.
  if (
    warranty &&
    (fault ||
      hasAny(folded, ["cae", "cayo", "caida", "trizo", "rompio", "rompe", "golpe", "vencieron", "vencido"]))
  )
    return "warranty";
  // "Tengo el Essential en el maletero, ¿aguanta el calor?": the named kit's specification first.
  const namedSpecs = specs.filter((label) => label !== "Capacidad");
  if (
    kitsNamed.length === 1 &&
    kitsNamed[0] &&
    namedSpecs.length > 0 &&
    peopleOf(folded) === undefined &&
    daysOf(folded) === undefined
  )
    return `kit-${kitsNamed[0].id}-specs`;
  const advised = !quotation || hasAny(folded, adviceWords);
  if (advised && !price && !fault && !warranty && wantsRecommendation(folded)) return "recommend";
  // The kits named, or described ("el chico para la mochila").
  const named = kitsAskedAbout(folded);
  // IP67 named with no kit, or "¿se moja lo de adentro?", "¿es waterproof?": what IP67 means,
  // its norm, depth and time.
  const waterproof = [
    "ip67",
    "ip 67",
    ...wetWords,
    "waterproof",
    "impermeable",
    "impermeables",
    "resistente al agua",
    "resistentes al agua",
    "a prueba de agua",
  ];
  if (hasAny(folded, waterproof) && named.length === 0) return "ip67";
  if (specs.length > 0 && !hasAny(folded, placeCueWords)) {
    // Two kits named ("¿el Expedition y el Mini tienen el mismo rango?"): both, side by side.
    if (named.length === 2) return "specs-all";
    if (named.length !== 1 || !named[0]) {
      // Of every kit only when the question is about the kits ("¿qué temperatura hace en Punta Arenas?" is not).
      const aboutBoxes = hasAny(folded, [
        "kit",
        "kits",
        "caja",
        "cajas",
        "lifebox",
        "aguanta",
        "aguantan",
        "resiste",
        "resisten",
        "soporta",
        "soportan",
        "pesa",
        "pesan",
        "mide",
        "miden",
      ]);
      // "¿IP67 cuánto tiempo aguanta bajo el agua?" is the IP67 answer (depth and time), not each kit's line.
      const ip67 = hasAny(folded, ["ip67", "ip 67"]);
      return aboutBoxes && !placeOf(folded) && !ip67 ? "specs-all" : undefined;
    }
    // "¿Para cuántas personas es el Essential?": the kit's use answer says its capacity.
    return `kit-${named[0].id}-${specs.length === 1 && specs[0] === "Capacidad" ? "use" : "specs"}`;
  }
  return undefined;
}
