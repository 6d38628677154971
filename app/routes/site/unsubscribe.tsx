import { Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { newsletterPageTexts as texts } from "~/content/forms";
import { pageMeta } from "~/lib/seo";
import { unsubscribe } from "~/models/subscribers.server";
import { getDb } from "~/infra/db.server";

/**
 * /newsletter/baja?token=…: the one-click unsubscribe of every newsletter e-mail (docs/product.md#d14).
 * Opening the link removes the subscription; mail programs that unsubscribe on their own
 * (List-Unsubscribe-Post, RFC 8058) POST to the same address. Either way the answer says only
 * whether the link worked, never whose it was. See docs/decisions/014.
 */
async function unsubscribeFrom(request: Request): Promise<boolean> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return unsubscribe(getDb(), token);
}

export async function loader({ request }: Route.LoaderArgs) {
  return { removed: await unsubscribeFrom(request) };
}

export async function action({ request }: Route.ActionArgs) {
  return { removed: await unsubscribeFrom(request) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `${texts.unsubscribeTitle} | LifeBox`,
    description: texts.unsubscribeMetaDescription,
    path: "/newsletter/baja",
    noindex: true,
  });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const removed = (actionData ?? loaderData).removed;
  return (
    <div className="page-column-2xl py-20 text-center">
      <h1 className="text-3xl font-bold">{texts.unsubscribeTitle}</h1>
      <p className="mt-4 text-lg text-muted-foreground" role="status">
        {removed ? texts.unsubscribed : texts.unknownToken}
      </p>
      <div className="mt-8">
        <Button asChild>
          <Link to="/">{texts.backHome}</Link>
        </Button>
      </div>
    </div>
  );
}
