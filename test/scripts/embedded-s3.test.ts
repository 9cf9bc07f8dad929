/**
 * The embedded S3 server's gate (scripts/lib/embedded-s3.ts): signed requests with its key pass,
 * anonymous reads of pictures pass, everything else is 403; CORS names the web app's origin only.
 * A server of its own, with real SDK calls and presigned links (as the service and the app use them).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomS3Credentials } from "../../core/storage-credentials.ts";
import { type EmbeddedS3, startEmbeddedS3 } from "../../scripts/lib/embedded-s3.ts";

const BUCKET = "gate";
const APP = "http://localhost:8123";
const PICTURE = "recipes/1/abc-preview.webp";
const EXPORT = "exports/1/2026-11-25-x.zip";

let s3: EmbeddedS3;
let directory: string;
const client = (credentials = s3.credentials) =>
  new S3Client({ region: "us-east-1", endpoint: s3.url, forcePathStyle: true, credentials, maxAttempts: 1 });
const url = (key = "") => `${s3.url}/${BUCKET}/${key}`;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "recipes-gate-"));
  s3 = await startEmbeddedS3({ port: 0, directory, bucket: BUCKET, allowedOrigin: APP });
  for (const Key of [PICTURE, EXPORT]) {
    await client().send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: `bytes of ${Key}` }));
  }
});
afterAll(async () => {
  await s3.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("the embedded S3 server", () => {
  it("listens on loopback only, s3rver itself on a unix socket only its user can reach", () => {
    expect(new URL(s3.url).hostname).toBe("127.0.0.1");
    expect(statSync(s3.innerSocket).isSocket()).toBe(true);
    expect(statSync(dirname(s3.innerSocket)).mode & 0o777).toBe(0o700);
  });

  it("answers 421 to a Host that is not one of loopback's names (DNS rebinding)", async () => {
    const { port } = new URL(s3.url);
    const answer = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port, path: `/${BUCKET}/${PICTURE}`, headers: { host } },
          (res) => {
            let body = "";
            res.on("data", (chunk) => {
              body += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        req.end();
      });
    const rebound = await answer(`rebound.example:${port}`);
    expect(rebound.status).toBe(421);
    expect(rebound.body).toContain("<Code>MisdirectedRequest</Code>");
    expect((await answer(`localhost:${port}`)).status).toBe(200);
  });

  it("serves the key's holder: list, read, write, delete", async () => {
    const listed = await client().send(new ListObjectsV2Command({ Bucket: BUCKET }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(expect.arrayContaining([EXPORT, PICTURE]));
    const read = await client().send(new GetObjectCommand({ Bucket: BUCKET, Key: EXPORT }));
    expect(await read.Body?.transformToString()).toBe(`bytes of ${EXPORT}`);
    await client().send(new PutObjectCommand({ Bucket: BUCKET, Key: "recipes/2/y.jpg", Body: "y" }));
    await client().send(new DeleteObjectCommand({ Bucket: BUCKET, Key: "recipes/2/y.jpg" }));
  });

  it("refuses another key, and the right key with the wrong secret", async () => {
    const other = randomS3Credentials();
    await expect(client(other).send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const forged = { accessKeyId: s3.credentials.accessKeyId, secretAccessKey: other.secretAccessKey };
    await expect(
      client(forged).send(new GetObjectCommand({ Bucket: BUCKET, Key: EXPORT })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it("lets anyone read a picture, and nothing else", async () => {
    const picture = await fetch(url(PICTURE));
    expect(picture.status).toBe(200);
    expect(await picture.text()).toBe(`bytes of ${PICTURE}`);
    expect((await fetch(url(PICTURE), { method: "HEAD" })).status).toBe(200);

    for (const [method, target, body] of [
      ["GET", url(EXPORT), undefined], // an admin's export: every password hash
      ["GET", url("imports/1/x.zip"), undefined],
      ["GET", url(), undefined], // the listing
      ["GET", `${url(PICTURE)}?acl`, undefined],
      ["GET", url("recipes/../exports/1/2026-11-25-x.zip"), undefined],
      ["GET", url("recipes/%2e%2e/exports/1/2026-11-25-x.zip"), undefined],
      ["PUT", url("recipes/1/evil.html"), "<script>alert(1)</script>"],
      ["DELETE", url(PICTURE), undefined],
      ["POST", `${url()}?delete`, "<Delete/>"],
    ] as const) {
      const res = await fetch(target, { method, body, headers: body ? { "content-type": "text/html" } : {} });
      expect(res.status, `${method} ${target}`).toBe(403);
      expect(await res.text()).toContain("<Code>AccessDenied</Code>");
    }
    expect(await (await fetch(url(PICTURE))).text()).toBe(`bytes of ${PICTURE}`); // still there
  });

  it("honours presigned links until they expire, and not once changed", async () => {
    const link = await getSignedUrl(client(), new GetObjectCommand({ Bucket: BUCKET, Key: EXPORT }), {
      expiresIn: 60,
    });
    const ok = await fetch(link);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(`bytes of ${EXPORT}`);
    expect((await fetch(link.replace(EXPORT, "exports/1/other.zip"))).status).toBe(403);
    expect((await fetch(link.replace(/X-Amz-Expires=\d+/, "X-Amz-Expires=600"))).status).toBe(403);

    const expired = await getSignedUrl(client(), new GetObjectCommand({ Bucket: BUCKET, Key: EXPORT }), {
      expiresIn: 1,
      signingDate: new Date(Date.now() - 60_000),
    });
    const late = await fetch(expired);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain("signature is expired");

    const put = await getSignedUrl(
      client(),
      new PutObjectCommand({ Bucket: BUCKET, Key: "imports/1/upload.zip", ContentType: "application/zip" }),
      { expiresIn: 60 },
    );
    const uploaded = await fetch(put, {
      method: "PUT",
      body: "zip bytes",
      headers: { "content-type": "application/zip" },
    });
    expect(uploaded.status).toBe(200);
  });

  it("allows the web app's origin by CORS, and no other", async () => {
    // As a browser sends it before the PUT to a presigned link: with the link's query, unsigned.
    const link = await getSignedUrl(
      client(),
      new PutObjectCommand({ Bucket: BUCKET, Key: "imports/1/u.zip" }),
      {
        expiresIn: 60,
      },
    );
    const preflight = (origin: string) =>
      fetch(link, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "PUT",
          "access-control-request-headers": "content-type",
        },
      });
    const app = await preflight(APP);
    expect(app.status).toBe(200);
    expect(app.headers.get("access-control-allow-origin")).toBe(APP);
    const evil = await preflight("http://evil.example");
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    const read = await fetch(url(PICTURE), { headers: { origin: "http://evil.example" } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
  });
});
