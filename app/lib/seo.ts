import type { MetaDescriptor } from "react-router";
import { rootDataFromMatches, type RouteMatches } from "~/lib/root-data";

interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL (no query), e.g. "/productos". */
  path: string;
  /** Absolute or root-relative image for Open Graph; defaults to the brand image. */
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).toString();
}

/** Title, description, canonical link and Open Graph / Twitter tags of one page. */
export function pageMeta(matches: RouteMatches, page: PageSeo): MetaDescriptor[] {
  const { siteUrl } = rootDataFromMatches(matches);
  const url = absoluteUrl(siteUrl, page.path);
  const image = absoluteUrl(siteUrl, page.image ?? "/og/lifebox.png");
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(page.noindex
      ? [{ name: "robots", content: "noindex" }]
      : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: "LifeBox" },
    { property: "og:locale", content: "es_CL" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** A JSON-LD block as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
