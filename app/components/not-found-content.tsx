import { buttonClass } from "~/components/ui/button";
import { Link } from "react-router";
import { notFound } from "~/content/site";

/** The Spanish not-found page body (DECISIONS D5a). */
export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">{notFound.title}</h1>
      <p className="mt-4 text-stone-700">{notFound.text}</p>
      <Link to={notFound.homeLink.href} className={buttonClass("primary", "mt-8")}>
        {notFound.homeLink.label}
      </Link>
    </div>
  );
}
