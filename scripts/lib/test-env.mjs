// What `npm test` (scripts/test.mjs) adds to its children's environment: plain output when its own
// output is not a terminal, and the AWS SDK's Node-version warning said once, by test.mjs, instead
// of by every process that loads the SDK (decision 076).

/**
 * The environment of one of `npm test`'s tools ("vitest" or "playwright") when standard output is
 * (`isTTY`) or is not a terminal. Vitest (tinyrainbow) colours unless NO_COLOR is set, and takes
 * any FORCE_COLOR, even "0", as a yes; Playwright colours only on a terminal unless FORCE_COLOR says
 * otherwise, and gives its workers and web servers FORCE_COLOR=1, next to which Node warns about a
 * NO_COLOR ("The 'NO_COLOR' env is ignored…"). Hence NO_COLOR for the one, FORCE_COLOR=0 for the
 * other, never both.
 * @param {"vitest" | "playwright"} tool
 * @param {NodeJS.ProcessEnv} env
 * @param {boolean} isTTY
 * @returns {NodeJS.ProcessEnv}
 */
export function testEnv(tool, env, isTTY) {
  const result = { ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
  if (isTTY) return result;
  if (tool === "vitest") {
    delete result.FORCE_COLOR;
    result.NO_COLOR = "1";
  } else {
    delete result.NO_COLOR;
    result.FORCE_COLOR = "0";
  }
  return result;
}

/**
 * The AWS SDK for JavaScript's own warning on Node before 22 (it prints it once per process that
 * creates an S3 client: several per run), as one line, or undefined on Node 22 and later.
 * @param {string} version process.version
 * @returns {string | undefined}
 */
export function awsNodeNotice(version) {
  const major = Number(version.slice(1).split(".")[0]);
  if (major >= 22) return undefined;
  return `Note: AWS SDK for JavaScript versions published after the first week of January 2027 require Node >= 22; this is Node ${version}. Said once here, silenced in the test processes (AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).`;
}
