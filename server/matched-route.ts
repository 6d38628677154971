import { matchPath, type ServerBuild } from "react-router";

/**
 * Which of the routes we limit a request reaches, found the way React Router matches paths (issue
 * 21; docs/decisions/054): the server's limits and body checks are keyed on that route's id, never
 * on the path as the visitor spelled it. React Router matches without regard to case, decodes
 * percent-escapes, ignores trailing slashes, resolves "/./" and "/../" (the WHATWG URL does), and
 * answers "/x.data" and "/_root.data" for "/x" and "/"; a limit that compared the raw path was
 * stepped around by "/API/galeria/fotos", "/api/%63hat" or "/Galeria/Compartir/".
 *
 * Each limited route's whole path comes from the build's route manifest (its own path joined to its
 * parents'), and is matched with React Router's exported `matchPath` against the path React Router
 * itself would match: its normalisation (getNormalizedPath in its server runtime, without the future
 * flag v8_trailingSlashAwareDataRequests, which we do not set) and its decoding (decodePath). A path
 * the router serves with a limited route is therefore always found. Asking `matchRoutes` over the
 * whole manifest gave the same answers but cost ~400 µs per post (it flattens and ranks every route
 * each time); this costs ~2 µs.
 */

/** The path React Router matches for a request URL ("/galeria.data?pagina=2" → "/galeria"). */
export function routerPathOf(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, "http://localhost").pathname;
  } catch {
    return "/";
  }
  if (pathname === "/_root.data") pathname = "/";
  pathname = pathname.replace(/\.data$/, "");
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  return pathname;
}

/** Each segment decoded, an escaped "/" kept escaped; as it was when it does not decode. */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** A route's whole path pattern: its own path after its parents' ("/comprar/:kitId"). */
function wholePath(manifest: ServerBuild["routes"], id: string): { path: string; caseSensitive: boolean } {
  const segments: string[] = [];
  let caseSensitive = false;
  for (let route = manifest[id]; route; route = route.parentId ? manifest[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
    caseSensitive ||= route.caseSensitive === true;
  }
  return { path: `/${segments.join("/")}`.replace(/\/\/+/g, "/"), caseSensitive };
}

export type RouteMatcher = (url: string) => string | undefined;

/**
 * A function from a request URL (path and query, as `req.originalUrl`) to the id of the route of
 * `ids` that it reaches, or undefined. Throws at once if one of `ids` is not a route of the build:
 * a renamed route module must not quietly lose its limits.
 */
export function routeMatcher(build: Pick<ServerBuild, "routes">, ids: Iterable<string>): RouteMatcher {
  const patterns = [...ids].map((id) => {
    if (!build.routes[id]) throw new Error(`No route "${id}" in the build: its limits would never apply`);
    return { id, ...wholePath(build.routes, id) };
  });
  return (url) => {
    const pathname = decodedPath(routerPathOf(url));
    return patterns.find(({ path, caseSensitive }) => matchPath({ path, caseSensitive, end: true }, pathname))
      ?.id;
  };
}
