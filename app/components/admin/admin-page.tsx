import { cn } from "~/lib/cn";

/** An admin page's heading (h1) and intro, at the page's width (`width`: a Tailwind max-width class). */
export function AdminPage({
  title,
  intro,
  width,
  children,
}: React.PropsWithChildren<{ title: string; intro?: string; width: string }>) {
  return (
    <div className={cn("mx-auto", width)}>
      <h1 className="text-2xl font-bold text-foreground">{title}</h1>
      {intro ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      {children}
    </div>
  );
}

type PanelProps = { id: string; title: string; hideTitle?: boolean; aside?: React.ReactNode };

/** A white panel named by its h2 (`hideTitle`: for screen readers only), `aside` beside the heading. */
export function Panel({ id, title, hideTitle, aside, children }: React.PropsWithChildren<PanelProps>) {
  const heading = (
    <h2 id={id} className={hideTitle ? "sr-only" : "text-lg font-bold text-foreground"}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className="mt-6 rounded-xl border border-border bg-white p-5">
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
      <h1 className={cn("text-2xl font-bold text-foreground", large && "text-3xl")}>{title}</h1>
      {children}
    </div>
  );
}

/**
 * A screen whose data could not be read: its heading and docs/product.md#spec-8's failure text, announced.
 */
export function ListLoadFailure({ title, message }: { title: string; message: string }) {
  return (
    <PageNotice title={title}>
      <p role="alert" className="mt-4 font-medium text-destructive-strong">
        {message}
      </p>
    </PageNotice>
  );
}
