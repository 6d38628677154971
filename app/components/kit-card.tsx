import { Package } from "lucide-react";
import { Link } from "react-router";
import { AddToCartButton } from "~/components/add-to-cart";
import { Button } from "~/components/ui/button";
import { BuyLink, QuoteLink } from "~/components/kit-actions";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { useRootData } from "~/lib/root-data";

export interface KitCardData {
  id: string;
  name: string;
  description: string;
  version: "standard" | "mini";
  price: number;
  components: number;
  path: string;
  image: string;
  /** What the picture shows (kitImageAlt in ~/content/kit-art). */
  imageAlt: string;
}

/**
 * A catalogue card (docs/product.md#spec-2): version badge, name, description, components, price, shipping,
 * actions.
 */
export function KitCard({
  kit,
  headingLevel = "h2",
  eager = false,
}: {
  kit: KitCardData;
  headingLevel?: "h2" | "h3";
  eager?: boolean;
}) {
  const Heading = headingLevel;
  const { company } = useRootData();
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm"
      data-testid="kit-card"
    >
      <div className="relative">
        <img
          src={kit.image}
          alt={kit.imageAlt}
          width={800}
          height={600}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full bg-muted object-cover"
        />
        <span
          className={cn(
            "absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-semibold",
            kit.version === "mini"
              ? "bg-stone-900 text-white"
              : "bg-white text-foreground ring-1 ring-stone-300",
          )}
        >
          {kit.version === "mini" ? "Mini" : "Estándar"}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl font-bold">{kit.name}</Heading>
        <p className="mt-2 flex-1 text-sm text-muted-foreground">{kit.description}</p>
        <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Package aria-hidden className="size-4 text-primary" />
          <span data-testid="kit-components">{kit.components} componentes</span>
        </p>
        <p className="mt-3 flex items-baseline justify-between">
          <span className="text-2xl font-bold" data-testid="kit-price">
            {formatPrice(kit.price)}
          </span>
          <span className="text-sm font-semibold text-success-strong">Envío gratis*</span>
        </p>
        <div className="mt-4 grid gap-2">
          <Button asChild>
            <BuyLink kit={kit} company={company} aria-label={`Comprar ${kit.name}`}>
              Comprar
            </BuyLink>
          </Button>
          <AddToCartButton kitId={kit.id} kitName={kit.name} />
          <Button asChild variant="outline">
            <QuoteLink kit={kit} company={company} aria-label={`Cotizar para empresa: ${kit.name}`}>
              Cotizar para empresa
            </QuoteLink>
          </Button>
          <Button asChild variant="ghost" className="underline">
            <Link to={kit.path} aria-label={`Ver detalles del ${kit.name}`}>
              Ver detalles
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
