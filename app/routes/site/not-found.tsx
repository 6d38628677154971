import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/components/not-found-content";
import { seo } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/infra/logger.server";

/** Any path no other route matches: the Spanish 404, with status 404 and the path logged (D5a). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  logger.warn({ path: url.pathname }, "Page not found");
  return data({ path: url.pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, {
    ...seo.notFound,
    path: location.pathname,
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
