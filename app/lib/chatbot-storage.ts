/**
 * The chat panel's state in sessionStorage (docs/decisions/038): the open session's id and whether
 * the panel was open, so the conversation survives navigation and reloads within the tab. Storage
 * that is full or blocked only costs the survival, never the chat.
 */
export interface ChatState {
  sessionId?: string | undefined;
  open?: boolean | undefined;
}

const key = "lifebox-chat";

export function readChatState(): ChatState {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? "{}");
    if (!value || typeof value !== "object") return {};
    const { sessionId, open } = value as Record<string, unknown>;
    return {
      sessionId: typeof sessionId === "string" ? sessionId : undefined,
      open: open === true,
    };
  } catch {
    return {};
  }
}

export function writeChatState(change: ChatState): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ ...readChatState(), ...change }));
  } catch {
    // Storage is full or blocked: the panel works, it just forgets on reload.
  }
}
