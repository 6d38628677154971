// The Chromium that the browser tests, Lighthouse and the image scripts drive (docs/decisions/044).
// In order: CHROMIUM_PATH; a system Chromium or Chrome; the Chromium inside the npm package
// @sparticuz/chromium (a devDependency), unpacked by that package into the temporary folder on
// first use. Nothing is ever downloaded. LIFEBOX_CHROMIUM=npm skips the system browsers, to try
// what a machine without one gets.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

/** Where Debian, Ubuntu, Fedora and Google's packages put the browser. */
const systemBrowsers = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/opt/google/chrome/chrome",
];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The shared libraries the dynamic linker cannot find for `file` (none when ldd is missing). */
function missingLibraries(file, env) {
  const result = spawnSync("ldd", [file], { encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0 || !result.stdout) return [];
  return [...result.stdout.matchAll(/^\s*(\S+) => not found/gm)].map((match) => match[1]);
}

/**
 * The package's Chromium needs a few libraries a bare machine may lack (NSS, NSPR, expat); the
 * package carries them for Amazon Linux, built against an older glibc than any current distribution.
 * They are unpacked next to the browser and given to it alone, through LD_LIBRARY_PATH.
 */
function bundledLibraries(binFolder) {
  const target = path.join(os.tmpdir(), "lifebox-chromium-lib");
  const libFolder = path.join(target, "lib");
  if (!fs.existsSync(path.join(libFolder, "libnss3.so"))) {
    fs.mkdirSync(target, { recursive: true });
    const archive = path.join(target, "al2023.tar");
    fs.writeFileSync(
      archive,
      zlib.brotliDecompressSync(fs.readFileSync(path.join(binFolder, "al2023.tar.br"))),
    );
    const untar = spawnSync("tar", ["-xf", archive, "-C", target], { encoding: "utf8" });
    fs.rmSync(archive, { force: true });
    if (untar.status !== 0) throw new Error(`Could not unpack Chromium's libraries: ${untar.stderr}`);
  }
  return libFolder;
}

async function packagedChromium() {
  let Chromium;
  try {
    ({ default: Chromium } = await import("@sparticuz/chromium"));
  } catch {
    return undefined;
  }
  const executablePath = await Chromium.executablePath();
  try {
    fs.accessSync(executablePath, fs.constants.X_OK);
  } catch {
    // Another user of this machine unpacked it first: the package reuses $TMPDIR/chromium as it is.
    throw new Error(
      `${executablePath} (the Chromium of @sparticuz/chromium) is not executable by this user; it was ` +
        "probably unpacked by another one. Set TMPDIR to a folder of yours (the package unpacks into " +
        "$TMPDIR/chromium) or CHROMIUM_PATH to a browser.",
    );
  }
  // The package's fonts.conf names /tmp/fonts, where it unpacks its fonts.
  const env = { FONTCONFIG_PATH: process.env.FONTCONFIG_PATH ?? path.join(os.tmpdir(), "fonts") };
  if (missingLibraries(executablePath, env).length > 0) {
    // The package's bin folder, two levels above its module (build/esm/index.js).
    const binFolder = path.resolve(fileURLToPath(import.meta.resolve("@sparticuz/chromium")), "../../../bin");
    const libFolder = bundledLibraries(binFolder);
    env.LD_LIBRARY_PATH = [libFolder, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":");
    const missing = missingLibraries(executablePath, env);
    if (missing.length > 0) {
      throw new Error(
        `Chromium (from @sparticuz/chromium) lacks these system libraries: ${missing.join(", ")}`,
      );
    }
  }
  return { executablePath, env, source: "@sparticuz/chromium" };
}

/**
 * The browser to drive: `{ executablePath, env, source }`, where `env` holds the variables the
 * browser process needs on top of this process's (empty for a system browser). Throws, saying
 * what was tried, when there is none.
 */
export async function findChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!isExecutable(chosen)) throw new Error(`CHROMIUM_PATH=${chosen} is not an executable file`);
    return { executablePath: chosen, env: {}, source: "CHROMIUM_PATH" };
  }
  if (process.env.LIFEBOX_CHROMIUM !== "npm") {
    const system = systemBrowsers.find(isExecutable);
    if (system) return { executablePath: system, env: {}, source: "system" };
  }
  const packaged = await packagedChromium();
  if (packaged) return packaged;
  throw new Error(
    `No Chromium found: CHROMIUM_PATH is not set, none of ${systemBrowsers.join(", ")} exists, and the npm package @sparticuz/chromium is not installed (run npm install).`,
  );
}

/** The flags every run uses: no sandbox (root in CI), no GPU, nothing fetched in the background. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
