import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import { showToast, Toaster } from "~/components/ui/toaster";
import { kitCount } from "~/lib/order-lines";
import { readCart } from "~/services/cart.server";
import { organizationJsonLd } from "~/lib/structured-data";
import { useInlineCss, useNonce } from "~/lib/render-context";
import { paymentNoticeOf } from "~/services/payments/checkout.server";
import type { RootData } from "~/lib/root-data";
import { kitList, kitPath } from "~/content/kits";
import { getEnv } from "~/infra/env.server";
import { takeToast } from "~/infra/toast.server";
import stylesheet from "~/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const env = getEnv();
  // A toast handed over by the action that redirected here (infra/toast.server.ts).
  const { toast, headers } = await takeToast(request);
  const rootData: RootData = {
    siteUrl: env.SITE_URL,
    company: env.company,
    kitLinks: kitList.map((kit) => ({ label: kit.name, to: kitPath(kit) })),
    payment: { opensTab: env.payments.provider === "link", notice: paymentNoticeOf(env.payments) },
    // The link-only shop charges one kit per order: it has no cart (docs/decisions/068).
    cart: env.payments.provider === "link" ? null : { count: kitCount(await readCart(request)) },
    toast,
  };
  return data(rootData, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es-CL">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Stylesheet nonce={nonce} />
        <meta name="theme-color" content="#1c1917" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The site's one stylesheet, inlined by the server with the request's nonce in production (linked in
 * development). The browser renders the element with empty text: React keeps the server's inner
 * HTML when hydrating, and props that never change cause no update.
 */
function Stylesheet({ nonce }: { nonce: string }) {
  const css = useInlineCss();
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesheet} />;
  return (
    <style
      nonce={nonce}
      data-href={stylesheet}
      dangerouslySetInnerHTML={{ __html: css }}
      suppressHydrationWarning
    />
  );
}

/**
 * Whether the page says the toast's message in place: an admin page's loader hands it over as its
 * `flash` (routes/admin/page-flash.server.ts). A message is said once (docs/decisions/072).
 */
function useSaidInPlace(): boolean {
  return useMatches().some((match) => {
    const loaderData = match.loaderData as { flash?: unknown } | null | undefined;
    return !!loaderData?.flash;
  });
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  const saidInPlace = useSaidInPlace();
  useEffect(() => {
    if (toast && !saidInPlace) void showToast(toast.kind, toast.title, toast.description);
  }, [toast, saidInPlace]);
  return (
    <>
      {toast && !saidInPlace ? (
        <noscript>
          <p
            role="status"
            className="bg-success-muted px-4 py-2 text-center text-sm font-medium text-green-900"
          >
            {toast.title}: {toast.description}
          </p>
        </noscript>
      ) : null}
      <script
        type="application/ld+json"
        // JSON-LD is data, not script: it is not executed, so it needs no nonce.
        dangerouslySetInnerHTML={{ __html: organizationJsonLd(loaderData.siteUrl, loaderData.company) }}
      />
      <Outlet />
    </>
  );
}

/** Last-resort error page, in Spanish, for errors outside the site layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{notFound ? "Página no encontrada | LifeBox" : "Error | LifeBox"}</title>
      <h1 className="text-3xl font-bold">{notFound ? "¡Ups! Página no encontrada" : "Algo salió mal"}</h1>
      <p className="mt-4 text-muted-foreground">
        {notFound
          ? "La página que buscas no existe o fue movida."
          : "Tuvimos un problema al mostrar esta página. Inténtalo de nuevo en unos minutos."}
      </p>
      <a className="mt-8 inline-block font-semibold text-primary underline" href="/">
        Volver al inicio
      </a>
    </main>
  );
}
