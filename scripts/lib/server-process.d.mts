/** Types of ./server-process.mjs, for the tests. */
import type { ChildProcess, StdioOptions } from "node:child_process";

export function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): ChildProcess;

export function freePort(preferred: number): Promise<number>;
export function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs?: number): Promise<void>;
export function stopServer(server: ChildProcess): Promise<void>;
export function cpuSecondsOf(pid: number): number;
export function watchBenchServer(server: ChildProcess, dataDir: string, count?: number): string[];
export function benchServerEnv(captchaDifficulty: number): Record<string, string>;
