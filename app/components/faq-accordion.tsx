import { ChevronDown } from "lucide-react";
import type { FaqItem } from "~/content/types";

/**
 * Single-open, collapsible accordion (docs/product.md#spec-4) built on <details name>: the browser closes the
 * other items when one opens, it works without JavaScript, and every answer is in the HTML for search
 * engines (docs/decisions/004-faq-accordion.md).
 */
export function FaqAccordion({
  items,
  headingLevel = "h3",
}: {
  items: FaqItem[];
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <div
      className="divide-y divide-border rounded-xl border border-border bg-white"
      data-testid="faq-accordion"
    >
      {items.map((item) => (
        <details key={item.question} name="faq" className="group px-5">
          <summary className="flex items-center justify-between gap-4 py-4 text-left font-semibold">
            <Heading className="text-base">{item.question}</Heading>
            <ChevronDown aria-hidden className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <p className="pb-4 text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
