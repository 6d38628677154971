import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { playwrightFailures, playwrightTotals, vitestFailures, vitestTotals } from "./test-totals.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-totals-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the totals of npm test", () => {
  it("count a Vitest worker that died as a failure, though Vitest's report lists no failed test", () => {
    // What a native module aborting the process does (decision 045): the worker's tests never report.
    fs.writeFileSync(
      path.join(dir, "dies.test.js"),
      'test("a worker that dies", () => process.kill(process.pid, "SIGKILL"));\n',
    );
    fs.writeFileSync(path.join(dir, "passes.test.js"), 'test("passes", () => {});\n');
    const report = path.join(dir, "report.json");
    const run = spawnSync(
      path.join(root, "node_modules/.bin/vitest"),
      ["run", "--root", dir, "--globals", "--reporter=json", `--outputFile.json=${report}`],
      { cwd: root, encoding: "utf8", env: { ...process.env, VITEST: "" }, timeout: 60_000 },
    );
    const json = JSON.parse(fs.readFileSync(report, "utf8")) as Record<string, unknown>;
    expect({
      status: run.status,
      failedTests: json.numFailedTests,
      failedFiles: json.numFailedTestSuites,
    }).toEqual({
      status: 1,
      failedTests: 0,
      failedFiles: 0,
    });
    expect(vitestTotals(json, run.status ?? 1)).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
      failedOutsideTests: true,
    });
  });

  it("add up a report as it is when the exit status agrees with it: one failed test is one failure", () => {
    const report = {
      numPassedTests: 5,
      numFailedTests: 1,
      // Vitest counts the failed test's file and its describe block as failed suites too.
      numFailedTestSuites: 2,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [
        { status: "failed", assertionResults: [{ status: "passed" }, { status: "failed" }] },
        { status: "passed", assertionResults: [{ status: "passed" }] },
      ],
    };
    expect(vitestTotals(report, 1)).toEqual({ passed: 5, failed: 1, skipped: 3, failedOutsideTests: false });
    expect(vitestTotals({ numPassedTests: 5 }, 0)).toEqual({
      passed: 5,
      failed: 0,
      skipped: 0,
      failedOutsideTests: false,
    });
  });

  it("count a test file that failed outside its tests (it did not load) as one failure", () => {
    const report = {
      numPassedTests: 4,
      numFailedTests: 0,
      numFailedTestSuites: 1,
      testResults: [
        { status: "failed", message: "Cannot find module", assertionResults: [] },
        { status: "passed", assertionResults: [{ status: "passed" }] },
      ],
    };
    expect(vitestTotals(report, 1)).toEqual({ passed: 4, failed: 1, skipped: 0, failedOutsideTests: false });
  });

  it("count Playwright's flaky tests as passed, and a failed run with no failed test as one failure", () => {
    expect(playwrightTotals({ stats: { expected: 3, flaky: 1, unexpected: 1, skipped: 2 } }, 1)).toEqual({
      passed: 4,
      failed: 1,
      skipped: 2,
      failedOutsideTests: false,
    });
    // A web server that did not start: no test ran, Playwright exits 1.
    expect(playwrightTotals({ stats: { expected: 0, unexpected: 0 } }, 1)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      failedOutsideTests: true,
    });
  });

  it("name each failed test of a real Vitest and Playwright run, with the start of its error", () => {
    const suites = path.join(dir, "failures");
    fs.mkdirSync(suites);
    fs.writeFileSync(
      path.join(suites, "two.test.js"),
      'describe("a group", () => {\n  test("fails", () => expect(1).toBe(2));\n  test("passes", () => {});\n});\n',
    );
    fs.writeFileSync(path.join(suites, "broken.test.js"), 'throw new Error("cannot load");\n');
    const vitestReport = path.join(suites, "vitest.json");
    spawnSync(
      path.join(root, "node_modules/.bin/vitest"),
      ["run", "--root", suites, "--globals", "--reporter=json", `--outputFile.json=${vitestReport}`],
      { cwd: root, encoding: "utf8", env: { ...process.env, VITEST: "" }, timeout: 60_000 },
    );
    const vitestLines = vitestFailures(JSON.parse(fs.readFileSync(vitestReport, "utf8")), suites).sort();
    expect(vitestLines).toHaveLength(2);
    expect(vitestLines[0]).toBe("broken.test.js: cannot load");
    expect(vitestLines[1]).toMatch(/^two\.test\.js › a group fails: AssertionError: expected 1 to be 2/);

    // Playwright, without a browser: the tests use none.
    fs.writeFileSync(
      path.join(suites, "one.spec.mjs"),
      `import { test, expect } from ${JSON.stringify(path.join(root, "node_modules/@playwright/test/index.mjs"))};\n` +
        'test.describe("a journey", () => {\n' +
        '  test("fails", () => expect(1, "one is two").toBe(2));\n' +
        '  test("passes", () => {});\n' +
        "});\n",
    );
    fs.writeFileSync(
      path.join(suites, "playwright.config.mjs"),
      'export default { testDir: ".", testMatch: "*.spec.mjs", reporter: [["json"]] };\n',
    );
    const run = spawnSync(
      path.join(root, "node_modules/.bin/playwright"),
      ["test", "--config", path.join(suites, "playwright.config.mjs")],
      // The report on standard output, not in npm test's own report file.
      {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: undefined },
      },
    );
    const playwrightLines = playwrightFailures(JSON.parse(run.stdout) as Record<string, unknown>);
    expect(playwrightLines).toEqual([
      "one.spec.mjs:3 › a journey › fails: failed, Error: one is two | Expected: 2 | Received: 1",
    ]);
  });
});
