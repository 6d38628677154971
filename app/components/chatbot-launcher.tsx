import { MessageCircle } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { chatButton as chatButtonTexts } from "~/content/site";
import { readChatState, writeChatState } from "~/lib/chatbot-storage";
import { cn } from "~/lib/cn";
import { lazyCode, prefetchWhenIdle } from "~/lib/idle-prefetch";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The chat button of every public page and the panel it opens (issue 13; docs/decisions/038). The
 * panel's code is not part of the page's first load: it is fetched once the page has loaded and
 * settled (lib/idle-prefetch.ts; docs/decisions/078), or when the pointer or the keyboard reaches
 * the button, or at once when the panel was open before a reload; then a tap renders the panel in
 * its own event (React would show a Suspense boundary's content 300 ms after its fallback at the
 * earliest). Like the WhatsApp button (decision 031), the button floats at
 * the bottom right from the `md` breakpoint (above the WhatsApp button) and sits in the header
 * below it.
 */
const panelCode = lazyCode(() => import("~/components/chatbot-panel"));
const warmPanel = () => void panelCode.load().catch(() => undefined);

type ChatPanelProps = React.ComponentProps<NonNullable<typeof panelCode.ready>>;

/**
 * The panel, rendered at once when its code is here (the prefetch ran), else once it arrives (a
 * tap before the prefetch, or a panel open before the reload); a failed load is tried again when
 * the panel is opened again.
 */
function ChatPanel(props: ChatPanelProps) {
  const [Panel, setPanel] = useState(() => panelCode.ready);
  useEffect(() => {
    if (Panel || !props.open) return;
    panelCode.load().then(
      (module) => setPanel(() => module.default),
      () => undefined,
    );
  }, [Panel, props.open]);
  return Panel ? <Panel {...props} /> : null;
}

/** Marks the chat buttons, so the closed panel gives the focus back to the one shown. */
const buttonAttribute = "data-chat-button";

function focusChatButton() {
  // Shown: laid out (Safari before 17.4 has no checkVisibility; a hidden button has no boxes).
  const shown = Array.from(document.querySelectorAll<HTMLElement>(`[${buttonAttribute}]`)).find(
    (button) => button.getClientRects().length > 0,
  );
  shown?.focus();
}

interface ChatButtonState {
  expanded: boolean;
  onOpen: () => void;
}

const ChatButtonContext = createContext<ChatButtonState>({ expanded: false, onOpen: () => {} });

/**
 * The panel's state, shared by the two buttons (header and floating) through a context, and the
 * panel. It wraps the whole layout, yet its changes re-render only the buttons and the panel:
 * `children` are the layout's elements, which React does not render again. (As a hook of the
 * layout, the state's first change, hydration, rendered the header and footer a second time on
 * every page load; docs/decisions/043.)
 */
export function ChatLauncher({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  // Undefined until the visitor opens or closes the panel on this page load: until then it is open
  // if it was open before the reload.
  const [chosen, setChosen] = useState<boolean>();
  const open = chosen ?? (hydrated && readChatState().open === true);
  const [used, setUsed] = useState(false);
  const change = useCallback((next: boolean) => {
    setChosen(next);
    setUsed(true);
    writeChatState({ open: next });
  }, []);
  const button = useMemo(() => ({ expanded: open, onOpen: () => change(true) }), [open, change]);
  // Once its code is here, the panel is rendered closed (its state and its conversation's restore
  // ready), so that a tap only opens it.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    prefetchWhenIdle(panelCode);
    void panelCode.loaded.then(() => setLoaded(true));
  }, []);
  return (
    <ChatButtonContext.Provider value={button}>
      {children}
      {used || open || loaded ? (
        <ChatPanel open={open} onOpenChange={change} onClosed={focusChatButton} />
      ) : null}
    </ChatButtonContext.Provider>
  );
}

/**
 * Before the page's JavaScript runs (or without it) the button is a link to the contact form, and
 * says so; then it is the button that opens the panel.
 */
export function ChatButton({ placement }: { placement: "floating" | "header" }) {
  const { expanded, onOpen } = useContext(ChatButtonContext);
  const hydrated = useHydrated();
  const floating = placement === "floating";
  const className = cn(
    "items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary-strong focus-visible:outline-3 focus-visible:outline-offset-2",
    floating
      ? "fixed right-4 bottom-22 z-30 hidden size-14 shadow-lg transition-transform hover:scale-105 md:flex"
      : "flex size-11 md:hidden",
  );
  const icon = <MessageCircle aria-hidden className={floating ? "size-7" : "size-6"} />;
  // The floating one also carries the mark the stylesheet hides under an open dialog (app.css).
  const marker = { [buttonAttribute]: placement, ...(floating ? { "data-floating-button": "" } : {}) };
  if (!hydrated) {
    return (
      <a href="/contacto" aria-label={chatButtonTexts.noScriptLabel} className={className} {...marker}>
        {icon}
      </a>
    );
  }
  return (
    <button
      type="button"
      aria-label={chatButtonTexts.openLabel}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      className={className}
      onClick={onOpen}
      onPointerEnter={warmPanel}
      onPointerDown={warmPanel}
      onFocus={warmPanel}
      {...marker}
    >
      {icon}
    </button>
  );
}
