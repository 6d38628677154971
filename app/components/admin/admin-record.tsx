import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { ListLoadFailure, PageNotice } from "~/components/admin/admin-page";
import { cn } from "~/lib/cn";

/** The way from a detail page (an order, a quotation request, a contact message) back to its list. */
export function BackToList({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** One field of a record: its label and its text ("—" when empty), or a link; `long` keeps line breaks. */
export interface RecordField {
  label: string;
  value: string;
  href?: string;
  long?: boolean;
}

export function RecordFields({ fields, className }: { fields: readonly RecordField[]; className?: string }) {
  return (
    <dl className={cn("grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]", className)}>
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="font-medium text-subtle-foreground">{field.label}</dt>
          <dd
            className={cn(
              "wrap-anywhere text-foreground",
              field.long && "whitespace-pre-line sm:max-w-prose",
            )}
          >
            {field.value && field.href ? (
              <a href={field.href} className="text-primary underline">
                {field.value}
              </a>
            ) : (
              field.value || "—"
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A detail page's error boundary: an unknown record (404, with the way back), or one not read. */
export function RecordError({
  error,
  texts,
  backTo,
}: {
  error: unknown;
  texts: { notFoundTitle: string; notFound: string; title: string; loadFailure: string; back: string };
  backTo: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageNotice title={texts.notFoundTitle}>
        <p className="mt-4 text-muted-foreground">{texts.notFound}</p>
        <p className="mt-8">
          <BackToList to={backTo}>{texts.back}</BackToList>
        </p>
      </PageNotice>
    );
  }
  return <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
}
