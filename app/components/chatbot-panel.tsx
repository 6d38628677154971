import { SendHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle, ModalContent } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { chatbotMaxQuestionLength, chatbotTexts, chatPanelTexts } from "~/content/chatbot";
import { readChatState, writeChatState } from "~/lib/chatbot-storage";
import { cn } from "~/lib/cn";

/**
 * The chat panel (issue 13; docs/decisions/038), loaded when the chat button is first used. It talks
 * to /api/chat (routes/resources/chatbot.ts): a question and its answer per POST, the conversation
 * restored with a GET after a reload. Escape and a click outside hide the panel and keep the
 * conversation; "Cerrar chat" ends it on the server.
 */

const api = "/api/chat";

interface ChatLink {
  href: string;
  label: string;
}

type Entry =
  | { from: "user"; text: string }
  | {
      from: "bot";
      text: string;
      link?: ChatLink | undefined;
      whatsapp?: ChatLink | undefined;
      tracking?: ChatLink | undefined;
    }
  | { from: "notice"; text: string };
type Message = Entry & { id: number };

type SendReply =
  | { sessionId: string; answer: { text: string; link?: ChatLink; whatsapp?: ChatLink; tracking?: ChatLink } }
  | { error: string };

interface StoredConversation {
  sessionId: string | null;
  messages: { role: "user" | "bot"; content: string; createdAt: string }[];
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
        const earlier = stored.messages.map(({ role, content }) => message({ from: role, text: content }));
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

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || pending) return;
    setDraft("");
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
        add({
          from: "bot",
          text: reply.answer.text,
          link: reply.answer.link,
          whatsapp: reply.answer.whatsapp,
          tracking: reply.answer.tracking,
        });
      }
    } catch {
      add({ from: "notice", text: chatPanelTexts.networkError });
    } finally {
      setPending(false);
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
          input.current?.focus();
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
            ) : (
              <Bubble key={entry.id} onLink={() => onOpenChange(false)} {...entry} />
            ),
          )}
          {pending ? (
            <p className="self-start text-sm text-muted-foreground italic">{chatPanelTexts.typing}</p>
          ) : null}
        </div>
        <form onSubmit={(event) => void send(event)} className="mt-3 flex items-end gap-2">
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
}: {
  from: "user" | "bot";
  text: string;
  link?: ChatLink | undefined;
  whatsapp?: ChatLink | undefined;
  /** A shipped order's tracking page at the courier. */
  tracking?: ChatLink | undefined;
  onLink?: () => void;
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
    </div>
  );
}
