import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/infra/env.server";
import { configureLogger, logFormatOf, logger } from "~/infra/logger.server";

/** What the logger writes to standard output while `log` runs (and the stream's next turns). */
async function written(log: () => void): Promise<string> {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    log();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return write.mock.calls.map(([chunk]) => String(chunk)).join("");
  } finally {
    write.mockRestore();
  }
}

describe("the logger", () => {
  afterEach(() => {
    logger.level = "silent";
  });

  it("writes one JSON line per event in production, at the configured level", async () => {
    await configureLogger({ NODE_ENV: "production", LOG_LEVEL: "info" });
    const line = await written(() => logger.info({ orderId: "abc" }, "Order stored"));
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toMatchObject({ level: 30, orderId: "abc", msg: "Order stored" });
    expect(await written(() => logger.debug("hidden"))).toBe("");
  });

  it("writes readable lines in development", async () => {
    await configureLogger({ NODE_ENV: "development", LOG_LEVEL: "debug" });
    const line = await written(() => logger.warn({ form: "contact" }, "Form rate limit reached"));
    expect(line).toContain("Form rate limit reached");
    expect(line).toContain("contact");
    expect(() => JSON.parse(line)).toThrow();
  });
});

describe("the log's format", () => {
  const production = { NODE_ENV: "production", LOG_LEVEL: "info" } as const;

  it("is readable on a terminal and JSON lines otherwise", () => {
    expect(logFormatOf(production, true)).toBe("pretty");
    expect(logFormatOf(production, false)).toBe("json");
    expect(logFormatOf({ ...production, NODE_ENV: "development" }, false)).toBe("pretty");
  });

  it("follows LOG_FORMAT whatever the output is", () => {
    expect(logFormatOf({ ...production, LOG_FORMAT: "json" }, true)).toBe("json");
    expect(logFormatOf({ ...production, LOG_FORMAT: "pretty" }, false)).toBe("pretty");
    expect(parseEnv({ LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
    expect(() => parseEnv({ LOG_FORMAT: "yaml" })).toThrow();
  });

  it("writes the same fields either way", async () => {
    await configureLogger({ ...production, LOG_FORMAT: "pretty" });
    const readable = await written(() => logger.info({ orderId: "abc" }, "Order stored"));
    expect(readable).toContain("Order stored");
    expect(readable).toContain("orderId");
    expect(readable).toContain("abc");
    await configureLogger({ ...production, LOG_FORMAT: "json" });
    const json = await written(() => logger.info({ orderId: "abc" }, "Order stored"));
    expect(JSON.parse(json)).toMatchObject({ orderId: "abc", msg: "Order stored" });
  });
});
