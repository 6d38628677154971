// `npm run bench:chatbot`: how well the chatbot's answer engine (app/services/chatbot) answers the
// labelled questions of tests/fixtures/chatbot-questions.json and the three held-out sets, and how fast.
//
// Loads the TypeScript app code with Vite (as bench-orders does) and prints, for each set, top-1
// accuracy, recall@3, the off-topic false-answer rate, the misses per topic (expected → got) and the
// off-topic questions answered; for the labelled set also p50/p95 ms per answer (the index is built
// before the clock starts; BENCH_CHATBOT_ROUNDS rounds, default 20).
//
// Targets (issue 26, docs/decisions/077): top-1 ≥ 95 % on the labelled set and ≥ 90 % on held-out 3,
// off-topic false answers ≤ 3 % on both, p95 ≤ 5 ms per answer. The held-out sets are never tuned
// on: they say how the engine does on questions nobody fitted it to. Held-out 3 is judged by the
// facts its answers state (evaluateFacts) and is ALWAYS printed as figures only: which of its
// questions fail is never printed. BENCH_CHATBOT_SUMMARY=1 prints the other sets without their
// misses. The older sets' labels are met as evaluate.ts `meetsLabel` says (a fact answer now answers
// some of their questions). It is a benchmark: it exits 0 either way (chatbot.test.ts enforces the
// floors), 1 only when it fails to run.
import fs from "node:fs";
import path from "node:path";
import { appModuleServer } from "./lib/app-modules.mjs";

const root = path.resolve(import.meta.dirname, "..");
const rounds = Math.max(1, Number(process.env.BENCH_CHATBOT_ROUNDS ?? 20) || 20);
const summaryOnly = process.env.BENCH_CHATBOT_SUMMARY === "1";

const readSet = (name) => JSON.parse(fs.readFileSync(path.join(root, "tests/fixtures", name), "utf8"));
const sets = [
  { title: "Labelled set (tuned on)", set: readSet("chatbot-questions.json") },
  { title: "Held-out set 1 (never tuned on)", set: readSet("chatbot-questions-heldout.json") },
  { title: "Held-out set 2 (fresh, never tuned on)", set: readSet("chatbot-questions-heldout-2.json") },
];
// Judged by the facts its answers state. The tuning set's misses are printed; held-out 3 is always
// summarised (its questions are never read, see the header).
const factSets = [
  { title: "Fact tuning set 1 (tuned on)", set: readSet("chatbot-questions-facts.json"), tuned: true },
  { title: "Fact tuning set 2 (tuned on)", set: readSet("chatbot-questions-facts-2.json"), tuned: true },
  { title: "Fact tuning set 3 (tuned on)", set: readSet("chatbot-questions-facts-3.json"), tuned: true },
  { title: "Boundary set (tuned on)", set: readSet("chatbot-questions-boundary.json"), tuned: true },
  { title: "Boundary set 2 (tuned on)", set: readSet("chatbot-questions-boundary-2.json"), tuned: true },
  { title: "Held-out set 3 (facts, never tuned on)", set: readSet("chatbot-questions-heldout-3.json") },
];

const server = await appModuleServer(root);
try {
  const { evaluate, evaluateFacts, percentile } = await server.ssrLoadModule(
    "/app/services/chatbot/evaluate.ts",
  );
  const { answerQuestion } = await server.ssrLoadModule("/app/services/chatbot/chatbot.server.ts");
  const buildStart = performance.now();
  answerQuestion("hola");
  const buildMs = performance.now() - buildStart;
  const pct = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;

  for (const [index, { title, set }] of sets.entries()) {
    const result = evaluate(set);
    const falseAnswers = result.offTopicTotal - result.offTopicFallbacks;
    console.log(`${title} — ${result.total} questions, ${result.offTopicTotal} off-topic`);
    console.log(
      `  top-1 accuracy          ${pct(result.top1, result.total)} (${result.top1}/${result.total}${index === 0 ? "; target ≥ 95 %" : ""})`,
    );
    console.log(
      `  recall@3                ${pct(result.recallAt3, result.total)} (${result.recallAt3}/${result.total})`,
    );
    console.log(
      `  off-topic false answers ${pct(falseAnswers, result.offTopicTotal)} (${falseAnswers}/${result.offTopicTotal}${index === 0 ? "; target ≤ 3 %" : ""})`,
    );
    if (index === 0) {
      const times = [...result.times];
      for (let round = 1; round < rounds; round++) times.push(...evaluate(set).times);
      console.log(`  index build (first answer) ${buildMs.toFixed(1)} ms`);
      console.log(
        `  time per answer         p50 ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms (${times.length} answers; target p95 ≤ 5 ms)`,
      );
    }
    if (summaryOnly) continue;
    console.log("  Misses (expected → got):");
    if (result.confusion.length === 0) console.log("    none");
    for (const miss of result.confusion) {
      console.log(
        `    ${miss.count} × ${miss.expected} → ${miss.got}: ${miss.examples.map((q) => JSON.stringify(q)).join(", ")}`,
      );
    }
    console.log("  Off-topic questions answered:");
    if (result.falseAnswers.length === 0) console.log("    none");
    for (const entry of result.falseAnswers) console.log(`    ${JSON.stringify(entry.q)} → ${entry.got}`);
  }
  for (const { title, set, tuned } of factSets) {
    const result = evaluateFacts(set);
    const falseAnswers = result.offTopicTotal - result.offTopicFallbacks;
    console.log(
      `${title} — ${result.total} questions, ${result.offTopicTotal} off-topic${tuned ? "" : " (summary only)"}`,
    );
    console.log(
      `  top-1 accuracy          ${pct(result.top1, result.total)} (${result.top1}/${result.total}; target ≥ ${tuned ? 95 : 90} %)`,
    );
    console.log(
      `  recall@3                ${pct(result.recallAt3, result.total)} (${result.recallAt3}/${result.total})`,
    );
    console.log(
      `  off-topic false answers ${pct(falseAnswers, result.offTopicTotal)} (${falseAnswers}/${result.offTopicTotal}; target ≤ 3 %)`,
    );
    const times = [...result.times];
    for (let round = 1; round < rounds; round++) times.push(...evaluateFacts(set).times);
    console.log(
      `  time per answer         p50 ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms (${times.length} answers; target p95 ≤ 5 ms)`,
    );
    if (!tuned || summaryOnly) continue;
    console.log("  Misses (question → the answer's start):");
    if (result.misses.length === 0) console.log("    none");
    for (const miss of result.misses)
      console.log(`    [${miss.kind}] ${JSON.stringify(miss.q)} → ${miss.got}`);
    console.log("  Off-topic questions answered:");
    if (result.falseAnswers.length === 0) console.log("    none");
    for (const entry of result.falseAnswers) console.log(`    ${JSON.stringify(entry.q)} → ${entry.got}`);
  }
} finally {
  await server.close();
}
