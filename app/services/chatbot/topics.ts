/**
 * The chatbot's topics, built from the content modules: the FAQ items, four topics per kit (price,
 * contents, specifications, use) and the shop-wide ones (delivery, shipping, warranty…). Each has
 * the texts that are indexed and an `answer()` that reads the facts when it answers, so a price or
 * a count changed in app/content is answered right away and is never copied into the index.
 */
import {
  chatbotTexts,
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
  answer(company: CompanyInfo, question?: string): TopicAnswer;
}

const faqLink: ChatLink = { href: "/faq", label: chatbotTexts.faqLabel };
const contactLink: ChatLink = { href: "/contacto", label: chatbotTexts.contactFormLabel };
const catalogueLink: ChatLink = { href: "/productos", label: chatbotTexts.catalogueLabel };

export function whatsappChatLink(company: CompanyInfo): ChatLink {
  return { href: whatsappLink(company), label: chatbotTexts.whatsappLabel };
}

const capacityOf = (kit: Kit) => kit.specifications.find((spec) => spec.label === "Capacidad")?.value ?? "";

function kitTopics(kit: Kit): Topic[] {
  const link = { href: kitPath(kit), label: kit.name };
  const kitWords = `kit ${lineNames[kit.line]} ${versionNames[kit.version]} ${lineKeywords[kit.line]}`;
  const docs = (phrasings: readonly string[], content: string) => [
    ...phrasings.map((phrasing) => `${phrasing} ${kitWords}`),
    `${kit.name} ${content}`,
  ];
  const topic = (kind: keyof typeof kitTopicPhrasings, content: string, text: () => string): Topic => ({
    id: `kit-${kit.id}-${kind}`,
    version: kit.version,
    line: kit.line,
    texts: docs(kitTopicPhrasings[kind], content),
    answer: () => ({ text: text(), link }),
  });
  const otherSpecs = kit.specifications.filter((spec) => spec.label !== "Capacidad");
  return [
    topic(
      "price",
      "precio",
      () => `El ${kit.name} cuesta ${formatPrice(kit.price)}, IVA incluido. ${freeShippingNote}.`,
    ),
    topic(
      "contents",
      kit.contents
        .map((category) => `${category.name} ${category.items.map((item) => item.name).join(" ")}`)
        .join(" "),
      () =>
        `El ${kit.name} trae ${componentCount(kit)} componentes: ${kit.contents
          .flatMap((category) => category.items.map((item) => item.name))
          .join(", ")}.`,
    ),
    topic(
      "specs",
      `${otherSpecs.map((spec) => `${spec.label} ${spec.value}`).join(" ")} ${kit.certifications.map((c) => c.name).join(" ")}`,
      () =>
        `${kit.name}: ${otherSpecs.map((spec) => `${spec.label.toLowerCase()} ${spec.value}`).join("; ")}.`,
    ),
    {
      ...topic(
        "use",
        `${kit.description} ${kit.tagline} ${capacityOf(kit)}`,
        () => `${kit.description} Capacidad: ${capacityOf(kit).toLowerCase()}.`,
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
  return regions.map(
    (region) =>
      `envio a ${region.shortName} ${comunas
        .filter((comuna) => comuna.regionCut === region.cut && !islands.has(comuna.cut))
        .map((comuna) => comuna.name)
        .join(" ")}`,
  );
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
    policyTopic("payment"),
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
    ...unmappedFaq,
    ...kitList.flatMap(kitTopics),
  ];
}
