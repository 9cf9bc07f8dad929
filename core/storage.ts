/**
 * The S3-compatible object store for pictures. One client per process; writes go to the private
 * STORAGE_URL (MinIO, the embedded server, or AWS S3 itself), URLs clients see use PUBLIC_STORAGE_URL.
 */

import {
  DeleteObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { config } from "./config.ts";
import { Unavailable } from "./errors.ts";
import { accessDenied, currentGrants } from "./grants.ts";
import { isStorageUnavailable } from "./storage-errors.ts";

let client: S3Client | undefined;

/** The IAM action each S3 command the code sends needs (a presigned URL needs its command's too). */
const ACTION_OF_COMMAND: Record<string, string> = {
  HeadBucketCommand: "s3:ListBucket",
  ListObjectsV2Command: "s3:ListBucket",
  GetObjectCommand: "s3:GetObject",
  HeadObjectCommand: "s3:GetObject",
  PutObjectCommand: "s3:PutObject",
  CreateMultipartUploadCommand: "s3:PutObject",
  UploadPartCommand: "s3:PutObject",
  CompleteMultipartUploadCommand: "s3:PutObject",
  AbortMultipartUploadCommand: "s3:AbortMultipartUpload",
  DeleteObjectCommand: "s3:DeleteObject",
  DeleteObjectsCommand: "s3:DeleteObject",
};

/** Refuses, like IAM would, a command the running route's grant does not cover. */
function enforceGrant(s3: S3Client): S3Client {
  s3.middlewareStack.add(
    (next, context) => (args) => {
      const granted = currentGrants()?.storage;
      const action = ACTION_OF_COMMAND[context.commandName ?? ""] ?? `(unmapped ${context.commandName})`;
      if (granted && !granted.has(action)) {
        throw accessDenied(`this route's line grants no ${action} (${context.commandName})`);
      }
      return next(args);
    },
    { step: "initialize", name: "routeStorageGrant" },
  );
  return s3;
}

/** A client of the configured storage at `endpoint` (undefined: S3 itself), under the route's grant. */
const storageClientAt = (endpoint: string | undefined): S3Client =>
  enforceGrant(
    new S3Client({
      region: config.storage.region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...(config.storage.credentials ? { credentials: config.storage.credentials } : {}),
      // MinIO and the embedded server store aws-chunked framing inside objects with the new defaults.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
    }),
  );

export function getStorage(): S3Client {
  client ??= storageClientAt(config.storage.url);
  return client;
}

let linkSigner: S3Client | undefined;

/**
 * The client that signs links browsers follow (exports, archive uploads): the process's client, or
 * one at STORAGE_LINK_URL when browsers reach storage at another address than the service does. It
 * only signs, offline; a signature names the host, so it must be the one the browser will call.
 */
export function getLinkSigner(): S3Client {
  if (config.storage.linkUrl === config.storage.url) return getStorage();
  linkSigner ??= storageClientAt(config.storage.linkUrl);
  return linkSigner;
}

/**
 * Test-only seam: replaces the process's client (a client pointed at a closed port simulates
 * storage going down); `undefined` goes back to the configured one.
 */
export function replaceStorageClientForTests(next: S3Client | undefined): void {
  client = next && enforceGrant(next);
}

/** Object keys are content-addressed, so an object never changes and caches may keep it forever. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Sends a command, turning "storage unreachable" into the typed 503. Without this, a refused
 * connection (code ECONNREFUSED, the same as a database's) would be reported as the database.
 */
async function reachStorage<T>(call: (s3: S3Client) => Promise<T>): Promise<T> {
  try {
    return await call(getStorage());
  } catch (error) {
    if (isStorageUnavailable(error)) throw Unavailable("Storage is unavailable.");
    throw error;
  }
}

/** Writes one object that clients will read at its public URL; 503 when storage is down. */
export async function putPublicObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await reachStorage((s3) =>
    s3.send(
      new PutObjectCommand({
        Bucket: config.storage.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    ),
  );
}

/**
 * Deletes objects one request per key: DeleteObjects needs a Content-MD5 or checksum header that
 * S3-compatible servers accept unevenly, and a picture is never more than a few objects.
 * Deleting a missing key succeeds, so retries are harmless.
 */
export async function deleteObjects(keys: readonly string[]): Promise<void> {
  await allOrFirstError(
    keys.map((Key) =>
      reachStorage((s3) => s3.send(new DeleteObjectCommand({ Bucket: config.storage.bucket, Key }))),
    ),
  );
}

/**
 * Waits for every one of several storage requests to end, then throws the first failure, if any.
 * Promise.all answers at the first failure while the others go on (the client retries them), so a
 * deletion recorded as failed could still happen a moment later, and an upload could land after
 * the cleanup that was meant to remove it.
 */
export async function allOrFirstError<T>(requests: readonly Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(requests);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** Every object under a prefix, page by page; 503 when storage is down. */
export async function* listObjects(prefix: string): AsyncGenerator<{ key: string; lastModified: Date }> {
  let token: string | undefined;
  do {
    const page = await reachStorage((s3) =>
      s3.send(
        new ListObjectsV2Command({
          Bucket: config.storage.bucket,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      ),
    );
    for (const object of page.Contents ?? []) {
      if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** The public URL of an object key, as a client sees it. */
export const publicUrl = (key: string): string => `${config.storage.publicUrl}/${key}`;

/** Throws when the bucket cannot be reached. */
export async function checkStorage(): Promise<void> {
  await getStorage().send(new HeadBucketCommand({ Bucket: config.storage.bucket }));
}

/** Like checkStorage, but a storage that cannot be reached is the typed 503. */
export async function requireStorage(): Promise<void> {
  await reachStorage(() => checkStorage());
}

export { isStorageUnavailable } from "./storage-errors.ts";
