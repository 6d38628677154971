import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/infra/env.server";

/**
 * Where uploaded files live (issue 13: the customer gallery's photos), behind a small interface so
 * that S3-compatible object storage can replace the local disk without touching routes or models.
 * Keys are made by our code (random, with the format's extension) and never by a visitor; a key
 * that is not one of ours is refused before it reaches the disk.
 */
export interface ObjectStorage {
  /** Stores `body` under `key`, replacing what was there; readers never see half a file. */
  put(key: string, body: Uint8Array): Promise<void>;
  /** The stored bytes, or undefined when there is nothing under `key`. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes the file; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The address browsers load the file from. */
  publicUrl(key: string): string;
}

/** The formats stored, by extension, with their content type (what the server sends). */
export const storedContentTypes = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
} as const;

/**
 * Lower-case segments of letters, digits, "-" and "_", separated by "/", ending in a stored
 * format's extension: "galeria/3f2c…-display.webp". No "..", no leading "/", no backslash.
 */
const keyPattern = new RegExp(
  `^[a-z0-9][a-z0-9_-]{0,99}(?:/[a-z0-9][a-z0-9_-]{0,99}){0,3}\\.(?:${Object.keys(storedContentTypes).join("|")})$`,
);

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The default: files under a folder (DATA_DIR/uploads), served by the app at `urlPrefix`. */
export function localDiskStorage(root: string, urlPrefix = "/uploads"): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split("/"));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside it, then renamed over it: a reader gets the old file or the new one, whole.
      const temporary = `${file}.${crypto.randomUUID()}.tmp`;
      try {
        await fs.writeFile(temporary, body, { flag: "wx" });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      return `${urlPrefix}/${checkedKey(key)}`;
    },
  };
}

let storage: ObjectStorage | undefined;

/** The shop's storage: local disk under DATA_DIR/uploads (S3-compatible storage arrives with issue 14). */
export function getStorage(): ObjectStorage {
  storage ??= localDiskStorage(getEnv().uploadsDir);
  return storage;
}
