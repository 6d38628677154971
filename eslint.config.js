import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of app/ (docs/decisions/030-layers.md): each folder may import only the folders listed
 * for it, so dependencies point one way. Everything may import its own folder.
 */
const layers = {
  content: [],
  lib: ["content"],
  schemas: ["content", "lib"],
  infra: ["content", "lib", "schemas"],
  emails: ["content", "lib", "schemas", "infra"],
  models: ["content", "lib", "schemas", "infra", "emails"],
  services: ["content", "lib", "schemas", "infra", "emails", "models"],
  "components/ui": ["lib"],
  components: ["content", "lib", "schemas"],
  routes: ["content", "lib", "schemas", "infra", "emails", "models", "services", "components"],
};
const folders = [
  "content",
  "lib",
  "schemas",
  "infra",
  "emails",
  "models",
  "services",
  "components",
  "routes",
];

/** The no-restricted-imports patterns that keep `layer` to what it may import. */
function layerPatterns(layer) {
  const allowed = new Set([layer, ...layers[layer]]);
  const forbidden = folders.filter((folder) => !allowed.has(folder) && !allowed.has(`${folder}/ui`));
  const patterns = forbidden.map((folder) => ({
    group: [`~/${folder}`, `~/${folder}/*`],
    message: `app/${layer} may not import app/${folder} (docs/decisions/030-layers.md).`,
  }));
  // components/ui sits below the other components; the other components may use it.
  if (layer === "components/ui") {
    patterns.push({
      group: ["~/components/*", "!~/components/ui", "!~/components/ui/*"],
      message: "app/components/ui may not import the composed components (docs/decisions/030-layers.md).",
    });
  } else if (allowed.has("components/ui") && !allowed.has("components")) {
    patterns.push({
      group: ["~/components/*", "!~/components/ui", "!~/components/ui/*"],
      message: `app/${layer} may use components/ui only (docs/decisions/030-layers.md).`,
    });
  }
  // Another folder is reached through the ~/ alias only, so the rule above sees it; a route
  // never imports another route, only the server helpers beside it.
  patterns.push({ group: ["../*"], message: "Import other folders through the ~/ alias." });
  if (layer === "routes") {
    patterns.push({
      group: ["~/routes", "~/routes/*"],
      message: "A route never imports another route; shared route code is a *.server.ts helper beside it.",
    });
    patterns.push({
      regex: "^\\./(?!\\+types/)(?!.*\\.server$)",
      message: "A route never imports another route; shared route code is a *.server.ts helper beside it.",
    });
  }
  return patterns;
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "data/",
      "node_modules/",
      "public/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  ...Object.keys(layers).map((layer) => ({
    files: [`app/${layer}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}", ...(layer === "components" ? ["app/components/ui/**"] : [])],
    rules: { "no-restricted-imports": ["error", { patterns: layerPatterns(layer) }] },
  })),
  // Request bodies are read bounded, through infra/request-body.server.ts (issue 11); transactions
  // are opened through one helper, inTransaction (infra/db.server.ts), which joins the caller's.
  ...[
    {
      files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
      ignores: ["app/infra/db.server.ts"],
      transactions: true,
    },
    { files: ["app/infra/db.server.ts"], transactions: false },
  ].map(({ files, ignores = [], transactions }) => ({
    files,
    ignores: ["**/*.test.{ts,tsx}", ...ignores],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes)$/]",
          message:
            "Read request bodies with readFormBody/requireFormData (app/infra/request-body.server.ts): they stop at the size limit.",
        },
        ...(transactions
          ? [
              {
                selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
                message:
                  "Open transactions with inTransaction (app/infra/db.server.ts): it joins the caller's.",
              },
            ]
          : []),
      ],
    },
  })),
);
