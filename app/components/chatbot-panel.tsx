import { SendHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle, ModalContent } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import {
  chatbotMaxQuestionLength,
  chatbotTexts,
  chatPanelTexts,
  chatQuickReplies,
  chatWhatsappMessage,
  type ChatQuickReply,
} from "~/content/chatbot";
import { whatsappLink } from "~/content/company";
import { readChatState, writeChatState } from "~/lib/chatbot-storage";
import { cn } from "~/lib/cn";
import { useRootData } from "~/lib/root-data";

/**
 * The chat panel (issue 13; docs/decisions/038), loaded when the chat button is first used. It talks
 * to /api/chat (routes/resources/chatbot.ts): a question and its answer per POST, the conversation
 * restored with a GET after a reload. Escape and a click outside hide the panel and keep the
 * conversation; "Cerrar chat" ends it on the server. Under the greeting, and under the answers the
 * server offers them with (the fallback), quick replies send a question or hand the conversation
 * to WhatsApp with the last question prefilled; under each answer, "¿Te sirvió?" Sí/No is stored
 * against it (issue 26; docs/decisions/078).
 */

const api = "/api/chat";

interface ChatLink {
  href: string;
  label: string;
}

type Feedback = "yes" | "no";

interface BotEntry {
  from: "bot";
  text: string;
  link?: ChatLink | undefined;
  whatsapp?: ChatLink | undefined;
  tracking?: ChatLink | undefined;
  /** The answer's number in the session: what "¿Te sirvió?" names. */
  seq?: number | undefined;
  /** False for the fallback (it did not know): no "¿Te sirvió?" under it. */
  answered?: boolean | undefined;
  feedback?: Feedback | null | undefined;
  quickReplies?: readonly ChatQuickReply[] | undefined;
}

type Entry = { from: "user"; text: string } | BotEntry | { from: "notice"; text: string };
type Message = Entry & { id: number };

type SendReply =
  | {
      sessionId: string;
      answer: {
        seq: number;
        text: string;
        answered: boolean;
        link?: ChatLink;
        whatsapp?: ChatLink;
        tracking?: ChatLink;
        quickReplies?: ChatQuickReply[];
      };
    }
  | { error: string };

interface StoredConversation {
  sessionId: string | null;
  messages: {
    seq: number;
    role: "user" | "bot";
    content: string;
    createdAt: string;
    answered?: boolean;
    feedback?: Feedback | null;
  }[];
}

let nextId = 0;
const message = (value: Entry): Message => ({ ...value, id: nextId++ });

export default function ChatPanel({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives the focus back to the chat button once the panel has closed. */
  onClosed: () => void;
}) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  // The panel renders only in the browser, after the button's first use or a reload.
  const [restoring, setRestoring] = useState(() => readChatState().sessionId !== undefined);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const restored = useRef(false);
  const { company } = useRootData();

  // The conversation of the tab's open session, after a reload (the server keeps it 30 minutes).
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const { sessionId } = readChatState();
    if (!sessionId) return;
    fetch(`${api}?sesion=${encodeURIComponent(sessionId)}`, { headers: { Accept: "application/json" } })
      .then(async (response) => (response.ok ? ((await response.json()) as StoredConversation) : undefined))
      .then((stored) => {
        if (!stored) return;
        if (!stored.sessionId) {
          writeChatState({ sessionId: undefined });
          return;
        }
        const earlier = stored.messages.map(({ seq, role, content, answered, feedback }) =>
          message(
            role === "user"
              ? { from: role, text: content }
              : { from: role, text: content, seq, answered, feedback },
          ),
        );
        setMessages((current) => [...earlier, ...current]);
      })
      .catch(() => undefined)
      .finally(() => setRestoring(false));
  }, []);

  // The newest message in view.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, pending, open]);

  const add = (value: Entry) => setMessages((current) => [...current, message(value)]);

  /** Sends a question, typed or a quick reply's, and shows the answer. */
  async function ask(text: string) {
    add({ from: "user", text });
    setPending(true);
    try {
      const body = new URLSearchParams({ intent: "send", message: text });
      const { sessionId } = readChatState();
      if (sessionId) body.set("sessionId", sessionId);
      const response = await fetch(api, { method: "POST", body, headers: { Accept: "application/json" } });
      const reply = (await response.json()) as SendReply;
      if ("error" in reply) {
        add({ from: "notice", text: reply.error });
      } else {
        writeChatState({ sessionId: reply.sessionId });
        const { answer } = reply;
        add({
          from: "bot",
          text: answer.text,
          link: answer.link,
          whatsapp: answer.whatsapp,
          tracking: answer.tracking,
          seq: answer.seq,
          answered: answer.answered,
          feedback: null,
          quickReplies: answer.quickReplies,
        });
      }
    } catch {
      add({ from: "notice", text: chatPanelTexts.networkError });
    } finally {
      setPending(false);
    }
  }

  function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || pending) return;
    setDraft("");
    void ask(text);
  }

  /** A quick reply's question: sent as if typed; the focus goes to the text field (the buttons go). */
  function askQuickReply(question: string) {
    if (pending) return;
    input.current?.focus();
    void ask(question);
  }

  /** "¿Te sirvió?": shown at once, stored on the server; a failure undoes it and says why. */
  async function giveFeedback(id: number, seq: number, feedback: Feedback) {
    const { sessionId } = readChatState();
    if (!sessionId) return;
    const mark = (value: Feedback | null) =>
      setMessages((current) =>
        current.map((entry) =>
          entry.id === id && entry.from === "bot" ? { ...entry, feedback: value } : entry,
        ),
      );
    mark(feedback);
    try {
      const body = new URLSearchParams({
        intent: "feedback",
        sessionId,
        seq: String(seq),
        helpful: feedback,
      });
      const response = await fetch(api, { method: "POST", body, headers: { Accept: "application/json" } });
      // 409: marked before (another tab): the mark stands.
      if (response.ok || response.status === 409) return;
      const reply = (await response.json().catch(() => ({}))) as { error?: string };
      mark(null);
      add({ from: "notice", text: reply.error ?? chatPanelTexts.networkError });
    } catch {
      mark(null);
      add({ from: "notice", text: chatPanelTexts.networkError });
    }
  }

  /** "Cerrar chat": the conversation ends here and on the server. */
  function end() {
    const { sessionId } = readChatState();
    writeChatState({ sessionId: undefined });
    setMessages([]);
    setDraft("");
    if (!sessionId) return;
    const body = new URLSearchParams({ intent: "end", sessionId });
    void fetch(api, { method: "POST", body, keepalive: true }).catch(() => undefined);
  }

  // The quick replies: under the greeting until the conversation starts, then under the last
  // answer when the server offered them with it.
  const last = messages.at(-1);
  const quickReplies =
    messages.length === 0
      ? restoring
        ? undefined
        : chatQuickReplies
      : last?.from === "bot"
        ? last.quickReplies
        : undefined;
  const lastQuestion = messages.findLast((entry) => entry.from === "user")?.text;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <ModalContent
        closeLabel={chatPanelTexts.closeLabel}
        onCloseButton={end}
        overlayClassName="bg-stone-950/30"
        closeClassName="text-subtle-foreground hover:bg-muted hover:text-foreground"
        className="inset-x-2 bottom-2 flex max-h-[calc(100dvh-1rem)] flex-col rounded-lg bg-white p-4 md:inset-x-auto md:right-4 md:bottom-4 md:w-96"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          // The text field takes the focus once the open panel has been painted: focusing it in the
          // tap's own frame made the browser work out the whole page's style early, a second time
          // (~40 ms at 4× CPU; docs/decisions/078). Unless the focus has moved into the panel since.
          const panel = event.currentTarget as HTMLElement;
          requestAnimationFrame(() =>
            setTimeout(() => {
              if (!panel.contains(document.activeElement)) input.current?.focus();
            }),
          );
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle className="text-lg">{chatPanelTexts.title}</DialogTitle>
        <DialogDescription className="mt-1 pr-8">{chatPanelTexts.description}</DialogDescription>
        <div
          ref={log}
          role="log"
          aria-live="polite"
          aria-label={chatPanelTexts.logLabel}
          aria-busy={restoring}
          // Scrollable, so reachable by keyboard.
          tabIndex={0}
          className="mt-3 flex max-h-[400px] min-h-32 flex-col gap-2 overflow-y-auto rounded-md border border-border bg-muted p-3 focus-visible:outline-3"
        >
          <Bubble from="bot" text={chatbotTexts.greeting} />
          {restoring ? <p className="text-sm text-muted-foreground">{chatPanelTexts.restoring}</p> : null}
          {messages.map((entry) =>
            entry.from === "notice" ? (
              <p
                key={entry.id}
                className="rounded-md bg-destructive-muted px-3 py-2 text-sm text-destructive-strong"
              >
                {entry.text}
              </p>
            ) : entry.from === "user" ? (
              <Bubble key={entry.id} {...entry} />
            ) : (
              <Bubble key={entry.id} onLink={() => onOpenChange(false)} {...entry}>
                {entry.answered && entry.seq !== undefined ? (
                  <FeedbackButtons
                    feedback={entry.feedback ?? null}
                    onFeedback={(value) => void giveFeedback(entry.id, entry.seq!, value)}
                  />
                ) : null}
              </Bubble>
            ),
          )}
          {quickReplies && !pending ? (
            <QuickReplies
              replies={quickReplies}
              whatsappHref={whatsappLink(company, chatWhatsappMessage(lastQuestion))}
              onAsk={askQuickReply}
            />
          ) : null}
          {pending ? (
            <p className="self-start text-sm text-muted-foreground italic">{chatPanelTexts.typing}</p>
          ) : null}
        </div>
        <form onSubmit={send} className="mt-3 flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="sr-only">
              {chatPanelTexts.inputLabel}
            </label>
            <Input
              ref={input}
              id={inputId}
              name="message"
              type="text"
              autoComplete="off"
              maxLength={chatbotMaxQuestionLength}
              placeholder={chatPanelTexts.placeholder}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <Button type="submit" className="px-3" disabled={pending}>
            <SendHorizontal aria-hidden className="size-4" />
            {chatPanelTexts.send}
          </Button>
        </form>
      </ModalContent>
    </Dialog>
  );
}

/** One message: the visitor's on the right, the bot's on the left, each named for screen readers. */
function Bubble({
  from,
  text,
  link,
  whatsapp,
  tracking,
  onLink,
  children,
}: {
  from: "user" | "bot";
  text: string;
  link?: ChatLink | undefined;
  whatsapp?: ChatLink | undefined;
  /** A shipped order's tracking page at the courier. */
  tracking?: ChatLink | undefined;
  onLink?: () => void;
  /** Under the message: the answer's "¿Te sirvió?". */
  children?: React.ReactNode;
}) {
  const user = from === "user";
  const linkClass = "font-semibold text-primary underline underline-offset-2 hover:text-primary-strong";
  return (
    <div
      className={cn(
        "max-w-[75%] rounded-lg px-3 py-2 text-sm break-words",
        user
          ? "self-end bg-primary text-primary-foreground"
          : "self-start bg-white text-foreground shadow-sm",
      )}
    >
      <p className="whitespace-pre-line">
        <span className="sr-only">{user ? chatPanelTexts.you : chatPanelTexts.bot} </span>
        {text}
      </p>
      {link || whatsapp || tracking ? (
        <ul className="mt-2 space-y-1">
          {link ? (
            <li>
              {link.href.startsWith("/") ? (
                <Link to={link.href} className={linkClass} onClick={onLink}>
                  {link.label}
                </Link>
              ) : (
                <a href={link.href} className={linkClass}>
                  {link.label}
                </a>
              )}
            </li>
          ) : null}
          {[tracking, whatsapp].map((outside) =>
            outside ? (
              <li key={outside.href}>
                <a href={outside.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {outside.label}
                  <span className="sr-only"> {chatPanelTexts.newTab}</span>
                </a>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The quick replies: a labelled group of buttons that send their question, and the link that opens
 * WhatsApp (a new tab) with the last question prefilled.
 */
function QuickReplies({
  replies,
  whatsappHref,
  onAsk,
}: {
  replies: readonly ChatQuickReply[];
  whatsappHref: string;
  onAsk: (question: string) => void;
}) {
  const className =
    "rounded-full border border-primary bg-white px-3 py-1.5 text-sm font-semibold text-primary hover:bg-primary hover:text-primary-foreground focus-visible:outline-3 focus-visible:outline-offset-2";
  return (
    <div role="group" aria-label={chatPanelTexts.quickRepliesLabel} className="flex flex-wrap gap-2">
      {replies.map((reply) =>
        reply.kind === "ask" ? (
          <button key={reply.label} type="button" className={className} onClick={() => onAsk(reply.question)}>
            {reply.label}
          </button>
        ) : (
          <a
            key={reply.label}
            href={whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
            className={className}
          >
            {reply.label}
            <span className="sr-only"> {chatPanelTexts.newTab}</span>
          </a>
        ),
      )}
    </div>
  );
}

/**
 * "¿Te sirvió?" Sí/No under an answer: once answered, the choice stays pressed, both are disabled
 * (aria-disabled, so the focus stays where it is) and "Gracias" says it was heard.
 */
function FeedbackButtons({
  feedback,
  onFeedback,
}: {
  feedback: Feedback | null;
  onFeedback: (feedback: Feedback) => void;
}) {
  const given = feedback !== null;
  const button = (value: Feedback, label: string) => (
    <button
      type="button"
      aria-pressed={feedback === value}
      aria-disabled={given}
      onClick={() => {
        if (!given) onFeedback(value);
      }}
      className={cn(
        "min-h-6 rounded border border-border px-2 text-xs font-semibold focus-visible:outline-3 focus-visible:outline-offset-1",
        feedback === value
          ? "border-primary bg-primary text-primary-foreground"
          : given
            ? "text-muted-foreground"
            : "bg-white text-foreground hover:bg-muted",
      )}
    >
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label={chatPanelTexts.feedbackLabel}
      className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
    >
      <span aria-hidden>{chatPanelTexts.feedbackQuestion}</span>
      {button("yes", chatPanelTexts.feedbackYes)}
      {button("no", chatPanelTexts.feedbackNo)}
      {given ? <span>{chatPanelTexts.feedbackThanks}</span> : null}
    </div>
  );
}
