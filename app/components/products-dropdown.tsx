import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { NavLinkItem } from "~/content/navigation";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

/** Hover delays of docs/product.md#spec-9: open after 200 ms, close 150 ms after leaving, and reopen at once
 * when the pointer comes back within 300 ms of closing (the "skip delay"). */
export const openDelayMs = 200;
export const skipDelayMs = 300;
export const closeDelayMs = 150;

/**
 * The header's "Productos" menu: a disclosure button (WAI-ARIA disclosure navigation pattern) that
 * opens on hover with the spec's delays, on click, Enter or Space; Escape closes it and returns
 * focus to the button; it closes when focus leaves it or a link is chosen. Before JavaScript runs
 * (or without it) the list opens on hover and keyboard focus through CSS.
 */
export function ProductsDropdown({ links, active }: { links: NavLinkItem[]; active: boolean }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closedAt = useRef(0);
  // A click right after the hover delay opened the menu must not close it again.
  const openedByHover = useRef(false);
  const { pathname, key } = useLocation();

  const schedule = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setOpenState(next);
      openedByHover.current = next;
    }, delay);
  };
  const setOpenState = (next: boolean) => {
    clearTimeout(timer.current);
    openedByHover.current = false;
    if (!next) closedAt.current = Date.now();
    setOpen(next);
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  // Choosing a link (any navigation) closes the menu.
  useEffect(() => {
    setOpenState(false);
  }, [key]);

  return (
    <div
      ref={root}
      className="relative"
      data-products-menu=""
      data-enhanced={hydrated ? "" : undefined}
      onPointerEnter={(event) => {
        if (event.pointerType === "touch") return;
        schedule(true, Date.now() - closedAt.current < skipDelayMs ? 0 : openDelayMs);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "touch") return;
        schedule(false, closeDelayMs);
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpenState(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpenState(false);
          button.current?.focus();
          return;
        }
        // Optional arrow keys of the disclosure pattern: move through the links.
        if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
        const items = Array.from(root.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);
        const index = items.indexOf(document.activeElement as HTMLAnchorElement);
        if (index === -1 && event.key !== "ArrowDown") return;
        event.preventDefault();
        setOpenState(true);
        const last = items.length - 1;
        const next =
          event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : event.key === "ArrowDown"
                ? Math.min(index + 1, last)
                : Math.max(index - 1, 0);
        // The list may only just be opening: focus after React has shown it.
        requestAnimationFrame(() => items[next]?.focus());
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenState(openedByHover.current ? true : !open)}
        className={cn(
          "flex items-center gap-1 rounded px-3 py-2 text-sm font-medium transition-colors hover:text-brand",
          active ? "text-brand" : "text-stone-100",
        )}
      >
        Productos
        <ChevronDown aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div
        id={panelId}
        data-products-panel=""
        data-state={open ? "open" : "closed"}
        className={cn("absolute top-full left-0 z-50 w-72 pt-2", open ? "block" : "hidden")}
      >
        <ul className="rounded-lg border border-border bg-white p-2 shadow-xl">
          {links.map((item) => {
            const current = pathname === item.to;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current ? "page" : undefined}
                  onClick={() => setOpenState(false)}
                  className={cn(
                    "block rounded px-3 py-2 text-sm hover:bg-muted",
                    current ? "font-semibold text-primary" : "text-foreground",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
