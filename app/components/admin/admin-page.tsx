/**
 * The building blocks of an admin page's content: its heading, its white panels, and the message
 * that stands in for a page that cannot be shown.
 */

type AdminPageProps = { title: string; intro?: string; width: string; children: React.ReactNode };

/** A page's heading (h1) and intro, at the page's width (`width`: a Tailwind max-width class). */
export function AdminPage({ title, intro, width, children }: AdminPageProps) {
  return (
    <div className={`mx-auto ${width}`}>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      {intro ? <p className="mt-1 text-stone-700">{intro}</p> : null}
      {children}
    </div>
  );
}

type PanelProps = { id: string; title: string; hideTitle?: boolean; aside?: React.ReactNode };

/**
 * A white panel named by its heading (h2, `aria-labelledby`): `hideTitle` keeps the heading for
 * screen readers only, `aside` stands beside it (a link).
 */
export function Panel({ id, title, hideTitle, aside, children }: React.PropsWithChildren<PanelProps>) {
  const heading = (
    <h2 id={id} className={hideTitle ? "sr-only" : "text-lg font-bold text-stone-900"}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className="mt-6 rounded-xl border border-stone-200 bg-white p-5">
      {aside ? (
        <div className="flex items-baseline justify-between gap-4">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** A message in place of a whole page (not found, could not be read): its heading, then `children`. */
export function PageNotice({
  title,
  large,
  children,
}: React.PropsWithChildren<{ title: string; large?: boolean }>) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className={`${large ? "text-3xl" : "text-2xl"} font-bold text-stone-900`}>{title}</h1>
      {children}
    </div>
  );
}

/**
 * An admin screen whose data could not be read: its heading and SPEC §8's failure text
 * ("No se pudieron cargar las compras."), announced, in place of the page.
 */
export function ListLoadFailure({ title, message }: { title: string; message: string }) {
  return (
    <PageNotice title={title}>
      <p role="alert" className="mt-4 font-medium text-red-800">
        {message}
      </p>
    </PageNotice>
  );
}
