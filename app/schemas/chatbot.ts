import "~/schemas/zod-setup";
import { z } from "zod";
import { chatbotMaxQuestionLength } from "~/content/chatbot";
import { optional, visibleText } from "~/schemas/text";

/**
 * What the chat panel sends (issue 13): a question, the end of the conversation, or the visitor's
 * "¿Te sirvió?" on an answer (issue 26).
 */

export const chatMessages = {
  empty: "Escribe tu pregunta.",
  tooLong: `Tu mensaje puede tener hasta ${chatbotMaxQuestionLength} caracteres.`,
  invalid: "No se entendió la solicitud. Recarga la página e inténtalo de nuevo.",
  feedbackNotFound: "No encontramos esa respuesta en tu conversación.",
  feedbackAlready: "Ya nos dijiste si esta respuesta te sirvió.",
} as const;

const sessionId = z.string({ error: chatMessages.invalid }).uuid({ error: chatMessages.invalid });

export const chatSendSchema = z.object({
  intent: z.literal("send", { error: chatMessages.invalid }),
  message: visibleText({
    message: chatMessages.empty,
    min: 1,
    max: { length: chatbotMaxQuestionLength, message: chatMessages.tooLong },
  }),
  sessionId: optional(sessionId),
});

export const chatEndSchema = z.object({
  intent: z.literal("end", { error: chatMessages.invalid }),
  sessionId,
});

export const chatFeedbackSchema = z.object({
  intent: z.literal("feedback", { error: chatMessages.invalid }),
  sessionId,
  /** The bot message's number in the session. */
  seq: z.coerce
    .number({ error: chatMessages.invalid })
    .int({ error: chatMessages.invalid })
    .min(1, { error: chatMessages.invalid })
    .max(1_000_000, { error: chatMessages.invalid }),
  helpful: z.enum(["yes", "no"], { error: chatMessages.invalid }),
});
