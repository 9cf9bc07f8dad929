/**
 * The one way this service fetches an address a user gave it (a recipe page, a picture).
 *
 * A user-supplied URL is a request made from inside our network, so (CONTRACT.md: import):
 * - http and https only;
 * - every address a name resolves to must be a public unicast address. The check runs inside the
 *   socket's own `lookup`, so it judges exactly the addresses the socket then connects to: there is
 *   no second look-up that a short-TTL name could answer differently (DNS rebinding). Literal
 *   addresses skip the look-up in Node, so they are checked from the URL (after WHATWG parsing has
 *   already turned `2130706433` or `0x7f.0.0.1` into `127.0.0.1`), IPv4-mapped IPv6 unwrapped;
 * - the same on every redirect, at most 5 of them;
 * - 10 seconds for everything (redirects and body included) and 5 MB of body after decompression;
 * - only the content types the caller asks for.
 * Every failure is a 422 with a sentence for people, never a 5xx: the site is not our fault.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { IncomingMessage } from "node:http";
import { isIP, type LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { config } from "../config.ts";
import { AppError, Invalid } from "../errors.ts";
import { accessDenied, currentGrants } from "../grants.ts";

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_FETCH_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

// Not `import http from "node:http"`: an ES import makes Node build the module's facade, which
// reads every export, lazy ones included, and `http.WebSocket` loads undici: several ms of every
// cold start of the functions that bundle this file (stacks/bundle.ts does the same for packages).
const http = process.getBuiltinModule("node:http");
const https = process.getBuiltinModule("node:https");

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * True only for global unicast addresses. Everything else is refused: loopback, private (10/8,
 * 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata service, fe80::/10),
 * unique local (fc00::/7), carrier-grade NAT, multicast, broadcast, unspecified, reserved, and the
 * IPv6 ranges that embed an IPv4 address (NAT64, 6to4, Teredo) whose target we would not see.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === "unicast";
}

export type FetchRules = {
  /** Media types (lower case, without parameters) the caller can use. */
  accept: readonly string[];
  /** What those types are, for the message when the answer is something else: "a web page". */
  expected: string;
  /** Defaults to IMPORT_ALLOW_PRIVATE_HOSTS; tests pass it explicitly. */
  allowPrivateHosts?: boolean;
  /**
   * Replaces the address rule (tests only: a local server stands in for a public site, so that a
   * redirect from it to a loopback address can be refused by the real rule).
   */
  isAllowedAddress?: (address: string) => boolean;
  maxBytes?: number;
  timeoutMs?: number;
};

export type Fetched = {
  /** The address that finally answered, after redirects. */
  url: string;
  /** The media type, lower case, without parameters. */
  mediaType: string;
  /** The `charset` parameter of the content type, if any. */
  charset: string | undefined;
  body: Buffer;
};

/** 422 `Address '…' is not allowed.`, reported on the `url` field the client sent. */
export const addressNotAllowed = (url: string) => fetchProblem(`Address '${url}' is not allowed.`);

/** 422 `Could not fetch '…': <reason>.` */
export const couldNotFetch = (url: string, reason: string) =>
  fetchProblem(`Could not fetch '${url}': ${reason}.`);

const fetchProblem = (message: string) => Invalid(message, [{ path: "url", message }]);

type AddressRule = (address: string) => boolean;

/** Raised from inside the socket's look-up; mapped to `addressNotAllowed` for the URL being fetched. */
class RefusedAddress extends Error {}

/** Resolves every address of the name and refuses the connection when any one of them is not public. */
function checkedLookup(allowed: AddressRule): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "");
      const refused = addresses.length === 0 || addresses.some((a) => !allowed(a.address));
      if (refused) return callback(new RefusedAddress(hostname), "");
      const first = addresses[0] as LookupAddress;
      return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
    });
  };
}

/** Scheme and, for a literal address, the address itself; names are checked when they resolve. */
function assertAllowedUrl(url: URL, allowed: AddressRule): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw addressNotAllowed(url.href);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !allowed(host)) throw addressNotAllowed(url.href);
}

function requestOnce(url: URL, signal: AbortSignal, allowed: AddressRule): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "GET",
      // A fresh connection per request: a pooled socket would skip the look-up and its check.
      agent: false,
      lookup: checkedLookup(allowed),
      signal,
      headers: {
        "user-agent": "RecipeService/1.0 (recipe import)",
        accept:
          "text/html,application/xhtml+xml,application/ld+json,application/json,image/*;q=0.9,*/*;q=0.1",
        "accept-encoding": "gzip, deflate, br",
      },
    });
    request.on("response", resolve);
    request.on("error", reject);
    request.end();
  });
}

/** The body, decompressed, refused as soon as it passes `maxBytes`. */
async function readBody(response: IncomingMessage, maxBytes: number, url: string): Promise<Buffer> {
  const tooLarge = () => couldNotFetch(url, `the answer is larger than ${maxBytes} bytes`);
  if (Number(response.headers["content-length"]) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const encoding = (response.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  const decoders: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
    gzip: zlib.createGunzip,
    "x-gzip": zlib.createGunzip,
    deflate: zlib.createInflate,
    br: zlib.createBrotliDecompress,
  };
  let stream: Readable = response;
  if (encoding !== "identity") {
    const decoder = decoders[encoding];
    if (!decoder) {
      response.destroy();
      throw couldNotFetch(url, `its content encoding '${encoding}' is not supported`);
    }
    // A small compressed body can inflate to gigabytes: the limit below counts decoded bytes.
    stream = pipeline(response, decoder(), () => {});
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Why a connection failed, in words a user can act on. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code ?? "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA")
    return "the name could not be resolved";
  if (code === "ECONNREFUSED") return "the connection was refused";
  if (code === "ECONNRESET" || code === "EPIPE")
    return "the connection was closed before the answer was complete";
  if (code === "ETIMEDOUT" || code === "EHOSTUNREACH" || code === "ENETUNREACH")
    return "the site cannot be reached";
  if (code.startsWith("HPE_")) return "the answer is not valid HTTP";
  if (/CERT|SSL|TLS/.test(code)) return "its TLS certificate is not valid";
  if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR" || code.startsWith("ERR_BROTLI")) {
    return "the answer's compression is broken";
  }
  return "the connection failed";
}

/**
 * Fetches `address` under the rules above and answers the final address, the media type and the
 * body. Throws 422 (`Address '…' is not allowed.` or `Could not fetch '…': <reason>.`) for
 * everything that goes wrong on the way.
 */
export async function fetchSafely(address: string, rules: FetchRules): Promise<Fetched> {
  if (currentGrants()?.internet === false)
    throw accessDenied("this route's line does not reach the internet");
  const allowPrivate = rules.allowPrivateHosts ?? config.importAllowPrivateHosts;
  const allowed: AddressRule = rules.isAllowedAddress ?? (allowPrivate ? () => true : isPublicAddress);
  const maxBytes = rules.maxBytes ?? MAX_FETCH_BYTES;
  const timeoutMs = rules.timeoutMs ?? FETCH_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw addressNotAllowed(address);
  }
  const shown = url.href;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for (let redirects = 0; ; redirects += 1) {
      assertAllowedUrl(url, allowed);
      let response: IncomingMessage;
      try {
        response = await requestOnce(url, controller.signal, allowed);
      } catch (error) {
        if (error instanceof RefusedAddress) throw addressNotAllowed(url.href);
        throw error;
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.resume();
        if (redirects === MAX_REDIRECTS) throw couldNotFetch(shown, `more than ${MAX_REDIRECTS} redirects`);
        try {
          url = new URL(location, url);
        } catch {
          throw couldNotFetch(shown, "it redirects to an address that is not valid");
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw couldNotFetch(shown, `the site answered with status ${status}`);
      }
      const contentType = response.headers["content-type"] ?? "";
      const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (!rules.accept.includes(mediaType)) {
        response.destroy();
        const said = mediaType ? `'${mediaType}'` : "missing";
        throw couldNotFetch(shown, `its content type ${said} is not ${rules.expected}`);
      }
      const charset = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
      const body = await readBody(response, maxBytes, shown);
      return { url: url.href, mediaType, charset, body };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (controller.signal.aborted) {
      throw couldNotFetch(shown, `no complete answer within ${timeoutMs / 1000} seconds`);
    }
    throw couldNotFetch(shown, reasonOf(error));
  } finally {
    clearTimeout(timer);
  }
}
