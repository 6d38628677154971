import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminList, type AdminListView } from "./admin-list";

/** The list screen's markup: what a browser without JavaScript and a screen reader get. */

function view(overrides: Partial<AdminListView> = {}): AdminListView {
  return {
    path: "/admin/orders",
    search: {
      value: "perez",
      hidden: [{ name: "estado", value: "pagado" }],
      tooShort: false,
      minWordLength: 3,
      clearHref: "/admin/orders?estado=pagado",
    },
    filters: [
      {
        key: "estado",
        label: "Estado",
        options: [
          { value: "", label: "Todos", href: "/admin/orders?q=perez", selected: false },
          { value: "pagado", label: "Pagado", href: "/admin/orders?q=perez&estado=pagado", selected: true },
        ],
      },
    ],
    columns: [
      {
        key: "number",
        label: "N.º de pedido",
        numeric: false,
        sortHref: "/admin/orders?q=perez&estado=pagado&sort=number&dir=desc",
        nextDirection: "desc",
      },
      {
        key: "createdAt",
        label: "Fecha",
        numeric: false,
        sortHref: "/admin/orders?q=perez&estado=pagado&sort=createdAt&dir=asc",
        nextDirection: "asc",
        ariaSort: "descending",
      },
      { key: "email", label: "Email", numeric: false },
      { key: "total", label: "Total", numeric: true },
    ],
    linkColumn: "number",
    rows: [
      {
        id: "a",
        cells: ["LB-7K3F9Q", "10-01-2026 09:00", "ana@example.cl", "$219.990"],
        href: "/admin/orders/a",
      },
    ],
    countText: "1 pedido",
    total: 1,
    totalIsLowerBound: false,
    narrowed: true,
    sortText: "ordenada por Fecha, descendente",
    pagination: {
      page: 2,
      pageCount: 3,
      previousHref: "/admin/orders?page=1",
      nextHref: "/admin/orders?page=3",
      pages: [
        { page: 1, href: "/admin/orders", current: false },
        { page: 2, href: "/admin/orders?page=2", current: true },
        { page: 3, href: "/admin/orders?page=3", current: false },
      ],
    },
    exportHref: "/admin/orders/export.csv?q=perez&estado=pagado",
    ...overrides,
  };
}

function render(list: AdminListView): string {
  const Stub = createRoutesStub([
    {
      path: "/admin/orders",
      Component: () => (
        <AdminList
          view={list}
          title="Pedidos"
          list={{
            searchPlaceholder: "Buscar por producto o cliente...",
            empty: "No se encontraron compras",
            loading: "Cargando compras...",
          }}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/admin/orders"]} />).replaceAll("&amp;", "&");
}

describe("the admin list screen", () => {
  it("is a GET search form that keeps the filter, with a label and the placeholder", () => {
    const html = render(view());
    expect(html).toMatch(
      /<form[^>]*method="get"[^>]*action="\/admin\/orders"|<form[^>]*action="\/admin\/orders"[^>]*method="get"/,
    );
    expect(html).toContain('role="search"');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Buscar<\/label><input[^>]*id="\1"/);
    const input = /<input id="[^"]+-q"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('type="search"');
    expect(input).toContain('name="q" value="perez"');
    expect(input).toContain('placeholder="Buscar por producto o cliente..."');
    expect(html).toContain('<input type="hidden" name="estado" value="pagado"/>');
    expect(html).toContain('href="/admin/orders?estado=pagado"');
  });

  it("renders a captioned table with sortable headers as links and aria-sort on the sorted one", () => {
    const html = render(view());
    expect(html).toMatch(
      /<caption[^>]*>Pedidos, ordenada por Fecha, descendente\. Página 2 de 3\.<\/caption>/,
    );
    expect(html).toMatch(
      /<th scope="col" aria-sort="descending"[^>]*><a [^>]*href="\/admin\/orders\?q=perez&estado=pagado&sort=createdAt&dir=asc"/,
    );
    expect(html).toMatch(
      /<th scope="col" class="[^"]*"><a [^>]*href="\/admin\/orders\?q=perez&estado=pagado&sort=number&dir=desc"/,
    );
    expect(html).toContain("(ordenar descendente)");
    // A column that does not sort is plain text.
    expect(html).toMatch(/<th scope="col" class="[^"]*">Email<\/th>/);
    expect(html).toMatch(/<a [^>]*href="\/admin\/orders\/a"[^>]*>LB-7K3F9Q<\/a>/);
    expect(html).toContain('tabindex="0"');
  });

  it("marks the chosen filter and the current page, and links the export of this view", () => {
    const html = render(view());
    expect(html).toMatch(
      /<a aria-current="true"[^>]*href="\/admin\/orders\?q=perez&estado=pagado"[^>]*>Pagado<\/a>/,
    );
    expect(html).toMatch(/<nav aria-label="Paginación"/);
    expect(html).toMatch(/<a aria-current="page" aria-label="Página 2"[^>]*href="\/admin\/orders\?page=2"/);
    expect(html).toMatch(/<a rel="prev"[^>]*href="\/admin\/orders\?page=1"[^>]*>Anterior<\/a>/);
    expect(html).toMatch(/<a rel="next"[^>]*href="\/admin\/orders\?page=3"[^>]*>Siguiente<\/a>/);
    expect(html).toMatch(
      /<a href="\/admin\/orders\/export\.csv\?q=perez&estado=pagado" download=""[^>]*>.*Exportar CSV<\/a>/,
    );
    expect(html).toContain("1 pedido");
  });

  it("says the spec's empty text when there are no rows, and hides the pagination of one page", () => {
    const html = render(
      view({
        rows: [],
        countText: "0 pedidos",
        pagination: { page: 1, pageCount: 1, pages: [{ page: 1, href: "/admin/orders", current: true }] },
      }),
    );
    expect(html).toMatch(/<td colSpan="4"[^>]*><span[^>]*>No se encontraron compras<\/span>/i);
    expect(html).toContain("Prueba con otra búsqueda o quita el filtro.");
    expect(html).not.toContain("Paginación");
  });

  it("says when the search was too short to apply", () => {
    const html = render(view({ search: { ...view().search, value: "ab", tooShort: true } }));
    expect(html).toMatch(/<p id="[^"]+" role="status"[^>]*>Escribe al menos 3 letras/);
  });
});
