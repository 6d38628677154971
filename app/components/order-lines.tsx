import { orderLinesTexts as texts } from "~/content/cart";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import type { OrderLine } from "~/lib/order-lines";

/** A total under the lines: "Productos", "Envío", "Total"; `value` already written out. */
export interface LinesTotal {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * An order's lines as a table — kit, unit price, quantity, line total — with the totals under them:
 * the order page, the checkout and the back office show an order the same way.
 */
export function OrderLinesTable({
  lines,
  totals = [],
  caption = texts.caption,
  className,
}: {
  lines: ReadonlyArray<Pick<OrderLine, "kitName" | "unitPrice" | "quantity" | "lineTotal">>;
  totals?: readonly LinesTotal[];
  caption?: string;
  className?: string;
}) {
  return (
    <table className={cn("w-full text-left text-sm tabular-nums", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-muted-foreground">
        <tr className="border-b border-border">
          <th scope="col" className="py-2 pr-2 font-medium">
            {texts.product}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            {texts.unitPrice}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            {texts.quantity}
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-medium">
            {texts.lineTotal}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.kitName} className="border-b border-border">
            <th scope="row" className="py-2 pr-2 font-medium text-foreground">
              {line.kitName}
            </th>
            <td className="px-2 py-2 text-right">{formatPrice(line.unitPrice)}</td>
            <td className="px-2 py-2 text-right">{line.quantity}</td>
            <td className="py-2 pl-2 text-right">{formatPrice(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
      {totals.length > 0 ? (
        <tfoot>
          {totals.map((total) => (
            <tr key={total.label}>
              <th
                scope="row"
                colSpan={3}
                className={cn("py-1.5 pr-2 text-right font-medium", total.strong && "text-base font-bold")}
              >
                {total.label}
              </th>
              <td className={cn("py-1.5 pl-2 text-right", total.strong && "text-base font-bold")}>
                {total.value}
              </td>
            </tr>
          ))}
        </tfoot>
      ) : null}
    </table>
  );
}
