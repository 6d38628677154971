import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { notFound } from "~/content/site";

/** The Spanish not-found page body (DECISIONS D5a). */
export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">{notFound.title}</h1>
      <p className="mt-4 text-muted-foreground">{notFound.text}</p>
      <Button asChild className="mt-8">
        <Link to={notFound.homeLink.href}>{notFound.homeLink.label}</Link>
      </Button>
    </div>
  );
}
