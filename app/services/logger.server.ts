import { pino } from "pino";
import { getEnv } from "~/services/env.server";

/** One structured (JSON) logger for the whole server. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});

export function configureLogger() {
  logger.level = getEnv().LOG_LEVEL;
}
