import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef } from "react";
import { useHydrated } from "~/lib/use-hydrated";

export interface CarouselItem {
  image: string;
  alt: string;
  title: string;
  description: string;
}

/**
 * A horizontal, scroll-snapping list: swipe, scroll or Tab through it without JavaScript; with
 * JavaScript, previous/next buttons scroll it by one card.
 */
export function ComponentCarousel({ items, label }: { items: CarouselItem[]; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  const enhanced = useHydrated();

  const scrollBy = (direction: 1 | -1) => {
    const element = list.current;
    if (!element) return;
    const card = element.querySelector("li");
    element.scrollBy({ left: direction * ((card?.clientWidth ?? 280) + 16), behavior: "smooth" });
  };

  return (
    <div className="relative mt-6">
      <ul
        ref={list}
        aria-label={label}
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4"
        tabIndex={0}
      >
        {items.map((item) => (
          <li
            key={item.title}
            className="w-64 shrink-0 snap-start rounded-xl border border-border bg-stone-50 p-4"
          >
            <img
              src={item.image}
              alt={item.alt}
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
              className="w-full rounded-lg"
            />
            <h3 className="mt-3 font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{item.description}</p>
          </li>
        ))}
      </ul>
      {enhanced && (
        <div className="mt-2 flex justify-end gap-2">
          <button
            type="button"
            onClick={() => scrollBy(-1)}
            className="flex size-11 items-center justify-center rounded-full border border-input bg-white hover:bg-muted"
            aria-label="Componente anterior"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => scrollBy(1)}
            className="flex size-11 items-center justify-center rounded-full border border-input bg-white hover:bg-muted"
            aria-label="Componente siguiente"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      )}
    </div>
  );
}
