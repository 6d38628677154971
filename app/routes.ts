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
  // The back office (issue 4): sign-in and sign-out outside the frame, every screen inside it.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/sidebar", "routes/admin/sidebar.ts"),
  route("admin/privacy/export", "routes/admin/privacy-export.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("privacy", "routes/admin/privacy.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
