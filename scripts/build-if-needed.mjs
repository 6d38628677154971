// `npm start` runs this first: it builds the production bundle when it is missing or older than the
// sources, so a fresh clone (or a pulled change) serves the current code.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build", "server", "index.js");
const sources = ["app", "server", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changed = Math.max(...sources.map(newestMtime));
if (built >= changed) {
  console.log("Build is up to date.");
} else {
  // One line for people; the build's own output (about 150 lines of chunk sizes) only when it fails.
  process.stdout.write(built ? "Sources changed: building the shop… " : "Building the shop… ");
  const started = Date.now();
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    process.stdout.write("failed.\n");
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    if (result.error) console.error(result.error.message);
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${Math.round((Date.now() - started) / 100) / 10} s.`);
  // A new warning still shows. Left out: @react-router/dev's own Vite servers set the `envFile`
  // option that Vite 8 calls deprecated (in the package, not in this repository; decision 074).
  const warnings = `${result.stdout ?? ""}${result.stderr ?? ""}`
    .split("\n")
    .filter((line) => /warn|\[[A-Z_]{6,}\]|deprecated/i.test(line) && !line.includes("`envFile` option"));
  if (warnings.length > 0) console.warn(warnings.join("\n"));
}
