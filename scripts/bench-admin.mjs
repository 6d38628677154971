// `npm run bench:admin`: the admin lists at scale (issue 4, docs/decisions/017-admin-lists.md).
//
// Builds a throwaway SQLite database with the real migrations: up to 0002 (the tables), then seeds
// 1,000,000 orders and 200,000 quotes, contact messages and subscribers (a child process,
// better-sqlite3 prepared statements in big transactions), then runs the remaining migrations over
// the rows (0005 builds the list indexes and fills the search indexes). It then measures the
// orders list through the real model code (app/models/admin-lists/, loaded with Vite) on
// the app's own database connection (app/infra/db.server.ts): the first page, searches, a sort
// and a deep page, each as latency p50/p95 over repeated runs, and the process's peak memory (RSS)
// while they run; then a CSV export of the whole table, to show that memory stays flat.
//
// Target (issue 4): p95 ≤ 50 ms for each on SQLite, memory flat. It is a benchmark, not a test: it
// exits 0 whether or not the targets are met, and 1 when something fails.
//
// Environment: BENCH_ORDERS (default 1000000), BENCH_OTHERS (rows of each other entity, default
// 200000), BENCH_RUNS (timed runs per case, default 30), BENCH_EXPORT=0 (skip the CSV export),
// BENCH_DIR=<dir> (keep the database there and reuse it on the next run instead of seeding again;
// by default a temporary folder, removed at the end).
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const root = path.resolve(import.meta.dirname, "..");

const count = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number ≥ 0 (got ${JSON.stringify(process.env[name])}).`);
    process.exit(1);
  }
  return value;
};

// ---------------------------------------------------------------------------------------------
// Seeding (child process)
// ---------------------------------------------------------------------------------------------

const firstNames = [
  "Agustín",
  "Ana",
  "Antonia",
  "Benjamín",
  "Camila",
  "Catalina",
  "Constanza",
  "Cristóbal",
  "Diego",
  "Emilia",
  "Fernanda",
  "Florencia",
  "Francisca",
  "Gabriel",
  "Ignacio",
  "Isidora",
  "Javiera",
  "Joaquín",
  "José",
  "Josefa",
  "Juan",
  "Lucas",
  "Martina",
  "Matías",
  "Maximiliano",
  "María",
  "Nicolás",
  "Pablo",
  "Paula",
  "Rocío",
  "Sebastián",
  "Sofía",
  "Tomás",
  "Valentina",
  "Vicente",
  "Ximena",
  "Óscar",
  "Ángela",
  "Ñusta",
  "Renata",
];
const surnames = [
  "González",
  "Muñoz",
  "Rojas",
  "Díaz",
  "Pérez",
  "Soto",
  "Contreras",
  "Silva",
  "Martínez",
  "Sepúlveda",
  "Morales",
  "Rodríguez",
  "López",
  "Fuentes",
  "Hernández",
  "Torres",
  "Araya",
  "Flores",
  "Espinoza",
  "Valenzuela",
  "Castillo",
  "Tapia",
  "Reyes",
  "Gutiérrez",
  "Castro",
  "Pizarro",
  "Álvarez",
  "Vásquez",
  "Sánchez",
  "Fernández",
  "Ramírez",
  "Carrasco",
  "Gómez",
  "Cortés",
  "Herrera",
  "Núñez",
  "Jara",
  "Vergara",
  "Rivera",
  "Figueroa",
  "Riquelme",
  "García",
  "Miranda",
  "Bravo",
  "Vera",
  "Molina",
  "Vega",
  "Campos",
  "Sandoval",
  "Orellana",
  "Zúñiga",
  "Olivares",
  "Alarcón",
  "Gallardo",
  "Ortiz",
  "Garrido",
  "Salazar",
  "Guzmán",
  "Henríquez",
  "Saavedra",
  "Navarro",
  "Aguilera",
  "Parra",
  "Romero",
  "Aravena",
  "Pino",
  "Godoy",
  "Cáceres",
  "Leiva",
  "Escobar",
  "Yáñez",
  "Vidal",
  "Salinas",
  "Cárdenas",
  "Jiménez",
  "Ruiz",
  "Lagos",
  "Maldonado",
  "Bustos",
  "Medina",
  "Ñancupil",
  "Quezada",
  "Peña",
  "Acuña",
  "Ibáñez",
];
const streets = [
  "Av. Providencia",
  "Los Aromos",
  "Irarrázaval",
  "Pedro de Valdivia",
  "Gran Avenida",
  "Av. Matta",
];
const statuses = ["pendiente_pago", "pagado", "en_preparacion", "enviado", "entregado", "cancelado"];
const statusWeights = [0.1, 0.1, 0.05, 0.1, 0.6, 0.05];
const products = ["LifeBox Essential", "LifeBox Expedition", "LifeBox Nautical", "LifeBox Industry"];
const subjects = [
  "Consulta por envío",
  "Garantía",
  "Factura",
  "Cotización para empresa",
  "Cambio de dirección",
];
const cities = ["Santiago", "Valparaíso", "Concepción", "Temuco", "Antofagasta", "Puerto Montt", "La Serena"];

/** A deterministic pseudo-random source (the same data on every run). */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ascii = (text) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

async function seed({ file, orders, others, kits, comunas }) {
  const { default: SQLite } = await import("better-sqlite3");
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -400000");
  const random = randomSource(20250301);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const weighted = (list, weights) => {
    let r = random();
    for (let i = 0; i < list.length; i++) if ((r -= weights[i]) < 0) return list[i];
    return list[list.length - 1];
  };
  const start = Date.parse("2023-01-01T00:00:00.000Z");
  const spanMs = Date.parse("2026-01-01T00:00:00.000Z") - start;
  // Rows arrive in time order, with some jitter (as a real table fills).
  const timeAt = (index, total) =>
    new Date(start + Math.floor(((index + random() * 5) / (total + 5)) * spanMs)).toISOString();
  const person = () => {
    const first = pick(firstNames);
    const last = `${pick(surnames)} ${pick(surnames)}`;
    return { first, last, name: `${first} ${last}` };
  };
  const phone = () =>
    `+56 9 ${String(Math.floor(random() * 1e4)).padStart(4, "0")} ${String(Math.floor(random() * 1e4)).padStart(4, "0")}`;
  const rut = () => {
    const body = 5_000_000 + Math.floor(random() * 20_000_000);
    const digits = String(body);
    return `${digits.slice(0, -6)}.${digits.slice(-6, -3)}.${digits.slice(-3)}-${"0123456789K"[body % 11]}`;
  };
  const numberAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const orderNumber = (index) => {
    let n = index;
    let text = "";
    for (let i = 0; i < 6; i++) {
      text = numberAlphabet[n % numberAlphabet.length] + text;
      n = Math.floor(n / numberAlphabet.length);
    }
    return `LB-${text}`;
  };

  const batch = 50_000;
  async function fill(label, total, insert, row) {
    const started = performance.now();
    for (let from = 0; from < total; from += batch) {
      db.transaction(() => {
        for (let index = from; index < Math.min(total, from + batch); index++) insert.run(row(index, total));
      })();
      process.send?.({
        progress: `${label}: ${Math.min(total, from + batch).toLocaleString("en")} / ${total.toLocaleString("en")}`,
      });
    }
    return { label, rows: total, seconds: (performance.now() - started) / 1000 };
  }

  const timings = [];
  const insertOrder = db.prepare(`insert into orders (id, number, kit_id, kit_name, unit_price, shipping_kind,
    total, status, customer_name, email, phone, region_cut, comuna_cut, address, rut, notes, terms_accepted_at,
    created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  timings.push(
    await fill("orders", orders, insertOrder, (index, total) => {
      const kit = pick(kits);
      const comuna = pick(comunas);
      const { first, last, name } = person();
      const at = timeAt(index, total);
      return [
        crypto.randomUUID(),
        orderNumber(index),
        kit.id,
        kit.name,
        kit.price,
        comuna.shipping,
        kit.price,
        weighted(statuses, statusWeights),
        name,
        `${ascii(first)}.${ascii(last.split(" ")[0])}${index}@example.cl`,
        phone(),
        comuna.regionCut,
        comuna.cut,
        `${pick(streets)} ${1 + Math.floor(random() * 9000)}`,
        random() < 0.6 ? rut() : null,
        random() < 0.1 ? "Dejar en conserjería" : null,
        at,
        at,
        at,
      ];
    }),
  );
  const insertQuote = db.prepare(`insert into quotes (id, product_id, product_name, full_name, email, phone,
    company, city, additional_notes, created_at, answered_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  timings.push(
    await fill("quotes", others, insertQuote, (index, total) => {
      const kit = pick(kits);
      const { first, name } = person();
      const at = timeAt(index, total);
      return [
        crypto.randomUUID(),
        kit.id,
        kit.name,
        name,
        `${ascii(first)}${index}@empresa${index % 997}.cl`,
        phone(),
        `${pick(surnames)} y Cía. ${index % 5000}`,
        pick(cities),
        random() < 0.5 ? "Necesitamos 40 unidades." : null,
        at,
        random() < 0.7 ? at : null,
      ];
    }),
  );
  const insertContact =
    db.prepare(`insert into contact_messages (id, name, email, subject, message, created_at,
    answered_at) values (?, ?, ?, ?, ?, ?, ?)`);
  timings.push(
    await fill("contact messages", others, insertContact, (index, total) => {
      const { first, last, name } = person();
      const at = timeAt(index, total);
      return [
        crypto.randomUUID(),
        name,
        `${ascii(first)}.${ascii(last)}${index}@correo.cl`,
        pick(subjects),
        `Hola, quisiera saber más sobre ${pick(products)}.`,
        at,
        random() < 0.7 ? at : null,
      ];
    }),
  );
  const insertSubscriber = db.prepare(`insert into subscribers (id, email, unsubscribe_token, created_at,
    consented_at) values (?, ?, ?, ?, ?)`);
  timings.push(
    await fill("subscribers", others, insertSubscriber, (index, total) => {
      const { first, last } = person();
      const at = timeAt(index, total);
      return [
        crypto.randomUUID(),
        `${ascii(first)}.${ascii(last)}${index}@example.cl`,
        crypto.randomUUID().replaceAll("-", "") + String(index).padStart(11, "0"),
        at,
        at,
      ];
    }),
  );
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return timings;
}

// ---------------------------------------------------------------------------------------------
// Measuring (main process)
// ---------------------------------------------------------------------------------------------

/** Nearest-rank percentile of ascending values. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
const fixed = (value) => value.toFixed(1);

/** Samples this process's RSS every few milliseconds between start() and stop(). */
function rssSampler() {
  let peak = 0;
  let timer;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  return {
    start() {
      peak = 0;
      sample();
      timer = setInterval(sample, 5);
    },
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  console.log("");
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
        .join("  "),
    );
  }
}

async function main() {
  const orders = count("BENCH_ORDERS", 1_000_000);
  const others = count("BENCH_OTHERS", 200_000);
  const runs = Math.max(1, count("BENCH_RUNS", 30));
  const keep = process.env.BENCH_DIR ? path.resolve(process.env.BENCH_DIR) : undefined;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-bench-admin-"));
  const file = path.join(dataDir, "lifebox.sqlite");
  const reuse = keep !== undefined && fs.existsSync(file);

  const vite = await import("vite");
  const server = await vite.createServer({
    root,
    configFile: false,
    logLevel: "warn",
    resolve: { alias: { "~": path.join(root, "app") } },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
  });
  let failed = false;
  try {
    const { openDatabase, migrateToLatest, migrationProvider } =
      await server.ssrLoadModule("/app/infra/db.server.ts");
    const lists = await server.ssrLoadModule("/app/models/admin-lists/orders.server.ts");
    const mechanism = await server.ssrLoadModule("/app/models/admin-lists/engine.server.ts");
    const { kitList } = await server.ssrLoadModule("/app/content/kits.ts");
    const { comunas } = await server.ssrLoadModule("/app/content/chile.ts");
    const { shippingFor } = await server.ssrLoadModule("/app/lib/places.ts");

    console.log(`SQLite database: ${file}${reuse ? " (reused)" : ""}`);
    let handle = openDatabase({ dataDir });
    if (!reuse) {
      // The tables as migration 0002 made them; the rows go in, then the remaining migrations run
      // over them (0005 builds the sort indexes and fills the search indexes from the rows), as when
      // 0005 is deployed on a shop that already has its data. Building indexes over existing rows is
      // much faster than maintaining them row by row, which keeps the seeding to a few minutes.
      const { Migrator } = await import("kysely");
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      const { error } = await migrator.migrateTo("0002-customer-submissions");
      if (error) throw error;
      await handle.db.destroy();
      console.log("Seeding…");
      const timings = await new Promise((resolve, reject) => {
        const child = fork(import.meta.filename, ["--seed"], {
          stdio: ["ignore", "inherit", "inherit", "ipc"],
        });
        let last = 0;
        child.on("message", (message) => {
          if (message.progress && Date.now() - last > 10_000) {
            last = Date.now();
            console.log(`  ${message.progress}`);
          }
          if (message.done) resolve(message.done);
          if (message.error) reject(new Error(message.error));
        });
        child.on(
          "exit",
          (code) => code !== 0 && reject(new Error(`The seeding process exited with ${code}`)),
        );
        child.send({
          file,
          orders,
          others,
          kits: kitList.map((kit) => ({ id: kit.id, name: kit.name, price: kit.price })),
          comunas: comunas.map((comuna) => ({ ...comuna, shipping: shippingFor(comuna.cut).kind })),
        });
      });
      for (const { label, rows, seconds } of timings) {
        console.log(`  ${label}: ${rows.toLocaleString("en")} rows in ${seconds.toFixed(1)} s`);
      }
      handle = openDatabase({ dataDir });
    }
    const started = performance.now();
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) {
      console.log(
        `Migrations ${applied.join(", ")} over the rows: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await handle.db.destroy();
    console.log(`Database file: ${mb(fs.statSync(file).size)} MB`);

    handle = openDatabase({ dataDir });
    const { db } = handle;
    const { ordersList } = lists;
    const { listPage, listCsv } = mechanism;

    // Real values to search for, taken from the data.
    const sample = await db
      .selectFrom("orders")
      .select(["email", "number", "customer_name"])
      .orderBy("created_at", "desc")
      .offset(Math.floor(orders / 3))
      .limit(1)
      .executeTakeFirst();
    const total = orders;
    const middlePage = Math.max(1, Math.floor(total / ordersList.pageSize / 2));
    const lastPage = Math.max(1, Math.ceil(total / ordersList.pageSize));

    /** [label, query, target?] — the four of the issue first, then more cases for context. */
    const cases = [
      ["first page (newest first)", {}, true],
      ["search 'pérez' (surname, many matches)", { q: "pérez" }, true],
      ["sort by customer (Cliente ↑)", { sort: "customer", dir: "asc" }, true],
      [
        `deep page ${middlePage.toLocaleString("en")} of ${lastPage.toLocaleString("en")} (middle)`,
        { page: String(middlePage) },
        true,
      ],
      ["search an e-mail (one match)", { q: sample?.email.split("@")[0] ?? "x" }],
      ["search an order number", { q: sample?.number ?? "x" }],
      ["search 'valentina muñoz' (hundreds)", { q: "valentina muñoz" }],
      ["search '123' (thousands: phones, RUTs)", { q: "123" }],
      ["search '123' + sort Cliente ↑", { q: "123", sort: "customer", dir: "asc" }],
      ["search 'ximena nautical' (thousands)", { q: "ximena nautical" }],
      ["search 'ximena nautical' + sort Cliente ↑", { q: "ximena nautical", sort: "customer", dir: "asc" }],
      ["search 'nautical' (product, ~25%)", { q: "nautical" }],
      ["search 'pérez' + sort Cliente ↓", { q: "pérez", sort: "customer", dir: "desc" }],
      ["search 'pérez', page 20", { q: "pérez", page: "20" }],
      ["filter status 'pagado'", { estado: "pagado" }],
      ["filter 'pagado' + sort Total ↓", { estado: "pagado", sort: "total", dir: "desc" }],
      // Decision 065: no folio is seeded, so nearly every paid order lacks its document (the worst case).
      ["filter 'Pagados sin documento'", { emision: "sin-emitir" }],
      ["'Pagados sin documento' + sort Total ↓", { emision: "sin-emitir", sort: "total", dir: "desc" }],
      ["sort by customer, deep page", { sort: "customer", dir: "asc", page: String(middlePage) }],
      [`last page (${lastPage.toLocaleString("en")})`, { page: String(lastPage) }],
    ];

    const sampler = rssSampler();
    const rows = [["case", "plan", "rows found", "p50 ms", "p95 ms", "max ms", "peak RSS MB", "target"]];
    const baseline = process.memoryUsage.rss();
    let overallPeak = baseline;
    for (const [label, query, target] of cases) {
      const params = new URLSearchParams(query);
      let result;
      for (let i = 0; i < 3; i++) result = await listPage(db, ordersList, params); // warm-up
      const times = [];
      sampler.start();
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        result = await listPage(db, ordersList, params);
        times.push(performance.now() - t);
      }
      const peak = sampler.stop();
      overallPeak = Math.max(overallPeak, peak);
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      rows.push([
        label,
        result.plan,
        `${result.totalIsLowerBound ? ">" : ""}${result.total.toLocaleString("en")}`,
        fixed(percentile(times, 50)),
        fixed(p95),
        fixed(times[times.length - 1]),
        mb(peak),
        target ? (p95 <= 50 ? "met" : "MISSED") : "",
      ]);
      if (result.rows.length === 0 && result.total > 0)
        throw new Error(`${label}: an empty page of a non-empty list`);
    }
    printTable(rows);
    console.log(
      `\nRSS before the cases ${mb(baseline)} MB, peak during them ${mb(overallPeak)} MB (${runs} runs each, after 3 warm-ups).`,
    );

    if (process.env.BENCH_EXPORT !== "0") {
      for (const [label, query] of [
        ["CSV export of every order", {}],
        ["CSV export of search 'pérez'", { q: "pérez" }],
      ]) {
        sampler.start();
        const t = performance.now();
        let bytes = 0;
        let lines = 0;
        for await (const chunk of listCsv(db, ordersList, new URLSearchParams(query))) {
          bytes += Buffer.byteLength(chunk);
          for (let i = chunk.indexOf("\r\n"); i !== -1; i = chunk.indexOf("\r\n", i + 2)) lines++;
        }
        const peak = sampler.stop();
        console.log(
          `${label}: ${(lines - 1).toLocaleString("en")} rows, ${mb(bytes)} MB of CSV in ${((performance.now() - t) / 1000).toFixed(1)} s, peak RSS ${mb(peak)} MB`,
        );
      }
    }
    await db.destroy();
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await server.close();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

// The seeding child runs seed(); the command runs main().
if (process.argv[2] === "--seed") {
  process.once("message", async (task) => {
    try {
      process.send({ done: await seed(task) });
    } catch (error) {
      process.send({ error: String(error?.stack ?? error) });
    }
    process.disconnect();
  });
} else {
  await main();
}
