import "~/schemas/zod-setup";
import { z } from "zod";
import { chatbotMaxQuestionLength } from "~/content/chatbot";
import { optional, visibleText } from "~/schemas/text";

/** What the chat panel sends (issue 13): a question, or the end of the conversation. */

export const chatMessages = {
  empty: "Escribe tu pregunta.",
  tooLong: `Tu mensaje puede tener hasta ${chatbotMaxQuestionLength} caracteres.`,
  invalid: "No se entendió la solicitud. Recarga la página e inténtalo de nuevo.",
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
