import { Link } from "react-router";
import type { Route } from "./+types/process";
import { NumberedSteps } from "~/components/numbered-steps";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { processPage } from "~/content/process-page";
import { seo, type NumberedStep } from "~/content/site";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.process, path: "/como-funciona" });

/** A numbered list under its own visible title (what follows it: `children`). */
function StepsSection({
  id,
  title,
  steps,
  className,
  children,
}: {
  id: string;
  title: string;
  steps: NumberedStep[];
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-6 text-2xl font-bold">
        {title}
      </h2>
      <NumberedSteps steps={steps} />
      {children}
    </section>
  );
}

export default function Process() {
  return (
    <>
      <PageHeader title={processPage.title} intro={processPage.intro} />
      <div className="page-column-7xl py-14">
        {/* The order in three steps, then what the shop does from the payment to the door (decision 072). */}
        <StepsSection id="pedido" title={processPage.ordering.heading} steps={processPage.ordering.steps}>
          <Button asChild className="mt-8">
            <Link to={processPage.ordering.cta.href}>{processPage.ordering.cta.label}</Link>
          </Button>
        </StepsSection>
        <StepsSection
          id="proceso"
          title={processPage.stepsHeading}
          steps={processPage.steps}
          className="mt-14"
        />
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
