import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chatbotMaxQuestionLength, chatbotTexts, policyPassages } from "~/content/chatbot";
import { exampleCompany } from "~/content/company";
import { quoteTexts } from "~/content/forms";
import { kitList, kitPath } from "~/content/kits";
import { privacyPolicy, termsOfService } from "~/content/legal";
import { paymentTexts } from "~/content/payments";
import { processPage } from "~/content/process-page";
import { formatPrice } from "~/lib/format";
import { maxQuantityPerKit } from "~/lib/order-lines";
import {
  answerQuestion,
  chatbotConfidentScore,
  chatbotScoreThreshold,
  dedupeSentences,
  findOrderDetails,
  splitAsks,
} from "./chatbot.server";
import { oneTypoApart } from "./spelling";
import { buildTopics } from "./topics";
import {
  answerHolds,
  evaluate,
  evaluateFacts,
  foldFact,
  percentile,
  type FactQuestions,
  type LabelledQuestions,
} from "./evaluate";

const readSet = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve("tests/fixtures", name), "utf8")) as LabelledQuestions;

const set = readSet("chatbot-questions.json");
const heldOut = readSet("chatbot-questions-heldout.json");
const freshHeldOut = readSet("chatbot-questions-heldout-2.json");
// Read only to measure it: its questions are never printed, nor looked at (docs/decisions/077).
const factHeldOut = JSON.parse(
  fs.readFileSync(path.resolve("tests/fixtures/chatbot-questions-heldout-3.json"), "utf8"),
) as FactQuestions;

/** Issue 26's targets on the labelled set: top-1 ≥ 95 %, off-topic false answers ≤ 3 %. */
const top1Floor = 0.95;
/**
 * Held-out 3 (docs/decisions/077, 079), at issue 26's targets: top-1 ≥ 90 % (measured 117/122) and
 * off-topic false answers ≤ 3 %, at most one of its 34 (measured 1).
 */
const FACT_TOP1_FLOOR = 0.9;
const FACT_OFF_TOPIC_MAX_ANSWERED = 1;
const offTopicFloor = 0.97;

const pagePaths = new Set([
  "/",
  "/productos",
  "/faq",
  "/galeria/compartir",
  "/contacto",
  "/terminos",
  "/privacidad",
  "/proposito",
  "/como-funciona",
  "/carro",
  ...kitList.map(kitPath),
]);

describe("chatbot answer engine", () => {
  it("answers the labelled questions and falls back on the off-topic ones", () => {
    const result = evaluate(set);
    expect(set.questions.length).toBeGreaterThanOrEqual(300);
    expect(set.offTopic.length).toBeGreaterThanOrEqual(60);
    expect(result.top1 / result.total).toBeGreaterThanOrEqual(top1Floor);
    expect(result.offTopicFallbacks / result.offTopicTotal).toBeGreaterThanOrEqual(offTopicFloor);
  });

  it("does not get worse on the held-out questions", () => {
    // Measured in docs/decisions/040 and 077, each floor one or two questions under it: the first
    // set 29/30 and 9/10 (its misses were studied for classes of problems, so it flatters), the
    // fresh one, never tuned on, 61/80 and 20/24 (labels met as evaluate.ts `meetsLabel` says).
    const first = evaluate(heldOut);
    expect(first.top1 / first.total).toBeGreaterThanOrEqual(0.9);
    expect(first.offTopicFallbacks / first.offTopicTotal).toBeGreaterThanOrEqual(0.8);
    const fresh = evaluate(freshHeldOut);
    expect(freshHeldOut.questions.length).toBeGreaterThanOrEqual(60);
    expect(freshHeldOut.offTopic.length).toBeGreaterThanOrEqual(20);
    expect(fresh.top1 / fresh.total).toBeGreaterThanOrEqual(0.78);
    expect(fresh.offTopicFallbacks / fresh.offTopicTotal).toBeGreaterThanOrEqual(0.75);
  });

  it("answers the fact-judged tuning sets at issue 26's targets", () => {
    // Written from the content alone, measured once before tuning, then tuned on (docs/decisions/079).
    for (const [name, floor] of [
      ["chatbot-questions-facts.json", top1Floor],
      ["chatbot-questions-facts-2.json", top1Floor],
      // Issue 26's 95 % is not reached on these three, held a question under what was measured
      // (docs/decisions/079): the third fact set 207/232; the boundary sets, whose shop questions
      // look off-topic on purpose, 63/70 and 44/50.
      ["chatbot-questions-facts-3.json", 206 / 232],
      ["chatbot-questions-boundary.json", 62 / 70],
      ["chatbot-questions-boundary-2.json", 43 / 50],
    ] as const) {
      const tuning = JSON.parse(
        fs.readFileSync(path.resolve("tests/fixtures", name), "utf8"),
      ) as FactQuestions;
      const result = evaluateFacts(tuning);
      expect(result.top1 / result.total, name).toBeGreaterThanOrEqual(floor);
      expect(result.offTopicFallbacks / result.offTopicTotal, name).toBeGreaterThanOrEqual(offTopicFloor);
    }
  });

  it("holds the fact-judged held-out set (held-out 3) at issue 26's targets", () => {
    // Top-1 ≥ 90 % and off-topic false answers ≤ 3 %; its questions are never read.
    const result = evaluateFacts(factHeldOut);
    expect(result.top1 / result.total).toBeGreaterThanOrEqual(FACT_TOP1_FLOOR);
    expect(result.offTopicTotal - result.offTopicFallbacks).toBeLessThanOrEqual(FACT_OFF_TOPIC_MAX_ANSWERED);
  });

  it("answers in under 5 ms at the 95th percentile", () => {
    evaluate(set);
    const times = [...evaluate(set).times, ...evaluateFacts(factHeldOut).times];
    expect(percentile(times, 0.95)).toBeLessThanOrEqual(5);
  });

  it("reads typos, stretched letters and every form of a word family", () => {
    expect(oneTypoApart("garnatia", "garantia")).toBe(true);
    expect(oneTypoApart("garantiaa", "garantia")).toBe(true);
    expect(oneTypoApart("grantia", "garantia")).toBe(true);
    expect(oneTypoApart("garantia", "garantias")).toBe(true);
    expect(oneTypoApart("garantia", "garnaita")).toBe(false);
    expect(answerQuestion("la garantiaa cuanto dura").topic).toBe("warranty");
    expect(answerQuestion("graciasss").topic).toBe("thanks");
    expect(answerQuestion("buenass").topic).toBe("greeting");
    expect(answerQuestion("me puedo arrepentir de la compra").topic).toBe("withdrawal");
    expect(answerQuestion("atienden el finde?").topic).toBe("hours");
  });

  it("prefers the kit a question names, and does not take a place name for a question about the shop", () => {
    expect(answerQuestion("que trae el kit nautical").topic).toBe("kit-nautical-contents");
    expect(answerQuestion("cual es el kit para la lancha").link?.href).toBe("/productos/kit-nautical");
    expect(answerQuestion("mi pedido todavia no me llega").topic).toBe("orderStatus");
    expect(answerQuestion("envian a temuco").topic).toBe("place-shipping");
    expect(answerQuestion("que tiempo hace mañana en santiago").topic).toBeNull();
  });

  it("labels only topics that exist, and covers every topic", () => {
    const ids = new Set(buildTopics().map((topic) => topic.id));
    const labelled = new Set(set.questions.map((entry) => entry.topic));
    expect([...labelled].filter((id) => !ids.has(id))).toEqual([]);
    expect([...ids].filter((id) => !labelled.has(id))).toEqual([]);
  });

  it("reads prices and names from the kits", () => {
    for (const kit of kitList) {
      const topic = buildTopics().find((entry) => entry.id === `kit-${kit.id}-price`);
      const answer = topic?.answer({} as never);
      expect(answer?.text).toContain(formatPrice(kit.price));
      expect(answer?.link.href).toBe(kitPath(kit));
    }
    const answer = answerQuestion("cuanto sale el kit essential");
    expect(answer.topic).toBe("kit-essential-price");
    expect(answer.text).toContain(formatPrice(kitList.find((kit) => kit.id === "essential")?.price ?? 0));
  });

  it("links every answer to an existing page", () => {
    for (const { q } of set.questions) {
      const href = answerQuestion(q).link?.href;
      expect(href && pagePaths.has(href), `${q} → ${href}`).toBe(true);
    }
  });

  it("greets, and offers WhatsApp and the contact form when unsure", () => {
    expect(answerQuestion("hola").topic).toBe("greeting");
    const fallback = answerQuestion("quien gano el partido de colo colo");
    expect(fallback.topic).toBeNull();
    expect(fallback.link?.href).toBe("/contacto");
    expect(fallback.whatsapp?.href).toMatch(/^https:\/\/wa\.me\//);
    expect(answerQuestion("   ").topic).toBeNull();
  });

  it("finds an order number and an e-mail as customers type them", () => {
    expect(findOrderDetails("estado de mi pedido lb-7k3f9q")).toEqual({ number: "LB-7K3F9Q" });
    expect(findOrderDetails("LB 7K3F9Q, ana.perez@correo.cl")).toEqual({
      number: "LB-7K3F9Q",
      email: "ana.perez@correo.cl",
    });
    expect(findOrderDetails("mi pedido es 7k3f9q")).toEqual({ number: "LB-7K3F9Q" });
    expect(findOrderDetails("lb7k3f9q")).toEqual({ number: "LB-7K3F9Q" });
    // Six letters alone are a word, and a number from outside the alphabet (0, O, 1, I, L) is no order.
    expect(findOrderDetails("muchas gracias")).toEqual({});
    expect(findOrderDetails("LB-7K3F0Q")).toEqual({});
    // The order number is read as "pedido" and the e-mail as "correo" by the search.
    expect(answerQuestion("estado de LB-7K3F9Q ana@correo.cl").topic).toBe("orderStatus");
  });

  it("bounds the input", () => {
    const long = `${"precio del kit nautical ".repeat(100)}`;
    expect(long.length).toBeGreaterThan(chatbotMaxQuestionLength);
    const start = performance.now();
    expect(answerQuestion(long).topic).toBe("kit-nautical-price");
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe("the eight conversations of issue 26", () => {
  const text = (q: string) => foldFact(answerQuestion(q).text);

  it("recommends one kit for a boat and four people, with its price, capacity and link, once", () => {
    for (const q of [
      "tengo un bote y salimos 4 personas, ¿qué kit me recomiendan?",
      "tengo una lancha y salimos 4 personas, ¿qué kit me recomiendan?",
    ]) {
      const answer = answerQuestion(q);
      expect(answer.topic).toBe("recommend");
      expect(answer.link?.href).toBe("/productos/kit-nautical");
      expect(answer.text).toContain("LifeBox Nautical");
      expect(answer.text).toContain(formatPrice(349990));
      expect(answer.text).toMatch(/hasta 4 personas/);
      expect(answer.text.match(/hasta 4 personas por 3 días en el mar/g)?.length).toBe(1);
      expect(answer.text).toContain("LifeBox Nautical Mini");
    }
  });

  it("answers a component's facts, yes or no first", () => {
    const oxygen = answerQuestion("¿tiene oxígeno el essential?");
    expect(oxygen.text).toMatch(/^Sí, /);
    expect(oxygen.text).toContain("12 minutos");
    expect(oxygen.link?.href).toBe("/productos/kit-essential");
    expect(answerQuestion("el essential mini trae oxigeno?").text).toMatch(/^No, /);
    expect(text("¿cuántos lúmenes tiene la linterna?")).toContain("2000 lumenes");
    // Only the headlamp with lumens: the other headlamp's sentence says nothing about them.
    expect(
      answerQuestion("¿cuántos lúmenes tiene la linterna?").text.match(/linterna frontal/gi),
    ).toHaveLength(2);
    const ration = answerQuestion("la ración de comida, ¿cuánto dura?");
    expect(ration.topic).toBe("component-food-ration");
    expect(ration.text).toContain("5 años");
    expect(ration.text).toContain("3600 calorías");
  });

  it("computes the cheapest kit and recommends for a mine", () => {
    const cheapest = [...kitList].sort((a, b) => a.price - b.price)[0];
    const answer = answerQuestion("¿cuál es el kit más barato?");
    expect(answer.text).toContain(cheapest?.name ?? "?");
    expect(answer.text).toContain(formatPrice(cheapest?.price ?? 0));
    const mine = answerQuestion("¿tienen algo para faenas mineras?");
    expect(mine.text).toMatch(/^Sí, /);
    expect(mine.text).toContain("LifeBox Industry");
    expect(mine.link?.href).toMatch(/^\/productos\/kit-industry/);
  });

  it("says yes to a factura, and where to ask for it", () => {
    const answer = answerQuestion("¿emiten factura?");
    expect(answer.text).toMatch(/^Sí, emitimos factura/);
    expect(answer.text).toContain("Factura");
  });

  it("answers shipping to a place: free on the continent, quoted for the islands", () => {
    const south = text("¿cuánto demora a Punta Arenas?");
    expect(south).toContain("punta arenas");
    expect(south).toContain("gratis");
    expect(south).toContain("5 a 15 dias");
    const island = text("envian a isla de pascua?");
    expect(island).toMatch(/^si, /);
    expect(island).toContain("se cotiza");
    expect(island).not.toContain("gratis (chile continental)");
  });

  it("falls back on a question outside the shop", () => {
    for (const q of ["¿me recomiendas un auto usado?", "quiero vender mi lancha", "que hora es"]) {
      expect(answerQuestion(q).topic, q).toBeNull();
    }
  });

  it("asks one short question when the need is unclear", () => {
    const answer = answerQuestion("que kit me recomiendan");
    expect(answer.topic).toBe("recommend");
    expect(answer.text.match(/\?/g)?.length).toBe(1);
  });

  it("compares and chooses from the content", () => {
    const versions = answerQuestion("diferencia entre el nautical y el nautical mini");
    expect(versions.topic).toBe("compare-versions");
    expect(versions.text).toContain(formatPrice(349990));
    expect(versions.text).toContain(formatPrice(199990));
    expect(text("cual es el kit mas liviano")).toContain("2,1 kg");
    expect(answerQuestion("vamos 3 al cerro por 2 dias, que kit").text).toContain(
      "3 LifeBox Expedition Mini",
    );
    expect(text("que kits traen filtro de agua")).toContain("lifebox nautical");
    // Every measure the kits state, among the kits asked about.
    expect(text("cual aguanta mas frio")).toMatch(/expedition.*-40/);
    expect(text("cual se puede sumergir mas profundo")).toMatch(/nautical.*2 m/);
    expect(text("de los mini cual es el mas caro")).toContain("nautical mini");
    expect(text("cual es mas grande, el essential o el nautical")).toMatch(/nautical.*39,74/);
    expect(answerQuestion("todos los mini pesan lo mismo?").text).toMatch(/^Sí, /);
    expect(answerQuestion("hay algun kit bajo 150 lucas?").text).toMatch(/^Sí, .*Essential Mini/);
    expect(answerQuestion("tengo 100 lucas, alcanza pa un kit?").text).toMatch(/^No, /);
    expect(text("cuanto mas caro es el expedition que el expedition mini")).toContain("110000");
  });

  it("says yes or no from what the content states of a component, a certification, a kit's fit and temperature", () => {
    expect(answerQuestion("los guantes tienen latex?").text).toMatch(/^No, .*sin látex/);
    expect(answerQuestion("el filtro de agua sirve pa agua de mar?").text).toMatch(/^No, /);
    expect(answerQuestion("el essential trae linterna de 2000 lumenes?").text).toMatch(/^Sí, /);
    expect(answerQuestion("el industry tiene certificacion rohs?").text).toMatch(
      /^No, .*Sus certificaciones/,
    );
    expect(answerQuestion("las mantas del expedition tienen certificacion nasa?").link?.href).toBe(
      "/productos/kit-expedition",
    );
    expect(answerQuestion("el nautical mini cabe en un kayak?").text).toMatch(/^Sí, .*escotilla/);
    expect(answerQuestion("el industry cabe en un kayak?").text).toMatch(/^No, /);
    expect(answerQuestion("el expedition aguanta -50 grados?").text).toMatch(/^No, /);
    expect(answerQuestion("el expedition aguanta -40 grados?").text).toMatch(/^Sí, /);
    expect(answerQuestion("la serena envio gratis?").text).toMatch(/^Sí, /);
    expect(answerQuestion("envian a rapa nui?").text).toContain("24 horas hábiles");
    expect(answerQuestion("el industry trae extintor?").text).toMatch(
      /^No, el LifeBox Industry no trae extintor/,
    );
    expect(answerQuestion("el industry trae lavaojos?").text).toMatch(/^Sí, /);
    expect(answerQuestion("el essential sirve pa 2 semanas?").text).toMatch(/^No, .*72 horas/);
  });

  it("falls back on the price, duration or advice of things the shop does not sell, and on other shops", () => {
    for (const question of [
      "cuanto cuesta un bote inflable",
      "cuanto dura normalmente un terremoto",
      "que celular me compro con 300 lucas",
      "que saco de dormir me recomiendas para subir el aconcagua",
      "donde como sushi barato en providencia",
      "el mercado libre tiene envio gratis?",
      "cuanto demora un bus de santiago a temuco",
      "como emito una factura electronica en el sii",
    ]) {
      expect(answerQuestion(question).topic, question).toBeNull();
    }
    // The same words about the shop's own things are answered.
    expect(answerQuestion("cuanto cuesta un kit").topic).not.toBeNull();
    expect(answerQuestion("cuanto dura la racion de comida").topic).toBe("component-food-ration");
    expect(answerQuestion("cual es el mas barato").topic).toBe("compare-cheapest");
  });

  it("answers the question after a greeting", () => {
    expect(answerQuestion("wena, que incluye el industry").topic).toBe("kit-industry-contents");
    expect(answerQuestion("hola buenas tardes, cuanto cuesta el expedition").text).toContain(
      formatPrice(289990),
    );
    expect(answerQuestion("hola buenas tardes").topic).toBe("greeting");
  });

  it("answers payment means without inventing them", () => {
    expect(answerQuestion("aceptan debito?").text).toMatch(/^Sí, .*débito.*Webpay o Flow/);
    expect(answerQuestion("aceptan transferencia?").text).toMatch(/^No, /);
    expect(answerQuestion("atienden los sabados?").text).toMatch(/^No, /);
  });

  it("never says a sentence twice, and keeps a confidence score", () => {
    expect(dedupeSentences("Hasta 4 personas. Hola. hasta 4 personas.")).toBe("Hasta 4 personas. Hola.");
    expect(chatbotConfidentScore).toBeGreaterThan(chatbotScoreThreshold);
    expect(answerQuestion("¿emiten factura?").score).toBeGreaterThanOrEqual(chatbotConfidentScore);
  });
});

it("answers each thing a message asks, in its order, and only once", () => {
  expect(splitAsks("cuanto sale el envio y aceptan debito?")).toEqual([
    "cuanto sale el envio",
    "aceptan debito",
  ]);
  expect(splitAsks("hola, tienen garantia? y cuanto demora")).toEqual([
    "hola",
    "tienen garantia",
    "cuanto demora",
  ]);
  // "y" between two things of one ask does not split it.
  expect(splitAsks("trae linterna y radio el essential")).toHaveLength(1);
  const both = answerQuestion("emiten factura y puedo pagar en cuotas?");
  expect(both.topic).toBe("invoice");
  expect(both.text).toMatch(/^Sí, emitimos factura.*débito/);
  const ordered = answerQuestion("hola, tienen garantia? y cuanto demora el despacho");
  expect(ordered.text).toMatch(/garantía.*5 a 15 días/);
  expect(ordered.text).not.toMatch(/hola/i);
  // Two kits named: the same answer for each.
  const prices = answerQuestion("cuanto cuesta el nautical y el essential").text;
  expect(prices).toContain(formatPrice(349990));
  expect(prices).toContain(formatPrice(219990));
  // One ask with context in a greeting is still one answer.
  expect(answerQuestion("hola buenas, cuanto demora a temuco").topic).toBe("place-shipping");
});

describe("evaluateFacts", () => {
  const made: FactQuestions = {
    questions: [
      {
        q: "cuanto cuesta el essential",
        kind: "price",
        mentions: ["219.990"],
        link: "/productos/kit-essential",
      },
      { q: "emiten factura", kind: "yesno", mentions: [["factura", "boleta"]], startsWith: "Sí" },
      { q: "cuanto cuesta el essential", kind: "price", mentions: ["999.999"] },
    ],
    offTopic: ["quien gano el partido de colo colo", "cuanto cuesta el essential"],
  };

  it("folds accents and thousands dots, and checks mentions, links and the first word", () => {
    expect(foldFact("Sí, $49.990 Índice")).toBe("si, $49990 indice");
    const answer = { text: "Sí, emitimos FACTURA.", link: { href: "/productos" } };
    expect(answerHolds(answer, { q: "", kind: "", mentions: [["boleta", "factura"]] })).toBe(true);
    expect(answerHolds(answer, { q: "", kind: "", mentions: ["factura"], startsWith: "No" })).toBe(false);
    expect(answerHolds(answer, { q: "", kind: "", mentions: ["factura"], link: "/faq" })).toBe(false);
  });

  it("counts top-1, recall@3 and off-topic fallbacks", () => {
    const result = evaluateFacts(made);
    expect(result.total).toBe(3);
    expect(result.top1).toBe(2);
    expect(result.recallAt3).toBeGreaterThanOrEqual(2);
    expect(result.offTopicTotal).toBe(2);
    expect(result.offTopicFallbacks).toBe(1);
  });
});

describe("policy, privacy and small-talk answers", () => {
  const folded = (text: string) =>
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  const ask = (q: string) => answerQuestion(q);

  it("finds every quoted passage in the pages it reads", () => {
    const pages = folded(
      JSON.stringify([
        termsOfService(exampleCompany),
        privacyPolicy(exampleCompany),
        processPage,
        paymentTexts.results.rejected,
        paymentTexts.results.confirming("Webpay"),
      ]),
    );
    const missing = Object.entries(policyPassages).filter(([, words]) => !pages.includes(folded(words)));
    expect(missing).toEqual([]);
  });

  it("answers privacy questions from the privacy policy, yes or no first", () => {
    const sale = ask("¿venden mis datos a otras empresas?");
    expect(sale.topic).toBe("dataSharing");
    expect(sale.text).toMatch(/^No, /);
    expect(sale.link?.href).toBe("/privacidad");
    const erasure = ask("puedo pedir que borren mis datos?");
    expect(erasure.text).toMatch(/^Sí, /);
    expect(erasure.text).toContain("supresión");
    expect(ask("usan cookies de publicidad?").text).toMatch(/^No, /);
    const retention = ask("cuanto tiempo guardan mis datos de compra");
    const orders = privacyPolicy(exampleCompany)
      .sections.flatMap((s) => s.list ?? [])
      .find((item) => item.startsWith("Pedidos y documentos"));
    expect(retention.text).toContain(orders);
    expect(ask("como me doy de baja del boletin").text).toContain("clic");
    expect(ask("hay que ser mayor de edad pa comprar").text).toMatch(/^Sí, .*18/);
  });

  it("links the terms and reads complaints, late deliveries and refunds from them", () => {
    expect(ask("donde leo los terminos y condiciones").link?.href).toBe("/terminos");
    expect(ask("a quien reclamo si no me responden un reclamo").text).toContain("SERNAC");
    expect(ask("y si no cumplen el plazo de entrega que pasa?").text).toContain("nueva fecha");
    expect(ask("en cuanto tiempo me devuelven la plata si me retracto").text).toContain("45 días");
    expect(ask("si devuelvo el kit quien paga el envio de vuelta").text).toContain("sin costo para ti");
    expect(ask("las baterias vencidas entran en la garantia?").text).toMatch(/^No, .*vencimiento/);
    const claim = ask("como hago valer la garantia");
    expect(claim.topic).toBe("warranty");
    expect(claim.text).toContain("número de pedido");
  });

  it("reads limits and statuses from the shop's pages", () => {
    expect(ask("cuantos kits iguales puedo echar al carro como maximo").text).toContain(
      `${maxQuantityPerKit} kits`,
    );
    expect(ask("hasta cuantos kits puedo pedir en una cotizacion").text).toContain(
      quoteTexts.quantityHint.replace(/^D/, "d"),
    );
    expect(ask("me rechazaron el pago, igual me cobraron?").text).toMatch(/^No, .*cargo/);
    const cancelled = ask("cancelaron mi pedido y ya habia pagado, me devuelven la plata?");
    expect(cancelled.topic).toBe("orderCancelled");
    expect(cancelled.text).toMatch(/^Sí, .*mismo medio de pago/);
    expect(ask("cual es la mision de la empresa").link?.href).toBe("/proposito");
  });

  it("answers the details of a policy from its page: card data, the data authority, the legal warranty", () => {
    expect(ask("guardan los datos de mi tarjeta?").text).toMatch(/^No, /);
    expect(ask("donde reclamo si no respetan mis datos").text).toContain("Agencia de Protección de Datos");
    expect(ask("de cuanto es la garantia legal").text).toContain("seis meses");
    expect(ask("desde cuando corre la garantia").text).toContain("desde la fecha en que recibes");
    expect(ask("tengo que devolver el kit en su caja original?").text).toMatch(/^Sí, .*embalaje/);
    expect(ask("se puede pagar con orden de compra").text).toContain("orden de compra");
    expect(ask("si sube el precio despues de comprar me cobran la diferencia?").text).toMatch(/^No, /);
  });

  it("says yes to the contact channels it has, and where the shop is", () => {
    expect(ask("tienen whatsapp?").text).toMatch(/^Sí, /);
    expect(ask("tienen instagram o face").text).toContain(exampleCompany.instagramUrl);
    expect(ask("donde estan ubicados").text).toContain(exampleCompany.address);
    expect(ask("cual es la razon social de la empresa").text).toContain(exampleCompany.legalName);
    expect(ask("me mandan la cotizacion por correo?").text).toMatch(/^Sí, .*correo/);
  });

  it("says goodbye, takes an acknowledgement and thanks", () => {
    expect(ask("chao").text).toBe(chatbotTexts.goodbye);
    expect(ask("ok vale").text).toBe(chatbotTexts.acknowledged);
    expect(ask("muchas gracias por la info, muy amable").text).toBe(chatbotTexts.thanks);
  });
});

describe("kits described, the shop's words about other things, and yes or no from the page (decision 079)", () => {
  it("finds a kit by its price, a place or its size, and counts what was asked", () => {
    expect(answerQuestion("el de 140 lucas cual es").link?.href).toBe("/productos/kit-essential-mini");
    expect(answerQuestion("el chico para la mochila cuanto pesa").link?.href).toBe(
      "/productos/kit-expedition-mini",
    );
    expect(answerQuestion("si compro 2 essential cuanto me sale").text).toContain(formatPrice(439980));
    const both = answerQuestion("cual tiene mas mantas termicas el essential o el essential mini").text;
    expect(both).toMatch(/4 unidades.*2 unidades/);
    expect(answerQuestion("el essential y el essential mini traen radio los dos?").text).toMatch(/^No, /);
  });

  it("answers the place shipped to, the box's protection and a damaged arrival", () => {
    const arica = answerQuestion("hay envio a arica? es que aca nunca llega nada de las tiendas de santiago");
    expect(arica.text).toContain("Arica");
    expect(arica.text).not.toContain("Santiago (");
    expect(answerQuestion("el kit es waterproof?").text).toMatch(/^Sí, IP67/);
    expect(answerQuestion("si la caja se me cae al mar se moja lo de adentro?").text).toMatch(/^No, /);
    const damaged = answerQuestion("si el kit llega con la caja dañada que hago");
    expect(damaged.topic).toBe("warranty");
    expect(damaged.text).not.toMatch(/^Sí/);
    expect(answerQuestion("tengo que explicar por que devuelvo el kit").text).toMatch(/^No, /);
  });

  it("falls back on the shop's words about someone else's thing", () => {
    for (const question of [
      "la garantia de mi notebook cubre la pantalla?",
      "la boleta de la luz vino carisima este mes",
      "cuanto demora un paquete de aliexpress a chile",
      "el empleador tiene que darme epp si trabajo en una bodega?",
      "cuanto cuesta el kit de emergencia de falabella",
    ]) {
      expect(answerQuestion(question).topic, question).toBeNull();
    }
    // The same words about the shop's own things are answered.
    expect(answerQuestion("la garantia de los kits cuanto dura").topic).toBe("warranty");
    expect(answerQuestion("cuantas horas dura la luz estroboscopica").topic).toBe("component-strobe");
  });
});
