import type { Route } from "./+types/purpose";
import { PageHeader } from "~/components/page-header";
import { purpose, seo } from "~/content/site";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.purpose, path: "/proposito" });

export default function Purpose() {
  return (
    <>
      <PageHeader title={purpose.title} intro={purpose.intro} column="3xl" />
      <div className="page-column-3xl py-14">
        <figure className="rounded-xl border-l-4 border-primary bg-white p-8">
          <blockquote className="text-2xl font-semibold text-foreground">“{purpose.quote.text}”</blockquote>
          <figcaption className="mt-4 text-subtle-foreground">— {purpose.quote.attribution}</figcaption>
        </figure>
        <section aria-labelledby="por-que" className="mt-12">
          <h2 id="por-que" className="text-2xl font-bold">
            {purpose.whyLifeBox.heading}
          </h2>
          {purpose.whyLifeBox.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-muted-foreground">
              {paragraph}
            </p>
          ))}
        </section>
        <div className="mt-12 grid gap-6 sm:grid-cols-2">
          {[purpose.vision, purpose.mission].map((block) => (
            <section key={block.heading} className="rounded-xl border border-border bg-white p-6">
              <h2 className="text-xl font-bold">{block.heading}</h2>
              <p className="mt-2 text-muted-foreground">{block.text}</p>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
