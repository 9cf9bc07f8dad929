/**
 * The bucket an archive is read from or written to. The service uses the configured one; the
 * operator scripts and their tests may name another (a fresh bucket to restore into).
 * Uses the one S3 client of core/storage.ts, so the same endpoint and checksum settings apply.
 */
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { config } from "../config.ts";
import { Unavailable } from "../errors.ts";
import {
  allOrFirstError,
  getLinkSigner,
  getStorage,
  IMMUTABLE_CACHE_CONTROL,
  isStorageUnavailable,
} from "../storage.ts";

export type Bucket = {
  s3: S3Client;
  name: string;
  /** The address clients see objects at: the prefix of every picture URL in the database. */
  publicUrl: string;
  /** Signs the links browsers follow, when they reach storage elsewhere than `s3` does (else `s3`). */
  linkSigner?: S3Client;
};

/** The bucket the service is configured with. */
export const configuredBucket = (): Bucket => ({
  s3: getStorage(),
  name: config.storage.bucket,
  publicUrl: config.storage.publicUrl,
  linkSigner: getLinkSigner(),
});

/** How long a signed export or upload link lives. */
export const SIGNED_LINK_SECONDS = 15 * 60;

/** Storage being down is the typed 503, as everywhere else in the service. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStorageUnavailable(error)) throw Unavailable("Storage is unavailable.");
    throw error;
  }
}

/** The object key behind a picture URL of this bucket, or undefined for any other address. */
export function keyOfPictureUrl(bucket: Bucket, url: string): string | undefined {
  const prefix = `${bucket.publicUrl}/`;
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : undefined;
}

export const pictureUrlOfKey = (bucket: Bucket, key: string): string => `${bucket.publicUrl}/${key}`;

/** The object's bytes as a stream. */
export async function readObject(bucket: Bucket, key: string): Promise<Readable> {
  const response = await reach(() => bucket.s3.send(new GetObjectCommand({ Bucket: bucket.name, Key: key })));
  return response.Body as Readable;
}

/** The object's size, or undefined when there is no such object. */
export async function objectSize(bucket: Bucket, key: string): Promise<number | undefined> {
  try {
    const head = await reach(() => bucket.s3.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key })));
    return head.ContentLength ?? 0;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return undefined;
    throw error;
  }
}

/** Writes a picture object, public and immutable like the ones the picture routes write. */
export async function writePicture(
  bucket: Bucket,
  key: string,
  body: Buffer,
  contentType: string,
): Promise<void> {
  await reach(() =>
    bucket.s3.send(
      new PutObjectCommand({
        Bucket: bucket.name,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    ),
  );
}

/**
 * Streams a body of unknown length into one object (a multipart upload once it passes 5 MB), so an
 * archive is never held in memory whole.
 */
export async function writeStream(bucket: Bucket, key: string, body: Readable, contentType: string) {
  const upload = new Upload({
    client: bucket.s3,
    params: { Bucket: bucket.name, Key: key, Body: body, ContentType: contentType },
    queueSize: 2,
  });
  await reach(() => upload.done());
}

/** Deletes objects one request per key (see core/storage.ts for why not DeleteObjects). */
export async function deleteKeys(bucket: Bucket, keys: Iterable<string>): Promise<void> {
  await allOrFirstError(
    [...keys].map((Key) =>
      reach(() => bucket.s3.send(new DeleteObjectCommand({ Bucket: bucket.name, Key }))),
    ),
  );
}

/** A link that downloads the object for 15 minutes, saved under `filename`. */
export function signedDownloadUrl(bucket: Bucket, key: string, filename: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucket.name,
    Key: key,
    ResponseContentDisposition: `attachment; filename="${filename}"`,
  });
  return getSignedUrl(bucket.linkSigner ?? bucket.s3, command, { expiresIn: SIGNED_LINK_SECONDS });
}

/** A link that accepts one PUT of the object's bytes for 15 minutes. */
export function signedUploadUrl(bucket: Bucket, key: string): Promise<string> {
  // No content type is signed: a client may send the file with whatever type it has.
  const command = new PutObjectCommand({ Bucket: bucket.name, Key: key });
  return getSignedUrl(bucket.linkSigner ?? bucket.s3, command, { expiresIn: SIGNED_LINK_SECONDS });
}
