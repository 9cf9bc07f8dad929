/**
 * Signed links (exports, archive uploads) name the address browsers reach storage at, which may not
 * be the service's own (compose: `minio:9000` inside, `localhost:9000` outside). The run's storage
 * server answers on 127.0.0.1; the same server under the name `localhost` plays the outside address.
 */
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import {
  type Bucket,
  configuredBucket,
  signedDownloadUrl,
  signedUploadUrl,
} from "../../core/archive/storage.ts";
import { config } from "../../core/config.ts";

const outside = (config.storage.url as string).replace("127.0.0.1", "localhost");
const linkSigner = new S3Client({
  region: config.storage.region,
  endpoint: outside,
  forcePathStyle: true,
  credentials: config.storage.credentials,
});

describe("signed links", () => {
  it("name STORAGE_LINK_URL's host, and storage accepts them there", async () => {
    const bucket: Bucket = { ...configuredBucket(), linkSigner };
    const key = `archives/link-${Date.now()}.zip`;
    const upload = await signedUploadUrl(bucket, key);
    expect(new URL(upload).origin).toBe(new URL(outside).origin);
    expect((await fetch(upload, { method: "PUT", body: "zip bytes" })).status).toBe(200);

    const download = await signedDownloadUrl(bucket, key, "recipes.zip");
    expect(new URL(download).origin).toBe(new URL(outside).origin);
    const response = await fetch(download);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("zip bytes");
  });

  it("name the service's own address when STORAGE_LINK_URL is not set", async () => {
    const bucket = configuredBucket();
    await bucket.s3.send(new PutObjectCommand({ Bucket: bucket.name, Key: "archives/own.zip", Body: "x" }));
    const link = await signedDownloadUrl(bucket, "archives/own.zip", "own.zip");
    expect(new URL(link).origin).toBe(new URL(config.storage.url as string).origin);
    expect((await fetch(link)).status).toBe(200);
  });
});
