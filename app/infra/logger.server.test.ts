import { afterEach, describe, expect, it, vi } from "vitest";
import { configureLogger, logger } from "~/infra/logger.server";

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
