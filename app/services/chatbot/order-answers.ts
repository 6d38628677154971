/**
 * What the chatbot answers about a visitor's order (issue 13; docs/decisions/040): pure functions,
 * no database. services/chatbot/conversation.server.ts decides when to look an order up and calls these with what
 * it found. The status is said in the order page's words (routes/site/order.tsx): its status
 * label and the first words the page shows under its heading.
 */
import { chatOrderTexts, policyAnswers } from "~/content/chatbot";
import type { CompanyInfo } from "~/content/company";
import { orderPageTexts } from "~/content/order-page";
import { orderProcessingHours, warrantyMonths } from "~/content/policies";
import { courierLabel, trackingUrlFor } from "~/content/couriers";
import { orderStatusLabels, type OrderStatus } from "~/lib/order-status";
import type { ChatAnswer } from "./chatbot.server";
import { contactLink, whatsappChatLink } from "./facts";

/** The topics stored with the bot's order answers (the engine's own "orderStatus" asks for the details). */
export const orderTopics = {
  details: "orderStatus",
  found: "orderFound",
  notFound: "orderNotFound",
  tooManyAttempts: "orderLookupLimit",
} as const;

/** What an order answer needs to know about the order (models/orders.server.ts' customer view). */
export interface OrderForChat {
  id: string;
  number: string;
  /** The kits, written out ("2 × LifeBox Essential, LifeBox Essential Mini"). */
  linesSummary: string;
  status: OrderStatus;
  courier: string | null;
  courierName: string | null;
  trackingNumber: string | null;
  /** When the order entered each status. */
  entered: Partial<Record<OrderStatus, string>>;
}

const answer = (
  topic: string,
  text: string,
  links: Omit<ChatAnswer, "topic" | "text" | "alternatives" | "score">,
) => ({ topic, text, ...links, alternatives: [], score: 0 }) satisfies ChatAnswer;

/** The words the order page shows under its heading, for the order's status. */
function statusWords(order: OrderForChat, courier: string | null): string {
  return statusMeaning(order.status, order.entered.pagado !== undefined, courier);
}

/**
 * What a status means, in the order page's words: for an order (above) or for a status a visitor
 * asks about ("¿qué significa «En preparación»?", ./topics); `paid` says whether a cancelled order
 * had been paid.
 */
export function statusMeaning(status: OrderStatus, paid: boolean, courier: string | null): string {
  switch (status) {
    case "pendiente_pago":
      return chatOrderTexts.unpaid;
    case "pagado":
      return `${orderPageTexts.paidIntro} ${orderPageTexts.processing(orderProcessingHours)}`;
    case "en_preparacion":
      return orderPageTexts.preparingIntro;
    case "enviado":
      return orderPageTexts.shippedIntro(courier ?? "el courier");
    case "entregado":
      return orderPageTexts.deliveredIntro(warrantyMonths);
    case "cancelado":
      return `${orderPageTexts.cancelledIntro} ${paid ? orderPageTexts.cancelledPaid : orderPageTexts.cancelledUnpaid}`;
  }
}

/**
 * The order's status, with a link to its page (/pedido/{id}, the link its customer got by e-mail)
 * and, once shipped, to the courier's tracking page. Never the customer's name, address or e-mail.
 */
export function orderFoundAnswer(order: OrderForChat): ChatAnswer {
  const shipped = order.status === "enviado" || order.status === "entregado";
  const courier = shipped ? courierLabel(order.courier, order.courierName) : null;
  const trackingUrl = shipped ? trackingUrlFor(order.courier, order.trackingNumber) : null;
  return answer(
    orderTopics.found,
    `${chatOrderTexts.found(order.number, order.linesSummary, orderStatusLabels[order.status])} ${statusWords(order, courier)}`,
    {
      link: { href: `/pedido/${order.id}`, label: chatOrderTexts.orderLinkLabel(order.number) },
      ...(trackingUrl && courier
        ? { tracking: { href: trackingUrl, label: orderPageTexts.trackShipment(courier) } }
        : {}),
    },
  );
}

/** The order number and e-mail did not match an order: one neutral sentence, never which was wrong. */
export function orderNotFoundAnswer(company: CompanyInfo): ChatAnswer {
  return answer(orderTopics.notFound, chatOrderTexts.notFound, {
    link: contactLink,
    whatsapp: whatsappChatLink(company),
  });
}

/** Too many failed look-ups from this visitor's IP: no look-up, the contact options. */
export function orderLookupLimitAnswer(company: CompanyInfo): ChatAnswer {
  return answer(orderTopics.tooManyAttempts, chatOrderTexts.tooManyAttempts, {
    link: contactLink,
    whatsapp: whatsappChatLink(company),
  });
}

/** What is still missing to look the order up: both (the engine's own answer), the e-mail or the number. */
export function orderDetailsAnswer(missing: "both" | "email" | "number"): ChatAnswer {
  const text =
    missing === "email"
      ? chatOrderTexts.needsEmail
      : missing === "number"
        ? chatOrderTexts.needsNumber
        : policyAnswers.orderStatus;
  return answer(orderTopics.details, text, { link: contactLink });
}
