import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's chunks (docs/decisions/029): React and React Router in one file and what every
 * public page runs (the site layout: header, footer, newsletter form, the primitives they use, with
 * everything these import) in another, so a page loads a handful of scripts rather than ~30 small
 * shared ones. Each page's own
 * code stays in its route's chunk; form code (dialogs, Conform, zod, the captcha widget) in chunks
 * of its own, loaded when a form is used.
 */
const framework = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/;
const siteLayout = [
  "app/components/site-header.tsx",
  "app/components/site-footer.tsx",
  "app/components/whatsapp-button.tsx",
  "app/components/page-header.tsx",
  "app/components/ui/button.tsx",
  "app/components/ui/toaster.tsx",
  "app/lib/seo.ts",
  "app/lib/structured-data.ts",
];

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build bundles the Express app (server/app.ts) with the routes, so the server and
    // React Router share one instance of every service (database, logger, configuration).
    rolldownOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: framework, priority: 2 },
                { name: "site", test: (id) => siteLayout.some((path) => id.endsWith(path)), priority: 1 },
              ],
            },
          },
        },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
