/** Types of ./local-bucket.mjs, for the tests. */
export interface LocalBucket {
  bucket: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that point the shop at this bucket. */
  variables: Record<string, string>;
  stop(): Promise<void>;
}

export function startLocalBucket(bucket: string): Promise<LocalBucket>;
