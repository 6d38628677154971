import type { MetaDescriptor } from "react-router";

/** Title and description of an admin page, kept out of search engines (noindex, nofollow). */
export function adminMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
