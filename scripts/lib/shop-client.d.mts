/** Types of ./shop-client.mjs, for the cluster test. */
import type { IncomingHttpHeaders } from "node:http";

export const kitIds: string[];
export const formHeaders: Record<string, string>;
export const orderLocation: RegExp;

export interface ShopResponse {
  status?: number;
  headers?: IncomingHttpHeaders;
  location?: string;
  bytes?: Buffer;
  body?: string;
  ms: number;
  error?: Error & { code?: string };
}

export interface RequestOptions {
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Another loopback address to send from (127.0.0.0/8), as another visitor. */
  localAddress?: string;
}

export interface HttpClient {
  request(baseUrl: string, method: string, urlPath: string, options?: RequestOptions): Promise<ShopResponse>;
  destroy(): void;
}

export function createHttpClient(options?: { maxSockets?: number }): HttpClient;
export function pool<T>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void>;
export function percentile(sorted: number[], p: number): number;

export interface Solvers {
  solve(challenge: unknown): Promise<unknown>;
  stop(): Promise<unknown>;
}
export function startSolvers(count?: number): Solvers;
export function solvedCaptcha(
  client: HttpClient,
  baseUrl: string,
  solvers: Solvers,
  form?: string,
  options?: RequestOptions,
): Promise<string>;
export function orderFields(n: number): {
  kitId: string;
  name: string;
  email: string;
  phone: string;
  region: string;
  comuna: string;
  address: string;
};
export function orderRequest(n: number, altcha: string): { path: string; body: string };

export type PreparedOrder = { path: string; body: string };
export function prepareOrders(
  client: HttpClient,
  baseUrl: string,
  solvers: Solvers,
  count: number,
  firstNumber: number,
): Promise<PreparedOrder[]>;
export function submitOrders(
  client: HttpClient,
  baseUrl: string,
  orders: PreparedOrder[],
  options: { concurrency: number; headers?: Record<string, string> },
  into: {
    acknowledged: string[];
    failures: Map<string, { count: number; example: string }>;
    latencies?: number[];
  },
): Promise<void>;
export function wholeNumberSetting(name: string, fallback: number): number;
