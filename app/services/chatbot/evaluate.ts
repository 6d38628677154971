/**
 * Measures the answer engine on a labelled set (tests/fixtures/chatbot-questions.json): used by
 * chatbot.test.ts (the targets) and by `npm run bench:chatbot` (the figures).
 */
import { performance } from "node:perf_hooks";
import { answerQuestion } from "./chatbot.server";

export interface LabelledQuestions {
  /** Questions with the topic that should answer them. */
  questions: { q: string; topic: string }[];
  /** Questions the shop does not answer: they should get the fallback. */
  offTopic: string[];
}

export interface Evaluation {
  total: number;
  top1: number;
  recallAt3: number;
  /** Off-topic questions that got the fallback. */
  offTopicFallbacks: number;
  offTopicTotal: number;
  /** Misses "expected → got" with their counts, most frequent first. */
  confusion: { expected: string; got: string; count: number; examples: string[] }[];
  /** Off-topic questions that got an answer, with the topic. */
  falseAnswers: { q: string; got: string }[];
  /** Milliseconds per answer, in run order. */
  times: number[];
}

export function evaluate(set: LabelledQuestions): Evaluation {
  const times: number[] = [];
  const timed = (q: string) => {
    const start = performance.now();
    const answer = answerQuestion(q);
    times.push(performance.now() - start);
    return answer;
  };
  let top1 = 0;
  let recallAt3 = 0;
  const misses = new Map<string, { expected: string; got: string; count: number; examples: string[] }>();
  for (const { q, topic } of set.questions) {
    const answer = timed(q);
    const got = answer.topic ?? "(fallback)";
    if (got === topic) top1 += 1;
    if ([answer.topic, ...answer.alternatives].slice(0, 3).includes(topic)) recallAt3 += 1;
    if (got !== topic) {
      const key = `${topic} → ${got}`;
      const miss = misses.get(key) ?? { expected: topic, got, count: 0, examples: [] };
      miss.count += 1;
      miss.examples.push(q);
      misses.set(key, miss);
    }
  }
  const falseAnswers = set.offTopic
    .map((q) => ({ q, got: timed(q).topic }))
    .filter((entry): entry is { q: string; got: string } => entry.got !== null);
  return {
    total: set.questions.length,
    top1,
    recallAt3,
    offTopicFallbacks: set.offTopic.length - falseAnswers.length,
    offTopicTotal: set.offTopic.length,
    confusion: [...misses.values()].sort((a, b) => b.count - a.count),
    falseAnswers,
    times,
  };
}

/** The value under which `share` of the sorted values lie (nearest rank). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}
