import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getEnv, type S3Settings } from "~/infra/env.server";

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

/**
 * How browsers and CDNs may keep a stored file: an hour, then they ask again (ETag, Last-Modified: a
 * 304 costs no image). Not a year nor immutable, although keys are never reused: a photo staff
 * reject or withdraw is deleted and must stop being shown within the hour, also where it was cached
 * (docs/decisions/052-moderation-deletes-files.md).
 */
export const storedFileCacheControl = "public, max-age=3600";

/** The content type of a stored file, from its key's extension. */
export function contentTypeOf(key: string): string {
  const extension = checkedKey(key).slice(key.lastIndexOf(".") + 1) as keyof typeof storedContentTypes;
  return storedContentTypes[extension];
}

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

/** A stored file as a stream, with what an HTTP answer says about it. */
export interface StoredFile {
  body: Readable;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/** An S3-compatible bucket; the app serves its files at /uploads by reading them (`open`). */
export interface S3Storage extends ObjectStorage {
  /** The stored file as a stream, or undefined when there is nothing under `key`. */
  open(key: string): Promise<StoredFile | undefined>;
}

export function isS3Storage(storage: ObjectStorage): storage is S3Storage {
  return "open" in storage;
}

/**
 * Files in an S3-compatible bucket (docs/decisions/047): Amazon S3, or any store with an endpoint
 * (MinIO, Cloudflare R2, Backblaze B2, …). Browsers load them from `publicUrl` when it is set (a
 * CDN, the bucket's public address), else from /uploads on this site, which reads the bucket.
 */
export function s3Storage(
  settings: S3Settings,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Since 3.729 the SDK adds CRC32 checksums to every upload (as an aws-chunked trailer when it
    // streams) and asks for them on downloads; stores other than Amazon S3 may refuse those uploads
    // or store the framing with the bytes. With an endpoint, checksums only where S3 requires them.
    ...(settings.endpoint && {
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    }),
    // A store that has not begun to answer after timeoutMs fails the attempt (the SDK makes three)
    // instead of holding a customer's upload open; a body that has begun streams without a limit.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: timeoutMs, throwOnRequestTimeout: true },
  });
  const { bucket } = settings;

  async function open(key: string): Promise<StoredFile | undefined> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`No readable body for ${key}`);
      return {
        body: answer.Body,
        contentLength: answer.ContentLength,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  return {
    async put(key, body) {
      // One request: S3 stores the whole object or nothing, so no reader sees half of it.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentTypeOf(key),
          CacheControl: storedFileCacheControl,
        }),
      );
    },
    async get(key) {
      const file = await open(key);
      if (!file) return undefined;
      return new Uint8Array(await buffer(file.body));
    },
    async delete(key) {
      // S3 answers a delete of a missing key as a success.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
    publicUrl(key) {
      return `${settings.publicUrl ?? "/uploads"}/${checkedKey(key)}`;
    },
    open,
  };
}

let storage: ObjectStorage | undefined;

/** The shop's storage: the S3 bucket when S3_BUCKET is set, else the local disk under DATA_DIR/uploads. */
export function getStorage(): ObjectStorage {
  const env = getEnv();
  storage ??= env.s3 ? s3Storage(env.s3) : localDiskStorage(env.uploadsDir);
  return storage;
}
