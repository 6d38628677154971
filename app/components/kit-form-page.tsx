import { PageHeader } from "~/components/page-header";
import type { RouteMatches } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";

/**
 * What the kit form pages (/comprar/{kit}, /cotizar/{kit}) share in the browser: their noindex
 * meta and the page frame (their loaders' part is kit-form.server.ts).
 */

export function kitFormMeta(
  { data, matches }: { data: { kit: { id: string; name: string } } | undefined; matches: RouteMatches },
  texts: { pageTitle: (kitName: string) => string; pageDescription: (kitName: string) => string },
  basePath: string,
) {
  const name = data?.kit.name ?? "LifeBox";
  return pageMeta(matches, {
    title: texts.pageTitle(name),
    description: texts.pageDescription(name),
    path: `${basePath}/${data?.kit.id ?? ""}`,
    noindex: true,
  });
}

export function KitFormPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} intro={intro} column="2xl" />
      <div className="page-column-2xl py-10">{children}</div>
    </>
  );
}
