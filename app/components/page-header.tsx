/**
 * The page columns (app/app.css, `page-column-*`) a page's text may use; written out whole so that
 * Tailwind finds the classes.
 */
const columns = {
  "7xl": "page-column-7xl",
  "3xl": "page-column-3xl",
  "2xl": "page-column-2xl",
  xl: "page-column-xl",
} as const;

export type PageColumn = keyof typeof columns;

/**
 * The title band at the top of an inner page. Its title sits in the same column as the page's text
 * (`column`, the width of the page's own column), so that both share their left edge
 * (docs/decisions/072).
 */
export function PageHeader({
  title,
  intro,
  column = "7xl",
}: {
  title: string;
  intro?: string;
  column?: PageColumn;
}) {
  return (
    <div className="bg-stone-900 text-white">
      <div className={`${columns[column]} py-12`}>
        <h1 className="text-3xl font-bold sm:text-5xl">{title}</h1>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-stone-200">{intro}</p> : null}
      </div>
    </div>
  );
}
