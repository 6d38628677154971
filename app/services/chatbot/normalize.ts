/**
 * The chatbot's text normalisation and its Orama tokenizer: lower-case, accents folded (á → a,
 * ü → u) but ñ kept, Chilean wording and misspellings rewritten (app/content/chatbot.ts), Orama's
 * Spanish stop words dropped and the rest stemmed with Orama's Spanish stemmer. The same steps run
 * on the indexed text and on the question, so both meet in the same words.
 */
import type { Tokenizer } from "@orama/orama";
import { stemmer } from "@orama/stemmers/spanish";
import { stopwords as spanishStopWords } from "@orama/stopwords/spanish";
import {
  chatbotExtraStopWords,
  chatbotKeptStopWords,
  chatbotSynonyms,
  chatbotWordFamilies,
} from "~/content/chatbot";

/**
 * Lower-cases and removes accents and diaeresis, keeping ñ, and shortens a letter typed three times
 * or more (Spanish never writes one so): "¿Cuánto SALE el Pingüino?" → "¿cuanto sale el pinguino?",
 * "holaaa" → "hola".
 */
export function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/n\u0303/g, "ñ")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-zñ])\1{2,}/g, "$1");
}

/** An e-mail address as customers type it (the order status asks for one). */
export const emailPattern = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

/**
 * An order number as customers type it: "LB-7K3F9Q", "lb 7k3f9q", "lb7k3f9q", or the six characters
 * alone when they mix letters and digits ("7K3F9Q"; six letters alone are too often a word).
 */
export const orderNumberPattern = /\blb[-\s]?([a-z0-9]{6})\b|\b(?=[a-z]*\d)(?=\d*[a-z])([a-z0-9]{6})\b/gi;

/**
 * The folded text without e-mail addresses and with an order number read as "pedido": an address
 * says nothing about what is asked, and neither adds unknown words to the search.
 */
export function foldQuestion(text: string): string {
  // "-40" is "menos 40": the sign would be lost with the punctuation.
  return foldAccents(text)
    .replace(emailPattern, " ")
    .replace(orderNumberPattern, " pedido ")
    .replace(/(^|[\s(])[-−](?=\d)/g, "$1menos ");
}

/** Words: runs of letters and digits (ñ included); everything else separates them. */
export function words(folded: string): string[] {
  return folded.match(/[a-z0-9ñ]+/g) ?? [];
}

const phraseSynonyms = Object.entries(chatbotSynonyms)
  .filter(([from]) => from.includes(" "))
  .sort(([a], [b]) => b.length - a.length)
  .map(([from, to]) => [from.split(" "), to] as const);
const wordSynonyms = new Map(Object.entries(chatbotSynonyms).filter(([from]) => !from.includes(" ")));

/** Word families rewritten in every form, found by their stem ("arrepentir" → "me arrepenti"). */
const stemSynonyms = new Map(
  Object.entries(chatbotWordFamilies).map(([from, to]) => [stemmer(from), to] as const),
);

function synonymOf(word: string): string {
  return wordSynonyms.get(word) ?? stemSynonyms.get(stemmer(word)) ?? word;
}

/** Folded words with the synonyms applied: phrases first (longest first), then single words. */
export function normalizeWords(text: string): string[] {
  const input = words(foldQuestion(text));
  const output: string[] = [];
  for (let i = 0; i < input.length;) {
    const phrase = phraseSynonyms.find(([from]) => from.every((word, k) => input[i + k] === word));
    if (phrase) {
      output.push(...phrase[1].split(" "));
      i += phrase[0].length;
      continue;
    }
    const word = input[i] ?? "";
    output.push(...synonymOf(word).split(" "));
    i += 1;
  }
  return output;
}

const kept = new Set(chatbotKeptStopWords);
export const stopWords = new Set(
  [...spanishStopWords, ...chatbotExtraStopWords].map(foldAccents).filter((word) => !kept.has(word)),
);

/** The search terms of a text: normalised words without stop words, stemmed. */
export function searchTerms(text: string): string[] {
  return normalizeWords(text)
    .filter((word) => !stopWords.has(word))
    .map((word) => stemmer(word));
}

const termEnd = "_";

/** Orama tokenizer running {@link searchTerms} (duplicates removed, as Orama's own does). */
export function createChatbotTokenizer(): Tokenizer {
  return {
    language: "spanish",
    normalizationCache: new Map(),
    // The end mark keeps Orama's prefix matching from taking "tra" (trae) for "transferenci".
    tokenize: (raw: string) => [...new Set(searchTerms(raw).map((term) => `${term}${termEnd}`))],
  };
}
