// A local S3-compatible bucket for the tests and the cluster: s3rver (an npm devDependency) in this
// process on a free loopback port, with one empty bucket, its files in a temporary folder. It
// knows one access key pair (S3RVER) and refuses others, but does not check version 4 signatures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's own key pair (the same string for both halves). */
const s3rverKey = "S3RVER";

export async function startLocalBucket(bucket) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    accessKeyId: s3rverKey,
    secretAccessKey: s3rverKey,
    /** The S3_* variables that point the shop at this bucket. */
    variables: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: s3rverKey,
      S3_SECRET_ACCESS_KEY: s3rverKey,
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
