import { Link } from "react-router";
import type { Route } from "./+types/home";
import { FaqAccordion } from "~/components/faq-accordion";
import { NumberedSteps } from "~/components/numbered-steps";
import { Button } from "~/components/ui/button";
import { faqItems } from "~/content/faq";
import { kitImage } from "~/content/illustrations";
import { kitImageAlt } from "~/content/kit-art";
import { kitPath } from "~/content/kit-basics";
import { kits } from "~/content/kits";
import { home } from "~/content/home-page";
import { seo } from "~/content/site";
import { productLines, type ProductLine } from "~/content/types";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/seo";

/** What each line's picture shows (the standard kit's contents), written once, on the server, so
 * the page's script does not carry the kits. */
const imageAlts = Object.fromEntries(productLines.map((line) => [line, kitImageAlt(kits[line])])) as Record<
  ProductLine,
  string
>;

export function loader() {
  return { imageAlts };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { ...seo.home, path: "/" });

const lineTheme = {
  essential: "border-t-[#e8590c]",
  expedition: "border-t-[#2f6b3a]",
  nautical: "border-t-[#0b5e86]",
  industry: "border-t-[#f2b705]",
} as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { imageAlts } = loaderData;
  return (
    <>
      <section className="bg-stone-900 text-white">
        <div className="grid page-column-7xl items-center gap-10 py-14 lg:grid-cols-2 lg:py-20">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{home.hero.headline}</h1>
            <p className="mt-5 max-w-xl text-lg text-stone-200">{home.hero.subheadline}</p>
            <Button asChild size="lg" className="mt-8">
              <Link to={home.hero.cta.href}>{home.hero.cta.label}</Link>
            </Button>
          </div>
          <img
            src={kitImage("essential")}
            alt={imageAlts.essential}
            width={800}
            height={600}
            fetchPriority="high"
            className="w-full rounded-2xl"
          />
        </div>
      </section>

      <section aria-labelledby="lineas" className="page-column-7xl py-16">
        <h2 id="lineas" className="text-3xl font-bold">
          {home.productLines.heading}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{home.productLines.intro}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {productLines.map((line) => (
            <li
              key={line}
              className={cn(
                "flex flex-col rounded-xl border border-t-4 border-border bg-white",
                lineTheme[line],
              )}
            >
              <img
                src={kitImage(line)}
                alt={imageAlts[line]}
                width={800}
                height={600}
                loading="lazy"
                decoding="async"
                className="w-full rounded-t-lg"
              />
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-xl font-bold">{home.productLines.lines[line].title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">
                  {home.productLines.lines[line].description}
                </p>
                <Link
                  to={kitPath(line)}
                  className="mt-4 font-semibold text-primary underline"
                  aria-label={`${home.productLines.cardButtonLabel}: ${home.productLines.lines[line].title}`}
                >
                  {home.productLines.cardButtonLabel}
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-muted-foreground">{home.productLines.miniNote}</p>
      </section>

      <section aria-labelledby="como-funciona" className="bg-muted py-16">
        <div className="page-column-7xl">
          <h2 id="como-funciona" className="text-3xl font-bold">
            {home.howItWorks.heading}
          </h2>
          <p className="mt-3 max-w-3xl text-muted-foreground">{home.howItWorks.intro}</p>
          <div className="mt-8">
            <NumberedSteps steps={home.howItWorks.steps} />
          </div>
          <Link
            to={home.howItWorks.link.href}
            className="mt-6 inline-block font-semibold text-primary underline"
          >
            {home.howItWorks.link.label}
          </Link>
        </div>
      </section>

      <section aria-labelledby="proposito" className="page-column-4xl py-16 text-center">
        <h2 id="proposito" className="text-3xl font-bold">
          {home.purpose.heading}
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">{home.purpose.text}</p>
        <Link to={home.purpose.link.href} className="mt-6 inline-block font-semibold text-primary underline">
          {home.purpose.link.label}
        </Link>
      </section>

      <section aria-labelledby="clientes" className="bg-stone-900 py-16 text-white">
        <div className="page-column-4xl text-center">
          <h2 id="clientes" className="text-3xl font-bold">
            {home.gallery.heading}
          </h2>
          <p className="mt-4 text-lg text-stone-200">{home.gallery.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={home.gallery.galleryLink.href}>{home.gallery.galleryLink.label}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={home.gallery.shareLink.href}>{home.gallery.shareLink.label}</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="preguntas" className="bg-muted py-16">
        <div className="page-column-3xl">
          <h2 id="preguntas" className="text-3xl font-bold">
            {home.faq.heading}
          </h2>
          <p className="mt-3 text-muted-foreground">{home.faq.intro}</p>
          <div className="mt-8">
            <FaqAccordion items={faqItems.slice(0, 5)} />
          </div>
          <Link to={home.faq.link.href} className="mt-6 inline-block font-semibold text-primary underline">
            {home.faq.link.label}
          </Link>
        </div>
      </section>
    </>
  );
}
