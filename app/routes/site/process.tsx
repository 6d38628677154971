import { Link } from "react-router";
import type { Route } from "./+types/process";
import { NumberedSteps } from "~/components/numbered-steps";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { processPage } from "~/content/process-page";
import { seo } from "~/content/site";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.process, path: "/como-funciona" });

export default function Process() {
  return (
    <>
      <PageHeader title={processPage.title} intro={processPage.intro} />
      <div className="page-column-7xl py-14">
        {/* The order in three steps, then what the shop does from the payment to the door (decision 072). */}
        <section aria-labelledby="pedido">
          <h2 id="pedido" className="text-2xl font-bold">
            {processPage.ordering.heading}
          </h2>
          <div className="mt-6">
            <NumberedSteps steps={processPage.ordering.steps} />
          </div>
          <Button asChild className="mt-8">
            <Link to={processPage.ordering.cta.href}>{processPage.ordering.cta.label}</Link>
          </Button>
        </section>
        <section aria-labelledby="proceso" className="mt-14">
          <h2 id="proceso" className="text-2xl font-bold">
            {processPage.stepsHeading}
          </h2>
          <div className="mt-6">
            <NumberedSteps steps={processPage.steps} />
          </div>
        </section>
        <section aria-labelledby="envios" className="mt-14 max-w-3xl">
          <h2 id="envios" className="text-2xl font-bold">
            {processPage.shipping.heading}
          </h2>
          {processPage.shipping.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-muted-foreground">
              {paragraph}
            </p>
          ))}
        </section>
      </div>
    </>
  );
}
