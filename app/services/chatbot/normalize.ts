/**
 * The chatbot's text normalisation and its Orama tokenizer: lower-case, accents folded (á → a,
 * ü → u) but ñ kept, Chilean wording and misspellings rewritten (app/content/chatbot.ts), Orama's
 * Spanish stop words dropped and the rest stemmed with Orama's Spanish stemmer. The same steps run
 * on the indexed text and on the question, so both meet in the same words.
 */
import type { Tokenizer } from "@orama/orama";
import { stemmer } from "@orama/stemmers/spanish";
import { stopwords as spanishStopWords } from "@orama/stopwords/spanish";
import { chatbotExtraStopWords, chatbotKeptStopWords, chatbotSynonyms } from "~/content/chatbot";

/** Lower-cases and removes accents and diaeresis, keeping ñ: "¿Cuánto SALE el Pingüino?" → "¿cuanto sale el pinguino?". */
export function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/n\u0303/g, "ñ")
    .replace(/[\u0300-\u036f]/g, "");
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

/** Folded words with the synonyms applied: phrases first (longest first), then single words. */
export function normalizeWords(text: string): string[] {
  // An order number (LB-7K3F9Q) is one word for the search: "pedido".
  const input = words(foldAccents(text).replace(/\blb-?\s?[a-z0-9]{6}\b/g, " pedido "));
  const output: string[] = [];
  for (let i = 0; i < input.length;) {
    const phrase = phraseSynonyms.find(([from]) => from.every((word, k) => input[i + k] === word));
    if (phrase) {
      output.push(...phrase[1].split(" "));
      i += phrase[0].length;
      continue;
    }
    const word = input[i] ?? "";
    output.push(...(wordSynonyms.get(word) ?? word).split(" "));
    i += 1;
  }
  return output;
}

const kept = new Set(chatbotKeptStopWords);
const stopWords = new Set(
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
