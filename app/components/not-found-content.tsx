import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { notFound } from "~/content/site";

/** A route's error boundary: the not-found page for a 404, anything else goes up. */
export function NotFoundBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}

/** The Spanish not-found page body (docs/product.md#d5a). */
export function NotFoundContent() {
  return (
    <div className="page-column-xl py-24 text-center">
      <h1 className="text-4xl font-bold">{notFound.title}</h1>
      <p className="mt-4 text-muted-foreground">{notFound.text}</p>
      <Button asChild className="mt-8">
        <Link to={notFound.homeLink.href}>{notFound.homeLink.label}</Link>
      </Button>
    </div>
  );
}
