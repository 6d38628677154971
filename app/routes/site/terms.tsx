import type { Route } from "./+types/terms";
import { LegalDocumentView } from "~/components/legal-document";
import { termsOfService } from "~/content/legal";
import { seo } from "~/content/site";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.terms, path: "/terminos" });

/** Términos y condiciones (docs/product.md#d14), with the seller's configured identity. */
export default function Terms() {
  const { company } = useRootData();
  return <LegalDocumentView document={termsOfService(company)} />;
}
