import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

/**
 * The page's toasts (sonner), one visible at a time (docs/product.md#spec-4), at the bottom centre: never
 * over a page's title, nor (from `md` on) over the floating buttons at the bottom right; a message the page
 * already says in place is not toasted (app/root.tsx; docs/decisions/072). Few pages show one, so
 * sonner (and the stylesheet it injects, allowed by the CSP's hash: infra/csp-hashes.server.ts)
 * loads with the first.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Sonner's rich colours with darker text: its own reach about 4.3:1, short of WCAG AA's 4.5:1. */
const richColorContrast = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--error-text": "hsl(359, 100%, 38%)",
} as React.CSSProperties;

const SonnerHost = lazy(async () => {
  const { Toaster: Sonner } = await import("sonner");
  function Host() {
    // Sonner's own effect (a child's) subscribes first: toasts sent after this are shown.
    useEffect(() => markMounted(), []);
    return (
      <Sonner
        visibleToasts={1}
        position="bottom-center"
        richColors
        closeButton
        toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
        containerAriaLabel="Notificaciones"
        style={richColorContrast}
      />
    );
  }
  return { default: Host };
});

/** Shows a toast, loading the toaster first if this page has not shown one yet. */
export async function showToast(kind: "success" | "error", title: string, description: string) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  toast[kind](title, { description });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once by the root layout; stays empty until a toast is wanted. */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return active ? (
    <Suspense fallback={null}>
      <SonnerHost />
    </Suspense>
  ) : null;
}
