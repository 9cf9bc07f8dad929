/**
 * The embedded S3 server that stands in for MinIO when nothing is configured: s3rver on a private
 * loopback port, behind a gate on the public port that does what s3rver does not (it accepts any
 * Signature V4 unchecked, and any anonymous request):
 * - a request signed with the server's access key (an `Authorization` header, or a presigned URL
 *   that has not expired) is checked (sigv4.ts) and passed on: the service, and the links it
 *   signs for a browser (an import's upload, an export's download);
 * - an anonymous GET or HEAD of a picture object (keys under the picture tables' prefixes, as
 *   core/image writes them) is passed on: `<img>` tags read them;
 * - everything else is 403 `AccessDenied`: listing, writing, deleting, and reading `exports/` or
 *   `imports/` without a signature.
 * CORS allows the web app's origin only (FRONTEND_URL), never `*`. s3rver itself listens on a unix
 * socket in a folder only this user may enter, so nothing reaches it but through the gate; and a
 * gate on loopback answers only to loopback's names (host-check.ts: DNS rebinding).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { PICTURE_KEY_PREFIXES } from "../../core/image/repository.ts";
import { randomS3Credentials, type S3Credentials } from "../../core/storage-credentials.ts";
import { hostCheck, misdirected } from "./host-check.ts";
import { verifySignature } from "./sigv4.ts";

/** s3rver's registry of access keys (untyped); its only account is this one. */
const { DUMMY_ACCOUNT: account } = createRequire(import.meta.url)("s3rver/lib/models/account.js") as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void; revokeAccessKey(id: string): void };
};

export type EmbeddedS3 = {
  url: string;
  credentials: S3Credentials;
  /** The unix socket s3rver listens on, behind the gate. */
  innerSocket: string;
  close: () => Promise<void>;
};

/** The variables that point the service at this server (STORAGE_URL and its key). */
export const storageEnvironment = (s3: EmbeddedS3) => ({
  STORAGE_URL: s3.url,
  S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
});

/**
 * The web app sends an archive to import straight to storage (the signed PUT of POST /imports/uploads)
 * and downloads exports from it: cross-origin requests from the app's page, allowed from its origin.
 */
const cors = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** A GET or HEAD of `/<bucket>/<picture key>` (path-style, as the service's URLs are), in any bucket. */
function isAnonymousPictureRead(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = new URL(req.url ?? "/", "http://s3");
  if (url.search !== "") return false; // ?acl, ?tagging, ?list-type…: not an object read
  let key: string | undefined;
  try {
    key = decodeURIComponent(/^\/[^/]+\/(.+)$/.exec(url.pathname)?.[1] ?? "");
  } catch {
    return false;
  }
  return PICTURE_KEY_PREFIXES.some((p) => key.startsWith(p)) && !key.includes("..");
}

function refuse(res: ServerResponse, status: 403 | 421, code: string, reason: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  const message = reason.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

export async function startEmbeddedS3(options: {
  port: number;
  directory: string;
  bucket: string;
  /** The key its clients sign with; a random one when not given (read it from the result). */
  credentials?: S3Credentials;
  /** The web app's origin, allowed by CORS; none when not given. */
  allowedOrigin?: string;
  /** The address to listen on; loopback unless given (HOST). */
  host?: string;
  /** Names besides localhost it answers to on loopback (ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
}): Promise<EmbeddedS3> {
  const credentials = options.credentials ?? randomS3Credentials();
  // s3rver knows only the accounts in its registry; its own check of a V4 signature is a no-op.
  account.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  mkdirSync(options.directory, { recursive: true });
  // mkdtemp makes the folder readable by this user only (0700).
  const socketDir = mkdtempSync(join(tmpdir(), "recipes-s3-"));
  const socketPath = join(socketDir, "s3rver.sock");
  const s3rver = new S3rver({
    // A path as the port: s3rver's server listens on that unix socket (net.Server.listen(path)).
    port: socketPath as unknown as number,
    directory: options.directory,
    silent: true,
    configureBuckets: [
      { name: options.bucket, configs: options.allowedOrigin ? [cors(options.allowedOrigin)] : [] },
    ],
  });
  await s3rver.run();
  const hostAllowed = hostCheck(options.host ?? "127.0.0.1", options.allowedHosts ?? []);

  const gate = createServer((req, res) => {
    if (hostAllowed && !hostAllowed(req.headers.host)) {
      req.resume();
      refuse(res, 421, "MisdirectedRequest", misdirected(req.headers.host));
      return;
    }
    // A CORS preflight carries a presigned link's query but is never signed itself; s3rver answers it
    // from the bucket's CORS rule, and it reads or changes nothing.
    const signed = req.method === "OPTIONS" ? "unsigned" : verifySignature(req, credentials);
    const allowed =
      signed === "valid" ||
      (signed === "unsigned" && (req.method === "OPTIONS" || isAnonymousPictureRead(req)));
    if (!allowed) {
      req.resume();
      const reason = signed === "unsigned" ? "Access Denied" : `The request's signature is ${signed}.`;
      refuse(res, 403, "AccessDenied", reason);
      return;
    }
    const forwarded = request(
      { socketPath, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        // s3rver answers a CORS rule it matched with `*`; the rule names one origin, so name it too.
        if (answer.headers["access-control-allow-origin"] === "*") {
          answer.headers["access-control-allow-origin"] = req.headers.origin;
          answer.headers.vary = "Origin";
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    gate.once("error", reject);
    gate.listen(options.port, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = gate.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    innerSocket: socketPath,
    close: async () => {
      gate.closeAllConnections();
      await new Promise((resolve) => gate.close(resolve));
      await s3rver.close();
      rmSync(socketDir, { recursive: true, force: true });
      account.revokeAccessKey(credentials.accessKeyId);
    },
  };
}
