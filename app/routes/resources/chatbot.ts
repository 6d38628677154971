import { data } from "react-router";
import type { Route } from "./+types/chatbot";
import { isUuid } from "~/models/orders.server";
import {
  endChatSession,
  getOpenChatSession,
  recordChatFeedback,
} from "~/models/chatbot-conversations.server";
import { chatEndSchema, chatFeedbackSchema, chatMessages, chatSendSchema } from "~/schemas/chatbot";
import { askChatbot } from "~/services/chatbot/conversation.server";
import { getDb } from "~/infra/db.server";
import { requireFormData } from "~/infra/request-body.server";
import { isFromAnotherSite } from "~/infra/same-site.server";
import { visitorIdCookie } from "~/infra/visitor-cookie.server";

/**
 * /api/chat (issue 13; docs/product.md#d17): what the chat panel talks to.
 * - POST intent=send, message, sessionId?: the bot's answer, stored with the question in the
 *   visitor's session (a new one when there is none open).
 *   With it, the bot message's number (`seq`) and the quick replies offered (issue 26: under the
 *   greeting and the fallback).
 * - POST intent=end, sessionId: the visitor closed the chat.
 * - POST intent=feedback, sessionId, seq, helpful=yes|no: the visitor's "¿Te sirvió?" on that
 *   answer of their own session (issue 26); 404 when it is not theirs, 409 when already marked.
 * - GET ?sesion=…: the messages of the visitor's open session, for the panel after a reload.
 * The visitor is a random id in an httpOnly cookie, set on their first message; a session is only
 * reached with that cookie and its id together. The server limits messages per IP (server/app.ts),
 * feedback included: every POST here counts.
 */

/** The visitor's random id (its own cookie: never tied to the gallery's likes). */
const visitor = visitorIdCookie("lifebox_chat_visitor");

const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request }: Route.LoaderArgs) {
  const visitorId = await visitor.read(request);
  const sessionId = new URL(request.url).searchParams.get("sesion") ?? "";
  const messages =
    visitorId && isUuid(sessionId) ? await getOpenChatSession(getDb(), visitorId, sessionId) : undefined;
  return Response.json(
    messages
      ? {
          sessionId,
          messages: messages.map(({ seq, role, content, topic, createdAt, feedback }) => ({
            seq,
            role,
            content,
            createdAt,
            ...(role === "bot" ? { answered: topic !== null, feedback } : {}),
          })),
        }
      : { sessionId: null, messages: [] },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(chatMessages.invalid, { status: 405, headers });
  // React Router checks Origin only for routes with a page (app/infra/same-site.server.ts).
  if (isFromAnotherSite(request))
    return Response.json({ error: chatMessages.invalid }, { status: 403, headers });
  const form = Object.fromEntries(await requireFormData(request));
  const refuse = (message: string, status = 400) => Response.json({ error: message }, { status, headers });

  if (form.intent === "end") {
    const end = chatEndSchema.safeParse(form);
    if (!end.success) return refuse(chatMessages.invalid);
    const visitorId = await visitor.read(request);
    const ended = visitorId ? await endChatSession(getDb(), visitorId, end.data.sessionId) : false;
    return Response.json({ ended }, { headers });
  }

  if (form.intent === "feedback") {
    const feedback = chatFeedbackSchema.safeParse(form);
    if (!feedback.success) return refuse(chatMessages.invalid);
    const visitorId = await visitor.read(request);
    const result = visitorId
      ? await recordChatFeedback(getDb(), {
          visitorId,
          sessionId: feedback.data.sessionId,
          seq: feedback.data.seq,
          feedback: feedback.data.helpful,
        })
      : "not-found";
    if (result === "not-found") return refuse(chatMessages.feedbackNotFound, 404);
    if (result === "already") return refuse(chatMessages.feedbackAlready, 409);
    return Response.json({ saved: true }, { headers });
  }

  const send = chatSendSchema.safeParse(form);
  if (!send.success) return refuse(send.error.issues[0]?.message ?? chatMessages.invalid);
  const known = await visitor.read(request);
  const visitorId = known ?? crypto.randomUUID();
  const { sessionId, answer, answerSeq, quickReplies } = await askChatbot({
    visitorId,
    ip: context.clientIp,
    sessionId: send.data.sessionId,
    question: send.data.message,
  });
  return Response.json(
    {
      sessionId,
      answer: {
        seq: answerSeq,
        text: answer.text,
        answered: answer.topic !== null,
        ...(answer.link ? { link: answer.link } : {}),
        ...(answer.whatsapp ? { whatsapp: answer.whatsapp } : {}),
        ...(answer.tracking ? { tracking: answer.tracking } : {}),
        ...(quickReplies.length > 0 ? { quickReplies } : {}),
      },
    },
    { headers: known ? headers : { ...headers, "Set-Cookie": await visitor.serialize(visitorId) } },
  );
}
