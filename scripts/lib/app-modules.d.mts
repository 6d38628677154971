/** Types of ./app-modules.mjs. */
import type { ViteDevServer } from "vite";
export function appModuleServer(root: string): Promise<ViteDevServer>;
