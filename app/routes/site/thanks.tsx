import { Link } from "react-router";
import { CheckCircle2 } from "lucide-react";
import type { Route } from "./+types/thanks";
import { NumberedSteps } from "~/components/numbered-steps";
import { Button } from "~/components/ui/button";
import { getKit } from "~/content/kits";
import { seo } from "~/content/site";
import { thanks } from "~/content/thanks-page";
import { pageMeta } from "~/lib/seo";

/** The quotation thank-you page: /gracias?producto={productId}&tipo=cotizacion (docs/product.md#d10). */
export function loader({ request }: Route.LoaderArgs) {
  const productId = new URL(request.url).searchParams.get("producto") ?? "";
  return { productName: getKit(productId)?.name };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.thanks, path: "/gracias", noindex: true });

export default function Thanks({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-column-5xl py-14">
      <div className="text-center">
        <CheckCircle2 aria-hidden className="mx-auto size-14 text-success" />
        <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{thanks.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          {thanks.intro(loaderData.productName)}
        </p>
      </div>
      <section aria-labelledby="que-sigue" className="mt-12">
        <h2 id="que-sigue" className="text-2xl font-bold">
          {thanks.nextStepsHeading}
        </h2>
        <div className="mt-6 [&_ol]:lg:grid-cols-4">
          <NumberedSteps steps={thanks.nextSteps} />
        </div>
      </section>
      <section aria-labelledby="informado" className="mt-12 rounded-xl bg-stone-900 p-8 text-white">
        <h2 id="informado" className="text-xl font-bold">
          {thanks.stayInformed.heading}
        </h2>
        <p className="mt-2 text-stone-200">{thanks.stayInformed.text}</p>
      </section>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to={thanks.links.home.href}>{thanks.links.home.label}</Link>
        </Button>
        <Button asChild>
          <Link to={thanks.links.catalogue.href}>{thanks.links.catalogue.label}</Link>
        </Button>
      </div>
    </div>
  );
}
