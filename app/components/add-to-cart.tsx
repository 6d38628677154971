import { Check, ShoppingCart } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { cartPath } from "~/components/cart-link";
import { Button } from "~/components/ui/button";
import { cartTexts as texts } from "~/content/cart";
import { cn } from "~/lib/cn";
import { maxQuantityPerKit } from "~/lib/order-lines";
import { useRootData } from "~/lib/root-data";

/**
 * "Agregar al carro" (issue 23, D23): one more of the kit in the cart. A plain form post to /carro
 * (which then shows the cart) without JavaScript; with it, a fetcher: the visitor stays, the button
 * says "Agregado al carro" with a link to the cart, and the header's count grows, both the moment
 * the button is pressed. None for a shop paid by fixed links only (no cart).
 */
export function AddToCartButton({
  kitId,
  kitName,
  className,
  size,
}: {
  kitId: string;
  kitName: string;
  className?: string;
  size?: "default" | "lg";
}) {
  const { cart } = useRootData();
  // Each button its own fetcher: only the one pressed says so (a kit's page has two).
  const fetcher = useFetcher<{ added?: { capped: boolean } }>();
  if (cart === null) return null;
  const sending = fetcher.state !== "idle";
  const added = sending || fetcher.data?.added !== undefined;
  const capped = !sending && fetcher.data?.added?.capped === true;
  return (
    <fetcher.Form method="post" action={cartPath} className={cn("flex flex-col", className)}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="kitId" value={kitId} />
      <Button type="submit" variant="outline" size={size} aria-label={`${texts.addLabel}: ${kitName}`}>
        <ShoppingCart aria-hidden className="size-4" />
        {texts.addLabel}
      </Button>
      <p role="status" className="mt-1 min-h-5 text-center text-sm">
        {added ? (
          <span className={cn("font-medium", capped ? "text-destructive-strong" : "text-success-strong")}>
            {capped ? (
              texts.cappedMessage(kitName, maxQuantityPerKit)
            ) : (
              <>
                <Check aria-hidden className="mr-1 inline size-4 align-[-3px]" />
                {texts.added}
              </>
            )}{" "}
            ·{" "}
            <Link to={cartPath} className="underline">
              {texts.viewCart}
            </Link>
          </span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
