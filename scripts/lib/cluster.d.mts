/** Types of ./cluster.mjs, for the cluster test. */
import type { ChildProcess } from "node:child_process";

export class ClusterUnavailable extends Error {}

export function findNginx(): string | undefined;

/** Why the cluster cannot run here (no nginx, no PostgreSQL), or undefined when it can. */
export function clusterUnavailableReason(): string | undefined;

export interface ClusterServer {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** The server's last lines of output. */
  output: string[];
}

export interface ReceivedMail {
  to: string;
  subject: string;
  bytes: number;
}

export interface Cluster {
  /** nginx's address: what visitors use. */
  url: string;
  databaseUrl: string;
  store: { endpoint: string; bucket: string };
  smtp: { url: string; messages: ReceivedMail[] };
  servers: ClusterServer[];
  serverAt(upstream: string | undefined): ClusterServer | undefined;
  createAdmin(account: { email: string; name: string; password: string }): void;
  stop(): Promise<void>;
}

export function startCluster(options?: {
  servers?: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<Cluster>;
