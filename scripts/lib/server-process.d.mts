/** Types of ./server-process.mjs, for the tests. */
import type { ChildProcess } from "node:child_process";

export function freePort(preferred: number): Promise<number>;
export function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs?: number): Promise<void>;
export function stopServer(server: ChildProcess): Promise<void>;
