/** Types of ./test-env.mjs, for its test. */
export function testEnv(
  tool: "vitest" | "playwright",
  env: NodeJS.ProcessEnv,
  isTTY: boolean,
): NodeJS.ProcessEnv;
export function awsNodeNotice(version: string): string | undefined;
