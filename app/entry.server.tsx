import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import { preloadModule, type PreloadModuleOptions } from "react-dom";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import stylesheet from "~/app.css?url";
import { InlineCssProvider } from "~/lib/inline-css";
import { NonceProvider } from "~/lib/nonce";
import { logger } from "~/infra/logger.server";
import { builtStylesheet } from "~/infra/stylesheet.server";

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering, logged as one line each (pino). A request the visitor
 * abandoned is not an error; a post refused by React Router's origin check is logged as a warning.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  if (error instanceof Error && error.message.includes("`origin` header")) {
    logger.warn(
      { method: request.method, path: url.pathname, origin: request.headers.get("origin") },
      error.message,
    );
    return;
  }
  logger.error({ err: error, method: request.method, path: url.pathname }, "Request failed");
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
