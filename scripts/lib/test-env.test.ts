import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { awsNodeNotice, testEnv } from "./test-env.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const fixtures = path.join(root, "tests/fixtures/plain-output");

/** This Vitest's own variables left out, so that the run below is a Vitest of its own. */
function outsideVitest(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
}

/** Runs a tool as `npm test` does with its output going into a pipe, and returns that output. */
function runIntoPipe(tool: "vitest" | "playwright", args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync("npx", [tool, ...args], {
    cwd: root,
    env: testEnv(tool, env, false),
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("npm test's output into a file or a pipe", () => {
  it("is plain: Vitest gets NO_COLOR and no FORCE_COLOR, Playwright FORCE_COLOR=0 and no NO_COLOR", () => {
    const env = { PATH: "/usr/bin", FORCE_COLOR: "1", NO_COLOR: "1" };
    const vitest = testEnv("vitest", env, false);
    expect(vitest.NO_COLOR).toBe("1");
    expect(vitest).not.toHaveProperty("FORCE_COLOR");
    const playwright = testEnv("playwright", env, false);
    expect(playwright.FORCE_COLOR).toBe("0");
    expect(playwright).not.toHaveProperty("NO_COLOR");
    // On a terminal, the tools' own choice.
    expect(testEnv("vitest", env, true)).toMatchObject({ FORCE_COLOR: "1", NO_COLOR: "1" });
  });

  it("has no colour codes from Vitest, which colours a pipe unless told", () => {
    const args = ["run", "--config", path.join(fixtures, "vitest.config.ts")];
    const plain = runIntoPipe("vitest", args, { ...outsideVitest(), FORCE_COLOR: "1" });
    expect(plain.status, plain.output).toBe(0);
    expect(plain.output).toContain("1 passed");
    expect(plain.output).not.toContain("\x1b[");
    // The check can see colour: the same run without NO_COLOR (which `npm test` itself may have
    // been given) has some.
    const { NO_COLOR: _, ...withoutNoColor } = outsideVitest();
    const coloured = spawnSync("npx", ["vitest", ...args], {
      cwd: root,
      env: testEnv("vitest", withoutNoColor, true),
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(coloured.stdout).toContain("\x1b[");
  });

  it("has no colour codes and no Node warning about NO_COLOR from Playwright and its workers", () => {
    const run = runIntoPipe("playwright", ["test", "--config", path.join(fixtures, "playwright.config.ts")], {
      ...outsideVitest(),
      NO_COLOR: "1",
    });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain("a line from the worker");
    expect(run.output).toContain("1 passed");
    expect(run.output).not.toContain("\x1b[");
    expect(run.output).not.toContain("NO_COLOR");
  });
});

describe("the AWS SDK's warning about Node versions", () => {
  it("is said by npm test itself on Node before 22, and silenced in the processes it starts", () => {
    expect(awsNodeNotice("v20.19.0")).toContain("Node >= 22");
    expect(awsNodeNotice("v22.13.0")).toBeUndefined();
    expect(awsNodeNotice("v24.0.0")).toBeUndefined();
    expect(testEnv("vitest", {}, true).AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe("true");
  });
});
