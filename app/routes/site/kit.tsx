import {
  Anchor,
  BadgeCheck,
  Check,
  Clock,
  Droplets,
  Factory,
  HeartPulse,
  Mountain,
  Package,
  Shield,
  Truck,
  Users,
} from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/kit";
import { ComponentCarousel } from "~/components/component-carousel";
import { AddToCartButton } from "~/components/add-to-cart";
import { BuyLink, QuoteLink } from "~/components/kit-actions";
import type { PurchaseKit } from "~/components/purchase-form";
import { NotFoundBoundary } from "~/components/not-found-content";
import { Button } from "~/components/ui/button";
import type { CompanyInfo } from "~/content/company";
import { componentCount, getKit, kitPath, kits } from "~/content/kits";
import { componentImage, kitImage, sceneImage } from "~/content/illustrations";
import { kitImageAlt } from "~/content/kit-art";
import { galleryPath, kitGalleryTexts } from "~/content/gallery";
import { deliveryPromise, freeShippingNote, shippingExceptionsNote } from "~/content/policies";
import type { Benefit } from "~/content/types";
import { formatPrice } from "~/lib/format";
import { rootDataFromMatches, useRootData } from "~/lib/root-data";
import { jsonLd, pageMeta } from "~/lib/seo";
import { breadcrumbData, productData } from "~/lib/structured-data";
import { approvedPhotosOfKit } from "~/models/gallery.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { galleryCard } from "./gallery.server";

/** How many customer photos a kit page shows (the newest; the gallery has them all). */
const kitPhotoCount = 3;

/**
 * One route module for the eight kit pages: /productos/kit-{id} (docs/product.md#spec-2, docs/product.md#d5).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const kit = params.slug.startsWith("kit-") ? getKit(params.slug.slice("kit-".length)) : undefined;
  if (!kit) {
    logger.warn({ path: `/productos/${params.slug}` }, "Page not found");
    throw data(null, { status: 404 });
  }
  const sibling = kits[kit.siblingId];
  const photos = await approvedPhotosOfKit(getDb(), kit.id, kitPhotoCount);
  return {
    kit,
    // Texts and addresses come from here, so the page's script carries nothing more for them.
    customerPhotos:
      photos.length === 0
        ? null
        : {
            heading: kitGalleryTexts.heading(kit.name),
            seeAll: kitGalleryTexts.seeAll,
            galleryHref: galleryPath,
            photos: photos.map(galleryCard),
          },
    path: kitPath(kit),
    components: componentCount(kit),
    imageAlt: kitImageAlt(kit),
    sibling: {
      name: sibling.name,
      description: sibling.description,
      path: kitPath(sibling),
      components: componentCount(sibling),
      price: sibling.price,
      id: sibling.id,
    },
  };
}

/** The kit page's place in the site, before the kit itself. */
const breadcrumbs = [
  { name: "Inicio", path: "/" },
  { name: "Productos", path: "/productos" },
];

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData)
    return pageMeta(matches, {
      title: "Producto no encontrado | LifeBox",
      description: "El producto que buscas no existe.",
      path: "/productos",
      noindex: true,
    });
  const { kit, path } = loaderData;
  const { siteUrl } = rootDataFromMatches(matches);
  return [
    ...pageMeta(matches, {
      title: `${kit.name}: kit de supervivencia IP67 | LifeBox`,
      description: kit.description,
      path,
      type: "product",
    }),
    jsonLd(productData(siteUrl, kit, path, kitImage(kit.id))),
    jsonLd(breadcrumbData(siteUrl, [...breadcrumbs, { name: kit.name, path }])),
  ];
};

const benefitIcons: Record<Benefit["icon"], typeof Shield> = {
  shield: Shield,
  droplets: Droplets,
  package: Package,
  "heart-pulse": HeartPulse,
  mountain: Mountain,
  anchor: Anchor,
  factory: Factory,
  clock: Clock,
  users: Users,
};

export default function KitPage({ loaderData }: Route.ComponentProps) {
  const { kit, components, imageAlt, sibling, customerPhotos } = loaderData;
  const { company } = useRootData();
  const purchaseKit = { id: kit.id, name: kit.name, price: kit.price };

  return (
    <article>
      {/* Hero */}
      <section className="bg-stone-900 text-white">
        <div className="grid page-column-7xl gap-8 py-10 lg:grid-cols-2 lg:items-center lg:py-16">
          <div>
            <nav aria-label="Ruta de navegación" className="text-sm text-stone-300">
              <ol className="flex flex-wrap gap-1">
                {breadcrumbs.map((crumb) => (
                  <li key={crumb.path}>
                    <Link to={crumb.path} className="hover:text-white hover:underline">
                      {crumb.name}
                    </Link>{" "}
                    /
                  </li>
                ))}
                <li aria-current="page" className="text-white">
                  {kit.name}
                </li>
              </ol>
            </nav>
            <p className="mt-4 inline-block rounded-full bg-stone-700 px-3 py-1 text-xs font-semibold">
              {kit.version === "mini" ? "Versión Mini" : "Versión estándar"}
            </p>
            <h1 className="mt-3 text-4xl font-bold sm:text-5xl">{kit.name}</h1>
            <p className="mt-3 text-lg text-stone-200">{kit.tagline}</p>
            <p className="mt-2 flex items-center gap-2 text-sm text-stone-300">
              <Droplets aria-hidden className="size-4 text-brand" />
              {kit.ip67Note}
            </p>
            <ul className="mt-6 grid gap-2 sm:grid-cols-2">
              {kit.highlights.map((highlight) => (
                <li key={highlight} className="flex gap-2 text-sm text-stone-100">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
                  {highlight}
                </li>
              ))}
            </ul>
            <p className="mt-6 text-3xl font-bold" data-testid="kit-price">
              {formatPrice(kit.price)}
            </p>
            <p className="text-sm text-stone-300">IVA incluido · {components} componentes</p>
            <KitActions kit={purchaseKit} company={company} className="mt-6 flex flex-wrap gap-3" />
          </div>
          <img
            src={kitImage(kit.id)}
            alt={imageAlt}
            width={800}
            height={600}
            fetchPriority="high"
            className="w-full rounded-2xl"
          />
        </div>
      </section>

      {/* Benefits */}
      <section aria-labelledby="beneficios" className="page-column-7xl py-14">
        <h2 id="beneficios" className="text-2xl font-bold sm:text-3xl">
          Por qué elegir el {kit.name}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {kit.benefits.map((benefit) => {
            const Icon = benefitIcons[benefit.icon];
            return (
              <li key={benefit.title} className="rounded-xl border border-border bg-white p-6">
                <Icon aria-hidden className="size-8 text-primary" />
                <h3 className="mt-3 text-lg font-semibold">{benefit.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{benefit.description}</p>
              </li>
            );
          })}
        </ul>
      </section>

      {/* In action */}
      <section aria-labelledby="en-accion" className="bg-white py-14">
        <div className="page-column-7xl">
          <h2 id="en-accion" className="text-2xl font-bold sm:text-3xl">
            {kit.name} en acción
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {kit.gallery.map((item) => (
              <li key={item.scene}>
                <figure className="relative overflow-hidden rounded-xl" tabIndex={0}>
                  <img
                    src={sceneImage(item.scene)}
                    alt={item.alt}
                    width={800}
                    height={600}
                    loading="lazy"
                    decoding="async"
                    className="w-full"
                  />
                  {/* Always shown on touch screens; where a pointer hovers, on hover and focus (app.css). */}
                  <figcaption
                    data-hover-caption
                    className="absolute inset-x-0 bottom-0 bg-stone-950/85 p-4 text-sm text-white transition-opacity"
                  >
                    {item.caption}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Customer photos (D16): only once the kit has approved ones */}
      {customerPhotos ? (
        <section aria-labelledby="fotos-clientes" className="page-column-7xl py-14">
          <h2 id="fotos-clientes" className="text-2xl font-bold sm:text-3xl">
            {customerPhotos.heading}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {customerPhotos.photos.map((photo) => (
              <li key={photo.id}>
                <figure className="overflow-hidden rounded-xl border border-border bg-white">
                  <img
                    src={photo.thumbUrl}
                    width={photo.thumbWidth}
                    height={photo.thumbHeight}
                    alt={photo.alt}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full object-cover"
                  />
                  <figcaption className="p-5 text-sm">
                    <span className="font-semibold text-foreground">{photo.authorName}</span>
                    <span className="mt-1 block wrap-anywhere whitespace-pre-line text-muted-foreground">
                      {photo.comment}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <Link
            to={customerPhotos.galleryHref}
            className="mt-6 inline-block font-semibold text-primary underline"
          >
            {customerPhotos.seeAll}
          </Link>
        </section>
      ) : null}

      {/* Contents by category */}
      <section aria-labelledby="contenido-kit" className="page-column-7xl py-14">
        <h2 id="contenido-kit" className="text-2xl font-bold sm:text-3xl">
          Contenido del kit
        </h2>
        <p className="mt-2 text-muted-foreground" data-testid="kit-components">
          {components} componentes organizados por categoría
        </p>
        <div className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {kit.contents.map((category) => (
            <section key={category.name} className="rounded-xl border border-border bg-white p-6">
              <h3 className="text-lg font-semibold">{category.name}</h3>
              <ul className="mt-3 space-y-2 text-sm">
                {category.items.map((item) => (
                  <li key={item.name} className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                    <span>
                      {item.name}
                      {item.quantity ? (
                        <span className="text-subtle-foreground"> ({item.quantity})</span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>

      {/* Component carousel */}
      <section aria-labelledby="componentes" className="bg-white py-14">
        <div className="page-column-7xl">
          <h2 id="componentes" className="text-2xl font-bold sm:text-3xl">
            Componentes en detalle
          </h2>
          <ComponentCarousel
            label={`Componentes del ${kit.name}`}
            items={kit.contents.flatMap((category) =>
              category.items.map((item) => ({
                image: componentImage(item.illustration),
                alt: `Ilustración: ${item.name}`,
                title: item.quantity ? `${item.name} (${item.quantity})` : item.name,
                description: item.description,
              })),
            )}
          />
        </div>
      </section>

      {/* Specifications and certifications */}
      <section className="grid page-column-7xl gap-10 py-14 lg:grid-cols-2">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">Especificaciones técnicas</h2>
          <dl className="mt-6 divide-y divide-border rounded-xl border border-border bg-white">
            {kit.specifications.map((spec) => (
              <div key={spec.label} className="grid grid-cols-2 gap-4 px-5 py-3 text-sm">
                <dt className="font-medium text-muted-foreground">{spec.label}</dt>
                <dd className="text-foreground">{spec.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">Certificaciones</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {kit.certifications.map((certification) => (
              <li key={certification.name} className="rounded-xl border border-border bg-white p-5">
                <p className="flex items-center gap-2 font-semibold">
                  <BadgeCheck aria-hidden className="size-5 text-primary" />
                  {certification.name}
                </p>
                <p className="mt-2 text-sm text-muted-foreground">{certification.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Purchase call to action */}
      <section id="comprar" aria-labelledby="comprar-titulo" className="bg-stone-900 py-14 text-white">
        <div className="page-column-3xl text-center">
          <h2 id="comprar-titulo" className="text-2xl font-bold sm:text-3xl">
            Compra tu {kit.name}
          </h2>
          <p className="mt-4 text-4xl font-bold">{formatPrice(kit.price)}</p>
          <p className="mt-1 text-sm text-stone-300">IVA incluido</p>
          <p className="mt-4 flex items-center justify-center gap-2 text-stone-200">
            <Truck aria-hidden className="size-5 text-brand" />
            Entrega en {deliveryPromise}. {freeShippingNote}.
          </p>
          <p className="mt-2 text-xs text-stone-300">{shippingExceptionsNote}</p>
          <KitActions
            kit={purchaseKit}
            company={company}
            className="mt-8 flex flex-wrap justify-center gap-3"
          />
          <p className="mt-4 text-xs text-stone-300">
            Al comprar aceptas los{" "}
            <Link to="/terminos" className="underline">
              Términos y condiciones
            </Link>
            .
          </p>
        </div>
      </section>

      {/* Sibling */}
      <section aria-labelledby="tambien" className="page-column-7xl py-14">
        <h2 id="tambien" className="text-2xl font-bold sm:text-3xl">
          También te puede interesar
        </h2>
        <Link
          to={sibling.path}
          className="mt-6 flex flex-col gap-6 rounded-xl border border-border bg-white p-5 hover:border-stone-400 sm:flex-row sm:items-center"
          data-testid="sibling-card"
        >
          <img
            src={kitImage(sibling.id)}
            alt=""
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="w-full rounded-lg sm:w-56"
          />
          <span className="block">
            <span className="block text-xl font-bold">{sibling.name}</span>
            <span className="mt-1 block text-sm text-muted-foreground">{sibling.description}</span>
            <span className="mt-2 block text-sm text-muted-foreground" data-testid="sibling-components">
              {sibling.components} componentes · {formatPrice(sibling.price)}
            </span>
            <span className="mt-3 inline-block font-semibold text-primary underline">Ver {sibling.name}</span>
          </span>
        </Link>
        <p className="mt-8">
          <Link to="/productos" className="font-semibold text-primary underline">
            Ver todos los productos
          </Link>
        </p>
      </section>
    </article>
  );
}

/** "Comprar", "Agregar al carro" and "Cotizar para empresa", in the hero and again at the end of the page. */
function KitActions({
  kit,
  company,
  className,
}: {
  kit: PurchaseKit;
  company: CompanyInfo;
  className: string;
}) {
  return (
    <div className={className}>
      <Button asChild>
        <BuyLink kit={kit} company={company}>
          Comprar
        </BuyLink>
      </Button>
      <AddToCartButton kitId={kit.id} kitName={kit.name} />
      <Button asChild variant="outline">
        <QuoteLink kit={kit} company={company}>
          Cotizar para empresa
        </QuoteLink>
      </Button>
    </div>
  );
}

export const ErrorBoundary = NotFoundBoundary;
