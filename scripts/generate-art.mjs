#!/usr/bin/env node
/**
 * Generates the shop's original artwork (docs/product.md#d5: no photographs are supplied).
 *
 * Writes, deterministically (same input → byte-identical output), into public/:
 *   art/kits/{kitId}.svg          800x600 kit heroes: the kit's case open, showing its components
 *                                 (read from app/content/kits/, drawn as their icons; decision 073)
 *   art/scenes/{scene}.svg        800x600 flat scenes, each with a small LifeBox case
 *   art/components/{name}.svg     400x400 flat icons of each kit component
 *   art/logo.svg, favicon.svg, favicon.ico (16x16 + 32x32 PNG-in-ICO, rasterised here)
 *
 * The closed set of names comes from app/content/illustrations.ts (read as text, not imported,
 * so this runs on plain Node without a TypeScript loader).
 *
 * Usage: node scripts/generate-art.mjs [--out <dir>]   (--out: write there instead of public/, as
 * scripts/generate-art.test.ts does to check that the committed files are the generator's output)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { deflateSync } from "node:zlib";
import { readConstArray, readKitComponents } from "./lib/source-constants.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outFlag = process.argv.indexOf("--out");
const publicDir = outFlag > 0 ? process.argv[outFlag + 1] : join(root, "public");
const FONT = "system-ui, sans-serif";

// ---------------------------------------------------------------------------------------------
// Names (closed set, from app/content/illustrations.ts and app/content/types.ts)
// ---------------------------------------------------------------------------------------------

const componentNames = readConstArray("app/content/illustrations.ts", "componentIllustrations");
const sceneNames = readConstArray("app/content/illustrations.ts", "sceneIllustrations");
const kitIds = readConstArray("app/content/types.ts", "kitIds");
const kitComponents = readKitComponents();

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const n = (v) => String(Math.round(v * 10) / 10);

function hex(c) {
  const v = c.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16));
}
/** Mixes colour a towards colour b by t (0..1). */
function mix(a, b, t) {
  const [r1, g1, b1] = hex(a);
  const [r2, g2, b2] = hex(b);
  const c = (x, y) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}
const tint = (c, t) => mix(c, "#ffffff", 1 - t);
const shade = (c, t) => mix(c, "#000000", t);

function esc(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function svgDoc(w, h, title, body) {
  const out =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">` +
    `<title>${esc(title)}</title>${body}</svg>\n`;
  return out.replace(/\s*\n\s*/g, "");
}

/** Seeded PRNG (mulberry32) so decorative scatter is deterministic. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const written = [];
function write(rel, content) {
  const file = join(publicDir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push([rel, Buffer.byteLength(content)]);
}

// ---------------------------------------------------------------------------------------------
// Brand
// ---------------------------------------------------------------------------------------------

const ORANGE = "#e8590c";
const INK = "#212529";

/** Emblem in a 40x40 box: an orange case with handle and a white cross. */
function emblem(color = ORANGE, cross = "#ffffff") {
  return (
    `<path d="M13 10V6.5A3.5 3.5 0 0 1 16.5 3h7A3.5 3.5 0 0 1 27 6.5V10" fill="none" stroke="${color}" stroke-width="3.2"/>` +
    `<rect x="2" y="9" width="36" height="29" rx="7" fill="${color}"/>` +
    `<rect x="2" y="17" width="36" height="2" fill="${shade(color, 0.18)}"/>` +
    `<rect x="17" y="15" width="6" height="18" rx="1.5" fill="${cross}"/>` +
    `<rect x="11" y="21" width="18" height="6" rx="1.5" fill="${cross}"/>`
  );
}

function logoSvg() {
  return svgDoc(
    160,
    40,
    "LifeBox",
    `${emblem()}<text x="47" y="29" font-family="${FONT}" font-size="23" font-weight="800" letter-spacing="-0.4" fill="${INK}">LifeBox</text>`,
  );
}

function faviconSvg() {
  return svgDoc(32, 32, "LifeBox", `<g transform="scale(0.8)">${emblem()}</g>`);
}

// ---------------------------------------------------------------------------------------------
// Product-line themes
// ---------------------------------------------------------------------------------------------

const THEMES = {
  essential: { name: "ESSENTIAL", body: "#e8590c", trim: "#2b2f33", accent: "#e8590c", bg: "#e8590c" },
  expedition: { name: "EXPEDITION", body: "#2f6b3a", trim: "#1f2420", accent: "#2f6b3a", bg: "#2f6b3a" },
  nautical: { name: "NAUTICAL", body: "#0b5e86", trim: "#0a2a3d", accent: "#0b5e86", bg: "#0b5e86" },
  industry: { name: "INDUSTRY", body: "#f2b705", trim: "#2f3236", accent: "#2f3236", bg: "#f2b705" },
};

// ---------------------------------------------------------------------------------------------
// Kit heroes (800x600)
// ---------------------------------------------------------------------------------------------

/** The backdrop of a kit hero; decoration dots inside `covered` ([x0, y0, x1, y1]) are left out. */
function kitBackground(line, id, covered = [0, 0, 0, 0]) {
  const t = THEMES[line];
  const c = t.bg;
  let s =
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${tint(c, 0.04)}"/><stop offset="1" stop-color="${tint(c, 0.13)}"/></linearGradient></defs>` +
    `<rect width="800" height="600" fill="url(#${id}g)"/>` +
    `<circle cx="400" cy="300" r="238" fill="${tint(c, 0.11)}"/>` +
    `<circle cx="400" cy="300" r="178" fill="${tint(c, 0.07)}"/>`;
  const m = (sw = 2) => `fill="none" stroke="${c}" stroke-opacity=".14" stroke-width="${sw}"`;
  if (line === "essential") {
    const pts = [
      [92, 96, 1],
      [160, 210, 0.6],
      [690, 120, 0.9],
      [620, 70, 0.55],
      [722, 400, 0.7],
      [80, 410, 0.75],
      [130, 560, 0.5],
      [700, 560, 0.6],
    ];
    for (const [x, y, k] of pts) {
      const a = 9 * k,
        b = 26 * k;
      s += `<path d="M${n(x - a)} ${n(y - b)}h${n(2 * a)}v${n(b - a)}h${n(b - a)}v${n(2 * a)}h${n(a - b)}v${n(b - a)}h${n(-2 * a)}v${n(a - b)}h${n(a - b)}v${n(-2 * a)}h${n(b - a)}z" fill="${c}" opacity=".09"/>`;
    }
  } else if (line === "expedition") {
    // topographic contour lines in two corners
    for (let i = 0; i < 4; i++) {
      const r = 40 + i * 34;
      s += `<path d="M${n(110 - r)} 110c0 ${n(-r * 0.7)} ${n(r * 0.6)} ${n(-r * 1.1)} ${n(r * 1.15)} ${n(-r * 0.9)}s${n(r * 0.95)} ${n(r * 0.5)} ${n(r * 0.85)} ${n(r * 1.05)}s${n(-r * 0.8)} ${n(r * 0.85)} ${n(-r * 1.2)} ${n(r * 0.72)}s${n(-r * 0.8)} ${n(-r * 0.3)} ${n(-r * 0.8)} ${n(-r * 0.87)}z" ${m()}/>`;
      s += `<path d="M${n(700 + r)} 500c0 ${n(r * 0.7)} ${n(-r * 0.6)} ${n(r * 1.1)} ${n(-r * 1.15)} ${n(r * 0.9)}s${n(-r * 0.95)} ${n(-r * 0.5)} ${n(-r * 0.85)} ${n(-r * 1.05)}s${n(r * 0.8)} ${n(-r * 0.85)} ${n(r * 1.2)} ${n(-r * 0.72)}s${n(r * 0.8)} ${n(r * 0.3)} ${n(r * 0.8)} ${n(r * 0.87)}z" ${m()}/>`;
    }
  } else if (line === "nautical") {
    for (const [y, x0, len] of [
      [80, 40, 6],
      [116, 80, 5],
      [470, 560, 6],
      [506, 600, 5],
      [150, 600, 4],
      [420, 40, 4],
    ]) {
      let d = `M${x0} ${y}`;
      for (let i = 0; i < len; i++) d += "q15 -12 30 0t30 0";
      s += `<path d="${d}" ${m(3)} stroke-linecap="round"/>`;
    }
  } else {
    s +=
      `<defs><pattern id="${id}h" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<rect width="18" height="36" fill="#2f3236"/></pattern></defs>` +
      `<rect y="572" width="800" height="28" fill="url(#${id}h)" opacity=".12"/>` +
      `<rect width="800" height="28" fill="url(#${id}h)" opacity=".12"/>`;
    for (let x = 60; x < 800; x += 56)
      for (let y = 70; y < 560; y += 56)
        if (
          Math.hypot(x - 400, y - 300) > 250 &&
          !(x > covered[0] && x < covered[2] && y > covered[1] && y < covered[3])
        )
          s += `<circle cx="${x}" cy="${y}" r="2.5" fill="#2f3236" opacity=".12"/>`;
  }
  // floor
  s += `<ellipse cx="400" cy="498" rx="330" ry="34" fill="${tint(c, 0.12)}"/>`;
  return s;
}

/**
 * A rugged hard case seen from the front and a little above.
 * cx: centre x, bottom: y of the base, w/h: front face size.
 */
function heroCase({ line, cx, bottom, w, h, mini, id }) {
  const t = THEMES[line];
  const k = w / 440;
  const body = t.body;
  const dark = shade(body, 0.2);
  const light = mix(body, "#ffffff", 0.22);
  const trim = t.trim;
  const trimHi = mix(trim, "#ffffff", 0.18);
  const x = cx - w / 2;
  const y = bottom - h;
  const depth = 46 * k;
  const inset = 30 * k;
  const lidH = h * 0.42;
  const split = y + lidH;
  const r = 22 * k;
  let s = "";
  // ground shadow
  s += `<ellipse cx="${n(cx)}" cy="${n(bottom + 6)}" rx="${n(w * 0.56)}" ry="${n(16 * k + 4)}" fill="#000" opacity=".13"/>`;
  // feet
  s += `<rect x="${n(x + 26 * k)}" y="${n(bottom - 6)}" width="${n(60 * k)}" height="${n(14 * k)}" rx="${n(5 * k)}" fill="${trim}"/>`;
  s += `<rect x="${n(x + w - 86 * k)}" y="${n(bottom - 6)}" width="${n(60 * k)}" height="${n(14 * k)}" rx="${n(5 * k)}" fill="${trim}"/>`;
  // top face (rounded by a same-colour stroke)
  s += `<path d="M${n(x + inset)} ${n(y - depth)}H${n(x + w - inset)}L${n(x + w - 4 * k)} ${n(y + 12 * k)}H${n(x + 4 * k)}Z" fill="${light}" stroke="${light}" stroke-width="${n(16 * k)}" stroke-linejoin="round"/>`;
  // top face inner ridge
  s += `<path d="M${n(x + inset + 26 * k)} ${n(y - depth + 12 * k)}H${n(x + w - inset - 26 * k)}L${n(x + w - 34 * k)} ${n(y - 6 * k)}H${n(x + 34 * k)}Z" fill="${mix(light, body, 0.35)}" stroke="${mix(light, body, 0.35)}" stroke-width="${n(8 * k)}" stroke-linejoin="round"/>`;
  // handle
  const hw = 92 * k;
  const hy = y - depth + 4 * k;
  s += `<rect x="${n(cx - hw - 12 * k)}" y="${n(hy - 4 * k)}" width="${n(34 * k)}" height="${n(14 * k)}" rx="${n(5 * k)}" fill="${trim}"/>`;
  s += `<rect x="${n(cx + hw - 22 * k)}" y="${n(hy - 4 * k)}" width="${n(34 * k)}" height="${n(14 * k)}" rx="${n(5 * k)}" fill="${trim}"/>`;
  s += `<path d="M${n(cx - hw)} ${n(hy + 2 * k)}V${n(hy - 18 * k)}Q${n(cx - hw)} ${n(hy - 34 * k)} ${n(cx - hw + 16 * k)} ${n(hy - 34 * k)}H${n(cx + hw - 16 * k)}Q${n(cx + hw)} ${n(hy - 34 * k)} ${n(cx + hw)} ${n(hy - 18 * k)}V${n(hy + 2 * k)}" fill="none" stroke="${trim}" stroke-width="${n(16 * k)}" stroke-linecap="round"/>`;
  s += `<rect x="${n(cx - hw + 30 * k)}" y="${n(hy - 38 * k)}" width="${n(2 * hw - 60 * k)}" height="${n(6 * k)}" rx="${n(3 * k)}" fill="${trimHi}"/>`;
  // front face
  s += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${body}"/>`;
  // lower shadow band
  s += `<path d="M${n(x)} ${n(bottom - 40 * k)}H${n(x + w)}V${n(bottom - r)}Q${n(x + w)} ${n(bottom)} ${n(x + w - r)} ${n(bottom)}H${n(x + r)}Q${n(x)} ${n(bottom)} ${n(x)} ${n(bottom - r)}Z" fill="${dark}"/>`;
  // lid raised panel
  s += `<rect x="${n(x + 24 * k)}" y="${n(y + 14 * k)}" width="${n(w - 48 * k)}" height="${n(lidH - 30 * k)}" rx="${n(12 * k)}" fill="${mix(body, "#ffffff", 0.1)}"/>`;
  // split groove
  s += `<rect x="${n(x)}" y="${n(split - 6 * k)}" width="${n(w)}" height="${n(12 * k)}" fill="${dark}"/>`;
  s += `<rect x="${n(x)}" y="${n(split + 6 * k)}" width="${n(w)}" height="${n(3 * k)}" fill="#fff" opacity=".22"/>`;
  // base ribs
  const ribTop = split + 24 * k;
  const ribBot = bottom - 56 * k;
  if (line === "industry") {
    s +=
      `<defs><pattern id="${id}s" width="${n(28 * k)}" height="${n(28 * k)}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<rect width="${n(14 * k)}" height="${n(28 * k)}" fill="${trim}"/></pattern></defs>` +
      `<rect x="${n(x + 110 * k)}" y="${n(ribTop)}" width="${n(w - 220 * k)}" height="${n(ribBot - ribTop)}" rx="${n(8 * k)}" fill="url(#${id}s)"/>`;
  } else {
    const ribs = mini ? 0 : 4;
    for (let i = 0; i < ribs; i++) {
      const rx0 = x + 120 * k + i * ((w - 240 * k - 14 * k) / (ribs - 1));
      s += `<rect x="${n(rx0)}" y="${n(ribTop)}" width="${n(14 * k)}" height="${n(ribBot - ribTop)}" rx="${n(7 * k)}" fill="${dark}" opacity=".55"/>`;
    }
  }
  // corner bumpers
  const b = 50 * k;
  for (const [bx, by] of [
    [x - 4 * k, y - 4 * k],
    [x + w - b + 4 * k, y - 4 * k],
    [x - 4 * k, bottom - b + 4 * k],
    [x + w - b + 4 * k, bottom - b + 4 * k],
  ]) {
    s += `<rect x="${n(bx)}" y="${n(by)}" width="${n(b)}" height="${n(b)}" rx="${n(20 * k)}" fill="${trim}"/>`;
    s += `<circle cx="${n(bx + b / 2)}" cy="${n(by + b / 2)}" r="${n(5 * k)}" fill="${trimHi}"/>`;
  }
  // latches
  for (const lx of [x + 76 * k, x + w - 76 * k]) {
    s += `<rect x="${n(lx - 28 * k)}" y="${n(split - 34 * k)}" width="${n(56 * k)}" height="${n(80 * k)}" rx="${n(10 * k)}" fill="${trim}"/>`;
    s += `<rect x="${n(lx - 18 * k)}" y="${n(split - 24 * k)}" width="${n(36 * k)}" height="${n(40 * k)}" rx="${n(6 * k)}" fill="${trimHi}"/>`;
    s += `<rect x="${n(lx - 10 * k)}" y="${n(split + 24 * k)}" width="${n(20 * k)}" height="${n(10 * k)}" rx="${n(3 * k)}" fill="${line === "industry" ? body : tint(body, 0.55)}"/>`;
  }
  // label plate on the lid
  const lw = 196 * k;
  const lh = lidH - 54 * k;
  const lx = cx - lw / 2;
  const ly = y + 27 * k;
  s += `<rect x="${n(lx)}" y="${n(ly)}" width="${n(lw)}" height="${n(lh)}" rx="${n(10 * k)}" fill="#fbfbfa"/>`;
  s += `<g transform="translate(${n(lx + 12 * k)} ${n(ly + lh / 2 - 17 * k)}) scale(${n(0.85 * k * 100) / 100})">${emblem(line === "industry" ? ORANGE : t.accent)}</g>`;
  const tx = lx + 48 * k + (lw - 56 * k) / 2;
  s += `<text x="${n(tx)}" y="${n(ly + lh / 2 + 3 * k)}" text-anchor="middle" font-family="${FONT}" font-size="${n(27 * k)}" font-weight="800" letter-spacing="${n(-0.5 * k)}" fill="${INK}">LifeBox</text>`;
  s += `<text x="${n(tx)}" y="${n(ly + lh / 2 + 22 * k)}" text-anchor="middle" font-family="${FONT}" font-size="${n(12.5 * k)}" font-weight="700" letter-spacing="${n(2.6 * k)}" fill="${line === "industry" ? "#b07f00" : t.accent}">${t.name}</text>`;
  // base badge: IP67 (standard) or MINI
  if (mini) {
    const mw = 118 * k;
    const mh = 44 * k;
    const my = (split + 6 * k + bottom - 40 * k) / 2 - mh / 2 + 2 * k;
    s += `<rect x="${n(cx - mw / 2)}" y="${n(my)}" width="${n(mw)}" height="${n(mh)}" rx="${n(mh / 2)}" fill="${trim}"/>`;
    s += `<text x="${n(cx)}" y="${n(my + mh / 2 + 9 * k)}" text-anchor="middle" font-family="${FONT}" font-size="${n(26 * k)}" font-weight="800" letter-spacing="${n(3 * k)}" fill="#ffffff">MINI</text>`;
  } else {
    const pw = 84 * k;
    const ph = 30 * k;
    const py = (ribTop + ribBot) / 2 - ph / 2;
    s += `<rect x="${n(cx - pw / 2)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" rx="${n(6 * k)}" fill="${trim}"/>`;
    s += `<text x="${n(cx)}" y="${n(py + ph / 2 + 5.5 * k)}" text-anchor="middle" font-family="${FONT}" font-size="${n(15 * k)}" font-weight="700" letter-spacing="${n(1.5 * k)}" fill="#ffffff">IP67</text>`;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Kit heroes: the kit's own case open, its components (from the content) in the foam (decision 073)
// ---------------------------------------------------------------------------------------------

/** The sizes of an open case: its width, the lid, the foam tray and the front wall below it. */
const OPEN_CASE = {
  standard: { w: 680, lid: 112, tray: 344, wall: 56 },
  mini: { w: 480, lid: 84, tray: 248, wall: 44 },
};

/** Columns and rows of equal cells for `count` items in a w x h tray, the items as large as can be. */
function trayGrid(count, w, h, gap) {
  let best;
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const cw = (w - gap * (cols + 1)) / cols;
    const ch = (h - gap * (rows + 1)) / rows;
    const size = Math.min(cw, ch);
    if (!best || size > best.size + 0.5) best = { cols, rows, cw, ch, size };
  }
  return best;
}

/**
 * A component's icon (its drawing in COMPONENTS, 400x400) `size` units wide around (cx, cy), on a
 * cell filled `fill`: without the icon's ground shadow, its background colour becoming the cell's.
 */
function trayItem(name, cx, cy, size, fill) {
  const def = COMPONENTS[name];
  if (!def) throw new Error(`No illustration defined for component "${name}"`);
  const [cat, , draw] = def;
  const art = draw()
    .replace(/<ellipse [^>]*fill="#000" opacity="\.08"\/>/g, "")
    // whole units are fine enough at a third of the icon's size
    .replace(/ d="[^"]*"/g, (d) => d.replace(/-?\d*\.\d+/g, (v) => String(Math.round(Number(v)))))
    .replaceAll(`fill="${BG[cat]}"`, `fill="${fill}"`);
  // the drawings take about 290 of their 400 units, around (200, 206)
  const k = size / 290;
  return `<g data-component="${name}" transform="translate(${n(cx - 200 * k)} ${n(cy - 206 * k)}) scale(${Math.round(k * 1000) / 1000})">${art}</g>`;
}

/**
 * The kit's case seen from the front and a little above with its lid open: each of `items` (component
 * illustration names) in a foam cell of the tray, the brand plate inside the lid.
 */
function openCase({ line, version, items, cx, bottom, id }) {
  const { w, lid, tray, wall } = OPEN_CASE[version];
  const t = THEMES[line];
  const body = t.body;
  const dark = shade(body, 0.2);
  const light = mix(body, "#ffffff", 0.22);
  const trim = t.trim;
  const foam = mix(trim, "#000000", 0.1);
  const cell = tint(body, 0.13);
  const k = w / 680;
  const x = cx - w / 2;
  const lidTop = bottom - wall - tray - lid;
  const hinge = lidTop + lid;
  const front = hinge + tray;
  let s = `<g data-case="${version}" data-case-width="${w}">`;
  s += `<ellipse cx="${cx}" cy="${n(bottom + 2)}" rx="${n(w * 0.54)}" ry="${n(14 * k)}" fill="#000" opacity=".13"/>`;
  // lid, leaning back (narrower at the top): its rim, the egg-crate foam inside and the brand plate
  const lx = (v) => [x + (30 - 22 * v) * k, x + w - (30 - 22 * v) * k];
  const [l0, r0] = lx(0);
  const [l1, r1] = lx(1);
  s += `<path d="M${n(l0)} ${n(lidTop)}H${n(r0)}L${n(r1)} ${hinge}H${n(l1)}Z" fill="${body}" stroke="${body}" stroke-width="${n(16 * k)}" stroke-linejoin="round"/>`;
  s +=
    `<defs><pattern id="${id}f" width="${n(18 * k)}" height="${n(18 * k)}" patternUnits="userSpaceOnUse">` +
    `<rect width="${n(18 * k)}" height="${n(18 * k)}" fill="${mix(trim, "#ffffff", 0.2)}"/><circle cx="${n(9 * k)}" cy="${n(9 * k)}" r="${n(6 * k)}" fill="${mix(trim, "#ffffff", 0.08)}"/></pattern></defs>`;
  s += `<path d="M${n(l0 + 14 * k)} ${n(lidTop + 8 * k)}H${n(r0 - 14 * k)}L${n(r1 - 16 * k)} ${n(hinge - 4 * k)}H${n(l1 + 16 * k)}Z" fill="url(#${id}f)"/>`;
  const pw = 236 * k;
  const ph = 56 * k;
  const px = cx - pw / 2;
  const py = lidTop + (lid - ph) / 2;
  s += `<rect x="${n(px)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" rx="${n(10 * k)}" fill="#fbfbfa"/>`;
  s += `<g transform="translate(${n(px + 12 * k)} ${n(py + 8 * k)}) scale(${n(k)})">${emblem(line === "industry" ? ORANGE : t.accent)}</g>`;
  const tx = px + 56 * k + (pw - 64 * k) / 2;
  s += `<text x="${n(tx)}" y="${n(py + 29 * k)}" text-anchor="middle" font-family="${FONT}" font-size="${n(24 * k)}" font-weight="800" fill="${INK}">LifeBox</text>`;
  s += `<text x="${n(tx)}" y="${n(py + 47 * k)}" text-anchor="middle" font-family="${FONT}" font-size="${n(12 * k)}" font-weight="700" letter-spacing="${n(2 * k)}" fill="${line === "industry" ? "#b07f00" : t.accent}">${t.name}${version === "mini" ? " MINI" : ""}</text>`;
  // base: the hinge, the rim around the foam tray, the front wall with corner bumpers and open latches
  s += `<rect x="${n(x)}" y="${hinge}" width="${w}" height="${tray + wall}" rx="${n(22 * k)}" fill="${light}"/>`;
  s += `<rect x="${n(x + 8 * k)}" y="${n(hinge - 5 * k)}" width="${n(w - 16 * k)}" height="${n(10 * k)}" rx="${n(5 * k)}" fill="${trim}"/>`;
  s += `<path d="M${n(x)} ${front}H${n(x + w)}V${n(bottom - 18 * k)}Q${n(x + w)} ${bottom} ${n(x + w - 18 * k)} ${bottom}H${n(x + 18 * k)}Q${n(x)} ${bottom} ${n(x)} ${n(bottom - 18 * k)}Z" fill="${body}"/>`;
  s += `<rect x="${n(x)}" y="${n(bottom - 12 * k)}" width="${w}" height="${n(12 * k)}" rx="${n(6 * k)}" fill="${dark}"/>`;
  for (const bx of [x - 4 * k, x + w - 52 * k])
    s += `<rect x="${n(bx)}" y="${n(front - 8 * k)}" width="${n(56 * k)}" height="${n(wall + 12 * k)}" rx="${n(18 * k)}" fill="${trim}"/>`;
  for (const lx2 of [x + 120 * k, x + w - 120 * k])
    s += `<rect x="${n(lx2 - 22 * k)}" y="${n(front + 6 * k)}" width="${n(44 * k)}" height="${n(wall - 14 * k)}" rx="${n(7 * k)}" fill="${trim}"/><rect x="${n(lx2 - 12 * k)}" y="${n(front + 14 * k)}" width="${n(24 * k)}" height="${n(12 * k)}" rx="${n(4 * k)}" fill="${mix(trim, "#ffffff", 0.25)}"/>`;
  const badge = version === "mini" ? "MINI" : "IP67";
  const bw = 96 * k;
  const bh = 28 * k;
  s += `<rect x="${n(cx - bw / 2)}" y="${n(front + (wall - bh) / 2 - 4 * k)}" width="${n(bw)}" height="${n(bh)}" rx="${n(bh / 2)}" fill="${trim}"/>`;
  s += `<text x="${cx}" y="${n(front + wall / 2 + 4 * k)}" text-anchor="middle" font-family="${FONT}" font-size="${n(17 * k)}" font-weight="800" letter-spacing="${n(2 * k)}" fill="#ffffff">${badge}</text>`;
  // the foam tray and a cell per component (one cell shape, drawn with <use>)
  const inset = 16 * k;
  const fx = x + inset;
  const fy = hinge + 12 * k;
  const fw = w - 2 * inset;
  const fh = tray - 12 * k - 4 * k;
  s += `<rect x="${n(fx)}" y="${n(fy)}" width="${n(fw)}" height="${n(fh)}" rx="${n(12 * k)}" fill="${foam}"/>`;
  const gap = 10 * k;
  const g = trayGrid(items.length, fw, fh, gap);
  s += `<defs><rect id="${id}c" width="${n(g.cw)}" height="${n(g.ch)}" rx="${n(10 * k)}" fill="${cell}"/></defs>`;
  items.forEach((name, i) => {
    const row = Math.floor(i / g.cols);
    const inRow = row === g.rows - 1 ? items.length - row * g.cols : g.cols;
    const shift = ((g.cols - inRow) * (g.cw + gap)) / 2;
    const ix = fx + gap + shift + (i % g.cols) * (g.cw + gap);
    const iy = fy + gap + row * (g.ch + gap);
    s += `<use href="#${id}c" x="${n(ix)}" y="${n(iy)}"/>`;
    s += trayItem(name, ix + g.cw / 2, iy + g.ch / 2, g.size - 8 * k, cell);
  });
  return `${s}</g>`;
}

function kitSvg(kitId, items) {
  const version = kitId.endsWith("-mini") ? "mini" : "standard";
  const line = kitId.replace(/-mini$/, "");
  const id = kitId.replace(/-/g, "");
  const { w, lid, tray, wall } = OPEN_CASE[version];
  const bottom = 570;
  const covered = [400 - w / 2, bottom - wall - tray - lid, 400 + w / 2, bottom];
  const body = kitBackground(line, id, covered) + openCase({ line, version, items, cx: 400, bottom, id });
  const name = line[0].toUpperCase() + line.slice(1);
  return svgDoc(
    800,
    600,
    `Maletín LifeBox ${name}${version === "mini" ? " Mini" : ""} abierto con sus componentes`,
    body,
  );
}

// ---------------------------------------------------------------------------------------------
// Small case for scenes: bottom centre at (x, y), 100 units wide at scale 1.
// ---------------------------------------------------------------------------------------------

function smallCase(x, y, s, line = "essential", shadow = true) {
  const t = THEMES[line];
  const body = t.body;
  const dark = shade(body, 0.22);
  const light = mix(body, "#ffffff", 0.25);
  const trim = t.trim;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">` +
    (shadow ? `<ellipse cx="0" cy="1" rx="60" ry="7" fill="#000" opacity=".18"/>` : "") +
    `<path d="M-44 -70H44L50 -54H-50Z" fill="${light}" stroke="${light}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M-24 -64V-76Q-24 -82 -18 -82H18Q24 -82 24 -76V-64" fill="none" stroke="${trim}" stroke-width="6"/>` +
    `<rect x="-50" y="-58" width="100" height="58" rx="8" fill="${body}"/>` +
    `<rect x="-50" y="-36" width="100" height="5" fill="${dark}"/>` +
    `<rect x="-52" y="-60" width="16" height="16" rx="6" fill="${trim}"/><rect x="36" y="-60" width="16" height="16" rx="6" fill="${trim}"/>` +
    `<rect x="-52" y="-15" width="16" height="16" rx="6" fill="${trim}"/><rect x="36" y="-15" width="16" height="16" rx="6" fill="${trim}"/>` +
    `<rect x="-33" y="-42" width="12" height="18" rx="3" fill="${trim}"/><rect x="21" y="-42" width="12" height="18" rx="3" fill="${trim}"/>` +
    `<rect x="-16" y="-52" width="32" height="13" rx="2.5" fill="#fff"/>` +
    `<path d="M-2 -50h4v3.5h3.5v4h-3.5v3.5h-4v-3.5h-3.5v-4h3.5z" fill="${line === "industry" ? ORANGE : body}"/>` +
    `</g>`
  );
}

// ---------------------------------------------------------------------------------------------
// Scenes (800x600)
// ---------------------------------------------------------------------------------------------

/** Many same-coloured rectangles as one path (keeps the files small). */
function rects(list, fill, extra = "") {
  return `<path d="${list.map(([x, y, w, h]) => `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`).join("")}" fill="${fill}"${extra}/>`;
}

function sky(id, top, bottom) {
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/>` +
    `<stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="800" height="600" fill="url(#${id})"/>`
  );
}
const cloud = (x, y, s, c = "#ffffff", o = 0.9) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 0h120a26 26 0 0 0-26-26a34 34 0 0 0-62-8a24 24 0 0 0-32 34z" fill="${c}" opacity="${o}"/>`;
const pine = (x, y, s, c = "#2f6b3a", c2) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-4" y="-14" width="8" height="16" fill="#6b4f3a"/>` +
  `<path d="M0 -120L34 -50H20L42 -12H-42L-20 -50H-34Z" fill="${c}"/>` +
  (c2 ? `<path d="M0 -120L34 -50H20L42 -12H0Z" fill="${c2}"/>` : "") +
  `</g>`;
const bird = (x, y, s = 1) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M-14 0q7 -8 14 0q7 -8 14 0" fill="none" stroke="#495057" stroke-width="2.5" stroke-linecap="round"/>`;

function wave(y, amp, len, color, op = 1) {
  let d = `M0 ${y}`;
  for (let x = 0; x < 800; x += len) d += `q${len / 4} ${-amp} ${len / 2} 0t${len / 2} 0`;
  return `<path d="${d}V600H0Z" fill="${color}" opacity="${op}"/>`;
}

const SCENES = {
  home() {
    let s = `<rect width="800" height="600" fill="#f4ede3"/>`;
    // wallpaper stripes
    for (let x = 20; x < 800; x += 60) s += `<rect x="${x}" width="18" height="440" fill="#efe5d8"/>`;
    // window
    s += `<rect x="90" y="70" width="230" height="200" rx="6" fill="#ffffff"/><rect x="102" y="82" width="206" height="176" fill="#cfe8f7"/>`;
    s += `<circle cx="260" cy="130" r="22" fill="#ffe8a3"/>` + cloud(130, 170, 0.7);
    s += `<path d="M110 258L180 190L230 230L270 200L308 240V258Z" fill="#a8d5a2"/>`;
    s += `<rect x="203" y="82" width="6" height="176" fill="#ffffff"/><rect x="102" y="168" width="206" height="6" fill="#ffffff"/>`;
    s += `<path d="M74 60h54v230c-20-10-40-10-54 0z" fill="#e9a07a"/><path d="M282 60h54v230c-14-10-34-10-54 0z" fill="#e9a07a"/><rect x="66" y="54" width="278" height="10" rx="5" fill="#8a6a52"/>`;
    // frame
    s += `<rect x="440" y="90" width="110" height="84" rx="4" fill="#8a6a52"/><rect x="450" y="100" width="90" height="64" fill="#fdf6ec"/><path d="M456 158l26-30 18 18 12-12 22 24z" fill="#7fb3a6"/>`;
    // floor
    s += `<rect y="440" width="800" height="160" fill="#c99f73"/>`;
    for (let x = -40, i = 0; x < 800; x += 130, i++)
      s += `<rect x="${x + (i % 2) * 40}" y="${440 + (i % 3) * 50}" width="2" height="50" fill="#b48b61"/>`;
    for (let y = 490; y < 600; y += 50) s += `<rect y="${y}" width="800" height="2" fill="#b48b61"/>`;
    s += `<rect y="430" width="800" height="14" fill="#fbf7f1"/>`;
    // rug
    s += `<ellipse cx="300" cy="520" rx="220" ry="40" fill="#d9694a" opacity=".85"/><ellipse cx="300" cy="520" rx="180" ry="28" fill="none" stroke="#f4c9a8" stroke-width="4"/>`;
    // sofa
    s += `<rect x="90" y="300" width="320" height="110" rx="28" fill="#5c7d99"/><rect x="110" y="330" width="280" height="54" rx="16" fill="#6d8fab"/>`;
    s += `<rect x="70" y="330" width="56" height="100" rx="22" fill="#4f6f8a"/><rect x="374" y="330" width="56" height="100" rx="22" fill="#4f6f8a"/>`;
    s += `<rect x="110" y="400" width="280" height="30" rx="8" fill="#4f6f8a"/><rect x="100" y="428" width="12" height="16" fill="#3b2f2a"/><rect x="388" y="428" width="12" height="16" fill="#3b2f2a"/>`;
    s += `<rect x="140" y="312" width="70" height="56" rx="14" fill="#f2c14e" transform="rotate(-8 175 340)"/>`;
    // lamp
    s += `<rect x="468" y="250" width="6" height="186" fill="#3b2f2a"/><path d="M440 250h62l-12-50h-38z" fill="#f6d27a"/><ellipse cx="471" cy="438" rx="26" ry="6" fill="#3b2f2a"/>`;
    // cabinet with the case
    s += `<rect x="560" y="330" width="180" height="106" rx="6" fill="#8a6a52"/><rect x="570" y="342" width="76" height="84" rx="3" fill="#9c7b60"/><rect x="654" y="342" width="76" height="84" rx="3" fill="#9c7b60"/>`;
    s += `<circle cx="636" cy="384" r="4" fill="#f4ede3"/><circle cx="664" cy="384" r="4" fill="#f4ede3"/>`;
    s += smallCase(640, 330, 0.95, "essential");
    // plant
    s += `<path d="M735 330c-30-40-10-80 6-96 6 30 14 60-6 96z" fill="#5a9a5b"/><path d="M735 330c10-50 40-70 60-74-8 30-24 60-60 74z" fill="#4a8a4c"/><path d="M735 330c-40-20-60-50-62-70 28 8 52 30 62 70z" fill="#6aaa68"/>`;
    s += `<path d="M712 318h46l-6 14h-34z" fill="#e07a5f"/>`;
    return s;
  },

  office() {
    let s = `<rect width="800" height="600" fill="#eef1f4"/>`;
    // window with skyline
    s += `<rect x="60" y="60" width="420" height="260" rx="6" fill="#dfe7ee"/><rect x="72" y="72" width="396" height="236" fill="#bfe0f5"/>`;
    const bld = [
      [80, 200, 50],
      [136, 150, 40],
      [182, 230, 56],
      [244, 120, 46],
      [296, 190, 38],
      [340, 160, 60],
      [406, 210, 54],
    ];
    s += rects(
      bld.map(([x, y, w]) => [x, y, w, 308 - y]),
      "#8fb3cc",
    );
    const win = [];
    for (const [x, y, w] of bld) for (let wy = y + 12; wy < 296; wy += 22) win.push([x + 8, wy, w - 16, 8]);
    s += rects(win, "#d7e9f5", ' opacity=".7"');
    s += `<rect x="266" y="72" width="8" height="236" fill="#dfe7ee"/>`;
    // shelf with binders
    s += `<rect x="540" y="120" width="200" height="10" fill="#9aa5b1"/>`;
    const cols = ["#e8590c", "#4c6ef5", "#2f9e44", "#adb5bd", "#f2b705"];
    cols.forEach(
      (c, i) =>
        (s += `<rect x="${552 + i * 24}" y="${62 + (i % 2) * 6}" width="20" height="${58 - (i % 2) * 6}" rx="2" fill="${c}"/>`),
    );
    s += `<circle cx="700" cy="98" r="20" fill="#6aaa68"/><rect x="688" y="104" width="24" height="16" fill="#e07a5f"/>`;
    // floor
    s += `<rect y="430" width="800" height="170" fill="#c5ccd4"/><rect y="426" width="800" height="8" fill="#ffffff"/>`;
    // desk
    s += `<rect x="120" y="360" width="400" height="18" rx="4" fill="#a47551"/><rect x="140" y="378" width="14" height="120" fill="#7a5639"/><rect x="486" y="378" width="14" height="120" fill="#7a5639"/>`;
    s += `<rect x="370" y="378" width="116" height="90" fill="#8b6444"/><rect x="384" y="392" width="88" height="30" rx="3" fill="#a47551"/><rect x="384" y="428" width="88" height="30" rx="3" fill="#a47551"/>`;
    // monitor, keyboard, mug
    s += `<rect x="220" y="236" width="170" height="108" rx="8" fill="#343a40"/><rect x="230" y="246" width="150" height="86" rx="3" fill="#74c0fc"/>`;
    s += `<rect x="244" y="262" width="80" height="8" rx="4" fill="#e7f5ff"/><rect x="244" y="280" width="120" height="6" rx="3" fill="#d0ebff"/><rect x="244" y="294" width="100" height="6" rx="3" fill="#d0ebff"/>`;
    s += `<rect x="296" y="344" width="18" height="16" fill="#495057"/><rect x="270" y="354" width="70" height="8" rx="3" fill="#495057"/>`;
    s += `<rect x="350" y="350" width="70" height="8" rx="3" fill="#ced4da"/>`;
    s += `<rect x="160" y="326" width="26" height="34" rx="4" fill="#ffffff"/><path d="M186 334h6a8 8 0 0 1 0 16h-6" fill="none" stroke="#ffffff" stroke-width="4"/>`;
    // chair
    s += `<rect x="200" y="380" width="110" height="24" rx="10" fill="#495057"/><rect x="250" y="404" width="10" height="60" fill="#343a40"/><path d="M210 486l45-22 45 22" fill="none" stroke="#343a40" stroke-width="8" stroke-linecap="round"/>`;
    s += `<rect x="206" y="300" width="16" height="86" rx="8" fill="#495057"/>`;
    // cabinet with the case
    s += `<rect x="580" y="320" width="160" height="120" rx="6" fill="#dee2e6"/><rect x="592" y="334" width="136" height="44" rx="3" fill="#ced4da"/><rect x="592" y="386" width="136" height="44" rx="3" fill="#ced4da"/>`;
    s += `<rect x="646" y="352" width="28" height="6" rx="3" fill="#868e96"/><rect x="646" y="404" width="28" height="6" rx="3" fill="#868e96"/>`;
    s += smallCase(660, 320, 0.95, "essential");
    // wall sign: first aid
    s += `<rect x="636" y="186" width="50" height="50" rx="6" fill="#2f9e44"/><path d="M656 196h10v15h15v10h-15v15h-10v-15h-15v-10h15z" fill="#ffffff"/>`;
    return s;
  },

  car() {
    let s = sky("skc", "#bfe3f7", "#eaf6fb");
    s += `<circle cx="660" cy="110" r="40" fill="#ffe08a"/>` + cloud(120, 120, 0.9) + cloud(430, 90, 0.6);
    s += `<path d="M0 330L120 250L230 310L360 230L500 300L620 240L800 320V420H0Z" fill="#b5cfa8"/>`;
    s += `<path d="M0 370Q200 320 420 360T800 350V430H0Z" fill="#8fbf7f"/>`;
    s += `<rect y="420" width="800" height="180" fill="#6c757d"/><rect y="414" width="800" height="8" fill="#adb5bd"/>`;
    for (let x = 20; x < 800; x += 110)
      s += `<rect x="${x}" y="508" width="60" height="8" rx="2" fill="#f8f9fa"/>`;
    s += `<rect y="560" width="800" height="40" fill="#5c636a"/>`;
    // car (side view)
    s += `<ellipse cx="330" cy="470" rx="200" ry="12" fill="#000" opacity=".18"/>`;
    s += `<path d="M150 452V410Q150 386 176 380L240 370L290 318Q302 306 320 306H430Q450 306 462 318L510 368L540 374Q560 380 560 404V452Z" fill="#1c7ed6"/>`;
    s += `<path d="M258 370L300 326Q306 320 316 320H358V370Z" fill="#d0ebff"/><path d="M372 320H428Q440 320 448 328L488 370H372Z" fill="#d0ebff"/>`;
    s += `<rect x="150" y="410" width="410" height="10" fill="#1971c2"/><rect x="330" y="386" width="20" height="5" rx="2" fill="#e7f5ff"/><rect x="460" y="386" width="20" height="5" rx="2" fill="#e7f5ff"/>`;
    s += `<rect x="540" y="388" width="20" height="12" rx="3" fill="#ff8787"/><rect x="150" y="392" width="16" height="12" rx="3" fill="#fff3bf"/>`;
    for (const cx of [230, 470])
      s += `<circle cx="${cx}" cy="452" r="34" fill="#212529"/><circle cx="${cx}" cy="452" r="16" fill="#ced4da"/><circle cx="${cx}" cy="452" r="5" fill="#495057"/>`;
    // warning triangle and the case
    s += `<path d="M700 470L740 404L780 470Z" fill="#e03131"/><path d="M712 462L740 416L768 462Z" fill="#ffffff"/><path d="M722 456L740 426L758 456Z" fill="#e03131"/>`;
    s += smallCase(630, 472, 0.95, "essential");
    return s;
  },

  mountain() {
    let s = sky("skm", "#a5d8ff", "#e7f5ff");
    s += `<circle cx="150" cy="120" r="44" fill="#fff3bf"/>` + cloud(520, 110, 0.8) + cloud(260, 170, 0.5);
    s += `<path d="M0 420L150 250L250 330L400 170L540 320L640 230L800 380V600H0Z" fill="#9fb8cc"/>`;
    s += `<path d="M400 170L452 226L428 222L410 240L392 220L366 232Z" fill="#ffffff"/><path d="M640 230L680 266L662 264L646 276L632 262L610 266Z" fill="#ffffff"/>`;
    s += `<path d="M0 470L200 300L330 420L470 290L620 430L800 330V600H0Z" fill="#6f8fa8"/>`;
    s += `<path d="M200 300L246 340L226 338L212 352L196 338L170 344Z" fill="#f1f3f5"/><path d="M470 290L520 336L496 332L480 346L462 334L438 340Z" fill="#f1f3f5"/>`;
    s += `<rect x="468" y="250" width="3" height="42" fill="#343a40"/><path d="M471 252h26l-6 8 6 8h-26z" fill="#e8590c"/>`;
    s += `<path d="M0 520Q200 450 400 500T800 470V600H0Z" fill="#4f6d5a"/>`;
    for (const [x, sc] of [
      [60, 0.7],
      [110, 0.9],
      [720, 0.8],
      [760, 0.6],
    ])
      s += pine(x, 510, sc, "#2f5a3a", "#274d31");
    // foreground rock with case
    s += `<path d="M380 600L420 530Q440 500 480 498L600 494Q650 496 670 530L720 600Z" fill="#868e96"/><path d="M560 494Q650 496 670 530L720 600H600Z" fill="#6c757d"/>`;
    s += `<path d="M0 600V560Q120 540 220 570L260 600Z" fill="#3d5a47"/>`;
    s += smallCase(540, 500, 1, "expedition");
    s += bird(300, 120) + bird(330, 140, 0.7);
    return s;
  },

  camp() {
    let s = sky("skk", "#2b2d5c", "#f59e6b");
    const r = rng(7);
    const stars = [[], []];
    for (let i = 0; i < 40; i++) {
      const x = r() * 800,
        y = r() * 220,
        rr = 0.8 + r() * 1.6;
      stars[i % 2].push(
        `M${n(x - rr)} ${n(y)}a${n(rr)} ${n(rr)} 0 1 0 ${n(2 * rr)} 0a${n(rr)} ${n(rr)} 0 1 0 ${n(-2 * rr)} 0z`,
      );
    }
    s += `<path d="${stars[0].join("")}" fill="#fff" opacity=".9"/><path d="${stars[1].join("")}" fill="#fff" opacity=".55"/>`;
    s += `<circle cx="640" cy="100" r="30" fill="#fff3d6"/>`;
    s += `<path d="M0 360L140 250L260 330L400 220L560 330L680 260L800 330V600H0Z" fill="#5b4b7a"/>`;
    s += `<path d="M0 410Q200 360 400 400T800 390V600H0Z" fill="#3f5a4a"/>`;
    for (const [x, y, sc] of [
      [40, 420, 1.2],
      [100, 410, 0.9],
      [700, 410, 1.1],
      [760, 420, 1.3],
      [650, 400, 0.7],
    ])
      s += pine(x, y, sc, "#24392e", "#1d2f26");
    s += `<rect y="470" width="800" height="130" fill="#4d6b4f"/><path d="M0 470Q400 440 800 470V480H0Z" fill="#4d6b4f"/>`;
    // tent
    s += `<path d="M210 480L330 330L450 480Z" fill="#e8590c"/><path d="M330 330L450 480H330Z" fill="#c94d0a"/>`;
    s += `<path d="M330 380L372 480H288Z" fill="#ffd8a8"/><path d="M330 380L300 480H288Z" fill="#ffa94d"/>`;
    s += `<path d="M330 330L330 320M330 330L190 490M330 330L470 490" stroke="#2b2f33" stroke-width="2.5"/>`;
    s += `<ellipse cx="330" cy="484" rx="140" ry="8" fill="#000" opacity=".18"/>`;
    // campfire
    s += `<ellipse cx="560" cy="498" rx="90" ry="26" fill="#ffa94d" opacity=".18"/>`;
    s += `<rect x="520" y="486" width="80" height="12" rx="6" fill="#6b4f3a" transform="rotate(-12 560 492)"/><rect x="520" y="486" width="80" height="12" rx="6" fill="#7d5c44" transform="rotate(12 560 492)"/>`;
    s += `<path d="M560 410C590 440 596 470 580 490H540C524 470 534 446 560 410Z" fill="#ff922b"/><path d="M562 444C578 460 580 478 572 490H550C544 476 548 462 562 444Z" fill="#ffd43b"/>`;
    s += smallCase(150, 500, 1, "expedition");
    return s;
  },

  trail() {
    let s = sky("skt", "#b9e3ff", "#f1f9ff");
    s += cloud(90, 110, 0.8) + cloud(560, 80, 0.7) + `<circle cx="700" cy="150" r="34" fill="#fff3bf"/>`;
    s += `<path d="M0 300Q160 230 320 280T640 250T800 270V600H0Z" fill="#b2d3a0"/>`;
    s += `<path d="M0 360Q200 300 420 350T800 330V600H0Z" fill="#8cbf78"/>`;
    s += `<path d="M0 440Q260 390 500 430T800 420V600H0Z" fill="#6aa35d"/>`;
    // path
    s += `<path d="M440 600C420 540 320 520 330 470C340 430 420 410 430 380C436 362 410 350 400 342L416 342C432 352 450 366 446 384C438 418 370 440 372 474C376 520 500 540 560 600Z" fill="#e3c79a"/>`;
    for (const [x, y, sc] of [
      [80, 470, 1.1],
      [150, 440, 0.8],
      [230, 410, 0.6],
      [620, 420, 0.7],
      [690, 470, 1.0],
      [760, 450, 0.8],
      [540, 370, 0.45],
      [280, 350, 0.4],
    ])
      s += pine(x, y, sc, "#3b7a45", "#316a3b");
    // signpost
    s += `<rect x="256" y="470" width="8" height="80" fill="#7d5c44"/><path d="M216 478h70l12 10-12 10h-70z" fill="#a47551"/><path d="M300 508h-66l-12 10 12 10h66z" fill="#a47551"/>`;
    // log + case
    s += `<rect x="500" y="528" width="150" height="30" rx="15" fill="#8b6444"/><circle cx="650" cy="543" r="15" fill="#c9a27a"/><circle cx="650" cy="543" r="7" fill="none" stroke="#8b6444" stroke-width="2"/>`;
    s += smallCase(570, 530, 0.9, "expedition");
    s += bird(360, 150) + bird(392, 132, 0.8);
    return s;
  },

  boat() {
    let s = sky("skb", "#9fd3f2", "#e3f4fc");
    s += `<circle cx="130" cy="110" r="40" fill="#fff3bf"/>` + cloud(470, 100, 0.8) + cloud(640, 160, 0.5);
    s += `<path d="M0 330Q100 320 180 326T400 320V332H0Z" fill="#7fa6a0"/>`;
    s += `<rect y="330" width="800" height="270" fill="#1b7fb0"/>`;
    // boat
    s += `<rect x="300" y="250" width="150" height="70" rx="10" fill="#f8f9fa"/><rect x="316" y="264" width="34" height="24" rx="4" fill="#74c0fc"/><rect x="360" y="264" width="34" height="24" rx="4" fill="#74c0fc"/><rect x="404" y="264" width="30" height="24" rx="4" fill="#74c0fc"/>`;
    s += `<rect x="330" y="212" width="4" height="40" fill="#495057"/><path d="M334 214h22l-5 7 5 7h-22z" fill="#e03131"/>`;
    s += `<path d="M170 320H640L600 392Q590 404 570 404H230Q210 404 200 392Z" fill="#ffffff"/><path d="M186 346H624L612 366H196Z" fill="#0b5e86"/>`;
    s += `<rect x="170" y="312" width="470" height="10" rx="3" fill="#dee2e6"/>`;
    s += smallCase(540, 314, 0.8, "nautical");
    s += `<circle cx="240" cy="300" r="13" fill="none" stroke="#e8590c" stroke-width="8"/><circle cx="240" cy="300" r="13" fill="none" stroke="#ffffff" stroke-width="8" stroke-dasharray="10.2 10.2"/>`;
    s += wave(396, 10, 80, "#1b7fb0");
    s +=
      wave(430, 10, 100, "#2b93c4", 0.8) + wave(490, 12, 120, "#0f6d9c", 0.9) + wave(550, 12, 90, "#0b5e86");
    s += bird(620, 80) + bird(650, 100, 0.7);
    return s;
  },

  coast() {
    let s = sky("sko", "#a9dcf5", "#eef8fd");
    s += cloud(300, 90, 0.8) + cloud(80, 150, 0.5) + `<circle cx="540" cy="120" r="36" fill="#fff3bf"/>`;
    s += `<rect y="300" width="800" height="300" fill="#2b93c4"/>`;
    s += `<path d="M0 300H800V320Q600 312 400 318T0 316Z" fill="#1b7fb0"/>`;
    // cliff + lighthouse
    s += `<path d="M540 470V340Q580 284 660 276L800 270V470Z" fill="#8d7b68"/><path d="M650 470V300L800 290V470Z" fill="#7a6a59"/>`;
    s += `<path d="M540 340Q580 284 660 278L800 272V290L660 296Q600 300 552 348Z" fill="#6aa35d"/>`;
    s += `<path d="M672 290L680 160H716L724 290Z" fill="#ffffff"/><path d="M676 240H720L718 210H678Z" fill="#e03131"/><path d="M681 180H715L716 196H680Z" fill="#e03131"/>`;
    s += `<rect x="676" y="136" width="44" height="26" rx="4" fill="#343a40"/><rect x="684" y="142" width="28" height="16" fill="#ffe066"/><path d="M672 138L698 116L724 138Z" fill="#e03131"/>`;
    s += `<path d="M676 150L580 124V176Z" fill="#fff3bf" opacity=".55"/>`;
    // sea foam and beach
    s += wave(404, 8, 120, "#6cc0e5");
    s += `<path d="M0 440Q200 410 420 436T800 452V600H0Z" fill="#f1d9a7"/><path d="M0 440Q200 410 420 436T800 452" fill="none" stroke="#ffffff" stroke-width="6" opacity=".8"/>`;
    s += `<path d="M80 520q20-30 50-26q24 4 30 26z" fill="#adb5bd"/><path d="M120 520q14-22 40-18q18 4 20 18z" fill="#868e96"/>`;
    s += `<path d="M640 560q30-40 70-34q34 6 44 34z" fill="#8d7b68"/><path d="M700 560q16-26 44-22q20 4 24 22z" fill="#7a6a59"/>`;
    // life ring + case
    s += `<circle cx="480" cy="510" r="26" fill="none" stroke="#e8590c" stroke-width="14"/><circle cx="480" cy="510" r="26" fill="none" stroke="#ffffff" stroke-width="14" stroke-dasharray="20.4 20.4" stroke-dashoffset="10"/>`;
    s += smallCase(340, 536, 1, "nautical");
    s += bird(200, 200) + bird(236, 186, 0.7);
    return s;
  },

  kayak() {
    let s = sky("sky", "#bfe6f5", "#f1fafd");
    s += `<circle cx="620" cy="110" r="36" fill="#fff3bf"/>` + cloud(140, 100, 0.7);
    s += `<path d="M0 320L120 220L220 290L350 180L470 290L590 210L800 330V340H0Z" fill="#93b3c7"/>`;
    s += `<path d="M350 180L390 216L372 214L360 226L346 214L322 220Z" fill="#ffffff"/>`;
    s += `<path d="M0 340Q200 310 400 330T800 330V350H0Z" fill="#5f8d6b"/>`;
    for (const [x, sc] of [
      [40, 0.5],
      [80, 0.6],
      [700, 0.55],
      [740, 0.45],
      [770, 0.6],
    ])
      s += pine(x, 346, sc, "#3f6f4b");
    s += `<rect y="346" width="800" height="254" fill="#3aa0c8"/>`;
    // reflections
    s += `<rect x="560" y="380" width="120" height="4" rx="2" fill="#ffffff" opacity=".5"/><rect x="590" y="396" width="70" height="4" rx="2" fill="#ffffff" opacity=".5"/>`;
    // kayak (side view)
    s += `<ellipse cx="400" cy="478" rx="250" ry="14" fill="#1f7aa3" opacity=".6"/>`;
    s += `<path d="M150 450Q400 420 660 450Q600 488 400 490Q210 490 150 450Z" fill="#f2b705"/><path d="M150 450Q400 420 660 450Q400 446 150 450Z" fill="#ffd43b"/>`;
    s += `<path d="M170 456Q400 470 640 456" fill="none" stroke="#c99400" stroke-width="3"/>`;
    s += `<ellipse cx="360" cy="438" rx="56" ry="9" fill="#343a40"/>`;
    s += smallCase(470, 442, 0.6, "nautical", false);
    s += `<path d="M440 426H500" stroke="#212529" stroke-width="3"/>`;
    // paddle
    s += `<path d="M250 360L470 500" stroke="#495057" stroke-width="7" stroke-linecap="round"/><path d="M232 340q-14 0-10 16l24 16q10 2 12-10z" fill="#e8590c"/><path d="M482 508q14 0 10-16l-24-16q-10-2-12 10z" fill="#e8590c"/>`;
    s += wave(500, 8, 100, "#2f8fb8", 0.9) + wave(548, 8, 140, "#2484ad");
    // reeds
    s += `<path d="M40 600V500M52 600V480M64 600V510M740 600V490M752 600V470M764 600V506" stroke="#5f8d6b" stroke-width="5" stroke-linecap="round"/>`;
    s += `<rect x="48" y="470" width="8" height="24" rx="4" fill="#8b6444"/><rect x="748" y="460" width="8" height="24" rx="4" fill="#8b6444"/>`;
    return s;
  },

  factory() {
    let s = sky("skf", "#cfe3ef", "#f1f6f9");
    s += cloud(90, 110, 0.6) + cloud(600, 80, 0.7);
    // smoke
    s += `<circle cx="560" cy="120" r="24" fill="#dee2e6"/><circle cx="590" cy="96" r="30" fill="#e9ecef"/><circle cx="630" cy="80" r="22" fill="#f1f3f5"/>`;
    s += `<rect x="540" y="130" width="34" height="200" fill="#868e96"/><rect x="540" y="150" width="34" height="12" fill="#e03131"/><rect x="600" y="170" width="28" height="160" fill="#adb5bd"/><rect x="600" y="186" width="28" height="10" fill="#e03131"/>`;
    // sawtooth building
    s += `<path d="M80 330L80 250L180 200V250L280 200V250L380 200V250L480 200V250L580 200V330Z" fill="#8d99a6"/>`;
    for (let i = 0; i < 5; i++)
      s += `<path d="M${80 + i * 100} 250L${180 + i * 100} 200V250Z" fill="#bcd7e8"/>`;
    s += `<rect x="60" y="320" width="680" height="160" fill="#a3acb7"/><rect x="60" y="320" width="680" height="14" fill="#6c757d"/>`;
    for (let x = 90; x < 700; x += 90)
      s += `<rect x="${x}" y="356" width="54" height="40" rx="3" fill="#d0e4f0"/>`;
    // loading door
    s += `<rect x="300" y="410" width="140" height="70" fill="#6c757d"/>`;
    for (let y = 418; y < 480; y += 10) s += `<rect x="300" y="${y}" width="140" height="3" fill="#5c636a"/>`;
    // yard
    s += `<rect y="480" width="800" height="120" fill="#ced4da"/><rect y="476" width="800" height="6" fill="#868e96"/>`;
    s += `<rect y="540" width="800" height="6" fill="#f2b705"/>`;
    // pallet + case
    s += `<rect x="520" y="500" width="140" height="10" fill="#a47551"/><rect x="520" y="516" width="140" height="8" fill="#a47551"/><rect x="526" y="506" width="14" height="18" fill="#8b6444"/><rect x="583" y="506" width="14" height="18" fill="#8b6444"/><rect x="640" y="506" width="14" height="18" fill="#8b6444"/>`;
    s += smallCase(590, 500, 0.95, "industry");
    // cones
    for (const x of [200, 250])
      s += `<path d="M${x - 16} 528L${x - 6} 490H${x + 6}L${x + 16} 528Z" fill="#fd7e14"/><rect x="${x - 9}" y="504" width="18" height="6" fill="#ffffff"/><rect x="${x - 20}" y="526" width="40" height="6" rx="2" fill="#e8590c"/>`;
    return s;
  },

  warehouse() {
    let s = `<rect width="800" height="600" fill="#e9ecef"/>`;
    // roof trusses and lights
    s += `<rect width="800" height="60" fill="#ced4da"/>`;
    for (let x = 0; x < 800; x += 80)
      s += `<path d="M${x} 60L${x + 40} 20L${x + 80} 60" fill="none" stroke="#adb5bd" stroke-width="4"/>`;
    for (const x of [160, 400, 640])
      s += `<rect x="${x - 2}" y="60" width="4" height="30" fill="#868e96"/><path d="M${x - 30} 104L${x - 18} 88H${x + 18}L${x + 30} 104Z" fill="#495057"/><ellipse cx="${x}" cy="106" rx="26" ry="4" fill="#fff3bf"/>`;
    s += `<rect y="470" width="800" height="130" fill="#b8bfc7"/><rect y="520" width="800" height="6" fill="#f2b705"/>`;
    // racks
    const boxes = [[], [], []];
    const tape = [];
    const posts = [];
    const beams = [];
    for (const rx of [40, 430]) {
      posts.push([rx, 130, 10, 340], [rx + 160, 130, 10, 340], [rx + 320, 130, 10, 340]);
      for (const y of [210, 310, 410]) {
        beams.push([rx, y, 330, 12]);
        for (let i = 0; i < 4; i++) {
          if (rx === 430 && y === 310 && i === 1) continue;
          const bx = rx + 16 + i * 78 + (i > 1 ? 12 : 0);
          const bh = 52 + ((i + y) % 3) * 10;
          boxes[(i + y / 10) % 3].push([bx, y - bh, 62, bh]);
          tape.push([bx + 22, y - bh, 18, bh]);
        }
      }
    }
    s += rects(posts, "#1c7ed6") + rects(beams, "#e8590c");
    s +=
      rects(boxes[0], "#c9a27a") +
      rects(boxes[1], "#b48b61") +
      rects(boxes[2], "#d8b58b") +
      rects(tape, "#e9d3b4", ' opacity=".6"');
    s += smallCase(540, 310, 0.72, "industry", false);
    // forklift
    s += `<ellipse cx="250" cy="556" rx="130" ry="10" fill="#000" opacity=".15"/>`;
    s += `<rect x="330" y="420" width="8" height="130" fill="#495057"/><rect x="338" y="536" width="70" height="8" fill="#495057"/>`;
    s += `<path d="M170 540V470H230L270 410H310V540Z" fill="#f2b705"/><path d="M238 470L272 420H300V470Z" fill="#bcd7e8"/>`;
    s += `<path d="M230 410H320" stroke="#343a40" stroke-width="8"/><path d="M236 410V470M316 410V470" stroke="#343a40" stroke-width="6"/>`;
    s += `<rect x="150" y="480" width="30" height="60" fill="#343a40"/>`;
    for (const cx of [200, 290])
      s += `<circle cx="${cx}" cy="546" r="20" fill="#212529"/><circle cx="${cx}" cy="546" r="8" fill="#adb5bd"/>`;
    // boxes on pallet on floor
    s += `<rect x="560" y="540" width="120" height="10" fill="#a47551"/><rect x="566" y="480" width="52" height="60" fill="#c9a27a"/><rect x="622" y="496" width="52" height="44" fill="#b48b61"/>`;
    return s;
  },

  construction() {
    let s = sky("skx", "#bfe0f2", "#f4f9fc");
    s += cloud(420, 90, 0.7) + cloud(80, 150, 0.5);
    // crane
    s += `<rect x="560" y="90" width="16" height="380" fill="#f2b705"/>`;
    for (let y = 100; y < 460; y += 24)
      s += `<path d="M560 ${y}L576 ${y + 24}M576 ${y}L560 ${y + 24}" stroke="#c99400" stroke-width="2"/>`;
    s += `<rect x="320" y="84" width="400" height="12" fill="#f2b705"/><path d="M560 84L568 50L576 84" fill="#f2b705"/><path d="M568 50L330 84M568 50L710 84" stroke="#495057" stroke-width="2"/>`;
    s += `<rect x="650" y="96" width="50" height="30" fill="#495057"/><rect x="540" y="96" width="40" height="30" fill="#343a40"/>`;
    s += `<path d="M390 96V230" stroke="#343a40" stroke-width="2"/><rect x="370" y="230" width="40" height="14" fill="#e8590c"/>`;
    // building frame
    s += `<rect x="80" y="200" width="300" height="280" fill="#dee2e6" opacity=".6"/>`;
    for (const x of [80, 180, 280, 372])
      s += `<rect x="${x}" y="200" width="8" height="280" fill="#868e96"/>`;
    for (const y of [200, 270, 340, 410])
      s += `<rect x="80" y="${y}" width="300" height="10" fill="#6c757d"/>`;
    s += `<path d="M88 280L180 340M188 340L280 410" stroke="#adb5bd" stroke-width="4"/>`;
    // scaffolding tier + ground
    s += `<rect y="480" width="800" height="120" fill="#c9a27a"/><rect y="476" width="800" height="8" fill="#a47551"/>`;
    s += `<path d="M620 480q40-50 100-40q50 10 80 40z" fill="#b48b61"/>`;
    // barrier
    s += `<defs><pattern id="cxh" width="30" height="30" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="15" height="30" fill="#e03131"/></pattern></defs>`;
    s += `<rect x="90" y="500" width="220" height="30" fill="#ffffff"/><rect x="90" y="500" width="220" height="30" fill="url(#cxh)"/><rect x="104" y="530" width="8" height="44" fill="#495057"/><rect x="288" y="530" width="8" height="44" fill="#495057"/>`;
    // cones
    for (const x of [380, 700])
      s += `<path d="M${x - 18} 560L${x - 6} 514H${x + 6}L${x + 18} 560Z" fill="#fd7e14"/><rect x="${x - 10}" y="532" width="20" height="7" fill="#ffffff"/><rect x="${x - 22}" y="558" width="44" height="7" rx="2" fill="#e8590c"/>`;
    // hard hat on ground
    s += `<path d="M450 566a28 26 0 0 1 56 0z" fill="#ffffff"/><rect x="442" y="562" width="72" height="8" rx="4" fill="#e9ecef"/>`;
    s += smallCase(570, 566, 1, "industry");
    return s;
  },
};

const SCENE_TITLES = {
  home: "Hogar con un maletín LifeBox",
  office: "Oficina con un maletín LifeBox",
  car: "Auto en la carretera con un maletín LifeBox",
  mountain: "Montaña con un maletín LifeBox",
  camp: "Campamento con un maletín LifeBox",
  trail: "Sendero con un maletín LifeBox",
  boat: "Embarcación con un maletín LifeBox",
  coast: "Costa con un maletín LifeBox",
  kayak: "Kayak con un maletín LifeBox",
  factory: "Fábrica con un maletín LifeBox",
  warehouse: "Bodega con un maletín LifeBox",
  construction: "Obra en construcción con un maletín LifeBox",
};

// ---------------------------------------------------------------------------------------------
// Components (400x400)
// ---------------------------------------------------------------------------------------------

const BG = {
  med: "#fdeced",
  fire: "#fff0e0",
  water: "#e3f2fc",
  signal: "#fff6d6",
  shelter: "#e6f5e8",
  gear: "#eef0f3",
};
const shadowE = (cx = 200, cy = 326, rx = 110) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="12" fill="#000" opacity=".08"/>`;
const arcs = (cx, cy, dir, color, r0 = 22, count = 3) => {
  // sound/light arcs: dir = angle in degrees
  let s = "";
  for (let i = 0; i < count; i++) {
    const r = r0 + i * 18;
    const a1 = ((dir - 35) * Math.PI) / 180;
    const a2 = ((dir + 35) * Math.PI) / 180;
    s += `<path d="M${n(cx + r * Math.cos(a1))} ${n(cy + r * Math.sin(a1))}A${r} ${r} 0 0 1 ${n(cx + r * Math.cos(a2))} ${n(cy + r * Math.sin(a2))}" fill="none" stroke="${color}" stroke-width="8" stroke-linecap="round" opacity="${n(1 - i * 0.22)}"/>`;
  }
  return s;
};
const drop = (x, y, s, c) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 -20C8 -8 14 0 14 8A14 14 0 0 1 -14 8C-14 0 -8 -8 0 -20Z" fill="${c}"/>`;
const flame = (x, y, s, outer = "#ff6b1a", inner = "#ffd43b") =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 -60C26 -34 38 -12 30 12A30 30 0 0 1 -30 12C-36 -6 -24 -22 -10 -32C-10 -18 -4 -10 4 -8C8 -26 4 -42 0 -60Z" fill="${outer}"/><path d="M2 -14C14 -2 18 10 12 20A13 13 0 0 1 -12 18C-14 8 -6 -2 2 -14Z" fill="${inner}"/></g>`;

function glove(c, c2) {
  return (
    `<rect x="-52" y="-112" width="26" height="110" rx="13" fill="${c}"/>` +
    `<rect x="-24" y="-128" width="27" height="120" rx="13.5" fill="${c}"/>` +
    `<rect x="5" y="-120" width="26" height="112" rx="13" fill="${c}"/>` +
    `<rect x="33" y="-96" width="23" height="90" rx="11.5" fill="${c}"/>` +
    `<rect x="-14" y="-84" width="28" height="96" rx="14" fill="${c}" transform="translate(-40 36) rotate(-40)"/>` +
    `<rect x="-54" y="-44" width="110" height="110" rx="32" fill="${c}"/>` +
    `<path d="M-25 -40V-58M4 -40V-58M32 -40V-52" stroke="${c2}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="-46" y="50" width="94" height="66" rx="10" fill="${c}"/>` +
    `<rect x="-50" y="104" width="102" height="18" rx="9" fill="${c2}"/>`
  );
}

const COMPONENTS = {
  "first-aid-kit": [
    "med",
    "Botiquín de primeros auxilios",
    () =>
      shadowE(200, 318, 130) +
      `<path d="M160 140V118Q160 104 174 104H226Q240 104 240 118V140" fill="none" stroke="#343a40" stroke-width="14"/>` +
      `<rect x="78" y="134" width="244" height="178" rx="26" fill="#e03131"/>` +
      `<path d="M78 184V160Q78 134 104 134H296Q322 134 322 160V184Z" fill="#f03e3e"/>` +
      `<rect x="78" y="180" width="244" height="8" fill="#c92a2a"/>` +
      `<rect x="96" y="170" width="22" height="28" rx="4" fill="#343a40"/><rect x="282" y="170" width="22" height="28" rx="4" fill="#343a40"/>` +
      `<rect x="176" y="204" width="48" height="96" rx="8" fill="#ffffff"/><rect x="152" y="228" width="96" height="48" rx="8" fill="#ffffff"/>`,
  ],
  gloves: [
    "med",
    "Guantes de nitrilo",
    () =>
      shadowE(200, 336, 120) +
      `<g transform="translate(236 200) rotate(16)">${glove("#a5d8ff", "#74c0fc")}</g>` +
      `<g transform="translate(168 212) rotate(-14)">${glove("#4dabf7", "#228be6")}</g>`,
  ],
  mask: [
    "med",
    "Mascarilla KN95",
    () =>
      shadowE(200, 326, 110) +
      `<path d="M92 182C40 168 40 262 100 240M308 182C360 168 360 262 300 240" fill="none" stroke="#adb5bd" stroke-width="7" stroke-linecap="round"/>` +
      `<path d="M84 200C84 150 140 118 200 110C260 118 316 150 316 200C316 252 262 290 200 304C138 290 84 252 84 200Z" fill="#ffffff" stroke="#ced4da" stroke-width="5"/>` +
      `<path d="M98 200C98 160 146 134 200 126C254 134 302 160 302 200C302 244 256 276 200 288C144 276 98 244 98 200Z" fill="none" stroke="#e9ecef" stroke-width="3" stroke-dasharray="4 5"/>` +
      `<path d="M200 112V302" stroke="#dee2e6" stroke-width="5"/>` +
      `<path d="M160 130Q200 118 240 130" fill="none" stroke="#868e96" stroke-width="7" stroke-linecap="round"/>` +
      `<text x="252" y="236" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" fill="#868e96">KN95</text>`,
  ],
  "cpr-mask": [
    "med",
    "Mascarilla de reanimación (RCP)",
    () =>
      shadowE(200, 324, 116) +
      `<path d="M92 262Q70 200 120 180M308 262Q330 200 280 180" fill="none" stroke="#40c057" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M200 88C232 88 308 220 308 262C308 300 262 314 200 314C138 314 92 300 92 262C92 220 168 88 200 88Z" fill="#d0ebff" stroke="#339af0" stroke-width="10" stroke-linejoin="round"/>` +
      `<path d="M200 118C222 118 282 224 282 258C282 284 248 292 200 292C152 292 118 284 118 258C118 224 178 118 200 118Z" fill="#e7f5ff"/>` +
      `<path d="M150 170Q170 130 190 120" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>` +
      `<rect x="170" y="198" width="60" height="64" rx="12" fill="#ffffff" stroke="#1c7ed6" stroke-width="5"/>` +
      `<ellipse cx="200" cy="206" rx="30" ry="10" fill="#a5d8ff"/><circle cx="200" cy="206" r="6" fill="#1c7ed6"/>` +
      `<path d="M200 250l-12-11a7 7 0 0 1 12-8a7 7 0 0 1 12 8z" fill="#e03131"/>`,
  ],
  "thermal-blanket": [
    "shelter",
    "Manta térmica",
    () => {
      // crinkled foil sheet: a jittered grid of facets
      const r = rng(11);
      const cols = 4,
        rows = 3;
      const P = [];
      for (let j = 0; j <= rows; j++)
        for (let i = 0; i <= cols; i++) {
          const u = i / cols,
            v = j / rows;
          const x = 84 + u * 236 + (1 - v) * 6 - v * 6 + (i > 0 && i < cols ? (r() - 0.5) * 26 : 0);
          const y = 104 - u * 14 + v * 200 + u * v * 8 + (j > 0 && j < rows ? (r() - 0.5) * 24 : 0);
          P.push([x, y]);
        }
      const at = (i, j) => P[j * (cols + 1) + i];
      const gold = ["#fcc419", "#fab005", "#ffd43b", "#f59f00", "#ffe066"];
      // the facets, two triangles per grid square, drawn as one path per shade of gold
      const facets = gold.map(() => "");
      const tri = (p, q, r) => `M${n(p[0])} ${n(p[1])}L${n(q[0])} ${n(q[1])}L${n(r[0])} ${n(r[1])}Z`;
      for (let j = 0; j < rows; j++)
        for (let i = 0; i < cols; i++) {
          const a = at(i, j),
            b = at(i + 1, j),
            c = at(i + 1, j + 1),
            d = at(i, j + 1);
          facets[(i + j * 2) % 5] += tri(a, b, c);
          facets[(i + j * 2 + 3) % 5] += tri(a, c, d);
        }
      let s = shadowE(200, 330, 120);
      facets.forEach((d, i) => {
        s += `<path d="${d}" fill="${gold[i]}" stroke="${gold[i]}" stroke-linejoin="round"/>`;
      });
      // folded-back corner showing the silver side
      const tr = at(cols, 0);
      s += `<path d="M${n(tr[0] - 70)} ${n(tr[1] + 2)}L${n(tr[0] + 4)} ${n(tr[1] - 4)}L${n(tr[0] + 4)} ${n(tr[1] + 74)}Z" fill="${BG.shelter}"/>`;
      s += `<path d="M${n(tr[0] - 70)} ${n(tr[1] + 2)}L${n(tr[0] + 2)} ${n(tr[1] + 72)}L${n(tr[0] - 58)} ${n(tr[1] + 78)}Z" fill="#ced4da"/><path d="M${n(tr[0] - 70)} ${n(tr[1] + 2)}L${n(tr[0] - 40)} ${n(tr[1] + 60)}L${n(tr[0] - 58)} ${n(tr[1] + 78)}Z" fill="#e9ecef"/>`;
      s += `<path d="M110 150L150 132M120 250L180 222M230 280L270 262" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity=".7"/>`;
      return s;
    },
  ],
  "fire-blanket": [
    "fire",
    "Manta ignífuga",
    () =>
      shadowE(200, 344, 100) +
      `<rect x="128" y="266" width="144" height="30" rx="4" fill="#dee2e6"/>` +
      `<rect x="150" y="284" width="26" height="58" rx="6" fill="#212529"/><rect x="224" y="284" width="26" height="58" rx="6" fill="#212529"/>` +
      `<rect x="110" y="70" width="180" height="212" rx="20" fill="#e03131"/><path d="M110 110V90Q110 70 130 70H270Q290 70 290 90V110Z" fill="#c92a2a"/>` +
      `<rect x="138" y="128" width="124" height="124" rx="14" fill="#ffffff"/>` +
      flame(200, 232, 0.8) +
      `<path d="M148 150L252 140L256 196Q242 208 228 198Q214 210 200 200Q186 212 172 200Q158 210 146 200Z" fill="#adb5bd"/>` +
      `<path d="M176 146L174 204M214 142L214 204" stroke="#868e96" stroke-width="3"/>`,
  ],
  matches: [
    "fire",
    "Fósforos impermeables",
    () =>
      shadowE(200, 320, 120) +
      `<rect x="130" y="170" width="180" height="40" rx="4" fill="#f1f3f5" transform="rotate(-6 220 190)"/>` +
      [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${206 + i * 2}" y="${172 + i * 6}" width="110" height="6" rx="3" fill="#e9c46a" transform="rotate(-6 220 190)"/><circle cx="${318 + i * 2}" cy="${175 + i * 6}" r="7" fill="#c92a2a" transform="rotate(-6 220 190)"/>`,
        )
        .join("") +
      `<rect x="90" y="196" width="200" height="118" rx="12" fill="#1c7ed6"/><rect x="90" y="196" width="200" height="18" rx="6" fill="#1971c2"/>` +
      `<rect x="90" y="282" width="200" height="14" fill="#5c3d2e"/>` +
      drop(190, 252, 1.3, "#ffffff") +
      `<g transform="translate(62 -4) rotate(-12 128 200)"><rect x="123" y="104" width="10" height="110" rx="5" fill="#e9c46a"/><ellipse cx="128" cy="104" rx="9" ry="11" fill="#7a2e00"/>` +
      flame(128, 70, 0.62) +
      `</g>`,
  ],
  radio: [
    "signal",
    "Radio de emergencia a pilas",
    () =>
      shadowE(200, 316, 130) +
      `<path d="M284 150L330 58" stroke="#868e96" stroke-width="6" stroke-linecap="round"/><circle cx="330" cy="58" r="7" fill="#495057"/>` +
      `<path d="M130 150V126Q130 112 144 112H256Q270 112 270 126V150" fill="none" stroke="#343a40" stroke-width="12"/>` +
      `<rect x="76" y="146" width="248" height="160" rx="26" fill="#343a40"/><rect x="88" y="158" width="224" height="136" rx="18" fill="#495057"/>` +
      `<circle cx="154" cy="226" r="50" fill="#212529"/><circle cx="154" cy="226" r="38" fill="none" stroke="#495057" stroke-width="4"/><circle cx="154" cy="226" r="24" fill="none" stroke="#495057" stroke-width="4"/><circle cx="154" cy="226" r="9" fill="#868e96"/>` +
      `<rect x="218" y="180" width="80" height="38" rx="6" fill="#c3fae8"/><path d="M226 210V200M238 210V204M250 210V200M262 210V204M274 210V200M286 210V204" stroke="#0ca678" stroke-width="2"/><rect x="254" y="186" width="3" height="26" fill="#e03131"/>` +
      `<circle cx="236" cy="258" r="15" fill="#e8590c"/><circle cx="280" cy="258" r="15" fill="#adb5bd"/><rect x="234" y="246" width="4" height="10" rx="2" fill="#ffffff"/>` +
      `<path d="M324 200H346V250" fill="none" stroke="#e8590c" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/><rect x="338" y="240" width="16" height="30" rx="6" fill="#343a40"/>`,
  ],
  headlamp: [
    "signal",
    "Linterna frontal",
    () =>
      shadowE(200, 330, 120) +
      `<path d="M200 270L110 360H290Z" fill="#fff3bf" opacity=".9"/>` +
      `<path d="M86 206C96 76 304 76 314 206" fill="none" stroke="#495057" stroke-width="14" stroke-linecap="round"/>` +
      `<ellipse cx="200" cy="206" rx="124" ry="62" fill="none" stroke="#343a40" stroke-width="20"/>` +
      `<ellipse cx="200" cy="206" rx="124" ry="62" fill="none" stroke="#e8590c" stroke-width="4" stroke-dasharray="14 10"/>` +
      `<rect x="146" y="222" width="108" height="72" rx="24" fill="#343a40"/><rect x="154" y="230" width="92" height="56" rx="18" fill="#e8590c"/>` +
      `<circle cx="200" cy="258" r="24" fill="#fff9db" stroke="#adb5bd" stroke-width="6"/><circle cx="200" cy="258" r="10" fill="#ffe066"/>` +
      `<rect x="236" y="236" width="10" height="6" rx="3" fill="#ffffff"/>`,
  ],
  oxygen: [
    "med",
    "Oxígeno medicinal portátil",
    () =>
      shadowE(200, 340, 80) +
      `<path d="M262 96C320 110 330 170 310 230S300 320 330 330" fill="none" stroke="#a5d8ff" stroke-width="8" stroke-linecap="round"/>` +
      `<rect x="176" y="78" width="48" height="48" rx="6" fill="#868e96"/><rect x="160" y="64" width="80" height="16" rx="8" fill="#495057"/>` +
      `<circle cx="258" cy="98" r="24" fill="#ffffff" stroke="#495057" stroke-width="6"/><path d="M258 98L268 84" stroke="#e03131" stroke-width="4" stroke-linecap="round"/><rect x="224" y="94" width="14" height="10" fill="#868e96"/>` +
      `<rect x="144" y="120" width="112" height="216" rx="46" fill="#2f9e44"/>` +
      `<path d="M144 180V166Q144 120 190 120H210Q256 120 256 166V180Z" fill="#ffffff"/>` +
      `<rect x="160" y="196" width="12" height="120" rx="6" fill="#ffffff" opacity=".25"/>` +
      `<text x="206" y="276" text-anchor="middle" font-family="${FONT}" font-size="46" font-weight="800" fill="#ffffff">O<tspan font-size="26" dy="10">2</tspan></text>`,
  ],
  "dry-bag": [
    "water",
    "Bolsa estanca",
    () =>
      shadowE(200, 336, 110) +
      `<path d="M132 140Q110 70 200 64Q290 70 268 140" fill="none" stroke="#343a40" stroke-width="12" stroke-linecap="round"/><rect x="184" y="54" width="32" height="22" rx="5" fill="#212529"/>` +
      `<path d="M126 160H274L292 306Q294 334 266 334H134Q106 334 108 306Z" fill="#fab005"/>` +
      `<path d="M238 160H274L292 306Q294 334 266 334H250Q270 320 266 296Z" fill="#f59f00"/>` +
      `<rect x="116" y="118" width="168" height="54" rx="14" fill="#f08c00"/><path d="M124 136H276M124 154H276" stroke="#d9480f" stroke-width="3"/>` +
      `<rect x="140" y="180" width="14" height="130" rx="7" fill="#ffffff" opacity=".3"/>` +
      `<circle cx="200" cy="248" r="38" fill="#ffffff" opacity=".9"/>` +
      drop(200, 252, 1.35, "#1c7ed6"),
  ],
  "food-ration": [
    "water",
    "Ración de alimento de emergencia",
    () => {
      let zig = "";
      for (let y = 120; y < 266; y += 12) zig += `L${y % 24 === 0 ? 74 : 82} ${y + 6}`;
      let zig2 = "";
      for (let y = 264; y > 120; y -= 12) zig2 += `L${y % 24 === 0 ? 326 : 318} ${y - 6}`;
      return (
        shadowE(200, 326, 130) +
        `<path d="M86 120${zig}L86 270H314${zig2}L314 120Z" fill="#ced4da"/>` +
        `<rect x="86" y="120" width="228" height="150" fill="#dee2e6"/>` +
        `<rect x="86" y="150" width="228" height="74" fill="#ffffff"/>` +
        `<rect x="86" y="150" width="14" height="74" fill="#e8590c"/><rect x="300" y="150" width="14" height="74" fill="#e8590c"/>` +
        `<text x="200" y="197" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="800" letter-spacing="1" fill="#e8590c">RACIÓN</text>` +
        `<path d="M110 136H290M110 254H290" stroke="#f1f3f5" stroke-width="4"/>` +
        `<rect x="170" y="250" width="150" height="72" rx="10" fill="#e0b77a"/><path d="M220 252V320M270 252V320" stroke="#c8965a" stroke-width="4"/><rect x="170" y="250" width="150" height="14" rx="7" fill="#ecc894"/>`
      );
    },
  ],
  water: [
    "water",
    "Agua de emergencia en sachet",
    () =>
      shadowE(200, 336, 120) +
      `<g transform="rotate(10 250 210)"><rect x="176" y="92" width="140" height="220" rx="16" fill="#a5d8ff"/><rect x="176" y="92" width="140" height="26" rx="6" fill="#74c0fc"/></g>` +
      `<rect x="104" y="86" width="150" height="236" rx="18" fill="#4dabf7"/>` +
      `<rect x="104" y="86" width="150" height="30" rx="8" fill="#339af0"/>` +
      [0, 1, 2, 3, 4, 5, 6, 7]
        .map((i) => `<rect x="${116 + i * 17}" y="92" width="4" height="18" rx="2" fill="#228be6"/>`)
        .join("") +
      `<path d="M104 126L112 132L104 138Z" fill="${BG.water}"/>` +
      `<rect x="122" y="150" width="114" height="140" rx="12" fill="#ffffff"/>` +
      drop(179, 214, 1.5, "#1c7ed6") +
      `<text x="179" y="274" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="800" letter-spacing="1" fill="#1c7ed6">AGUA</text>`,
  ],
  "water-filter": [
    "water",
    "Filtro de agua portátil",
    () =>
      `<path d="M40 314Q80 300 120 314T200 314T280 314T360 314V360H40Z" fill="#a5d8ff"/>` +
      `<g transform="rotate(-38 200 200)">` +
      `<rect x="172" y="56" width="56" height="270" rx="24" fill="#1c7ed6"/>` +
      `<rect x="184" y="120" width="32" height="120" rx="10" fill="#e7f5ff"/>` +
      [0, 1, 2, 3, 4, 5, 6]
        .map((i) => `<rect x="186" y="${128 + i * 16}" width="28" height="5" rx="2.5" fill="#a5d8ff"/>`)
        .join("") +
      `<rect x="168" y="40" width="64" height="40" rx="14" fill="#343a40"/><rect x="186" y="24" width="28" height="24" rx="8" fill="#495057"/>` +
      `<rect x="168" y="300" width="64" height="36" rx="12" fill="#343a40"/><rect x="178" y="252" width="10" height="44" rx="5" fill="#ffffff" opacity=".3"/>` +
      `</g>` +
      drop(318, 306, 0.7, "#4dabf7") +
      drop(108, 170, 0.9, "#74c0fc") +
      drop(86, 212, 0.6, "#74c0fc"),
  ],
  tent: [
    "shelter",
    "Carpa",
    () =>
      `<rect x="40" y="304" width="320" height="14" rx="7" fill="#8cc084"/>` +
      `<path d="M200 92L54 310M200 92L346 310" stroke="#495057" stroke-width="3"/>` +
      `<path d="M54 310l-6 18M346 310l6 18" stroke="#495057" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M200 96L330 306H70Z" fill="#2f9e44" stroke="#2f9e44" stroke-width="12" stroke-linejoin="round"/>` +
      `<path d="M200 96L330 306H200Z" fill="#2b8a3e" stroke="#2b8a3e" stroke-width="12" stroke-linejoin="round"/>` +
      `<path d="M200 150L252 312H148Z" fill="#1b4332"/>` +
      `<path d="M200 150L148 312H176Q186 230 200 150Z" fill="#51cf66"/>` +
      `<path d="M200 96V74" stroke="#495057" stroke-width="6" stroke-linecap="round"/><path d="M200 74h26l-6 8 6 8h-26z" fill="#e8590c"/>`,
  ],
  flint: [
    "fire",
    "Pedernal (barra de ferrocerio)",
    () => {
      const r = rng(5);
      let sparks = "";
      for (let i = 0; i < 16; i++) {
        const a = (-10 + r() * 110) * (Math.PI / 180);
        const d1 = 20 + r() * 20,
          d2 = d1 + 20 + r() * 50;
        sparks += `<path d="M${n(214 + d1 * Math.cos(a))} ${n(186 + d1 * Math.sin(a))}L${n(214 + d2 * Math.cos(a))} ${n(186 + d2 * Math.sin(a))}" stroke="${i % 2 ? "#ffd43b" : "#ff922b"}" stroke-width="${n(3 + r() * 3)}" stroke-linecap="round"/>`;
      }
      return (
        shadowE(200, 336, 110) +
        sparks +
        `<g transform="rotate(-42 200 200)">` +
        `<rect x="186" y="70" width="28" height="200" rx="14" fill="#495057"/><rect x="192" y="82" width="6" height="180" rx="3" fill="#868e96"/>` +
        `<rect x="172" y="258" width="56" height="96" rx="18" fill="#e8590c"/><rect x="172" y="280" width="56" height="8" fill="#c94d0a"/><circle cx="200" cy="334" r="8" fill="${BG.fire}"/>` +
        `</g>` +
        `<g transform="rotate(28 240 170)"><rect x="196" y="160" width="110" height="26" rx="5" fill="#adb5bd"/><rect x="196" y="160" width="110" height="7" rx="3" fill="#dee2e6"/><circle cx="290" cy="173" r="6" fill="#868e96"/></g>`
      );
    },
  ],
  tourniquet: [
    "med",
    "Torniquete",
    () =>
      shadowE(200, 330, 120) +
      `<ellipse cx="196" cy="226" rx="112" ry="76" fill="none" stroke="#212529" stroke-width="30"/>` +
      `<path d="M84 226A112 76 0 0 0 196 302" fill="none" stroke="#343a40" stroke-width="30"/>` +
      `<path d="M90 200A112 76 0 0 1 150 158" fill="none" stroke="#495057" stroke-width="10" stroke-dasharray="3 5"/>` +
      `<rect x="150" y="138" width="110" height="44" rx="8" fill="#343a40"/>` +
      `<g transform="rotate(-18 206 158)"><rect x="112" y="148" width="190" height="22" rx="11" fill="#495057"/><rect x="112" y="148" width="190" height="7" rx="3.5" fill="#868e96"/><rect x="284" y="144" width="28" height="30" rx="8" fill="#e03131"/></g>` +
      `<path d="M298 240h44v36q0 10-10 10h-24q-10 0-10-10z" fill="#e03131"/><rect x="300" y="226" width="30" height="30" rx="4" fill="#212529"/>` +
      `<rect x="168" y="258" width="70" height="26" rx="4" fill="#ffffff"/><path d="M176 271h54" stroke="#adb5bd" stroke-width="3"/>`,
  ],
  splint: [
    "med",
    "Férula inmovilizadora",
    () => {
      // a rolled splint (spiral) unrolling into a flat strip
      const cx = 150,
        cy = 200;
      let d = "";
      for (let i = 0; i <= 60; i++) {
        const a = (i / 60) * Math.PI * 2 * 2.4;
        const rr = 18 + (i / 60) * 62;
        const x = cx + rr * Math.cos(a + Math.PI / 2);
        const y = cy + rr * Math.sin(a + Math.PI / 2);
        d += `${i ? "L" : "M"}${n(x)} ${n(y)}`;
      }
      const endA = Math.PI * 2 * 2.4 + Math.PI / 2;
      const ex = cx + 80 * Math.cos(endA),
        ey = cy + 80 * Math.sin(endA);
      return (
        shadowE(220, 300, 150) +
        `<path d="${d}" fill="none" stroke="#1c7ed6" stroke-width="22" stroke-linejoin="round"/>` +
        `<path d="${d}" fill="none" stroke="#fd7e14" stroke-width="14" stroke-linejoin="round"/>` +
        `<path d="M${n(ex)} ${n(ey)}Q${n(ex + 40)} 290 ${n(cx + 40)} 288H340" fill="none" stroke="#1c7ed6" stroke-width="22"/>` +
        `<path d="M${n(ex)} ${n(ey)}Q${n(ex + 40)} 290 ${n(cx + 40)} 288H340" fill="none" stroke="#fd7e14" stroke-width="14"/>` +
        `<path d="M200 288H340" stroke="#ffa94d" stroke-width="3" stroke-dasharray="2 8"/>`
      );
    },
  ],
  compass: [
    "signal",
    "Brújula",
    () => {
      // the 4 cardinal ticks (longer, thicker) and the 32 others, each set one path
      const tick = ["", ""];
      for (let i = 0; i < 36; i++) {
        const a = (i * 10 * Math.PI) / 180;
        const r1 = i % 9 === 0 ? 84 : 90;
        tick[i % 9 === 0 ? 0 : 1] +=
          `M${n(200 + r1 * Math.sin(a))} ${n(214 - r1 * Math.cos(a))}L${n(200 + 96 * Math.sin(a))} ${n(214 - 96 * Math.cos(a))}`;
      }
      const ticks = tick
        .map((d, i) => `<path d="${d}" stroke="#868e96" stroke-width="${i ? 2 : 4}"/>`)
        .join("");
      const L = (t, x, y, c) =>
        `<text x="${x}" y="${y}" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="800" fill="${c}">${t}</text>`;
      return (
        shadowE(200, 350, 100) +
        `<circle cx="200" cy="82" r="16" fill="none" stroke="#343a40" stroke-width="8"/>` +
        `<circle cx="200" cy="214" r="122" fill="#343a40"/><circle cx="200" cy="214" r="108" fill="#e8590c"/><circle cx="200" cy="214" r="100" fill="#ffffff"/>` +
        ticks +
        L("N", 200, 152, "#e03131") +
        L("S", 200, 292, "#495057") +
        L("E", 270, 222, "#495057") +
        L("O", 130, 222, "#495057") +
        `<path d="M200 160L214 214H186Z" fill="#e03131"/><path d="M200 268L214 214H186Z" fill="#adb5bd"/>` +
        `<circle cx="200" cy="214" r="10" fill="#343a40"/><circle cx="200" cy="214" r="4" fill="#ffffff"/>`
      );
    },
  ],
  alarm: [
    "signal",
    "Alarma personal de alta frecuencia",
    () =>
      shadowE(200, 340, 80) +
      arcs(200, 236, 0, "#e8590c", 76) +
      arcs(200, 236, 180, "#e8590c", 76) +
      `<circle cx="200" cy="84" r="26" fill="none" stroke="#adb5bd" stroke-width="7"/><path d="M200 110V140" stroke="#868e96" stroke-width="6"/>` +
      `<rect x="184" y="130" width="32" height="22" rx="6" fill="#495057"/>` +
      `<rect x="146" y="144" width="108" height="190" rx="48" fill="#343a40"/><rect x="156" y="154" width="88" height="170" rx="40" fill="#495057"/>` +
      `<path d="M178 190H222M174 204H226M178 218H222" stroke="#212529" stroke-width="5" stroke-linecap="round"/>` +
      `<circle cx="200" cy="272" r="22" fill="#e8590c"/><circle cx="200" cy="272" r="10" fill="#ffa94d"/>`,
  ],
  whistle: [
    "signal",
    "Silbato de emergencia",
    () =>
      shadowE(200, 312, 120) +
      arcs(158, 150, 270, "#e8590c") +
      `<circle cx="318" cy="172" r="20" fill="none" stroke="#868e96" stroke-width="7"/>` +
      `<rect x="70" y="180" width="170" height="58" rx="12" fill="#fd7e14"/>` +
      `<circle cx="246" cy="238" r="68" fill="#fd7e14"/>` +
      `<rect x="70" y="180" width="170" height="14" rx="7" fill="#ffa94d"/>` +
      `<rect x="148" y="178" width="30" height="20" rx="3" fill="#7a2e00"/>` +
      `<circle cx="246" cy="238" r="34" fill="#e8590c"/><circle cx="246" cy="238" r="14" fill="#ffa94d"/>` +
      `<rect x="70" y="196" width="12" height="36" rx="4" fill="#e8590c"/>`,
  ],
  "signal-mirror": [
    "signal",
    "Espejo de señales",
    () =>
      shadowE(190, 334, 110) +
      `<defs><linearGradient id="smg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e7f5ff"/><stop offset=".5" stop-color="#a5d8ff"/><stop offset="1" stop-color="#d0ebff"/></linearGradient></defs>` +
      `<path d="M300 96L348 60M310 128L370 116M282 82L296 36" stroke="#fab005" stroke-width="8" stroke-linecap="round"/>` +
      `<g transform="rotate(-8 190 210)"><rect x="90" y="110" width="200" height="200" rx="22" fill="#868e96"/><rect x="104" y="124" width="172" height="172" rx="14" fill="url(#smg)"/>` +
      `<path d="M120 220L180 140M130 270L240 140" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity=".7"/>` +
      `<circle cx="190" cy="210" r="16" fill="#ffffff"/><circle cx="190" cy="210" r="8" fill="#343a40"/><circle cx="266" cy="134" r="6" fill="#495057"/></g>` +
      `<path d="M272 116Q330 140 320 200" fill="none" stroke="#e8590c" stroke-width="5"/>` +
      `<circle cx="330" cy="70" r="0"/>`,
  ],
  "air-horn": [
    "signal",
    "Bocina de aire",
    () =>
      shadowE(200, 340, 80) +
      arcs(300, 130, 0, "#e8590c") +
      `<rect x="148" y="176" width="104" height="156" rx="16" fill="#e03131"/><rect x="148" y="220" width="104" height="56" fill="#ffffff"/>` +
      `<path d="M172 248h56" stroke="#e03131" stroke-width="6" stroke-linecap="round"/>` +
      `<rect x="160" y="158" width="80" height="24" rx="6" fill="#adb5bd"/>` +
      `<rect x="168" y="112" width="60" height="50" rx="10" fill="#343a40"/><rect x="178" y="98" width="40" height="18" rx="6" fill="#e8590c"/>` +
      `<path d="M222 118L300 80Q314 130 300 180L222 146Z" fill="#f8f9fa" stroke="#adb5bd" stroke-width="5" stroke-linejoin="round"/>` +
      `<ellipse cx="300" cy="130" rx="12" ry="50" fill="#dee2e6" stroke="#adb5bd" stroke-width="5"/>` +
      `<rect x="160" y="190" width="12" height="130" rx="6" fill="#ffffff" opacity=".25"/>`,
  ],
  strobe: [
    "signal",
    "Luz estroboscópica",
    () => {
      let rays = "";
      for (let i = 0; i < 9; i++) {
        const a = ((-180 + i * 22.5) * Math.PI) / 180;
        rays += `<path d="M${n(200 + 96 * Math.cos(a))} ${n(182 + 96 * Math.sin(a))}L${n(200 + 140 * Math.cos(a))} ${n(182 + 140 * Math.sin(a))}" stroke="#fab005" stroke-width="10" stroke-linecap="round"/>`;
      }
      return (
        shadowE(200, 330, 110) +
        `<circle cx="200" cy="190" r="86" fill="#fff3bf"/>` +
        rays +
        `<path d="M146 266V180A54 54 0 0 1 254 180V266Z" fill="#ffe066"/>` +
        `<path d="M164 266V184A36 36 0 0 1 236 184V266Z" fill="#fff9db"/>` +
        `<path d="M158 186A42 42 0 0 1 190 144" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>` +
        `<rect x="188" y="180" width="24" height="70" rx="8" fill="#fab005"/>` +
        `<rect x="126" y="258" width="148" height="64" rx="14" fill="#343a40"/><rect x="126" y="258" width="148" height="14" fill="#e8590c"/><circle cx="240" cy="298" r="8" fill="#51cf66"/>`
      );
    },
  ],
  "eye-wash": [
    "med",
    "Lavador de ojos",
    () =>
      shadowE(200, 336, 90) +
      `<path d="M168 86Q200 60 232 86L226 108H174Z" fill="#1c7ed6"/>` +
      `<rect x="178" y="104" width="44" height="34" rx="6" fill="#1971c2"/>` +
      `<path d="M140 156Q140 134 170 134H230Q260 134 260 156V316Q260 334 242 334H158Q140 334 140 316Z" fill="#ffffff" stroke="#ced4da" stroke-width="4"/>` +
      `<path d="M144 200H256V314Q256 330 240 330H160Q144 330 144 314Z" fill="#a5d8ff"/>` +
      `<rect x="156" y="218" width="88" height="80" rx="10" fill="#ffffff"/>` +
      `<path d="M166 256Q200 222 234 256Q200 290 166 256Z" fill="#ffffff" stroke="#1c7ed6" stroke-width="5"/><circle cx="200" cy="256" r="11" fill="#1c7ed6"/>` +
      drop(286, 130, 0.9, "#4dabf7") +
      drop(304, 176, 0.6, "#74c0fc"),
  ],
  rope: [
    "gear",
    "Cuerda",
    () => {
      let s = shadowE(200, 324, 130);
      for (const [rx, ry] of [
        [126, 92],
        [104, 76],
        [82, 60],
      ]) {
        s += `<ellipse cx="200" cy="210" rx="${rx}" ry="${ry}" fill="none" stroke="#c94d0a" stroke-width="20"/>`;
        s += `<ellipse cx="200" cy="210" rx="${rx}" ry="${ry}" fill="none" stroke="#fd7e14" stroke-width="14"/>`;
        s += `<ellipse cx="200" cy="210" rx="${rx}" ry="${ry}" fill="none" stroke="#ffc078" stroke-width="14" stroke-dasharray="4 10"/>`;
      }
      s += `<path d="M126 218Q170 250 230 300Q260 326 300 330" fill="none" stroke="#c94d0a" stroke-width="20" stroke-linecap="round"/>`;
      s += `<path d="M126 218Q170 250 230 300Q260 326 300 330" fill="none" stroke="#fd7e14" stroke-width="14" stroke-linecap="round"/>`;
      s += `<path d="M126 218Q170 250 230 300Q260 326 300 330" fill="none" stroke="#ffc078" stroke-width="14" stroke-dasharray="4 10"/>`;
      s += `<rect x="300" y="320" width="20" height="20" rx="5" fill="#343a40"/>`;
      s += `<rect x="186" y="104" width="28" height="44" rx="6" fill="#343a40"/><rect x="186" y="272" width="28" height="44" rx="6" fill="#343a40"/>`;
      return s;
    },
  ],
  multitool: [
    "gear",
    "Multiherramienta",
    () =>
      shadowE(200, 320, 130) +
      `<g transform="translate(200 236) rotate(-18)">` +
      // blade
      `<g transform="translate(92 -8) rotate(-44)"><path d="M-4 -16H110Q150 -16 170 -40Q166 10 112 18H-4Z" fill="#dee2e6"/><path d="M-4 -16H110Q150 -16 170 -40L166 -30Q150 -6 112 -6H-4Z" fill="#f8f9fa"/><path d="M10 12H108" stroke="#adb5bd" stroke-width="3"/></g>` +
      // saw
      `<g transform="translate(-94 -8) rotate(248)"><rect x="0" y="-12" width="104" height="24" rx="4" fill="#ced4da"/><path d="M8 12l6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8" fill="#ced4da"/></g>` +
      // screwdriver
      `<g transform="translate(-80 -10) rotate(-120)"><rect x="0" y="-6" width="80" height="12" rx="3" fill="#adb5bd"/><rect x="72" y="-9" width="14" height="18" rx="2" fill="#adb5bd"/></g>` +
      // handle
      `<rect x="-120" y="-30" width="240" height="60" rx="30" fill="#e8590c"/><rect x="-108" y="-22" width="216" height="12" rx="6" fill="#ff922b"/>` +
      `<circle cx="-90" cy="6" r="8" fill="#ced4da"/><circle cx="90" cy="6" r="8" fill="#ced4da"/>` +
      `<rect x="-26" y="-2" width="52" height="16" rx="4" fill="#ffffff" opacity=".9"/><path d="M-3 0h6v4h4v6h-4v4h-6v-4h-4v-6h4z" fill="#e8590c"/>` +
      `</g>`,
  ],
  flare: [
    "fire",
    "Bengala de señales",
    () =>
      `<circle cx="250" cy="92" r="30" fill="#dee2e6"/><circle cx="290" cy="66" r="22" fill="#e9ecef"/><circle cx="222" cy="60" r="20" fill="#e9ecef"/><circle cx="320" cy="44" r="14" fill="#f1f3f5"/>` +
      `<circle cx="236" cy="140" r="52" fill="#ffc9c9" opacity=".7"/>` +
      shadowE(170, 336, 80) +
      `<g transform="rotate(30 200 220)">` +
      `<rect x="176" y="140" width="48" height="200" rx="10" fill="#e03131"/><rect x="176" y="180" width="48" height="40" fill="#ffffff"/><rect x="176" y="190" width="48" height="4" fill="#e03131"/>` +
      `<rect x="172" y="286" width="56" height="60" rx="10" fill="#343a40"/><rect x="180" y="128" width="40" height="16" rx="4" fill="#495057"/>` +
      `</g>` +
      flame(248, 150, 1.2, "#ff6b6b", "#ffe066"),
  ],
  "life-vest": [
    "water",
    "Chaleco salvavidas",
    () => {
      const left = "M196 132L168 80Q140 74 122 92Q128 150 98 178L100 312Q150 328 196 320Z";
      const right = "M204 132L232 80Q260 74 278 92Q272 150 302 178L300 312Q250 328 204 320Z";
      return (
        shadowE(200, 336, 110) +
        `<path d="M168 80Q200 58 232 80L208 134H192Z" fill="#d9480f"/>` +
        `<path d="${left}" fill="#fd7e14" stroke="#fd7e14" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="${right}" fill="#f76707" stroke="#f76707" stroke-width="8" stroke-linejoin="round"/>` +
        `<rect x="100" y="200" width="96" height="16" fill="#e9ecef"/><rect x="204" y="200" width="96" height="16" fill="#dee2e6"/>` +
        `<rect x="100" y="270" width="96" height="16" fill="#e9ecef"/><rect x="204" y="270" width="96" height="16" fill="#dee2e6"/>` +
        `<rect x="96" y="234" width="208" height="12" fill="#343a40"/><rect x="184" y="228" width="32" height="24" rx="4" fill="#212529"/>` +
        `<rect x="96" y="292" width="208" height="10" fill="#343a40"/><rect x="186" y="288" width="28" height="18" rx="4" fill="#212529"/>` +
        `<path d="M150 110Q146 150 124 170" fill="none" stroke="#ffa94d" stroke-width="6" stroke-linecap="round"/>`
      );
    },
  ],
  "hard-hat": [
    "gear",
    "Casco de seguridad",
    () =>
      shadowE(200, 300, 140) +
      `<path d="M92 256Q92 122 200 112Q308 122 308 256Z" fill="#fab005"/>` +
      `<path d="M200 112Q308 122 308 256H244Q246 150 200 112Z" fill="#f59f00"/>` +
      `<path d="M176 256Q170 140 200 110Q230 140 224 256Z" fill="#ffd43b"/>` +
      `<path d="M128 160Q160 130 176 126" fill="none" stroke="#fff3bf" stroke-width="10" stroke-linecap="round"/>` +
      `<rect x="56" y="248" width="288" height="30" rx="15" fill="#f08c00"/><rect x="70" y="250" width="200" height="8" rx="4" fill="#ffd43b"/>`,
  ],
  "ear-protection": [
    "gear",
    "Protector auditivo (orejeras)",
    () =>
      shadowE(200, 338, 120) +
      `<path d="M112 214C112 64 288 64 288 214" fill="none" stroke="#343a40" stroke-width="22" stroke-linecap="round"/>` +
      `<path d="M148 108Q200 80 252 108" fill="none" stroke="#495057" stroke-width="30" stroke-linecap="round"/>` +
      `<rect x="100" y="196" width="26" height="40" rx="6" fill="#868e96"/><rect x="274" y="196" width="26" height="40" rx="6" fill="#868e96"/>` +
      `<rect x="70" y="220" width="78" height="116" rx="36" fill="#e03131"/><rect x="252" y="220" width="78" height="116" rx="36" fill="#e03131"/>` +
      `<rect x="140" y="230" width="24" height="96" rx="12" fill="#212529"/><rect x="236" y="230" width="24" height="96" rx="12" fill="#212529"/>` +
      `<rect x="84" y="240" width="12" height="60" rx="6" fill="#ff8787"/>`,
  ],
  "safety-glasses": [
    "gear",
    "Lentes de seguridad",
    () =>
      shadowE(200, 300, 130) +
      `<path d="M66 176Q200 150 334 176Q346 238 300 266Q254 284 218 244Q200 226 182 244Q146 284 100 266Q54 238 66 176Z" fill="#a5d8ff" fill-opacity=".75" stroke="#495057" stroke-width="7" stroke-linejoin="round"/>` +
      `<path d="M66 176Q58 210 48 222M334 176Q342 210 352 222" fill="none" stroke="#495057" stroke-width="9" stroke-linecap="round"/>` +
      `<path d="M60 176Q200 144 340 176" fill="none" stroke="#343a40" stroke-width="14" stroke-linecap="round"/>` +
      `<path d="M186 242Q200 224 214 242" fill="none" stroke="#343a40" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M104 200L128 182M110 230L150 196M258 200L282 182M264 230L304 196" stroke="#ffffff" stroke-width="7" stroke-linecap="round"/>`,
  ],
  "burn-gel": [
    "med",
    "Gel para quemaduras",
    () =>
      shadowE(200, 340, 100) +
      `<g transform="rotate(-14 200 210)">` +
      `<path d="M118 96H282L262 276H138Z" fill="#ffffff" stroke="#ced4da" stroke-width="4" stroke-linejoin="round"/>` +
      `<rect x="112" y="80" width="176" height="26" rx="4" fill="#dee2e6"/>` +
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        .map((i) => `<rect x="${122 + i * 16}" y="84" width="5" height="18" fill="#ced4da"/>`)
        .join("") +
      `<path d="M138 276H262L246 292H154Z" fill="#e9ecef"/><rect x="172" y="290" width="56" height="44" rx="8" fill="#1c7ed6"/>` +
      `<path d="M128 146H272L266 226H134Z" fill="#1c7ed6"/>` +
      flame(176, 196, 0.55, "#ff922b", "#ffe066") +
      drop(232, 196, 1.3, "#ffffff") +
      `<text x="200" y="258" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="800" letter-spacing="2" fill="#1c7ed6">GEL</text>` +
      `</g>`,
  ],
  "sleeping-bag": [
    "shelter",
    "Saco de dormir",
    () => {
      let q = "";
      for (const y of [196, 232, 268, 304])
        q += `<path d="M${y < 300 ? 124 : 140} ${y}Q200 ${y + 14} ${y < 300 ? 276 : 260} ${y}" fill="none" stroke="#1864ab" stroke-width="4"/>`;
      return (
        shadowE(200, 352, 80) +
        `<path d="M200 60C264 60 292 104 288 160L268 326Q260 350 200 350Q140 350 132 326L112 160C108 104 136 60 200 60Z" fill="#1c7ed6"/>` +
        `<path d="M200 60C264 60 292 104 288 160L268 326Q260 350 200 350Z" fill="#1971c2"/>` +
        `<ellipse cx="200" cy="128" rx="58" ry="44" fill="#ffa94d"/><ellipse cx="200" cy="134" rx="42" ry="30" fill="#e8590c"/>` +
        q +
        `<path d="M252 172L240 330" stroke="#d0ebff" stroke-width="4" stroke-dasharray="6 4"/><rect x="246" y="166" width="12" height="20" rx="3" fill="#e9ecef"/>` +
        `<path d="M160 92Q140 110 142 140" fill="none" stroke="#74c0fc" stroke-width="6" stroke-linecap="round"/>`
      );
    },
  ],
  "power-bank": [
    "signal",
    "Batería externa",
    () =>
      shadowE(190, 340, 90) +
      `<path d="M210 96Q210 54 260 56Q320 60 318 120V170" fill="none" stroke="#495057" stroke-width="8"/><rect x="306" y="166" width="24" height="40" rx="5" fill="#343a40"/><rect x="312" y="204" width="12" height="10" fill="#adb5bd"/>` +
      `<rect x="196" y="88" width="28" height="18" rx="3" fill="#343a40"/>` +
      `<rect x="120" y="100" width="160" height="236" rx="24" fill="#343a40"/><rect x="132" y="112" width="136" height="212" rx="16" fill="#495057"/>` +
      `<path d="M214 150L166 228H204L188 290L240 204H202Z" fill="#ffd43b"/>` +
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${152 + i * 26}" y="300" width="18" height="8" rx="4" fill="${i < 3 ? "#51cf66" : "#868e96"}"/>`,
        )
        .join(""),
  ],
  poncho: [
    "shelter",
    "Poncho para lluvia",
    () => {
      const r = rng(3);
      let rain = "";
      for (let i = 0; i < 10; i++) {
        const x = 50 + r() * 300,
          y = 40 + r() * 300;
        if (x > 110 && x < 290 && y > 60) continue;
        rain += `<path d="M${n(x)} ${n(y)}l-6 16" stroke="#4dabf7" stroke-width="5" stroke-linecap="round"/>`;
      }
      return (
        rain +
        shadowE(200, 330, 130) +
        `<path d="M200 70C240 70 258 98 260 136L338 300Q200 334 62 300L140 136C142 98 160 70 200 70Z" fill="#fab005"/>` +
        `<path d="M200 70C240 70 258 98 260 136L338 300Q270 318 200 320Q250 200 200 70Z" fill="#f59f00"/>` +
        `<ellipse cx="200" cy="132" rx="34" ry="42" fill="#495057"/><ellipse cx="200" cy="140" rx="24" ry="32" fill="#343a40"/>` +
        `<path d="M200 176V300" stroke="#f08c00" stroke-width="4"/>` +
        [200, 230, 260].map((y) => `<circle cx="200" cy="${y}" r="6" fill="#ffffff"/>`).join("") +
        `<path d="M180 172l-8 34M220 172l8 34" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/>`
      );
    },
  ],
};

function componentSvg(name) {
  const def = COMPONENTS[name];
  if (!def) throw new Error(`No illustration defined for component "${name}"`);
  const [cat, title, draw] = def;
  const bg = BG[cat];
  const body =
    `<rect width="400" height="400" rx="72" fill="${bg}"/>` +
    `<circle cx="200" cy="206" r="150" fill="#ffffff" opacity=".45"/>` +
    draw();
  return svgDoc(400, 400, title, body);
}

// ---------------------------------------------------------------------------------------------
// favicon.ico: the emblem rasterised in pure Node (supersampled) and stored as PNG-in-ICO.
// ---------------------------------------------------------------------------------------------

function inRoundRect(px, py, x, y, w, h, r) {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** Colour of the emblem (40x40 units) at a point: [r,g,b,a]. Mirrors emblem(). */
function emblemAt(px, py, simple) {
  const orange = hex(ORANGE);
  const white = [255, 255, 255];
  const line = hex(shade(ORANGE, 0.18));
  const inBody = inRoundRect(px, py, 2, 9, 36, 29, 7);
  if (inBody) {
    if (inRoundRect(px, py, 17, 15, 6, 18, 1.5) || inRoundRect(px, py, 11, 21, 18, 6, 1.5))
      return [...white, 255];
    if (!simple && py >= 17 && py < 19) return [...line, 255];
    return [...orange, 255];
  }
  // handle: the band between two rounded rects, above the body
  const outer = inRoundRect(px, py, 11.4, 1.4, 17.2, 14, 5.1);
  const inner = inRoundRect(px, py, 14.6, 4.6, 10.8, 14, 1.9);
  if (outer && !inner && py < 10) return [...orange, 255];
  return [0, 0, 0, 0];
}

function rasterEmblem(size, bold) {
  const ss = 8;
  const px = Buffer.alloc(size * size * 4);
  // at 16px, draw the emblem a little larger (less padding) so it reads
  const pad = bold ? -1.5 : 0;
  const scale = (40 - 2 * pad) / size;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let j = 0; j < ss; j++)
        for (let i = 0; i < ss; i++) {
          const u = pad + (x + (i + 0.5) / ss) * scale;
          const v = pad + (y + (j + 0.5) / ss) * scale;
          const c = emblemAt(u, v, bold);
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      const o = (y * size + x) * 4;
      if (a > 0) {
        px[o] = Math.round(r / a);
        px[o + 1] = Math.round(g / a);
        px[o + 2] = Math.round(b / a);
      }
      px[o + 3] = Math.round(a / (ss * ss));
    }
  return px;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e[2] = 0;
    e[3] = 0;
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

function main() {
  for (const kitId of kitIds) write(`art/kits/${kitId}.svg`, kitSvg(kitId, kitComponents[kitId]));

  for (const scene of sceneNames) {
    const draw = SCENES[scene];
    if (!draw) throw new Error(`No illustration defined for scene "${scene}"`);
    write(`art/scenes/${scene}.svg`, svgDoc(800, 600, SCENE_TITLES[scene], draw()));
  }

  for (const name of componentNames) write(`art/components/${name}.svg`, componentSvg(name));

  write("art/logo.svg", logoSvg());
  write("favicon.svg", faviconSvg());
  const ico = encodeIco(
    [16, 32].map((size) => ({ size, png: encodePng(size, rasterEmblem(size, size === 16)) })),
  );
  mkdirSync(publicDir, { recursive: true });
  writeFileSync(join(publicDir, "favicon.ico"), ico);
  written.push(["favicon.ico", ico.length]);

  // kit heroes draw up to 13 component icons (about 5 KB with gzip, as the server sends them)
  const limits = (rel) => (rel.startsWith("art/kits/") ? 22528 : 6144);
  let over = 0;
  for (const [rel, bytes] of written) {
    const flag = rel.endsWith(".svg") && bytes > limits(rel) ? "  (over size budget)" : "";
    if (flag) over++;
    if (process.argv.includes("--verbose") || flag)
      console.log(`${rel.padEnd(40)} ${String(bytes).padStart(6)} B${flag}`);
  }
  console.log(
    `generate-art: wrote ${written.length} files to public/${over ? ` (${over} over size budget)` : ""}`,
  );
}

// Shared with scripts/generate-og-image.mjs.
export { FONT, INK, ORANGE, THEMES, emblem, heroCase, mix, shade, tint };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
