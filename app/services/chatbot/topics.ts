/**
 * The chatbot's topics, built from the content modules: the FAQ items, four topics per kit (price,
 * contents, specifications, use) and the shop-wide ones (delivery, shipping, warranty…). Each has
 * the texts that are indexed and an `answer()` that reads the facts when it answers, so a price or
 * a count changed in app/content is answered right away and is never copied into the index.
 */
import {
  certificationWords,
  chatbotTexts,
  componentWords,
  placeAliases,
  scenarioWords,
  specWords,
  superlativeWords,
  faqTopicIds,
  kitTopicPhrasings,
  lineKeywords,
  lineScenarioPhrases,
  policyAnswers,
  topicPhrasings,
} from "~/content/chatbot";
import { comunas, nonContinentalComunaCuts, regions } from "~/content/chile";
import type { CompanyInfo } from "~/content/company";
import { whatsappLink } from "~/content/company";
import { faqItems } from "~/content/faq";
import { componentCount, kitList, kitPath, lineNames, versionNames } from "~/content/kits";
import { freeShippingNote, workingHours } from "~/content/policies";
import type { Kit, KitVersion, ProductLine } from "~/content/types";
import { formatPrice } from "~/lib/format";
import { searchTerms } from "./normalize";
import {
  allCertifications,
  catalogueLink,
  contactLink,
  faqLink,
  certificationAnswer,
  comparisonAnswer,
  componentAnswer,
  invoiceAnswer,
  paymentAnswer,
  placeAnswer,
  recommendationAnswer,
  specAnswer,
  superlativeAnswer,
} from "./facts";

export interface ChatLink {
  href: string;
  label: string;
}

export interface TopicAnswer {
  text: string;
  link: ChatLink;
  /** A WhatsApp chat with the shop, where the answer offers it. */
  whatsapp?: ChatLink;
}

export interface Topic {
  id: string;
  /** Texts indexed for this topic: each is one search document. */
  texts: string[];
  /** For kit topics: which version, so a question without "mini" prefers the standard kit. */
  version?: KitVersion;
  /** For kit topics: the kit's line. */
  line?: ProductLine;
  /**
   * Words this topic's facts use (a component's description: "viento", "usos"), known when the
   * topic is the question's fact topic, and not indexed: they would make off-topic questions look known.
   */
  factWords?: string[];
  answer(company: CompanyInfo, question?: string): TopicAnswer;
}

export function whatsappChatLink(company: CompanyInfo): ChatLink {
  return { href: whatsappLink(company), label: chatbotTexts.whatsappLabel };
}

/** The kit page's own sentences: highlights, benefits, the IP67 note and the gallery's captions. */
function kitSentences(kit: Kit): string[] {
  return [
    ...kit.highlights.map((highlight) => `${highlight}.`),
    ...kit.benefits.map((benefit) => `${benefit.title}: ${benefit.description}`),
    kit.ip67Note,
    ...kit.gallery.map((item) => item.caption),
  ];
}

/**
 * The kit page's sentence that shares the most words with the question (beyond the kit's name), or
 * "" when none shares one: "¿el Essential Mini cabe en un cajón?" → "Cabe en un cajón, un velador…".
 */
function kitSentenceFor(kit: Kit, question = ""): string {
  const named = new Set(searchTerms(`${kit.name} kit ${lineKeywords[kit.line]}`));
  const asked = new Set(searchTerms(question).filter((term) => !named.has(term)));
  let best = "";
  let bestCount = 0;
  for (const sentence of kitSentences(kit)) {
    const count = new Set(searchTerms(sentence).filter((term) => asked.has(term))).size;
    if (count > bestCount) {
      best = sentence;
      bestCount = count;
    }
  }
  return best;
}

const capacityOf = (kit: Kit) => kit.specifications.find((spec) => spec.label === "Capacidad")?.value ?? "";

function kitTopics(kit: Kit): Topic[] {
  const link = { href: kitPath(kit), label: kit.name };
  const kitWords = `kit ${lineNames[kit.line]} ${versionNames[kit.version]} ${lineKeywords[kit.line]}`;
  const docs = (phrasings: readonly string[], content: string) => [
    ...phrasings.map((phrasing) => `${phrasing} ${kitWords}`),
    `${kit.name} ${content}`,
  ];
  const topic = (
    kind: keyof typeof kitTopicPhrasings,
    content: string,
    text: (question: string) => string,
  ): Topic => ({
    id: `kit-${kit.id}-${kind}`,
    version: kit.version,
    line: kit.line,
    texts: docs(kitTopicPhrasings[kind], content),
    answer: (_company, question = "") => ({ text: text(question), link }),
  });
  const otherSpecs = kit.specifications.filter((spec) => spec.label !== "Capacidad");
  return [
    topic(
      "price",
      "precio",
      () =>
        `El ${kit.name} cuesta ${formatPrice(kit.price)}, IVA incluido (${capacityOf(kit).charAt(0).toLowerCase()}${capacityOf(kit).slice(1)}). ${freeShippingNote}.`,
    ),
    topic(
      "contents",
      kit.contents
        .map((category) => `${category.name} ${category.items.map((item) => item.name).join(" ")}`)
        .join(" "),
      () =>
        `El ${kit.name} trae ${componentCount(kit)} componentes: ${kit.contents
          .flatMap((category) =>
            category.items.map((item) => (item.quantity ? `${item.name} (${item.quantity})` : item.name)),
          )
          .join(", ")}.`,
    ),
    topic(
      "specs",
      `${otherSpecs.map((spec) => `${spec.label} ${spec.value}`).join(" ")} ${kit.certifications.map((c) => c.name).join(" ")}`,
      (question) => specAnswer(question, [kit]).text,
    ),
    {
      ...topic("use", `${kit.description} ${kit.tagline} ${capacityOf(kit)}`, (question) =>
        `${kit.description} ${kit.name}: ${formatPrice(kit.price)}; capacidad: ${capacityOf(kit).toLowerCase()}. ${kitSentenceFor(kit, question)}`.trim(),
      ),
      texts: docs(
        [...kitTopicPhrasings.use, ...lineScenarioPhrases[kit.line]],
        `${kit.description} ${kit.tagline} ${capacityOf(kit)}`,
      ),
    },
  ];
}

const policyTopic = (
  id: keyof typeof policyAnswers,
  link: ChatLink = faqLink,
): Pick<Topic, "id" | "answer"> => ({
  id,
  answer: () => ({ text: policyAnswers[id], link }),
});

/** Every continental región with its comunas ("¿envían a Punta Arenas?"): one shipping text per región. */
export function shippingPlaceTexts(): string[] {
  const islands = new Set<string>(nonContinentalComunaCuts);
  const aliases = `envio a ${Object.keys(placeAliases).join(" ")}`;
  return [
    aliases,
    ...regions.map(
      (region) =>
        `envio a ${region.shortName} ${comunas
          .filter((comuna) => comuna.regionCut === region.cut && !islands.has(comuna.cut))
          .map((comuna) => comuna.name)
          .join(" ")}`,
    ),
  ];
}

/** Every topic the chatbot answers; built once at start-up. */
export function buildTopics(): Topic[] {
  const faqTexts = new Map<string, string[]>();
  const unmappedFaq: Topic[] = [];
  faqItems.forEach((item, index) => {
    const id = faqTopicIds[item.question];
    if (id) faqTexts.set(id, [...(faqTexts.get(id) ?? []), item.question, item.answer]);
    else
      unmappedFaq.push({
        id: `faq-${index + 1}`,
        texts: [item.question, item.answer],
        answer: () => ({ text: item.answer, link: faqLink }),
      });
  });

  const shopTopics: Pick<Topic, "id" | "answer">[] = [
    { id: "greeting", answer: () => ({ text: chatbotTexts.greeting, link: faqLink }) },
    { id: "thanks", answer: () => ({ text: chatbotTexts.thanks, link: faqLink }) },
    {
      id: "catalogue",
      answer: () => ({
        text: `Tenemos ${kitList.length} kits: ${kitList.map((kit) => `${kit.name}, ${formatPrice(kit.price)}`).join("; ")}.`,
        link: catalogueLink,
      }),
    },
    policyTopic("delivery"),
    policyTopic("shipping"),
    policyTopic("continental"),
    policyTopic("warranty"),
    policyTopic("withdrawal"),
    {
      id: "payment",
      answer: (_company, question = "") => paymentAnswer(question, policyAnswers.payment),
    },
    policyTopic("madeToOrder"),
    policyTopic("quotation", catalogueLink),
    policyTopic("customisation"),
    policyTopic("ip67"),
    policyTopic("whyLifebox"),
    policyTopic("hours", contactLink),
    policyTopic("orderStatus", contactLink),
    {
      id: "contact",
      answer: (company) => ({
        text: `Escríbenos a ${company.email}, llámanos al ${company.phone} o háblanos por WhatsApp. Atendemos de ${workingHours.charAt(0).toLowerCase()}${workingHours.slice(1)}.`,
        link: contactLink,
        whatsapp: whatsappChatLink(company),
      }),
    },
  ];

  const extraTexts: Record<string, string[]> = { shipping: shippingPlaceTexts() };
  return [
    ...baseTopics(shopTopics, faqTexts, extraTexts),
    ...unmappedFaq,
    ...kitList.flatMap(kitTopics),
    ...factTopics(),
  ];
}

/**
 * The topics answered from the kits' facts (./facts): chosen by `detectFactTopic` from the
 * question's words; indexed so that their words are known (spelling, unknown-word check) and so
 * that they can be an answer's alternatives.
 */
export function factTopics(): Topic[] {
  const components = new Set(
    kitList.flatMap((kit) => kit.contents.flatMap((c) => c.items.map((item) => item.illustration))),
  );
  const groups: Topic[] = [...components].map((group) => {
    const items = kitList
      .flatMap((kit) => kit.contents.flatMap((c) => c.items))
      .filter((item) => item.illustration === group);
    return {
      id: `component-${group}`,
      texts: [...(componentWords[group] ?? []), ...new Set(items.map((item) => item.name))],
      factWords: items.map((item) => item.description),
      answer: (_company, question = "") => componentAnswer(group, question),
    };
  });
  // The certifications a question can name (IP67 has its own topic, from the FAQ).
  const certificationTopics: Topic[] = allCertifications().flatMap((certification, index) =>
    certificationWords[certification.name]
      ? [
          {
            id: `certification-${index + 1}`,
            texts: [`certificacion norma ${certification.name}`],
            answer: (_company: CompanyInfo, question = "") =>
              certificationAnswer(certification.name, question),
          },
        ]
      : [],
  );
  certificationTopics.push({
    id: "certifications",
    texts: ["que certificaciones tienen los kits normas"],
    answer: (_company, question = "") => certificationAnswer(undefined, question),
  });
  const superlatives: Topic[] = (Object.keys(superlativeWords) as (keyof typeof superlativeWords)[]).map(
    (kind) => ({
      id: `compare-${kind}`,
      texts: [`kit ${superlativeWords[kind].join(" ")}`],
      answer: (_company, question = "") => superlativeAnswer(kind, question),
    }),
  );
  return [
    ...groups,
    ...certificationTopics,
    ...superlatives,
    {
      id: "compare-versions",
      texts: ["diferencia entre el kit estandar y el mini comparar kits"],
      answer: (_company, question = "") => comparisonAnswer(question),
    },
    {
      id: "recommend",
      texts: [
        "que kit me recomiendan cual me conviene para cuantas personas",
        ...Object.values(scenarioWords).map(
          (scenario) => `kit para ${[...scenario.words, ...scenario.activities].join(" ")}`,
        ),
      ],
      answer: (_company, question = "") => recommendationAnswer(question),
    },
    {
      id: "specs-all",
      texts: ["peso medidas dimensiones temperatura de cada kit"],
      // "¿La caja es de plástico o de metal?": the words naming a specification are known to it.
      factWords: Object.values(specWords).flat(),
      answer: (_company, question = "") => specAnswer(question),
    },
    {
      id: "place-shipping",
      texts: ["envio a mi comuna ciudad region"],
      answer: (_company, question = "") => placeAnswer(question),
    },
    {
      id: "invoice",
      texts: ["emiten factura boleta facturacion"],
      answer: (_company, question = "") => invoiceAnswer(question),
    },
  ];
}

function baseTopics(
  shopTopics: Pick<Topic, "id" | "answer">[],
  faqTexts: Map<string, string[]>,
  extraTexts: Record<string, string[]>,
): Topic[] {
  return [
    ...shopTopics.map((topic) => ({
      ...topic,
      texts: [
        ...(topicPhrasings[topic.id] ?? []),
        ...(faqTexts.get(topic.id) ?? []),
        ...(extraTexts[topic.id] ?? []),
        // A policy's short answer: the words the bot answers with are words it understands.
        ...(Object.hasOwn(policyAnswers, topic.id)
          ? [policyAnswers[topic.id as keyof typeof policyAnswers]]
          : []),
      ],
    })),
  ];
}
