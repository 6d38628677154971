import { redirect } from "react-router";
import type { Route } from "./+types/thanks-redirect";

/** /thanks is the old address of the thank-you page: moved permanently, query kept (docs/product.md#d10). */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/gracias${search}`, 301);
}
