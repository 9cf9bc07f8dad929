/**
 * Checks an S3 request's AWS Signature Version 4, as S3 itself does, for the embedded S3 server
 * (embedded-s3.ts): the `Authorization: AWS4-HMAC-SHA256 …` header of an SDK call, or the `X-Amz-*`
 * query of a presigned URL. https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 *
 * The signature covers the method, path, query, the signed headers and the payload hash the client
 * declares (`x-amz-content-sha256`, `UNSIGNED-PAYLOAD` for a presigned URL); the body is not hashed
 * again here: without the secret nobody can sign a request at all, which is what this guards.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { S3Credentials } from "../../core/storage-credentials.ts";

export type SignatureCheck = "valid" | "unsigned" | "invalid" | "expired";

const ALGORITHM = "AWS4-HMAC-SHA256";
/** How far a header-signed request's time may be from this server's, as S3 allows. */
const MAX_SKEW_MS = 15 * 60_000;
/** A presigned URL lives at most 7 days, as S3 allows. */
const MAX_EXPIRES_S = 7 * 24 * 3600;

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, "%20"));
  } catch {
    return text;
  }
};

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: string) => createHash("sha256").update(data).digest("hex");

/** `20261125T120000Z` → epoch milliseconds, or NaN. */
function amzTime(value: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

type Parts = {
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string | undefined;
  payloadHash: string;
  presigned: boolean;
  expires: number;
};

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** The signature's parts from the header or the query; undefined when the request carries none. */
function readParts(req: IncomingMessage, query: [string, string][]): Parts | undefined | "malformed" {
  const authorization = headerValue(req, "authorization");
  if (authorization !== undefined) {
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization.trim(),
      );
    const [, credential, signedHeaders, signature] = m ?? [];
    if (!credential || !signedHeaders || !signature) return "malformed";
    return {
      credential,
      signedHeaders: signedHeaders.split(";"),
      signature,
      amzDate: headerValue(req, "x-amz-date"),
      payloadHash: headerValue(req, "x-amz-content-sha256") ?? "",
      presigned: false,
      expires: 0,
    };
  }
  const get = (name: string) => query.find(([k]) => k === name)?.[1];
  if (get("X-Amz-Signature") === undefined && get("X-Amz-Algorithm") === undefined) return undefined;
  const signature = get("X-Amz-Signature") ?? "";
  if (get("X-Amz-Algorithm") !== ALGORITHM || !/^[0-9a-f]{64}$/.test(signature)) return "malformed";
  return {
    credential: get("X-Amz-Credential") ?? "",
    signedHeaders: (get("X-Amz-SignedHeaders") ?? "").split(";"),
    signature,
    amzDate: get("X-Amz-Date"),
    payloadHash: get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD",
    presigned: true,
    expires: Number(get("X-Amz-Expires")),
  };
}

/** Whether the request is signed with `credentials`, not signed at all, or signed but not acceptable. */
export function verifySignature(
  req: IncomingMessage,
  credentials: S3Credentials,
  now = Date.now(),
): SignatureCheck {
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const path = q === -1 ? raw : raw.slice(0, q);
  const query: [string, string][] = (q === -1 ? "" : raw.slice(q + 1))
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq === -1 ? [decode(pair), ""] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    });

  const parts = readParts(req, query);
  if (parts === undefined) return "unsigned";
  if (parts === "malformed") return "invalid";
  const [accessKeyId, day, region, service, terminator, ...rest] = parts.credential.split("/");
  const time = amzTime(parts.amzDate);
  if (
    day === undefined ||
    accessKeyId !== credentials.accessKeyId ||
    rest.length > 0 ||
    service !== "s3" ||
    terminator !== "aws4_request" ||
    !region ||
    day !== parts.amzDate?.slice(0, 8) ||
    !parts.signedHeaders.includes("host") ||
    Number.isNaN(time)
  ) {
    return "invalid";
  }
  if (parts.presigned) {
    if (!Number.isInteger(parts.expires) || parts.expires < 1 || parts.expires > MAX_EXPIRES_S)
      return "invalid";
    if (now > time + parts.expires * 1000 || time - now > MAX_SKEW_MS) return "expired";
  } else if (Math.abs(now - time) > MAX_SKEW_MS) {
    return "expired";
  }

  const canonicalQuery = query
    .filter(([name]) => !(parts.presigned && name === "X-Amz-Signature"))
    .map(([name, value]): [string, string] => [encode(name), encode(value)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = parts.signedHeaders
    .map((name) => `${name}:${(headerValue(req, name) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [
    req.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    parts.signedHeaders.join(";"),
    parts.payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, parts.amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), "s3"), "aws4_request");
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(parts.signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected) ? "valid" : "invalid";
}
