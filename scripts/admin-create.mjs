// npm run admin:create -- --email ana@lifebox.cl [--name "Ana Pérez"]
//
// Creates a staff account of the back office (docs/product.md#d12; docs/decisions/018). The password is
// read from ADMIN_PASSWORD when set (automation), otherwise asked twice on the terminal without
// echo; there is no default password. It must meet docs/product.md#spec-5's policy (8+ characters, lower
// case, upper case, digit, symbol). The account is written to the database the server uses (DATABASE_URL,
// or the SQLite file in DATA_DIR), migrated first. The TypeScript of app/ (with its `~/` alias and
// the migrations bundled by import.meta.glob) is loaded through Vite, as `npm run dev` does.
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");

const usage = 'Uso: npm run admin:create -- --email ana@lifebox.cl [--name "Ana Pérez"]';

function fail(message) {
  console.error(message);
  process.exit(1);
}

let options;
try {
  ({ values: options } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${error.message}\n${usage}`);
}
if (options.help) {
  console.log(
    `${usage}\n\nLa contraseña se lee de ADMIN_PASSWORD o se pide en la terminal (sin mostrarla).\n` +
      "Debe tener al menos 8 caracteres, con minúscula, mayúscula, número y símbolo.",
  );
  process.exit(0);
}
if (!options.email) fail(`Falta --email.\n${usage}`);

/** Reads a line from the terminal without showing it (raw mode; Ctrl+C cancels). */
function askHidden(question) {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let typed = "";
    const done = (error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener("data", onData);
      stdout.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") return done();
        if (char === "\u0003") return done(new Error("Cancelado."));
        if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
        else if (char >= " ") typed += char;
      }
    };
    stdin.on("data", onData);
  });
}

let password = process.env.ADMIN_PASSWORD;
if (password === undefined || password === "") {
  if (!process.stdin.isTTY) {
    fail("Define ADMIN_PASSWORD o ejecuta el comando en una terminal para escribir la contraseña.");
  }
  try {
    password = await askHidden("Contraseña del nuevo administrador: ");
    const again = await askHidden("Repite la contraseña: ");
    if (again !== password) fail("Las contraseñas no coinciden.");
  } catch (error) {
    fail(error.message);
  }
}

const vite = await import("vite");
const server = await vite.createServer({
  root,
  configFile: false,
  logLevel: "error",
  clearScreen: false,
  appType: "custom",
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
let exitCode = 0;
try {
  const { provisionAdmin, ProvisioningError } = await server.ssrLoadModule(
    "/app/services/admin-provisioning.server.ts",
  );
  try {
    const user = await provisionAdmin({ email: options.email, name: options.name, password });
    console.log(
      `Administrador creado: ${user.name} <${user.email}>. Ya puede iniciar sesión en /admin/login.`,
    );
  } catch (error) {
    if (!(error instanceof ProvisioningError)) throw error;
    console.error(error.message);
    exitCode = 1;
  }
} catch (error) {
  console.error(
    `No se pudo crear el administrador.\n${error instanceof Error ? error.message : String(error)}`,
  );
  exitCode = 1;
} finally {
  await server.close();
}
process.exit(exitCode);
