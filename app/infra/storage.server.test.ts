import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidStorageKeyError, isStorageKey, localDiskStorage } from "~/infra/storage.server";

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

  it.each([
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
  ])("refuses the key %j before touching the disk", async (key) => {
    expect(isStorageKey(key)).toBe(false);
    await expect(storage.put(key, bytes("x"))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.publicUrl(key)).toThrow(InvalidStorageKeyError);
  });
});
