/**
 * Types for the shop's facts (docs/product.md#d1): every price, count, text and image a page shows comes
 * from typed modules in this folder, never from literals inside pages.
 */
import type { ComponentIllustration, SceneIllustration } from "./illustrations";

export const productLines = ["essential", "expedition", "nautical", "industry"] as const;
export type ProductLine = (typeof productLines)[number];

export type KitVersion = "standard" | "mini";

export const kitIds = [
  "essential",
  "expedition",
  "nautical",
  "industry",
  "essential-mini",
  "expedition-mini",
  "nautical-mini",
  "industry-mini",
] as const;
export type KitId = (typeof kitIds)[number];

/** One component of a kit; the kit's component count is the number of these (docs/product.md#d3). */
export interface KitComponent {
  /** Spanish name as shown, e.g. "Mascarillas KN95". */
  name: string;
  /** Quantity as shown, e.g. "10 unidades"; omitted when it is a single item. */
  quantity?: string;
  /** One or two Spanish sentences on what it is and what it is for. */
  description: string;
  /** Which original illustration depicts it (public/art/components/{illustration}.svg). */
  illustration: ComponentIllustration;
}

export interface ContentCategory {
  /** Spanish category title, e.g. "Primeros auxilios". */
  name: string;
  items: KitComponent[];
}

export interface Benefit {
  title: string;
  description: string;
  icon:
    "shield" | "droplets" | "package" | "heart-pulse" | "mountain" | "anchor" | "factory" | "clock" | "users";
}

export interface GalleryItem {
  scene: SceneIllustration;
  /** Spanish alt text describing the picture. */
  alt: string;
  /** Spanish caption shown over the picture on hover and focus. */
  caption: string;
}

export interface Specification {
  label: string;
  value: string;
}

export interface Certification {
  name: string;
  description: string;
}

export interface Kit {
  id: KitId;
  line: ProductLine;
  version: KitVersion;
  /** Display name, e.g. "LifeBox Essential Mini". */
  name: string;
  /** One-sentence description for the catalogue card and meta description. */
  description: string;
  /** Price in whole Chilean pesos (CLP), e.g. 219990. */
  price: number;
  tagline: string;
  /** Short text under the hero about the IP67 enclosure. */
  ip67Note: string;
  /** 7 or 8 short feature highlights for the hero. */
  highlights: string[];
  /** Exactly three benefit cards. */
  benefits: [Benefit, Benefit, Benefit];
  /** "En acción" gallery: three scenes. */
  gallery: GalleryItem[];
  /** Contents by category; the component count is derived from it. */
  contents: ContentCategory[];
  specifications: Specification[];
  certifications: Certification[];
  /** The mini of a standard kit, the standard of a mini. */
  siblingId: KitId;
}

export interface FaqItem {
  question: string;
  answer: string;
}
