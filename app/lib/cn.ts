import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names (clsx: strings, arrays, `{ class: condition }` objects) and lets a later
 * Tailwind class win over an earlier one of the same kind (tailwind-merge), so `cn("px-5", "px-8")`
 * is "px-8": a primitive's own classes can be overridden by the `className` it is given.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
