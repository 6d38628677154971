import { pino, type DestinationStream } from "pino";
import type { Env } from "~/infra/env.server";

/**
 * One structured logger for the whole server. It writes one JSON line per event, or the same
 * events as readable lines (pino-pretty) for a person at a terminal (logFormatOf). Until the server
 * has read its configuration (configureLogger, at start-up) it logs at "info" — and nothing under
 * Vitest.
 */
let destination: DestinationStream = process.stdout;
let format: "json" | "pretty" = "json";

export const logger = pino(
  {
    level: process.env.VITEST ? "silent" : "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  { write: (line: string) => destination.write(line) },
);

type LoggerSettings = Pick<Env, "LOG_LEVEL" | "NODE_ENV"> & Partial<Pick<Env, "LOG_FORMAT">>;

/**
 * The log's format: LOG_FORMAT when set; otherwise readable in development and when standard
 * output is a terminal, JSON lines when it goes to a file, a pipe or a log collector.
 */
export function logFormatOf(env: LoggerSettings, isTTY = Boolean(process.stdout.isTTY)): "json" | "pretty" {
  if (env.LOG_FORMAT) return env.LOG_FORMAT;
  return env.NODE_ENV === "development" || isTTY ? "pretty" : "json";
}

/** The format configureLogger chose (the start-up summary prints lines only for readable logs). */
export function currentLogFormat(): "json" | "pretty" {
  return format;
}

/** Applies the configured level and format. */
export async function configureLogger(env: LoggerSettings): Promise<void> {
  logger.level = env.LOG_LEVEL;
  format = logFormatOf(env);
  // pino-pretty is a development dependency: an install without those keeps JSON lines.
  const pretty =
    format === "pretty"
      ? await import("pino-pretty").then(
          (m) => m.default,
          () => undefined,
        )
      : undefined;
  if (!pretty) format = "json";
  if (pretty) {
    destination = pretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      destination: process.stdout,
    });
  } else {
    destination = process.stdout;
  }
}
