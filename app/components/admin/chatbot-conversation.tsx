import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminListRowActionProps } from "~/components/admin/admin-list";
import { RecordFields } from "~/components/admin/admin-record";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { adminChatbotTexts as texts } from "~/content/admin";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * One chatbot conversation as staff read it (docs/product.md#spec-2 "Chatbot"): the visitor's id, IP, start
 * and end ('Conversación activa' while it goes on), and the messages as a chat — the visitor's on the right,
 * the bot's on the left, each labelled Usuario or Bot with its time; a failed bot answer is marked
 * with why (issue 26): "Sin respuesta" (it did not know: what to add to the FAQ), "Poca confianza"
 * or "No me sirvió" (the visitor said so). Shown in a dialog from the list's
 * "Ver conversación" (the data read from /admin/chatbot/:id), or as that page without JavaScript.
 */

/** What routes/admin/chatbot-conversation.tsx sends: every date already written as staff read it. */
export interface ChatConversationView {
  id: string;
  visitorId: string;
  visitorIp: string;
  startedAt: string;
  /** Null while the conversation is active. */
  endedAt: string | null;
  duration: string;
  messageCount: string;
  messages: Array<{
    seq: number;
    role: "user" | "bot";
    content: string;
    /** "09:41", Chile's time. */
    time: string;
    /** ISO time, for <time dateTime>. */
    at: string;
    /** Why a bot answer failed, if it did (models/chatbot-conversations.server.ts). */
    failures: ChatAnswerFailure[];
  }>;
}

/** Why a bot answer failed (as models/chatbot-conversations.server.ts says it). */
export type ChatAnswerFailure = keyof typeof texts.failureMarks;

export interface ChatConversationData {
  /** Null: no conversation with that id (the page answers 404). */
  conversation: ChatConversationView | null;
}

/** The conversation's facts and its messages. */
export function ChatConversation({ conversation }: { conversation: ChatConversationView }) {
  const f = texts.fields;
  return (
    <>
      <RecordFields
        className="mt-4 sm:grid-cols-[9rem_1fr]"
        fields={[
          { label: f.visitorId, value: conversation.visitorId },
          { label: f.ip, value: conversation.visitorIp },
          { label: f.start, value: conversation.startedAt },
          { label: f.end, value: conversation.endedAt ?? texts.active },
          { label: f.duration, value: conversation.duration },
          { label: f.messages, value: conversation.messageCount },
        ]}
      />
      <ChatMessages messages={conversation.messages} />
    </>
  );
}

function ChatMessages({ messages }: { messages: ChatConversationView["messages"] }) {
  if (messages.length === 0) {
    return <p className="mt-4 text-sm text-muted-foreground">{texts.noMessages}</p>;
  }
  return (
    <section
      aria-label={texts.messagesLabel}
      // Scrollable (docs/product.md#spec-9: at most 400 px high), so reachable by keyboard.
      tabIndex={0}
      className="mt-4 max-h-[400px] overflow-y-auto rounded-md border border-border bg-muted p-3 focus-visible:outline-3"
    >
      <ol className="flex flex-col gap-3">
        {messages.map((message) => {
          const user = message.role === "user";
          const failed = message.failures.length > 0;
          return (
            <li
              key={message.seq}
              className={cn(
                "flex max-w-[75%] flex-col gap-1",
                user ? "items-end self-end" : "items-start self-start",
              )}
            >
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{user ? texts.user : texts.bot}</span>
                <time dateTime={message.at}>{message.time}</time>
                {message.failures.map((failure) => (
                  <span
                    key={failure}
                    title={texts.failureMarks[failure].hint}
                    data-failure={failure}
                    className="rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 font-semibold text-amber-900"
                  >
                    {texts.failureMarks[failure].label}
                  </span>
                ))}
              </p>
              <p
                className={cn(
                  "rounded-lg px-3 py-2 text-sm whitespace-pre-line wrap-anywhere",
                  user ? "bg-primary text-primary-foreground" : "bg-white text-foreground shadow-sm",
                  failed && "border border-amber-300",
                )}
              >
                {message.content}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The list's "Ver conversación" (its RowAction): a link to the conversation's page which, once
 * JavaScript runs, opens the conversation in a dialog instead, read from that page's loader. Closing
 * it ("Cerrar", the ✕, Escape) gives the focus back to the link. A click with a modifier (a new
 * tab) still follows the link.
 */
export function ChatConversationLink({ href, label, name, className }: AdminListRowActionProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ChatConversationData>();
  const link = useRef<HTMLAnchorElement>(null);
  const conversation = fetcher.data?.conversation;
  const loading = fetcher.state !== "idle" || fetcher.data === undefined;

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
    void fetcher.load(href);
  };

  return (
    <>
      <a
        ref={link}
        href={href}
        onClick={onClick}
        aria-label={name === label ? undefined : name}
        aria-haspopup={hydrated ? "dialog" : undefined}
        aria-expanded={hydrated ? open : undefined}
        className={className}
      >
        {label}
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          closeLabel={texts.closeIcon}
          className="max-w-2xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            link.current?.focus();
          }}
        >
          <DialogTitle>{texts.detailTitle}</DialogTitle>
          <DialogDescription className="wrap-anywhere" aria-live="polite">
            {loading
              ? texts.opening
              : conversation
                ? `${texts.fields.sessionId}: ${conversation.id}`
                : texts.notFound}
          </DialogDescription>
          {!loading && conversation ? <ChatConversation conversation={conversation} /> : null}
          <div className="mt-5 flex justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {texts.close}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
