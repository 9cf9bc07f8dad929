/**
 * The S3-compatible object store for pictures. One client per process; writes go to the private
 * STORAGE_URL (MinIO, the embedded server, or AWS S3 itself), URLs clients see use PUBLIC_STORAGE_URL.
 */
import { HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { config } from "./config.ts";

let client: S3Client | undefined;

export function getStorage(): S3Client {
  client ??= new S3Client({
    region: config.storage.region,
    ...(config.storage.url ? { endpoint: config.storage.url, forcePathStyle: true } : {}),
    ...(config.storage.credentials ? { credentials: config.storage.credentials } : {}),
    // MinIO and the embedded server store aws-chunked framing inside objects with the new defaults.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
  });
  return client;
}

/** The public URL of an object key, as a client sees it. */
export const publicUrl = (key: string): string => `${config.storage.publicUrl}/${key}`;

/** Throws when the bucket cannot be reached. */
export async function checkStorage(): Promise<void> {
  await getStorage().send(new HeadBucketCommand({ Bucket: config.storage.bucket }));
}

/** True for errors that mean the object store is down or unreachable, not that a request was wrong. */
export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  const networkCodes = ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EPIPE"];
  if (e.code && networkCodes.includes(e.code)) return true;
  if (e.name === "TimeoutError") return true;
  const status = e.$metadata?.httpStatusCode;
  return typeof status === "number" && status >= 500 && "$fault" in e;
}
