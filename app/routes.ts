import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Spanish URLs mapped to route modules, explicitly (ARCHITECTURE.md). */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("productos", "routes/site/catalogue.tsx"),
    route("productos/:slug", "routes/site/kit.tsx"),
    route("como-funciona", "routes/site/process.tsx"),
    route("proposito", "routes/site/purpose.tsx"),
    route("faq", "routes/site/faq.tsx"),
    route("contacto", "routes/site/contact.tsx"),
    route("gracias", "routes/site/thanks.tsx"),
    route("comprar/:kitId", "routes/site/purchase.tsx"),
    route("cotizar/:kitId", "routes/site/quote.tsx"),
    route("pedido/:id", "routes/site/order.tsx"),
    route("newsletter", "routes/site/newsletter.tsx"),
    route("newsletter/baja", "routes/site/unsubscribe.tsx"),
    route("terminos", "routes/site/terms.tsx"),
    route("privacidad", "routes/site/privacy.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("thanks", "routes/resources/thanks-redirect.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("api/captcha", "routes/resources/captcha.ts"),
] satisfies RouteConfig;
