import { pino, type DestinationStream } from "pino";
import type { Env } from "~/infra/env.server";

/**
 * One structured logger for the whole server. Production writes one JSON line per event to
 * standard output; development writes them readable (pino-pretty). Until the server has read its
 * configuration (configureLogger, at start-up) it logs at "info" — and nothing under Vitest.
 */
let destination: DestinationStream = process.stdout;

export const logger = pino(
  {
    level: process.env.VITEST ? "silent" : "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  { write: (line: string) => destination.write(line) },
);

/** Applies the configured level and, in development, the readable format. */
export async function configureLogger(env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">): Promise<void> {
  logger.level = env.LOG_LEVEL;
  if (env.NODE_ENV === "development") {
    const { default: pretty } = await import("pino-pretty");
    destination = pretty({
      colorize: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      destination: process.stdout,
    });
  }
}
