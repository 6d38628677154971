import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Which route React Router will run for a request, found the way React Router finds it (issue 21;
 * docs/decisions/054): the server's limits and body checks are keyed on that route's id, never on
 * the path as the visitor spelled it. React Router matches paths without regard to case, decodes
 * percent-escapes, ignores trailing slashes, resolves "/./" and "/../" (the WHATWG URL does), and
 * answers "/x.data" and "/_root.data" for "/x" and "/"; a limit that compared the raw path was
 * stepped around by "/API/galeria/fotos", "/api/%63hat" or "/Galeria/Compartir/".
 *
 * The normalisation of the path is React Router's own (getNormalizedPath in its server runtime,
 * without the future flag v8_trailingSlashAwareDataRequests, which we do not set); the matching is
 * its exported `matchRoutes` over the build's route manifest, the same data and function its
 * request handler uses.
 */

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

/** The build's flat route manifest as the nested route objects `matchRoutes` takes. */
function routeTree(manifest: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const children = (parentId: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: children(route.id),
          },
    );
  return children("");
}

/** The path React Router matches for a request URL ("/galeria.data" → "/galeria"), and its query. */
export function routerPathOf(url: string): { pathname: string; search: URLSearchParams } {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://localhost");
  } catch {
    return { pathname: "/", search: new URLSearchParams() };
  }
  let pathname = parsed.pathname;
  if (pathname === "/_root.data") pathname = "/";
  pathname = pathname.replace(/\.data$/, "");
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  return { pathname, search: parsed.searchParams };
}

export type RouteMatcher = (url: string) => string | undefined;

/**
 * A function from a request URL (path and query, as `req.originalUrl`) to the id of the route
 * whose action or loader React Router runs for it (the deepest match), or undefined for none.
 * Throws at once if one of `expectedIds` is not a route of the build: a renamed route module must
 * not quietly lose its limits.
 */
export function routeMatcher(
  build: Pick<ServerBuild, "routes">,
  expectedIds: Iterable<string> = [],
): RouteMatcher {
  for (const id of expectedIds) {
    if (!build.routes[id]) throw new Error(`No route "${id}" in the build: its limits would never apply`);
  }
  const tree = routeTree(build.routes);
  return (url) => {
    const { pathname, search } = routerPathOf(url);
    const matches = matchRoutes(tree, pathname) ?? [];
    // The route whose action runs, as React Router picks it (getTargetMatch): an index route only
    // for a query with a bare "?index", else the deepest route that gives the path a segment.
    const last = matches.at(-1);
    if (last?.route.index && search.getAll("index").some((value) => value === "")) return last.route.id;
    const target = matches.filter((match, at) => at === 0 || (match.route.path ?? "").length > 0).at(-1);
    return target?.route.id;
  };
}
