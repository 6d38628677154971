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
    route("galeria", "routes/site/gallery.tsx"),
    route("galeria/compartir", "routes/site/gallery-upload.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("thanks", "routes/resources/thanks-redirect.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("api/captcha", "routes/resources/captcha.ts"),
  route("api/chat", "routes/resources/chat.ts"),
  route("api/galeria/fotos", "routes/resources/gallery-upload.ts"),
  // The back office (issue 4): sign-in and sign-out outside the frame, every screen inside it.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/sidebar", "routes/admin/sidebar.ts"),
  route("admin/privacy/export", "routes/admin/privacy-export.ts"),
  // The lists' CSV downloads: one module, one registration per list (ids must differ).
  route("admin/orders/export.csv", "routes/admin/list-export.ts", { id: "admin-orders-export" }),
  route("admin/quotes/export.csv", "routes/admin/list-export.ts", { id: "admin-quotes-export" }),
  route("admin/contacts/export.csv", "routes/admin/list-export.ts", { id: "admin-contacts-export" }),
  route("admin/mails/export.csv", "routes/admin/list-export.ts", { id: "admin-subscribers-export" }),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("privacy", "routes/admin/privacy.tsx"),
    // The lists: one module, one registration per list (routes/admin/list.tsx picks its list and
    // texts by these ids and paths); the quotation and contact-message pages likewise.
    route("orders", "routes/admin/list.tsx", { id: "admin-orders" }),
    route("orders/:id", "routes/admin/order.tsx"),
    route("quotes", "routes/admin/list.tsx", { id: "admin-quotes" }),
    route("quotes/:id", "routes/admin/inquiry.tsx", { id: "admin-quote" }),
    route("contacts", "routes/admin/list.tsx", { id: "admin-contacts" }),
    route("contacts/:id", "routes/admin/inquiry.tsx", { id: "admin-contact" }),
    route("mails", "routes/admin/list.tsx", { id: "admin-subscribers" }),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
