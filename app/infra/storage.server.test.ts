import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  InvalidStorageKeyError,
  isStorageKey,
  localDiskStorage,
  s3Storage,
  type ObjectStorage,
} from "~/infra/storage.server";
import { startTestBucket, type TestBucket } from "../../tests/support/s3";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-storage-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);

describe("local disk storage", () => {
  const storage = localDiskStorage(root);

  it("puts, gets, replaces and deletes a file under its key, in folders", async () => {
    const key = "galeria/2026/3f2c9a-display.webp";
    expect(await storage.get(key)).toBeUndefined();
    await storage.put(key, bytes("primera"));
    expect(fs.readFileSync(path.join(root, "galeria", "2026", "3f2c9a-display.webp"), "utf8")).toBe(
      "primera",
    );
    expect(new TextDecoder().decode(await storage.get(key))).toBe("primera");
    await storage.put(key, bytes("segunda"));
    expect(new TextDecoder().decode(await storage.get(key))).toBe("segunda");
    // Nothing else is left beside it (no temporary files).
    expect(fs.readdirSync(path.join(root, "galeria", "2026"))).toEqual(["3f2c9a-display.webp"]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("gives the address browsers load it from", () => {
    expect(storage.publicUrl("galeria/a1-thumb.avif")).toBe("/uploads/galeria/a1-thumb.avif");
    expect(localDiskStorage(root, "https://cdn.example.cl/u").publicUrl("a.png")).toBe(
      "https://cdn.example.cl/u/a.png",
    );
  });

  it("writes concurrent puts of one key whole: the last one wins, never a mix", async () => {
    const key = "galeria/concurrente.png";
    const bodies = Array.from({ length: 20 }, (_, index) => bytes(String(index).repeat(50_000)));
    await Promise.all(bodies.map((body) => storage.put(key, body)));
    const stored = new TextDecoder().decode(await storage.get(key));
    expect(bodies.map((body) => new TextDecoder().decode(body))).toContain(stored);
  });

  it.each(invalidKeys)("refuses the key %j before touching the disk", async (key) => {
    expect(isStorageKey(key)).toBe(false);
    await expectRefused(storage, key);
  });
});

const invalidKeys = [
  "../secreto.webp",
  "galeria/../../etc/passwd.png",
  "/galeria/a.webp",
  "galeria\\a.webp",
  "Galeria/A.webp",
  "galeria/a.svg",
  "galeria/a.webp.tmp",
  "galeria//a.webp",
  ".oculto.png",
  "a.webp/",
  "",
  "a/b/c/d/e.webp",
];

async function expectRefused(storage: ObjectStorage, key: string) {
  await expect(storage.put(key, bytes("x"))).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  expect(() => storage.publicUrl(key)).toThrow(InvalidStorageKeyError);
}

/**
 * The bucket storage against a real S3-compatible server (s3rver, tests/support/s3.ts), through the
 * real AWS SDK; what lands in the bucket is read back with a client of the test's own.
 */
describe("S3 storage", () => {
  let bucket: TestBucket;
  let storage: ReturnType<typeof s3Storage>;

  beforeAll(async () => {
    bucket = await startTestBucket();
    storage = s3Storage(bucket.settings);
  });
  afterAll(async () => {
    await bucket?.stop();
  });

  it("puts, gets, replaces and deletes a file under its key, with its type and an hour's cache", async () => {
    const key = "galeria/2026/3f2c9a-display.webp";
    expect(await storage.get(key)).toBeUndefined();
    await storage.put(key, bytes("primera"));
    expect(await bucket.read(key)).toEqual({
      bytes: bytes("primera"),
      contentType: "image/webp",
      // An hour, not a year nor immutable: a rejected photo is deleted and must stop being shown (052).
      cacheControl: "public, max-age=3600",
    });
    expect(new TextDecoder().decode(await storage.get(key))).toBe("primera");
    await storage.put(key, bytes("segunda"));
    expect(new TextDecoder().decode(await storage.get(key))).toBe("segunda");
    await storage.put("galeria/foto.png", bytes("png"));
    expect((await bucket.read("galeria/foto.png"))?.contentType).toBe("image/png");
    expect(await bucket.keys()).toEqual(["galeria/2026/3f2c9a-display.webp", "galeria/foto.png"]);
    await storage.delete(key);
    await storage.delete("galeria/foto.png");
    expect(await storage.get(key)).toBeUndefined();
    expect(await bucket.keys()).toEqual([]);
    // Deleting what is not there is not an error.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("opens a file as a stream with its size, ETag and date; a missing one is undefined", async () => {
    const key = "galeria/abierta-thumb.webp";
    const body = new Uint8Array(200_000).map((_, index) => index % 251);
    await storage.put(key, body);
    const file = (await storage.open(key))!;
    expect(file.contentLength).toBe(200_000);
    expect(file.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(file.lastModified).toBeInstanceOf(Date);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(body);
    expect(await storage.open("galeria/no-existe.webp")).toBeUndefined();
    await storage.delete(key);
  });

  it("gives /uploads/<key> by default, and S3_PUBLIC_URL's address when it is set", () => {
    expect(storage.publicUrl("galeria/a1-thumb.webp")).toBe("/uploads/galeria/a1-thumb.webp");
    const cdn = s3Storage({ ...bucket.settings, publicUrl: "https://fotos.lifebox.example/tienda" });
    expect(cdn.publicUrl("galeria/a1-thumb.webp")).toBe(
      "https://fotos.lifebox.example/tienda/galeria/a1-thumb.webp",
    );
  });

  it.each(invalidKeys)("refuses the key %j before any request", async (key) => {
    await expectRefused(storage, key);
    await expect(storage.open(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it("sends no checksums the store did not ask for (no CRC32 header, no aws-chunked body)", async () => {
    // A recording proxy in front of s3rver sees the requests as any S3-compatible store would.
    const seen: http.IncomingHttpHeaders[] = [];
    const upstream = new URL(bucket.settings.endpoint!);
    const proxy = http.createServer((req, res) => {
      seen.push(req.headers);
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const viaProxy = s3Storage({
        ...bucket.settings,
        endpoint: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
      });
      const key = "galeria/sin-checksum.webp";
      await viaProxy.put(key, bytes("foto"));
      expect(new TextDecoder().decode(await viaProxy.get(key))).toBe("foto");
      await viaProxy.delete(key);
      // The put, the get and the delete.
      expect(seen).toHaveLength(3);
      for (const headers of seen) {
        const names = Object.keys(headers);
        expect(names.filter((name) => /^x-amz-(checksum|sdk-checksum|trailer)/.test(name))).toEqual([]);
        expect(headers["content-encoding"] ?? "").not.toContain("aws-chunked");
      }
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("fails on a request the store refuses: an unknown key, a missing bucket", async () => {
    // s3rver knows one access key (it does not check version 4 signatures themselves).
    const unknownKey = s3Storage({ ...bucket.settings, accessKeyId: "OTRA" });
    await expect(unknownKey.put("galeria/x.webp", bytes("x"))).rejects.toMatchObject({
      name: "InvalidAccessKeyId",
    });
    const noBucket = s3Storage({ ...bucket.settings, bucket: "no-existe" });
    // A missing bucket is a broken configuration, not a missing file.
    await expect(noBucket.get("galeria/x.webp")).rejects.toMatchObject({ name: "NoSuchBucket" });
    expect(await bucket.keys()).toEqual([]);
  });

  it("gives up on a store that does not answer instead of waiting for ever", async () => {
    // Takes connections and never answers.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
      const stuck = s3Storage({ ...bucket.settings, endpoint }, { timeoutMs: 300 });
      const started = Date.now();
      await expect(stuck.put("galeria/x.webp", bytes("x"))).rejects.toMatchObject({ name: "TimeoutError" });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
