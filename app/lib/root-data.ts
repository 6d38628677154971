import { useRouteLoaderData } from "react-router";
import type { CompanyInfo } from "~/content/company";
import type { NavLinkItem } from "~/content/navigation";

/** What the root loader hands to every page: the public origin and the seller's contact data. */
export interface RootData {
  siteUrl: string;
  company: CompanyInfo;
  /** The eight kits for the header menus (names from the kit content, which stays on the server). */
  kitLinks: NavLinkItem[];
  /**
   * How orders are paid (docs/decisions/059): `opensTab` for the link-only shop (the purchase
   * form opens the kit's payment link in a new tab); `notice` while nothing real is charged.
   */
  payment: { opensTab: boolean; notice: "test" | "stand-in" | null };
  /** The visitor's cart: how many kits it holds; null when the shop has no cart (payment links only). */
  cart: { count: number } | null;
  /** A toast handed over by a redirecting action (infra/toast.server.ts), shown once. */
  toast: { kind: "success" | "error"; title: string; description: string } | null;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("Root data is missing");
  return data;
}

/** A meta function's `matches`. */
export type RouteMatches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The root data as seen from a meta function's `matches`. */
export function rootDataFromMatches(matches: RouteMatches): RootData {
  const root = matches.find((match) => match?.id === "root");
  return root?.data as RootData;
}
