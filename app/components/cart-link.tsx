import { ShoppingCart } from "lucide-react";
import { Link, useFetchers } from "react-router";
import { cartTexts } from "~/content/cart";
import { cn } from "~/lib/cn";
import { useRootData } from "~/lib/root-data";

/** The form action of the cart (its page, /carro, takes "Agregar al carro" and its own forms). */
export const cartPath = "/carro";

/** Kits being added right now by "Agregar al carro" (fetchers still on their way). */
export function usePendingCartAdds(): number {
  return useFetchers().filter(
    (fetcher) =>
      fetcher.state !== "idle" &&
      fetcher.formAction === cartPath &&
      fetcher.formData?.get("intent") === "add",
  ).length;
}

/**
 * The header's cart: a link to /carro with the number of kits in it, counted on the server (the
 * cart's cookie) plus the ones being added this moment, so a tap shows at once. None for a shop
 * paid by fixed links only (no cart).
 */
export function CartLink({ active }: { active: boolean }) {
  const { cart } = useRootData();
  const pending = usePendingCartAdds();
  if (cart === null) return null;
  const count = cart.count + pending;
  return (
    <Link
      to={cartPath}
      aria-label={cartTexts.headerLink(count)}
      aria-current={active ? "page" : undefined}
      className={cn(
        "relative flex size-11 items-center justify-center rounded hover:text-brand",
        active ? "text-brand" : "text-stone-100",
      )}
    >
      <ShoppingCart aria-hidden className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-brand px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
