/** Types of ./chromium.mjs, for playwright.config.ts and the tests. */
export interface FoundChromium {
  executablePath: string;
  /** Variables the browser process needs on top of this process's. */
  env: Record<string, string>;
  source: "CHROMIUM_PATH" | "system" | "@sparticuz/chromium";
}
export function findChromium(): Promise<FoundChromium>;
export const chromiumFlags: string[];
