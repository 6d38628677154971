import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterUnavailableReason, startCluster, type Cluster } from "../../scripts/lib/cluster.mjs";
import { startPaymentStandIn } from "../../scripts/payments-stand-in.mjs";
import {
  createHttpClient,
  formHeaders,
  orderFields,
  orderRequest,
  pool,
  solvedCaptcha,
  startSolvers,
} from "../../scripts/lib/shop-client.mjs";

/**
 * The shop on several servers (issue 14; docs/decisions/049): two production servers on one
 * PostgreSQL and one S3-compatible store (s3rver), behind nginx's round robin, with a local SMTP
 * server. Every journey goes through nginx, as a visitor's would, and is checked where it must be
 * shared: the database, the bucket, the rate limits, the outbox. Then one server is killed during
 * a burst of orders. Orders are paid through Webpay Plus, answered by the local stand-in
 * (scripts/payments-stand-in.mjs): a payment started on one server is confirmed on the other (issue
 * 22). Needs nginx and PostgreSQL; says why and skips when this machine lacks them.
 */

/** A purchase's answer: the page that takes the customer to Webpay for the order's attempt. */
const paymentLocation = /^\/pago\/([0-9a-f-]{36})$/i;

const unavailable = clusterUnavailableReason();
if (unavailable) console.info(`Cluster test not run: ${unavailable}`);

type Response = Awaited<ReturnType<ReturnType<typeof createHttpClient>["request"]>>;

const admin = { email: "equipo@lifebox.example", name: "Equipo LifeBox", password: "Cluster-2026!" };
const photo = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/gallery-photo.png"));

describe.skipIf(unavailable)("two servers behind nginx on one PostgreSQL and one object store", () => {
  let cluster: Cluster;
  let database: pg.Pool;
  let standIn: Awaited<ReturnType<typeof startPaymentStandIn>>;
  const client = createHttpClient({ maxSockets: 16 });
  const solvers = startSolvers(2);
  let nextIp = 0;
  /**
   * A visitor of their own: requests sent from another loopback address (127.0.1.N), which nginx
   * passes on in X-Forwarded-For and the servers take as the client's (TRUST_PROXY=1). What a
   * client writes in X-Forwarded-For itself is not trusted, as on the Internet.
   */
  interface Visitor {
    localAddress: string;
    headers?: Record<string, string>;
  }
  const visitor = (): Visitor => ({ localAddress: `127.0.1.${(nextIp++ % 250) + 1}` });
  const anyone: Visitor = { localAddress: "127.0.0.1" };

  const get = (urlPath: string, { localAddress, headers = {} }: Visitor = anyone) =>
    client.request(cluster.url, "GET", urlPath, { headers, localAddress });
  const post = (
    urlPath: string,
    body: string | Buffer,
    { localAddress, headers = {} }: Visitor = anyone,
    contentType = formHeaders["content-type"]!,
  ) =>
    client.request(cluster.url, "POST", urlPath, {
      body,
      localAddress,
      headers: { "content-type": contentType, origin: cluster.url, ...headers },
    });
  /** Which server answered (nginx's X-Lifebox-Upstream), as its number 1 or 2. */
  const answeredBy = (response: Response) => {
    const upstream = response.headers?.["x-lifebox-upstream"];
    return cluster.serverAt(Array.isArray(upstream) ? upstream[0] : upstream)?.index;
  };
  const captcha = (form: string, from: Visitor) => solvedCaptcha(client, cluster.url, solvers, form, from);

  beforeAll(async () => {
    standIn = await startPaymentStandIn();
    cluster = await startCluster({
      env: {
        CAPTCHA_DIFFICULTY: "1000",
        PAYMENT_PROVIDER: "webpay",
        WEBPAY_API_URL: standIn.url,
        PAYMENTS_ALLOW_STAND_IN: "1",
      },
      log: (line) => console.info(line),
    });
    database = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  }, 600_000);

  afterAll(async () => {
    client.destroy();
    await solvers.stop();
    await database?.end();
    await cluster?.stop();
    await standIn?.close();
  }, 60_000);

  it("migrated the database once, though both servers started at the same moment", async () => {
    const { rows } = await database.query<{ name: string; count: string }>(
      "SELECT name, count(*) AS count FROM kysely_migration GROUP BY name",
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((row) => Number(row.count) === 1)).toBe(true);
  });

  it("nginx sends visitors to both servers in turn", async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => get("/")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map(answeredBy))).toEqual(new Set([0, 1]));
  });

  let order: { id: string; number: string; email: string };

  /** The order and attempt behind a purchase's answer (303 to the attempt's payment page). */
  const attemptOf = async (answer: Response) => {
    const attemptId = answer.status === 303 ? paymentLocation.exec(answer.location ?? "")?.[1] : undefined;
    if (!attemptId) return undefined;
    const { rows } = await database.query<{ order_id: string; reference: string }>(
      "SELECT order_id, reference FROM payment_attempts WHERE id = $1",
      [attemptId],
    );
    return rows[0] && { attemptId, orderId: rows[0].order_id, token: rows[0].reference };
  };

  it("a purchase made through one server is shown by the other, and paid through the other", async () => {
    const ip = visitor();
    const { path: orderPath, body } = orderRequest(1, await captcha("order", ip));
    const answer = await post(orderPath, body, ip);
    expect(answer.status).toBe(303);
    const started = await attemptOf(answer);
    expect(started, answer.location).toBeDefined();
    const id = started!.orderId;
    const { rows } = await database.query<{ number: string; email: string }>(
      "SELECT number, email FROM orders WHERE id = $1",
      [id],
    );
    expect(rows).toHaveLength(1);
    order = { id, ...rows[0]! };
    // Both servers show the order page (a few requests: round robin alternates, other requests interleave).
    const pages = await Promise.all([1, 2, 3, 4].map(() => get(`/pedido/${id}`)));
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(pages.map(answeredBy))).toEqual(new Set([0, 1]));
    for (const page of pages) expect(page.body).toContain(order.number);

    // Paid on Webpay's page; the customer comes back to the server that did not start the payment.
    const decided = await fetch(`${standIn.url}/__stand-in/decide`, {
      method: "POST",
      body: new URLSearchParams({ provider: "webpay", token: started!.token, action: "approve" }),
    });
    expect(decided.status).toBe(200);
    const other = cluster.servers[answeredBy(answer) === 0 ? 1 : 0]!;
    const back = await client.request(other.url, "GET", `/pago/webpay/retorno?token_ws=${started!.token}`, {
      localAddress: ip.localAddress,
    });
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/pedido/${id}?pago=aprobado`);
    // The same return on the first server, at once: the order stays paid once.
    const starter = cluster.servers[answeredBy(answer)!]!;
    const again = await client.request(
      starter.url,
      "GET",
      `/pago/webpay/retorno?token_ws=${started!.token}`,
      {
        localAddress: ip.localAddress,
      },
    );
    expect(again.location).toBe(`/pedido/${id}?pago=aprobado`);
    const paid = await database.query<{ status: string; paid_by: string; changes: string }>(
      `SELECT status, paid_by,
         (SELECT count(*) FROM order_status_changes WHERE order_id = orders.id AND to_status = 'pagado') AS changes
       FROM orders WHERE id = $1`,
      [id],
    );
    expect(paid.rows).toEqual([{ status: "pagado", paid_by: "webpay", changes: "1" }]);
  });

  it("a company quotation is stored", async () => {
    const ip = visitor();
    const body = new URLSearchParams({
      fullName: "Marcela Rojas",
      email: "marcela.rojas@constructora.example",
      phone: "+56 2 2345 6789",
      company: "Constructora Andes",
      city: "Antofagasta",
      quantity: "40",
      additionalNotes: "Para faena.",
      productId: "industry",
      website: "",
      altcha: await captcha("quote", ip),
    }).toString();
    const answer = await post("/cotizar/industry", body, ip);
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    const { rows } = await database.query("SELECT quantity FROM quotes WHERE email = $1", [
      "marcela.rojas@constructora.example",
    ]);
    expect(rows).toEqual([{ quantity: 40 }]);
  });

  it("the forms' limit holds across both servers: the 11th post from one address is refused", async () => {
    const ip = visitor();
    const servers = new Set<number | undefined>();
    const body = new URLSearchParams({ name: "", email: "", subject: "", message: "" }).toString();
    for (let n = 1; n <= 10; n++) {
      const answer = await post("/contacto", body, ip);
      // Counted, then refused for its empty fields: not by the limit.
      expect(answer.status, `post ${n}`).toBe(400);
      servers.add(answeredBy(answer));
    }
    expect(servers).toEqual(new Set([0, 1]));
    const refused = await Promise.all([post("/contacto", body, ip), post("/contacto", body, ip)]);
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect(new Set(refused.map(answeredBy))).toEqual(new Set([0, 1]));
    expect(refused[0]!.body).toContain("Recibimos demasiados envíos desde tu conexión");
    // Another address is not affected.
    expect((await post("/contacto", body, visitor())).status).toBe(400);
  });

  let photoId: string;

  it("a customer's photo is uploaded through one server and stored in the bucket", async () => {
    const ip = visitor();
    const form = new FormData();
    form.set("orderNumber", order.number);
    form.set("email", order.email);
    // The kit of the order (the first test's, order 1): a photo shows a kit of its order (decision 067).
    form.set("kitId", orderFields(1).kitId);
    form.set("comment", "Nuestro kit en la cordillera.");
    form.set("website", "");
    form.set("altcha", await captcha("gallery", ip));
    form.set("photo", new Blob([photo], { type: "image/png" }), "foto.png");
    // The multipart body as a browser encodes it.
    const encoded = new Request(cluster.url, { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const answer = await post("/galeria/compartir", body, ip, encoded.headers.get("content-type")!);
    expect(answer.status).toBe(303);
    const { rows } = await database.query<{ id: string; status: string }>(
      "SELECT id, status FROM gallery_photos WHERE order_id = $1",
      [order.id],
    );
    expect(rows).toEqual([expect.objectContaining({ status: "pending" })]);
    photoId = rows[0]!.id;
    // Nothing of it on either server's disk: the files are in the bucket.
    for (const server of cluster.servers) {
      expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(false);
    }
  });

  let cookie = "";

  it("a staff member signs in on one server and is signed in on both", async () => {
    cluster.createAdmin(admin);
    const answer = await post(
      "/admin/login",
      new URLSearchParams({ email: admin.email, password: admin.password }).toString(),
      visitor(),
    );
    expect(answer.status).toBe(302);
    const setCookie = answer.headers!["set-cookie"] ?? [];
    cookie = setCookie.map((line) => line.split(";")[0]).join("; ");
    expect(cookie).toContain("lifebox-admin");
    const pages = await Promise.all(
      [1, 2, 3, 4].map(() => get("/admin/gallery", { ...anyone, headers: { cookie } })),
    );
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(pages.map(answeredBy))).toEqual(new Set([0, 1]));
    for (const page of pages) expect(page.body).toContain("Nuestro kit en la cordillera.");
  });

  it("the approved photo shows in the public gallery, its image served by both servers", async () => {
    const answer = await post(
      "/admin/gallery",
      new URLSearchParams({ intent: "approve", id: photoId }).toString(),
      { ...anyone, headers: { cookie } },
    );
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    const { rows } = await database.query("SELECT status FROM gallery_photos WHERE id = $1", [photoId]);
    expect(rows).toEqual([{ status: "approved" }]);

    const pages = await Promise.all([1, 2].map(() => get("/galeria")));
    const image = /src="(\/uploads\/[^"]+)"/.exec(pages[0]!.body ?? "")?.[1];
    expect(image).toBeDefined();
    for (const page of pages) expect(page.body).toContain("Nuestro kit en la cordillera.");
    const images = await Promise.all([1, 2, 3, 4].map(() => get(image!)));
    expect(images.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(images.map(answeredBy))).toEqual(new Set([0, 1]));
    expect(images[0]!.headers!["content-type"]).toMatch(/^image\//);
  });

  it("every e-mail goes out once, though both servers' workers take from one outbox", async () => {
    const deadline = Date.now() + 60_000;
    let pending = Infinity;
    while (pending > 0 && Date.now() < deadline) {
      const { rows } = await database.query<{ count: string }>(
        "SELECT count(*) AS count FROM mail_queue WHERE status = 'pending'",
      );
      pending = Number(rows[0]!.count);
      if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(pending).toBe(0);
    const { rows } = await database.query<{ count: string }>(
      "SELECT count(*) AS count FROM mail_queue WHERE status = 'sent'",
    );
    const sent = Number(rows[0]!.count);
    // The order's two e-mails and the quotation's two, at least.
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(cluster.smtp.messages).toHaveLength(sent);
    const keys = cluster.smtp.messages.map((message) => `${message.to}\n${message.subject}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("when a server dies during a burst of orders, every acknowledged order is stored and the other goes on", async () => {
    const count = 120;
    const prepared = await Promise.all(
      Array.from({ length: count }, async (_unused, n) => {
        const ip = visitor();
        return { ip, ...orderRequest(1000 + n, await captcha("order", ip)) };
      }),
    );
    const acknowledged: string[] = [];
    const refused: string[] = [];
    const victim = cluster.servers[0]!;
    const died = new Promise((resolve) => victim.child.once("exit", (_code, signal) => resolve(signal)));
    await pool(prepared, 8, async ({ ip, path: orderPath, body }) => {
      const answer = await post(orderPath, body, ip);
      const id = answer.status === 303 ? paymentLocation.exec(answer.location ?? "")?.[1] : undefined;
      if (id) acknowledged.push(id);
      else refused.push(answer.error ? String(answer.error) : String(answer.status));
      if (acknowledged.length === 30 && victim.child.exitCode === null) victim.child.kill("SIGKILL");
    });
    expect(await died).toBe("SIGKILL");
    // Only the requests the dead server had in hand may fail (nginx answers 502 for them).
    expect(
      refused.every((status) => status === "502"),
      refused.join(", "),
    ).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(count - 8);
    // Each acknowledged purchase is an order and its payment attempt, both stored.
    const { rows } = await database.query<{ id: string }>(
      "SELECT a.id FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = ANY($1)",
      [acknowledged],
    );
    expect(rows).toHaveLength(acknowledged.length);

    // The survivor serves everything now.
    const after = await Promise.all([1, 2, 3, 4, 5, 6].map(() => get("/")));
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(after.map(answeredBy))).toEqual(new Set([1]));
    const ip = visitor();
    const last = orderRequest(2000, await captcha("order", ip));
    expect((await post(last.path, last.body, ip)).status).toBe(303);
  });
});
