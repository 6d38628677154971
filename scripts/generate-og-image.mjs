#!/usr/bin/env node
/**
 * Renders the Open Graph image public/og/lifebox.png (1200x630): brand, a kit case and the tagline.
 *
 * The artwork is built from the same drawing code as scripts/generate-art.mjs and rasterised with a
 * headless Chromium (found by scripts/lib/chromium.mjs).
 *
 * Usage: node scripts/generate-og-image.mjs
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumFlags, findChromium } from "./lib/chromium.mjs";
import { FONT, INK, ORANGE, THEMES, emblem, heroCase, tint } from "./generate-art.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "public", "og", "lifebox.png");
const W = 1200;
const H = 630;

function ogSvg() {
  const lines = ["essential", "expedition", "nautical", "industry"];
  // decorative plus marks
  const plus = (x, y, k) => {
    const a = 9 * k;
    const b = 26 * k;
    return `<path d="M${x - a} ${y - b}h${2 * a}v${b - a}h${b - a}v${2 * a}h${a - b}v${b - a}h${-2 * a}v${a - b}h${a - b}v${-2 * a}h${b - a}z" fill="${ORANGE}" opacity=".08"/>`;
  };
  let s =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf5"/>` +
    `<stop offset="1" stop-color="${tint(ORANGE, 0.14)}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<circle cx="920" cy="330" r="270" fill="${tint(ORANGE, 0.1)}"/>` +
    `<circle cx="920" cy="330" r="200" fill="${tint(ORANGE, 0.07)}"/>` +
    plus(700, 70, 0.8) +
    plus(1130, 120, 0.7) +
    plus(1120, 560, 0.9) +
    plus(600, 560, 0.6) +
    `<ellipse cx="930" cy="512" rx="270" ry="30" fill="${tint(ORANGE, 0.13)}"/>`;
  // cases: a standard Essential with an Expedition Mini in front
  s += heroCase({ line: "essential", cx: 918, bottom: 470, w: 384, h: 250, mini: false, id: "oge" });
  s += heroCase({ line: "expedition", cx: 1082, bottom: 550, w: 180, h: 128, mini: true, id: "ogx" });
  // brand
  s += `<g transform="translate(72 70) scale(1.6)">${emblem()}</g>`;
  s += `<text x="150" y="116" font-family="${FONT}" font-size="40" font-weight="800" letter-spacing="-0.5" fill="${INK}">LifeBox</text>`;
  // tagline
  const tag = ["Kits de supervivencia", "modulares e", "impermeables"];
  tag.forEach((t, i) => {
    s += `<text x="72" y="${232 + i * 62}" font-family="${FONT}" font-size="50" font-weight="800" letter-spacing="-1" fill="${i === 2 ? ORANGE : INK}">${t}</text>`;
  });
  s += `<text x="74" y="420" font-family="${FONT}" font-size="24" font-weight="500" fill="#495057">Resistentes a golpes · IP67 · Estándar y Mini</text>`;
  // product-line chips
  let x = 72;
  for (const l of lines) {
    const label = l[0].toUpperCase() + l.slice(1);
    const w = 26 + label.length * 13;
    const color = THEMES[l].body;
    s += `<rect x="${x}" y="474" width="${w}" height="40" rx="20" fill="${color}"/>`;
    s += `<text x="${x + w / 2}" y="500" text-anchor="middle" font-family="${FONT}" font-size="19" font-weight="700" fill="${l === "industry" ? INK : "#ffffff"}">${label}</text>`;
    x += w + 12;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${s}</svg>`;
}

async function main() {
  const browser = await findChromium();
  const work = mkdtempSync(join(tmpdir(), "lifebox-og-"));
  try {
    const html = join(work, "og.html");
    const png = join(work, "og.png");
    writeFileSync(
      html,
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;overflow:hidden;width:${W}px;height:${H}px}svg{display:block}</style></head><body>${ogSvg()}</body></html>`,
    );
    execFileSync(
      browser.executablePath,
      [
        "--headless",
        ...chromiumFlags,
        "--hide-scrollbars",
        "--run-all-compositor-stages-before-draw",
        "--virtual-time-budget=3000",
        `--user-data-dir=${join(work, "profile")}`,
        `--screenshot=${png}`,
        `--window-size=${W},${H}`,
        `file://${html}`,
      ],
      { stdio: "ignore", timeout: 120_000, env: { ...process.env, ...browser.env } },
    );
    if (!existsSync(png)) throw new Error("Chromium did not write the screenshot");
    mkdirSync(dirname(out), { recursive: true });
    copyFileSync(png, out);
    console.log(`generate-og-image: wrote public/og/lifebox.png`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
