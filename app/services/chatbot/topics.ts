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
  policyCueWords,
  policyPassages,
  questionWords,
  topicAnswerTexts,
  topicPhrasings,
} from "~/content/chatbot";
import { comunas, nonContinentalComunaCuts, regions } from "~/content/chile";
import type { CompanyInfo } from "~/content/company";
import { faqItems } from "~/content/faq";
import { purchaseTexts, quoteTexts } from "~/content/forms";
import { legalParagraphText, privacyPolicy, termsOfService, type LegalDocument } from "~/content/legal";
import { orderPageTexts } from "~/content/order-page";
import { paymentTexts, providerNames } from "~/content/payments";
import { processPage } from "~/content/process-page";
import { thanks } from "~/content/thanks-page";
import { componentCount, kitList, kitPath, lineNames, versionNames } from "~/content/kits";
import { freeShippingNote, orderProcessingHours, workingHours } from "~/content/policies";
import { productLines, type Kit, type KitVersion, type ProductLine } from "~/content/types";
import { galleryUploadPath, galleryUploadTexts } from "~/content/gallery";
import { footer, purpose } from "~/content/site";
import { formatPrice } from "~/lib/format";
import { maxQuantityPerKit } from "~/lib/order-lines";
import { orderStatusLabels, type OrderStatus } from "~/lib/order-status";
import { foldAccents, searchTerms } from "./normalize";
import { statusMeaning } from "./order-answers";
import {
  allCertifications,
  catalogueLink,
  contactLink,
  faqLink,
  capacityText,
  foldForFacts,
  lowerFirst,
  namedKits,
  upperFirst,
  whatsappChatLink,
  quantityOf,
  isYesNoQuestion,
  listWords,
  withAnswer,
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
 * The sentence sharing the most search terms with the question, leaving out the terms of `known`
 * (what is said already, or the kit's name), or undefined when none shares one.
 */
export function bestSentence(sentences: string[], question: string, known = ""): string | undefined {
  const left = new Set(searchTerms(known));
  const asked = new Set(searchTerms(question).filter((term) => !left.has(term)));
  let best: string | undefined;
  let bestCount = 0;
  for (const sentence of sentences) {
    const count = new Set(searchTerms(sentence).filter((term) => asked.has(term))).size;
    if (count > bestCount) {
      best = sentence;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The kit page's sentence that shares the most words with the question (beyond the kit's name), or
 * "" when none shares one: "¿el Essential Mini cabe en un cajón?" → "Cabe en un cajón, un velador…".
 */
function kitSentenceFor(kit: Kit, question = ""): string {
  return bestSentence(kitSentences(kit), question, `${kit.name} kit ${lineKeywords[kit.line]}`) ?? "";
}

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
    topic("price", "precio", (question) => {
      const price = `El ${kit.name} cuesta ${formatPrice(kit.price)}, IVA incluido (${capacityText(kit).charAt(0).toLowerCase()}${capacityText(kit).slice(1)}). ${freeShippingNote}.`;
      // "Si compro 2 Essential, ¿cuánto me sale?": the total for that many.
      const folded = foldForFacts(question);
      const count = quantityOf(folded, kit);
      if (count && count > 1)
        return `${count} ${kit.name}: ${formatPrice(count * kit.price)} (${formatPrice(kit.price)} cada uno, IVA incluido). ${freeShippingNote}.`;
      // "¿Sale más de 300 lucas?": the price against the amount.
      const than = / (mas|menos) de \$?(\d+)(?: ?(lucas|luca|mil|k))?\b/.exec(folded);
      if (than?.[2] && isYesNoQuestion(question)) {
        const amount = Number(than[2]) * (than[3] ? 1000 : 1);
        return withAnswer(than[1] === "mas" ? kit.price > amount : kit.price < amount, price);
      }
      return price;
    }),
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
      ...topic("use", `${kit.description} ${kit.tagline} ${capacityText(kit)}`, (question) =>
        `${kit.description} ${kit.name}: ${formatPrice(kit.price)}; capacidad: ${capacityText(kit).toLowerCase()}. ${kitSentenceFor(kit, question)}`.trim(),
      ),
      texts: docs(
        [...kitTopicPhrasings.use, ...lineScenarioPhrases[kit.line]],
        `${kit.description} ${kit.tagline} ${capacityText(kit)}`,
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

  const shortTopics: Pick<Topic, "id" | "answer">[] = [
    { id: "greeting", answer: () => ({ text: chatbotTexts.greeting, link: faqLink }) },
    { id: "thanks", answer: () => ({ text: chatbotTexts.thanks, link: faqLink }) },
    {
      id: "catalogue",
      answer: (_company, question = "") => {
        // "Los precios de todos los mini": the kits the question names, else all of them.
        const named = namedKits(foldForFacts(question));
        const kits = named.length > 1 ? named : kitList;
        return {
          text: `${kits === kitList ? `Tenemos ${kitList.length} kits en ${productLines.length} líneas` : "Precios"}: ${kits.map((kit) => `${kit.name}, ${formatPrice(kit.price)}`).join("; ")}.`,
          link: catalogueLink,
        };
      },
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
      answer: (company, question = "") => {
        const text = `Escríbenos a ${company.email}, llámanos al ${company.phone} o háblanos por WhatsApp. Atendemos de ${workingHours.charAt(0).toLowerCase()}${workingHours.slice(1)}.`;
        const links = { link: contactLink, whatsapp: whatsappChatLink(company) };
        if (asks(question, policyCueWords.social))
          return {
            text: join(
              topicAnswerTexts.social(
                listWords([`Instagram (${company.instagramUrl})`, `Facebook (${company.facebookUrl})`]),
              ),
              text,
            ),
            ...links,
          };
        if (asks(question, policyCueWords.legalIdentity))
          return { text: topicAnswerTexts.legalIdentity(company.legalName, company.rut), ...links };
        if (asks(question, policyCueWords.location))
          return {
            text: join(
              topicAnswerTexts.location(company.address),
              sentencesOf(policyAnswers.shipping)[0] ?? "",
            ),
            ...links,
          };
        const yes = isYesNoQuestion(question) && asks(question, policyCueWords.contactYes);
        return { text: yes ? withAnswer(true, text) : text, ...links };
      },
    },
    ...legalTopics(),
    ...shopPageTopics(),
  ];
  // The detail a question asks beyond a topic's short answer, where the pages hold it.
  const shopTopics = shortTopics.map((topic) => ({
    ...topic,
    answer: (company: CompanyInfo, question = "") =>
      policyDetailFor(topic.id, company, question) ?? topic.answer(company, question),
  }));

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
function factTopics(): Topic[] {
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
      answer: (_company, question = "") => {
        const answer = invoiceAnswer(question);
        // "¿La factura me llega por correo?": where the purchase form says it is sent.
        if (!asks(question, policyCueWords.invoiceEmail)) return answer;
        const email = `${purchaseTexts.invoiceEmailLabel}: ${purchaseTexts.invoiceEmailHint.charAt(0).toLowerCase()}${purchaseTexts.invoiceEmailHint.slice(1)}`;
        return { ...answer, text: `${answer.text} ${email}` };
      },
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

// Policy answers read from the legal pages and the shop's pages ------------------------------

const termsLink: ChatLink = { href: "/terminos", label: chatbotTexts.termsLabel };
const privacyLink = (company: CompanyInfo): ChatLink => ({
  href: "/privacidad",
  label: legalDocuments(company).privacyPolicy.title,
});
const purposeLink: ChatLink = { href: "/proposito", label: purpose.title };
const processLink: ChatLink = { href: "/como-funciona", label: chatbotTexts.processLabel };
const cartLink: ChatLink = { href: "/carro", label: chatbotTexts.cartLabel };

/** A sentence ending in ":" (it introduced a list) ends in "." when quoted alone. */
const closed = (sentence: string) => sentence.replace(/[:;,]\s*$/, ".");

/** Whether the question holds any of the cue phrases (folded whole words). */
function asks(question: string, cues: readonly string[]): boolean {
  const folded = foldForFacts(question);
  return cues.some((cue) => folded.includes(` ${foldAccents(cue)} `));
}

/**
 * Whether the question asks yes or no: the engine's test, or no question word once "hay que" /
 * "tengo que" are set aside ("¿las baterías vencidas entran en la garantía?", "¿hay que ser mayor de edad?").
 */
function yesNoAsked(question: string): boolean {
  if (isYesNoQuestion(question)) return true;
  const folded = foldForFacts(question).replace(/ (hay|tengo|tiene|tienen|tienes) que /g, " ");
  return !questionWords.some((word) => folded.includes(` ${word} `));
}

/** The sentences of a text: split after ".", "!" or "?" before a capital (not "N° 6", not "www.sernac.cl"). */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[¿¡«A-ZÁÉÍÓÚÑ])/).filter(Boolean);
}

/** Every sentence of a legal document: its intro, paragraphs and list items, in order. */
function documentSentences(doc: LegalDocument): string[] {
  return [
    ...sentencesOf(doc.intro),
    ...doc.sections.flatMap((section) => [
      ...section.paragraphs.flatMap((paragraph) => sentencesOf(legalParagraphText(paragraph))),
      ...(section.list ?? []),
    ]),
  ];
}

/** The first sentence of the texts that holds the passage's words (~/content/chatbot `policyPassages`), or "". */
export function passage(texts: string[], words: string): string {
  const wanted = foldAccents(words);
  return texts.flatMap(sentencesOf).find((sentence) => foldAccents(sentence).includes(wanted)) ?? "";
}

/**
 * The shop's terms and privacy policy with their sentences, built once per company (its data is the
 * configuration's, fixed while the server runs) instead of on every answer.
 */
const legalDocumentsCache = new WeakMap<
  CompanyInfo,
  { termsOfService: LegalDocument; privacyPolicy: LegalDocument; terms: string[]; privacy: string[] }
>();
function legalDocuments(company: CompanyInfo) {
  let documents = legalDocumentsCache.get(company);
  if (!documents) {
    const terms = termsOfService(company);
    const privacy = privacyPolicy(company);
    documents = {
      termsOfService: terms,
      privacyPolicy: privacy,
      terms: documentSentences(terms),
      privacy: documentSentences(privacy),
    };
    legalDocumentsCache.set(company, documents);
  }
  return documents;
}
const terms = (company: CompanyInfo) => legalDocuments(company).terms;
const privacy = (company: CompanyInfo) => legalDocuments(company).privacy;

/** The section of a legal document whose heading holds the words. */
function legalSection(doc: LegalDocument, words: string) {
  return doc.sections.find((section) => foldAccents(section.heading).includes(foldAccents(words)));
}

/** The section of a legal document one of whose paragraphs holds the words. */
function sectionWith(doc: LegalDocument, words: string) {
  const wanted = foldAccents(words);
  return doc.sections.find((section) =>
    section.paragraphs.some((paragraph) => foldAccents(legalParagraphText(paragraph)).includes(wanted)),
  );
}

/** The list item of a section sharing the most search terms with the question (the first when none does). */
const bestItem = (items: string[], question: string) => bestSentence(items, question) ?? items[0] ?? "";

const join = (...sentences: string[]) => sentences.filter(Boolean).join(" ");
const p = policyPassages;
const cue = policyCueWords;

/** The privacy and terms topics: each answer quotes the page's own sentences. */
function legalTopics(): Pick<Topic, "id" | "answer">[] {
  return [
    {
      id: "dataSharing",
      answer: (company, question = "") => {
        const sentences = privacy(company);
        const sale = passage(sentences, p.dataSale);
        const more = closed(passage(sentences, p.dataSaleMore));
        const text = join(asks(question, cue.dataSale) ? withAnswer(false, sale) : sale, more);
        return { text, link: privacyLink(company) };
      },
    },
    {
      id: "dataRetention",
      answer: (company, question = "") => {
        const doc = legalDocuments(company).privacyPolicy;
        const items = legalSection(doc, p.retentionHeading)?.list ?? [];
        return {
          text: join(bestItem(items, question), passage(documentSentences(doc), p.retentionRule)),
          link: privacyLink(company),
        };
      },
    },
    {
      id: "dataRights",
      answer: (company, question = "") => {
        const doc = legalDocuments(company).privacyPolicy;
        const rights = (legalSection(doc, p.rightsHeading)?.list ?? []).map((item) => {
          const [name = "", ...rest] = item.split(": ");
          return { name, what: rest.join(": ") };
        });
        const how = passage(documentSentences(doc), p.rightsHow);
        const erasure = rights.find((right) => /supresi/i.test(foldAccents(right.name)));
        if (erasure && asks(question, cue.erasure)) {
          const text = topicAnswerTexts.right(erasure.name.toLowerCase(), erasure.what);
          return { text: join(withAnswer(true, text), how), link: privacyLink(company) };
        }
        const text = topicAnswerTexts.rights(listWords(rights.map((right) => right.name.toLowerCase())));
        return { text: join(text, how), link: privacyLink(company) };
      },
    },
    {
      id: "cookies",
      answer: (company, question = "") => {
        const sentences = privacy(company);
        // The first clause: the examples that follow it are the page's, too long for a chat answer.
        const used = `${passage(sentences, p.cookiesUsed).split(", como")[0] ?? ""}.`;
        const ads = passage(sentences, p.cookiesAds);
        const text = asks(question, cue.cookieAds)
          ? join(yesNoAsked(question) ? withAnswer(false, ads) : ads, used)
          : join(used, ads);
        return { text, link: privacyLink(company) };
      },
    },
    {
      id: "gallery",
      // "¿Puedo subir una foto de mi kit?": the gallery's own invitation, with the upload page.
      answer: (_company, question = "") => ({
        text: yesNoAsked(question)
          ? withAnswer(true, galleryUploadTexts.metaDescription.replace(/^¿[^?]*\?\s*/, ""))
          : galleryUploadTexts.metaDescription,
        link: { href: galleryUploadPath, label: galleryUploadTexts.metaTitle.split(" | ")[0] ?? "Galería" },
      }),
    },
    {
      id: "newsletter",
      answer: (company, question = "") => {
        const sentences = privacy(company);
        // "¿Tienen newsletter?": yes, with what it brings, then how consent and leaving work.
        const subscribe = join(
          `${footer.newsletter.heading}: ${footer.newsletter.text.charAt(0).toLowerCase()}${footer.newsletter.text.slice(1)}`,
          passage(sentences, p.newsletterClick),
        );
        const text = asks(question, cue.subscribe)
          ? yesNoAsked(question)
            ? withAnswer(true, subscribe)
            : subscribe
          : join(passage(sentences, p.newsletterClick), passage(sentences, p.newsletterWrite));
        return { text, link: privacyLink(company) };
      },
    },
    {
      id: "minimumAge",
      answer: (company, question = "") => {
        const age = passage(privacy(company), p.minimumAge);
        const text = yesNoAsked(question) ? withAnswer(!asks(question, cue.minor), age) : age;
        return { text, link: privacyLink(company) };
      },
    },
    {
      id: "legal",
      answer: (company, question = "") => {
        if (asks(question, ["privacidad"])) {
          const doc = legalDocuments(company).privacyPolicy;
          return {
            text: join(
              topicAnswerTexts.documentAt(doc.title),
              passage(sentencesOf(doc.intro), p.privacyIntro),
            ),
            link: privacyLink(company),
          };
        }
        const doc = legalDocuments(company).termsOfService;
        return {
          text: join(topicAnswerTexts.documentAt(doc.title), passage(sentencesOf(doc.intro), p.termsCopy)),
          link: termsLink,
        };
      },
    },
    {
      id: "complaints",
      answer: (company) => {
        const sentences = terms(company);
        return {
          text: join(passage(sentences, p.complaintsHow), passage(sentences, p.complaintsAuthority)),
          link: termsLink,
        };
      },
    },
  ];
}

/** The payment's result on the order page, the currency, a cancelled order, tracking, the cart's limit, the purpose. */
function shopPageTopics(): Pick<Topic, "id" | "answer">[] {
  const providers = Object.values(providerNames).join(" o ");
  return [
    {
      id: "paymentStatus",
      answer: (company, question = "") => {
        if (asks(question, cue.paymentRejected)) {
          const rejected = paymentTexts.results.rejected;
          const charge = passage([rejected], p.paymentCharge);
          const text = asks(question, cue.charged) && charge ? withAnswer(false, charge) : rejected;
          return { text, link: faqLink };
        }
        // "Si no pago un pedido pendiente, ¿me cobran algo?": a pending order charges nothing.
        if (asks(question, cue.notPaid) && asks(question, cue.charged)) {
          return { text: withAnswer(false, passage(terms(company), p.payLater)), link: termsLink };
        }
        const confirming = paymentTexts.results.confirming(providers);
        // "¿Tengo que pagar de nuevo?" is what a customer asks of this page: the page says no.
        const again = passage([confirming], p.paymentConfirming);
        if (asks(question, cue.payAgain) && again) return { text: withAnswer(false, again), link: faqLink };
        // Being confirmed, or charged while the page still says pending: the page's "confirming" words.
        if (asks(question, cue.paymentConfirming) || asks(question, cue.charged))
          return { text: confirming, link: faqLink };
        return { text: passage(terms(company), p.payLater), link: termsLink };
      },
    },
    {
      id: "currency",
      answer: (company, question = "") => {
        const currency = passage(terms(company), p.currency);
        const iva = yesNoAsked(question) && asks(question, cue.iva);
        return { text: iva ? withAnswer(true, currency) : currency, link: termsLink };
      },
    },
    {
      id: "orderCancelled",
      answer: (company, question = "") => {
        // "Quiero cancelar mi pedido": a request, answered with how to reach the shop and the withdrawal.
        if (asks(question, cue.cancelRequest) && !asks(question, cue.cancelled))
          return {
            text: join(closed(orderPageTexts.helpText), policyAnswers.withdrawal),
            link: contactLink,
            whatsapp: whatsappChatLink(company),
          };
        const unpaid = asks(question, cue.notPaid);
        const text = unpaid ? orderPageTexts.cancelledUnpaid : orderPageTexts.cancelledPaid;
        return {
          text: yesNoAsked(question) && !unpaid ? withAnswer(true, text) : text,
          link: contactLink,
          whatsapp: whatsappChatLink(company),
        };
      },
    },
    {
      id: "tracking",
      answer: (_company, question = "") => {
        const text = join(
          orderPageTexts.processing(orderProcessingHours),
          topicAnswerTexts.tracking(orderPageTexts.courierLabel.toLowerCase(), orderPageTexts.trackingLabel),
        );
        return { text: yesNoAsked(question) ? withAnswer(true, text) : text, link: contactLink };
      },
    },
    {
      id: "orderStates",
      answer: (_company, question = "") => {
        const statuses = Object.entries(orderStatusLabels) as [OrderStatus, string][];
        // The longest label the question names ("pendiente de pago" before "pagado").
        const named = statuses
          .filter(([, label]) => asks(question, [label]))
          .sort(([, a], [, b]) => b.length - a.length)[0];
        const text = named
          ? topicAnswerTexts.orderState(
              named[1],
              lowerFirst(statusMeaning(named[0], true, topicAnswerTexts.anyCourier)),
            )
          : topicAnswerTexts.orderStates(listWords(statuses.map(([, label]) => label)));
        return { text, link: contactLink };
      },
    },
    {
      id: "cartLimit",
      answer: () => ({
        text: topicAnswerTexts.cartLimit(lowerFirst(purchaseTexts.quantityHint(maxQuantityPerKit))),
        link: cartLink,
      }),
    },
    {
      id: "purpose",
      answer: (_company, question = "") => {
        const block = asks(question, cue.vision) ? purpose.vision : purpose.mission;
        return {
          text: join(purpose.intro, topicAnswerTexts.purposeBlock(block.heading, block.text)),
          link: purposeLink,
        };
      },
    },
  ];
}

/**
 * The detail of a shop-wide topic that the question asks beyond its short answer (the warranty's
 * claim, a withdrawal's refund, the delivery for companies…), read from the pages; undefined when
 * the short answer is what is asked.
 */
function policyDetailFor(id: string, company: CompanyInfo, question: string): TopicAnswer | undefined {
  const yesNo = yesNoAsked(question);
  switch (id) {
    case "warranty": {
      const sentences = terms(company);
      if (asks(question, cue.damaged) && !asks(question, ["garantia"]))
        return {
          text: join(passage(sentences, p.damagedCheck), passage(sentences, p.damagedArrival)),
          link: termsLink,
        };
      if (asks(question, cue.consumables)) {
        const consumables = passage(sentences, p.warrantyConsumables);
        return { text: yesNo ? withAnswer(false, consumables) : consumables, link: termsLink };
      }
      if (asks(question, cue.legalWarranty))
        return {
          text: join(passage(sentences, p.legalWarranty), passage(sentences, p.legalWarrantyLonger)),
          link: termsLink,
        };
      if (asks(question, cue.warrantyStart))
        return { text: passage(sentences, p.warrantyStart), link: termsLink };
      if (asks(question, cue.damaged) || asks(question, cue.warrantyClaim)) {
        const choices = (
          sectionWith(legalDocuments(company).termsOfService, p.warrantyChoices)?.list ?? []
        ).map((item) => lowerFirst(item.replace(/\.$/, "")));
        const intro = closed(passage(sentences, p.warrantyChoices)).replace(/\.$/, "");
        return {
          text: join(passage(sentences, p.warrantyHow), `${intro}: ${listWords(choices)}.`),
          link: termsLink,
        };
      }
      return undefined;
    }
    case "dataSharing":
    case "dataRetention":
    case "dataRights":
    case "complaints": {
      const sentences = privacy(company);
      const link = privacyLink(company);
      if (asks(question, cue.card)) {
        const card = passage(sentences, p.cardData);
        return { text: yesNo ? withAnswer(false, card) : card, link };
      }
      if (asks(question, cue.complaint) && (id !== "complaints" || asks(question, cue.data)))
        return { text: passage(sentences, p.dataAuthority), link };
      if (asks(question, cue.security) && id !== "complaints")
        return { text: passage(sentences, p.dataSecurity), link };
      if (asks(question, cue.responsible)) return { text: passage(sentences, p.dataResponsible), link };
      if (id === "dataRights" && asks(question, cue.answerTime))
        return { text: passage(sentences, p.rightsTime), link };
      return undefined;
    }
    case "currency": {
      if (!asks(question, cue.priceChange)) return undefined;
      const sentences = terms(company);
      const later = passage(sentences, p.priceChange);
      return {
        text: yesNo
          ? join(withAnswer(false, later), passage(sentences, p.pricePaid))
          : join(passage(sentences, p.pricePaid), later),
        link: termsLink,
      };
    }
    case "withdrawal": {
      const sentences = terms(company);
      if (asks(question, cue.originalBox)) {
        const box = passage(sentences, p.originalBox);
        return { text: yesNo ? withAnswer(true, box) : box, link: termsLink };
      }
      if (asks(question, cue.returnShipping)) {
        // The clause of the sentence that says who pays the return ("…; dentro de Chile continental, …").
        const clause = upperFirst(
          passage(passage(sentences, p.withdrawalReturn).split(/;\s*/), p.withdrawalReturn).replace(
            /\.?$/,
            ".",
          ),
        );
        return {
          text: yesNoAsked(question) && asks(question, cue.returnCost) ? withAnswer(false, clause) : clause,
          link: termsLink,
        };
      }
      if (asks(question, cue.refundTime) && asks(question, cue.money))
        return { text: passage(sentences, p.withdrawalRefund), link: termsLink };
      return undefined;
    }
    case "customisation": {
      if (!asks(question, cue.withdrawal)) return undefined;
      const excluded = passage(terms(company), p.customisedNoWithdrawal);
      return { text: yesNo ? withAnswer(false, excluded) : excluded, link: termsLink };
    }
    case "delivery": {
      if (asks(question, cue.lateDelivery)) {
        const sentences = terms(company);
        return {
          text: join(passage(sentences, p.lateDelivery), passage(sentences, p.lateDeliveryChoice)),
          link: termsLink,
        };
      }
      if (asks(question, cue.companies)) {
        const companies = passage(processPage.shipping.paragraphs, p.companyDelivery);
        return { text: yesNo ? withAnswer(true, companies) : companies, link: processLink };
      }
      return undefined;
    }
    case "quotation": {
      if (asks(question, cue.validity))
        return { text: passage(terms(company), p.quotationValidity), link: catalogueLink };
      // "¿Me mandan la cotización por correo?": the thank-you page's step that says how it is sent.
      if (asks(question, cue.quoteEmail)) {
        const sent = thanks.nextSteps.find((step) => /correo/i.test(step.description));
        if (sent) return { text: sent.description, link: catalogueLink };
      }
      if (asks(question, cue.purchaseOrder))
        return { text: passage(terms(company), p.purchaseOrder), link: catalogueLink };
      if (asks(question, cue.quoteData) && !asks(question, cue.quoteQuantity)) {
        const fields = [
          quoteTexts.fullNameLabel,
          quoteTexts.emailLabel,
          quoteTexts.phoneLabel,
          quoteTexts.companyLabel,
          quoteTexts.cityLabel,
          quoteTexts.quantityLabel,
        ].map((label) => (label === "Email" ? label : label.toLowerCase()));
        return { text: topicAnswerTexts.quoteFields(listWords(fields)), link: catalogueLink };
      }
      if (!asks(question, cue.quoteQuantity)) return undefined;
      const how = upperFirst(policyAnswers.quotation.replace(/^Sí, /, ""));
      return {
        text: join(
          topicAnswerTexts.quoteQuantity(
            quoteTexts.quantityLabel.toLowerCase(),
            lowerFirst(quoteTexts.quantityHint),
          ),
          how,
        ),
        link: catalogueLink,
      };
    }
    case "thanks": {
      if (asks(question, cue.bye)) return { text: chatbotTexts.goodbye, link: faqLink };
      if (!asks(question, cue.thanks) && asks(question, cue.acknowledged))
        return { text: chatbotTexts.acknowledged, link: faqLink };
      return undefined;
    }
    default:
      return undefined;
  }
}
