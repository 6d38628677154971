import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's chunks (docs/decisions/029): what every public page runs — the site layout (header,
 * footer, newsletter form), the primitives, and everything they import, React and React Router
 * included — in one `site` chunk, beside the entry chunk (react-dom), so a page loads a handful of
 * scripts rather than ~30 small shared ones. (React and react-dom in one 105 KB chunk made
 * hydration slower: one long compile instead of two.) Each page's own code stays in its route's
 * chunk; form code (dialogs, Conform, zod, the captcha widget) in chunks of its own, loaded when a
 * form is used.
 */
const siteLayout = [
  "app/components/site-header.tsx",
  "app/components/site-footer.tsx",
  "app/components/whatsapp-button.tsx",
  "app/components/chatbot-launcher.tsx",
  "app/lib/chatbot-storage.ts",
  // The prefetch of the chat panel's and the kit dialogs' code (docs/decisions/066, 078).
  "app/lib/idle-prefetch.ts",
  "app/components/page-header.tsx",
  "app/components/ui/button.tsx",
  "app/components/ui/toaster.tsx",
  "app/lib/seo.ts",
  "app/lib/structured-data.ts",
  // The root's; also read by the page that posts to a payment provider (one line of script).
  "app/lib/render-context.tsx",
];

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build bundles the Express app (server/app.ts) with the routes, so the server and
    // React Router share one instance of every service (database, logger, configuration).
    rolldownOptions: isSsrBuild
      ? {
          input: "./server/app.ts",
          // The server build is one bundle read at start: a form's schema that a route action
          // imports and the browser's form code imports lazily (decisions 029, 066) is in it
          // either way, so rolldown's note that the dynamic import moves nothing is no news here.
          // The client build, where the lazy import matters, keeps the check.
          checks: { ineffectiveDynamicImport: false },
        }
      : {
          output: {
            codeSplitting: {
              groups: [{ name: "site", test: (id) => siteLayout.some((path) => id.endsWith(path)) }],
            },
          },
        },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
