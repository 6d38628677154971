import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/catalogue";
import { KitCard } from "~/components/kit-card";
import { Button } from "~/components/ui/button";
import { catalogueSorts, sortLabels } from "~/content/catalogue-options";
import { lineNames } from "~/content/kit-basics";
import { kitList } from "~/content/kits";
import { footer, seo } from "~/content/site";
import { productLines } from "~/content/types";
import { pageMeta } from "~/lib/seo";
import { parseCatalogueQuery } from "~/schemas/catalogue-query";
import { filterCatalogue, toKitCard } from "./catalogue.server";

export function loader({ request }: Route.LoaderArgs) {
  const query = parseCatalogueQuery(new URL(request.url).searchParams);
  return { query, kits: filterCatalogue(query).map(toKitCard), total: kitList.length };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.catalogue, path: "/productos" });

const filters = [
  {
    name: "linea",
    label: "Categoría",
    options: [["todas", "Todas"], ...productLines.map((line) => [line, lineNames[line]])],
  },
  {
    name: "version",
    label: "Versión",
    options: [
      ["todas", "Todas"],
      ["estandar", "Estándar"],
      ["mini", "Mini"],
    ],
  },
  { name: "orden", label: "Ordenar por", options: catalogueSorts.map((sort) => [sort, sortLabels[sort]]) },
] as const;

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { query, kits, total } = loaderData;
  const submit = useSubmit();
  return (
    <div className="page-column-7xl py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Nuestros productos</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Kits de supervivencia modulares, resistentes a golpes e impermeables (IP67), en cuatro líneas y dos
        versiones.
      </p>
      {/* A GET form: the filters live in the URL, work without JavaScript and can be shared. */}
      <Form
        method="get"
        preventScrollReset
        replace
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
        className="mt-8 grid gap-4 rounded-xl border border-border bg-white p-4 sm:grid-cols-3 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
        aria-label="Filtrar y ordenar productos"
      >
        {filters.map(({ name, label, options }) => (
          <label key={name} className="text-sm font-medium">
            {label}
            <select
              name={name}
              defaultValue={query[name]}
              key={`${name}-${query[name]}`}
              className="mt-1 block w-full rounded-md border border-input bg-white px-3 py-2 text-base text-foreground sm:text-sm"
            >
              {options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
        ))}
        <noscript>
          <Button type="submit" variant="secondary">
            Aplicar
          </Button>
        </noscript>
      </Form>
      <p className="mt-6 text-sm text-muted-foreground" role="status" data-testid="catalogue-count">
        Mostrando {kits.length} de {total} productos
      </p>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {kits.map((kit, index) => (
          <li key={kit.id} className="flex">
            <KitCard kit={kit} eager={index < 2} />
          </li>
        ))}
      </ul>
      <p className="mt-8 text-xs text-subtle-foreground">{footer.shippingFootnote}</p>
    </div>
  );
}
