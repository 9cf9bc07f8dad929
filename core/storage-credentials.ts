import { randomBytes } from "node:crypto";

/** An S3 access key pair, as the SDK takes it. */
export type S3Credentials = { accessKeyId: string; secretAccessKey: string };

/** A fresh access key for the embedded S3 server (scripts/lib/embedded-s3.ts). */
export const randomS3Credentials = (): S3Credentials => ({
  accessKeyId: `embedded-${randomBytes(6).toString("hex")}`,
  secretAccessKey: randomBytes(30).toString("base64url"),
});
