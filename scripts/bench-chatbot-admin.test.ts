import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { describe, it } from "vitest";
import { foldForSearch } from "~/lib/format";
import { chatSessionsList } from "~/models/admin-lists/chatbot.server";
import { listCsv, listPage } from "~/models/admin-lists/engine.server";
import { recordChatExchange } from "~/models/chatbot-conversations.server";
import { migrateToLatest, type Dialect } from "~/infra/db.server";
import { createTestDatabase } from "../tests/support/databases";

/**
 * The chat conversations' admin list at scale (docs/decisions/039): not a test, a measurement, run on
 * demand only:
 *
 *   BENCH_CHAT=1 npx vitest run scripts/bench-chatbot-admin.test.ts
 *   BENCH_CHAT=1 BENCH_DIALECT=postgres TEST_DATABASE_URL=… npx vitest run scripts/bench-chatbot-admin.test.ts
 *
 * Seeds BENCH_SESSIONS conversations (default 50,000) of 1 to 5 exchanges, then prints p50/p95 of
 * the list's pages (searches, the unanswered filter, sorts), the CSV of all, and what one exchange
 * costs to store as a conversation grows to 100 exchanges.
 */

const dialect = (process.env.BENCH_DIALECT ?? "sqlite") as Dialect;
const sessions = Number(process.env.BENCH_SESSIONS ?? 50_000);
const words = (
  "despacho envio kit essential expedition nautical industry precio garantia region santiago valparaiso " +
  "temuco arica puerto montt concepcion bateria linterna radio agua comida manta carpa botiquin empresa " +
  "cotizacion factura pago transferencia tarjeta cuotas retiro devolucion plazo dias habiles courier " +
  "seguimiento pedido numero correo"
).split(" ");
const answers = [
  "Envío gratis a todo Chile continental: despachamos por courier a la dirección que indiques. Envíos a Isla de Pascua, Juan Fernández y la Antártica se coordinan con cada cliente; envíos internacionales, previo contacto.",
  "El LifeBox Essential cuesta $219.990 e incluye 11 componentes para 4 personas durante 72 horas.",
  "No estoy seguro de haber entendido tu pregunta. Escríbenos por WhatsApp o con el formulario de contacto y te respondemos a la brevedad.",
];

/** A repeatable pseudo-random sequence. */
function sequence(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

async function measure(label: string, run: () => Promise<unknown>, runs = 15) {
  for (let warm = 0; warm < 3; warm++) await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) => samples[Math.min(runs - 1, Math.floor(runs * share))]!.toFixed(1);
  console.log(`${dialect} ${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}

const average = (values: number[]) => (values.reduce((a, b) => a + b, 0) / values.length).toFixed(1);

if (!process.env.BENCH_CHAT) {
  console.info("Chat list benchmark not run: it takes minutes (set BENCH_CHAT=1 to run it; decision 039).");
}

describe.skipIf(!process.env.BENCH_CHAT)("the chat conversations list at scale", () => {
  it("measures", { timeout: 1_800_000 }, async () => {
    const database = await createTestDatabase(dialect);
    const { db } = database;
    try {
      await migrateToLatest(db);
      const random = sequence(42);
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const t0 = Date.parse("2026-01-01T00:00:00Z");
      let start = performance.now();
      for (let first = 0; first < sessions; first += 1000) {
        const rows = [];
        for (let index = first; index < Math.min(sessions, first + 1000); index++) {
          const exchanges = 1 + Math.floor(random() * 5);
          const lines: string[] = [];
          let unanswered = 0;
          for (let exchange = 0; exchange < exchanges; exchange++) {
            const question = Array.from({ length: 3 + Math.floor(random() * 6) }, () => pick(words)).join(
              " ",
            );
            const answer = pick(answers);
            if (answer === answers[2]) unanswered++;
            lines.push(index === 777 ? `${question} coyhaique` : question, answer);
          }
          const at = new Date(t0 + index * 60_000).toISOString();
          rows.push({
            id: crypto.randomUUID(),
            visitorId: crypto.randomUUID(),
            visitorIp: "203.0.113.7",
            startedAt: at,
            lastMessageAt: at,
            endedAt: at,
            messageCount: exchanges * 2,
            unansweredCount: unanswered,
            searchText: foldForSearch(lines.join("\n")),
          });
        }
        await db.insertInto("chatSessions").values(rows).execute();
      }
      if (dialect === "postgres") await sql`analyze`.execute(db);
      console.log(
        `${dialect} seeded ${sessions} conversations in ${((performance.now() - start) / 1000).toFixed(1)} s`,
      );

      const page = (query: Record<string, string>) => () =>
        listPage(db, chatSessionsList, new URLSearchParams(query));
      await measure("first page", page({}));
      await measure("search 'coyhaique' (1 conversation)", page({ q: "coyhaique" }));
      await measure("search 'temuco' (a third)", page({ q: "temuco" }));
      await measure("search 'despacho' (most)", page({ q: "despacho" }));
      await measure("search part of a session id", page({ q: "5b0c7a52-1111" }));
      await measure("filter 'Con preguntas sin responder'", page({ preguntas: "sin-responder" }));
      await measure("sort by Mensajes", page({ sort: "messages", dir: "desc" }));
      await measure("page 400", page({ page: "400" }));
      start = performance.now();
      let characters = 0;
      for await (const chunk of listCsv(db, chatSessionsList, new URLSearchParams()))
        characters += chunk.length;
      console.log(
        `${dialect} CSV of all: ${((performance.now() - start) / 1000).toFixed(1)} s, ${characters} characters`,
      );

      // Storing: one conversation growing to 100 exchanges of long questions and answers.
      const visitorId = crypto.randomUUID();
      let sessionId: string | undefined;
      const costs: number[] = [];
      for (let exchange = 0; exchange < 99; exchange++) {
        start = performance.now();
        ({ sessionId } = await recordChatExchange(db, {
          visitorId,
          ip: "203.0.113.8",
          sessionId,
          question: `pregunta ${exchange} ${"palabra ".repeat(50)}`,
          answer: { text: `${answers[0]} ${answers[1]}`, topic: "shipping" },
        }));
        costs.push(performance.now() - start);
      }
      console.log(
        `${dialect} one exchange: ${average(costs.slice(0, 10))} ms (first 10), ${average(costs.slice(-10))} ms (last 10, ~74,000 characters of text)`,
      );
    } finally {
      await database.drop();
    }
  });
});
