import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "~/infra/env.server";
import { startLocalBucket } from "../../scripts/lib/local-bucket.mjs";

/**
 * A real S3-compatible server for tests (scripts/lib/local-bucket.mjs: s3rver in this process, an
 * empty bucket), with a client of our own to look into it.
 */
export interface TestBucket {
  /** The S3_* variables that point the shop at this bucket. */
  variables: Record<string, string>;
  /** The same, as the shop reads them (env.s3). */
  settings: S3Settings;
  /** A client of our own (not the shop's code) to look into the bucket. */
  client: S3Client;
  /** The keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** An object as the bucket holds it (read with our own client), or undefined. */
  read(key: string): Promise<{ bytes: Uint8Array; contentType?: string; cacheControl?: string } | undefined>;
  stop(): Promise<void>;
}

export async function startTestBucket(bucket = "lifebox-test"): Promise<TestBucket> {
  const local = await startLocalBucket(bucket);
  const settings: S3Settings = {
    bucket,
    endpoint: local.endpoint,
    region: "us-east-1",
    accessKeyId: local.accessKeyId,
    secretAccessKey: local.secretAccessKey,
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  let stopped: Promise<void> | undefined;
  return {
    settings,
    variables: local.variables,
    client,
    async keys() {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key!).sort();
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          bytes: await object.Body!.transformToByteArray(),
          contentType: object.ContentType,
          cacheControl: object.CacheControl,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    stop: () =>
      (stopped ??= (async () => {
        client.destroy();
        await local.stop();
      })()),
  };
}
