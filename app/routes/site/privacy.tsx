import type { Route } from "./+types/privacy";
import { LegalDocumentView } from "~/components/legal-document";
import { privacyPolicy } from "~/content/legal";
import { seo } from "~/content/site";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.privacy, path: "/privacidad" });

/** Política de privacidad (docs/product.md#d14, Ley 21.719), with the seller's configured identity. */
export default function Privacy() {
  const { company } = useRootData();
  return <LegalDocumentView document={privacyPolicy(company)} />;
}
