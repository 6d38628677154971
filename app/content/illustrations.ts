/**
 * The closed set of original illustrations the project ships (docs/product.md#d5: no photographs are
 * supplied). Each name is a file: public/art/components/{name}.svg (400x400) and
 * public/art/scenes/{name}.svg (800x600); kit heroes are public/art/kits/{kitId}.svg (800x600).
 */
export const componentIllustrations = [
  "first-aid-kit",
  "gloves",
  "mask",
  "cpr-mask",
  "thermal-blanket",
  "fire-blanket",
  "matches",
  "radio",
  "headlamp",
  "oxygen",
  "dry-bag",
  "food-ration",
  "water",
  "water-filter",
  "tent",
  "flint",
  "tourniquet",
  "splint",
  "compass",
  "alarm",
  "whistle",
  "signal-mirror",
  "air-horn",
  "strobe",
  "eye-wash",
  "rope",
  "multitool",
  "flare",
  "life-vest",
  "hard-hat",
  "ear-protection",
  "safety-glasses",
  "burn-gel",
  "sleeping-bag",
  "power-bank",
  "poncho",
] as const;
export type ComponentIllustration = (typeof componentIllustrations)[number];

export const sceneIllustrations = [
  "home",
  "office",
  "car",
  "mountain",
  "camp",
  "trail",
  "boat",
  "coast",
  "kayak",
  "factory",
  "warehouse",
  "construction",
] as const;
export type SceneIllustration = (typeof sceneIllustrations)[number];

export const componentImage = (name: ComponentIllustration) => `/art/components/${name}.svg`;
export const sceneImage = (name: SceneIllustration) => `/art/scenes/${name}.svg`;
export const kitImage = (kitId: string) => `/art/kits/${kitId}.svg`;
