/**
 * Spelling correction of a question against the words the index knows (docs/decisions/040): a
 * word the index has never seen, of six letters or more, is replaced by a known word one typo
 * away (a letter missing, added, changed, or two neighbours swapped: "garnatia" → "garantia",
 * "envios" → "envio", "buenass" → "buenas"). When several known words are one typo away, the one
 * the index uses most wins. Shorter words are left alone: at three or four letters one typo turns
 * almost any word into another.
 */

/** Shortest word corrected. */
export const minCorrectedLength = 6;

/**
 * Whether `a` and `b` are at most one typo apart (optimal string alignment distance ≤ 1): one
 * letter inserted, deleted or changed, or two adjacent letters swapped.
 */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  const restA = a.slice(start);
  const restB = b.slice(start);
  if (restA.length === restB.length) {
    // Changed letter, or two neighbours swapped.
    if (restA.slice(1) === restB.slice(1)) return true;
    return restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2);
  }
  // One letter more in one of them.
  return restA.length > restB.length ? restA.slice(1) === restB : restB.slice(1) === restA;
}

export interface Vocabulary {
  /** How many times the index uses each folded word (synonym keys and stop words count as known). */
  counts: Map<string, number>;
}

/** The known word one typo from `word`, the most used if several; undefined if none. */
export function correctWord(word: string, vocabulary: Vocabulary): string | undefined {
  if (word.length < minCorrectedLength || /\d/.test(word) || vocabulary.counts.has(word)) return undefined;
  let best: string | undefined;
  let bestCount = 0;
  for (const [known, count] of vocabulary.counts) {
    if (known.length < minCorrectedLength - 1 || !oneTypoApart(word, known)) continue;
    if (count > bestCount) {
      best = known;
      bestCount = count;
    }
  }
  return best;
}
