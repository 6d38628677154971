/** Types of ./source-constants.mjs. */
export function readConstArray(file: string, name: string): string[];
export function readKitComponents(): Record<string, string[]>;
