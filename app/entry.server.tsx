import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import { preloadModule, type PreloadModuleOptions } from "react-dom";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import stylesheet from "~/app.css?url";
import { InlineCssProvider, NonceProvider } from "~/lib/render-context";
import { logger } from "~/infra/logger.server";
import { builtStylesheet } from "~/infra/stylesheet.server";

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering, logged as one line each (pino). Only the server's own
 * faults are errors; a client's mistake is a warning of one line with no stack (issue 21): a 4xx
 * answer thrown by a route or by React Router (a post where there is no action, a body of another
 * type, a missing page), a post refused by React Router's origin check (it passes its own "Bad
 * Request" error for ".data" posts, the origin's message for page posts), and a request the
 * visitor abandoned, which is not logged at all.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  const where = { method: request.method, path: url.pathname };
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ ...where, status: error.status }, "Request refused");
    return;
  }
  if (
    error instanceof Error &&
    (error.message.includes("`origin` header") ||
      (error.message === "Bad Request" && request.method !== "GET"))
  ) {
    logger.warn({ ...where, origin: request.headers.get("origin") }, "Post refused by the origin check");
    return;
  }
  logger.error({ err: error, ...where }, "Request failed");
};

/**
 * The page's scripts, preloaded at low priority ahead of React Router's own (high-priority)
 * modulepreload links for the same files, so they no longer compete with the document and the hero
 * image for the first paint (docs/decisions/029). The page works without them until hydration.
 */
function LowPriorityScripts({
  context,
  nonce,
  children,
}: React.PropsWithChildren<{ context: EntryContext; nonce: string }>) {
  const { manifest, staticHandlerContext } = context;
  const routes = staticHandlerContext.matches.map((match) => manifest.routes[match.route.id]);
  const scripts = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.flatMap((route) => (route ? [route.module, ...(route.imports ?? [])] : [])),
  ]);
  // React 19.3 passes fetchPriority through; its types do not list it yet.
  const options = { as: "script", nonce, fetchPriority: "low" } as PreloadModuleOptions;
  for (const href of scripts) preloadModule(href, options);
  // It wraps the router rather than sitting beside it: a sibling would shift every `useId` of the
  // server's tree away from the browser's, and ids created after hydration would then miss their labels.
  return children;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <LowPriorityScripts context={routerContext} nonce={nonce}>
          <InlineCssProvider value={import.meta.env.DEV ? "" : builtStylesheet(stylesheet)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </InlineCssProvider>
        </LowPriorityScripts>
      </NonceProvider>,
      {
        nonce,
        // The whole document in one write (docs/decisions/029): streamed, it left in a dozen gzip
        // flushes that a busy server painted piece by piece. The pages have no slow data to stream.
        onAllReady() {
          rendered = true;
          const body = new PassThrough();
          pipe(body);
          buffer(body).then((html) => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (rendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
