import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminListView } from "~/lib/admin-list-view";
import { AdminList, type AdminListCells } from "./admin-list";

/** The list screen's markup: what a browser without JavaScript and a screen reader get. */

function view(overrides: Partial<AdminListView> = {}): AdminListView {
  return {
    path: "/admin/orders",
    href: "/admin/orders?q=perez&estado=pagado",
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
        truncate: false,
      },
      {
        key: "createdAt",
        label: "Fecha",
        numeric: false,
        sortHref: "/admin/orders?q=perez&estado=pagado&sort=createdAt&dir=asc",
        nextDirection: "asc",
        ariaSort: "descending",
        truncate: false,
      },
      { key: "address", label: "Dirección", numeric: false, truncate: true, showFrom: "2xl" },
      { key: "customer", label: "Cliente", numeric: false, truncate: true },
      { key: "email", label: "Email", numeric: false, truncate: true, showFrom: "lg" },
      { key: "total", label: "Total", numeric: true, truncate: false },
    ],
    linkColumn: "number",
    rows: [
      {
        id: "a",
        cells: [
          "LB-7K3F9Q",
          "10-01-2026 09:00",
          "Avenida Libertador General Bernardo O'Higgins 12345, departamento 1502",
          "Ana Pérez",
          "ana@example.cl",
          "$219.990",
        ],
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

function render(
  list: AdminListView,
  { cells, children }: { cells?: AdminListCells<unknown>; children?: React.ReactNode } = {},
): string {
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
          cells={cells}
        >
          {children}
        </AdminList>
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
    expect(html).toMatch(/<td colSpan="6"[^>]*><span[^>]*>No se encontraron compras<\/span>/i);
    expect(html).toContain("Prueba con otra búsqueda o quita el filtro.");
    expect(html).not.toContain("Paginación");
  });

  it("says when the search was too short to apply", () => {
    const html = render(view({ search: { ...view().search, value: "ab", tooShort: true } }));
    expect(html).toMatch(/<p id="[^"]+" role="status"[^>]*>Escribe al menos 3 letras/);
  });

  it("shows a column with a display priority only from that list width, in its header and its cells", () => {
    const html = render(view());
    const classOf = (label: string) => /class="([^"]*)"/.exec(th(html, label))?.[1] ?? "";
    expect(classOf("Dirección")).toContain("hidden @min-[96rem]:table-cell");
    expect(classOf("Email")).toContain("hidden @min-[64rem]:table-cell");
    for (const always of ["N.º de pedido", "Fecha", "Cliente", "Total"]) {
      expect(classOf(always), always).not.toMatch(/\bhidden\b/);
    }
    const cells = [...html.matchAll(/<td class="([^"]*)"/g)].map((match) => match[1]);
    expect(cells.filter((classes) => classes!.includes("hidden @min-[96rem]:table-cell"))).toHaveLength(1);
    expect(cells.filter((classes) => classes!.includes("hidden @min-[64rem]:table-cell"))).toHaveLength(1);
    expect(cells.filter((classes) => /\bhidden\b/.test(classes!))).toHaveLength(2);
    // The list is the container its columns are chosen by, whatever the sidebar takes.
    expect(html).toMatch(/^<div class="@container /);
    // No scroller and no "slide the table" hint any more.
    expect(html).not.toContain("Desliza la tabla");
    expect(html).not.toContain('role="region"');
  });

  it("cuts long texts to one line, with the whole value in the page, its title and on focus", () => {
    // As React writes it in the markup.
    const address = "Avenida Libertador General Bernardo O&#x27;Higgins 12345, departamento 1502";
    const html = render(view());
    const cut = new RegExp(`<span class="([^"]*)" title="${address}">${address}</span>`).exec(html);
    expect(cut?.[1]).toContain("truncate");
    // Focus anywhere in its row (the row's link) shows it whole, wrapped.
    expect(cut?.[1]).toContain("group-focus-within/row:whitespace-normal");
    expect(html).toMatch(/<tr class="group\/row /);
    expect(html).toMatch(
      /<td class="[^"]*max-w-0[^"]*"><span class="[^"]*" title="Ana Pérez">Ana Pérez<\/span>/,
    );
    // Short values are never cut.
    expect(html).not.toContain('title="LB-7K3F9Q"');
    expect(html).not.toContain('title="$219.990"');

    // A row without a link: the cut text itself takes the keyboard focus.
    const unlinked = render(view({ linkColumn: undefined, rows: [{ ...view().rows[0]!, href: undefined }] }));
    expect(unlinked).toMatch(new RegExp(`<span class="[^"]*truncate[^"]*" title="${address}" tabindex="0">`));
  });

  it("lays each row out as a card on a phone, with the always-shown columns as label and value", () => {
    const html = render(view());
    expect(html).toMatch(/<div class="[^"]*\bhidden\b[^"]*@min-\[40rem\]:block[^"]*"><table/);
    const cards =
      /<ul aria-label="Pedidos, ordenada por Fecha, descendente\. Página 2 de 3\." class="([^"]*)">(.*?)<\/ul>/.exec(
        html,
      );
    expect(cards?.[1]).toContain("@min-[40rem]:hidden");
    const card = cards?.[2] ?? "";
    expect(card.match(/<li /g)).toHaveLength(1);
    expect(card).toMatch(/<a [^>]*href="\/admin\/orders\/a"[^>]*>LB-7K3F9Q<\/a>/);
    const pairs = [...card.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(pairs).toEqual([
      ["Fecha", "10-01-2026 09:00"],
      ["Cliente", "Ana Pérez"],
      ["Total", "$219.990"],
    ]);
    // The cards have no headers: their sort links, shown with them.
    expect(html).toMatch(
      /<div role="group" aria-labelledby="[^"]+" class="[^"]*@min-\[40rem\]:hidden[^"]*"><span[^>]*>Ordenar por<\/span>/,
    );
  });

  it("ends each row, in the table and on its card, with the row's action as a named link", () => {
    const html = render(
      view({
        linkColumn: undefined,
        rowAction: { label: "Ver conversación", header: "Acciones" },
        rows: [{ ...view().rows[0]!, actionName: "Ver conversación del 10-01-2026 09:00" }],
      }),
    );
    expect(html).toMatch(/<th scope="col" class="[^"]*"><span class="sr-only">Acciones<\/span><\/th>/);
    const actions = [
      ...html.matchAll(
        /<a aria-label="Ver conversación del 10-01-2026 09:00"[^>]*href="\/admin\/orders\/a"[^>]*>Ver conversación<\/a>/g,
      ),
    ];
    // One in the table's last cell, one on the card.
    expect(actions).toHaveLength(2);
    // The card's title is no second link to the same place.
    expect(html).not.toMatch(/<a [^>]*href="\/admin\/orders\/a"[^>]*>LB-7K3F9Q<\/a>/);
    // The empty list spans the action's column too.
    expect(render(view({ rowAction: { label: "Ver", header: "Acciones" }, rows: [] }))).toContain(
      'colSpan="7"',
    );
  });
});

describe("what a screen adds to the list (the gallery, decision 042)", () => {
  const tabbed = (): AdminListView => {
    const base = view();
    return {
      ...base,
      filters: [
        {
          ...base.filters[0]!,
          tabs: true,
          options: base.filters[0]!.options.map((option, index) => ({ ...option, count: [1234, 3][index] })),
        },
      ],
      sortChoices: {
        hidden: [{ name: "q", value: "perez" }],
        options: [
          { value: "createdAt:desc", label: "Fecha: más recientes primero", selected: true },
          { value: "total:asc", label: "Total: de menor a mayor", selected: false },
        ],
      },
    };
  };

  it("shows a filter as tabs with their counts, the chosen one as the current page", () => {
    const html = render(tabbed());
    expect(html).toMatch(/<nav aria-label="Estado"/);
    expect(html).toMatch(
      /<a aria-current="page"[^>]*href="\/admin\/orders\?q=perez&estado=pagado"[^>]*>Pagado<span[^>]*>3<\/span><\/a>/,
    );
    expect(html).toMatch(/href="\/admin\/orders\?q=perez"[^>]*>Todos<span[^>]*>1\.234<\/span>/);
    // Not also among the search's filters.
    expect(html).not.toMatch(/role="group" aria-labelledby="[^"]*filter-estado"/);
  });

  it("offers a sort selector: a GET form sending sort=key:dir with the search, and a button without JavaScript", () => {
    const html = render(tabbed());
    const form = /<form [^>]*action="\/admin\/orders" method="get">(.*?)<\/form>/g;
    const selector = [...html.matchAll(form)]
      .map((match) => match[1]!)
      .find((body) => body.includes("<select"));
    expect(selector).toBeDefined();
    expect(selector).toContain('<input type="hidden" name="q" value="perez"/>');
    expect(selector).toMatch(/<label for="([^"]+)"[^>]*>Ordenar por<\/label><select id="\1" name="sort"/);
    expect(selector).toMatch(
      /<option value="createdAt:desc" selected="">Fecha: más recientes primero<\/option>/,
    );
    expect(selector).toContain('<option value="total:asc">Total: de menor a mayor</option>');
    expect(selector).toMatch(/<button [^>]*type="submit">Ordenar<\/button>/);
    // The phones' sort links give way to the selector.
    expect(html).not.toMatch(/<div role="group"[^>]*@min-\[40rem\]:hidden[^>]*><span[^>]*>Ordenar por/);
  });

  it("draws a screen's own cells, in the table and on the cards, and its summary under the heading", () => {
    const html = render(view(), {
      cells: { customer: (row, text) => <b data-row={row.id}>{`★ ${text}`}</b> },
      children: <p>Resumen propio</p>,
    });
    expect(html.match(/<b data-row="a">★ Ana Pérez<\/b>/g)).toHaveLength(2);
    expect(html).not.toContain('title="Ana Pérez"');
    expect(html).toMatch(/<\/h1>.*<p>Resumen propio<\/p>.*role="search"/);
  });
});

/** The `<th>` whose text starts with `label`. */
function th(html: string, label: string): string {
  return (
    new RegExp(`<th [^>]*>(?:<a [^>]*>)?${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).exec(html)?.[0] ??
    ""
  );
}
