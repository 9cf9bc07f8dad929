/**
 * Fetches the table's file from an https address into a local file, bounded in size and time, and
 * keeps it only when its SHA-256 is the one pinned: NUTRITION_TABLE_SHA256 (or the script's
 * `--sha256`) when given, else one of official.ts's. A file that is read from disk is checked the
 * same way when a hash is given, and trusted as the operator's own when not.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { SR28_PINNED_SHA256 } from "./official.ts";
import { NutritionTableError } from "./xlsx.ts";

export type DownloadOptions = {
  /** The SHA-256 (hex) the file must have; without it, one of SR28_PINNED_SHA256. */
  sha256?: string | undefined;
  /** The largest file accepted (the official zip is about 2.5 MB). */
  maxBytes?: number;
  /** The whole download, from the request to the last byte. */
  timeoutMs?: number;
  /** Another fetch (tests). */
  fetch?: typeof fetch;
};

const MAX_BYTES = 64 * 1024 ** 2;
const TIMEOUT_MS = 120_000;

/** True for what NUTRITION_TABLE and the script take as an address rather than a path. */
export const isAddress = (source: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(source);

/**
 * Downloads `address` (https only, redirects followed while they stay https) into `destination`,
 * hashing it as it is written; returns its SHA-256. Throws a NutritionTableError saying why (the
 * address answered an error, the file is too large, its hash is not the pinned one), and leaves no
 * file behind then.
 */
export async function downloadTable(
  address: string,
  destination: string,
  options: DownloadOptions = {},
): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new NutritionTableError(`'${address}' is not an address.`);
  }
  if (url.protocol !== "https:") {
    throw new NutritionTableError(
      `${address}: only https addresses are downloaded (the file is checked, the connection too).`,
    );
  }
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const failed = (reason: string) => new NutritionTableError(`${address}: ${reason}`);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { redirect: "follow", signal });
  } catch (error) {
    throw failed(`could not be fetched (${reasonOf(error)}).`);
  }
  if (response.url && new URL(response.url).protocol !== "https:") {
    await response.body?.cancel();
    throw failed(`it redirects to ${response.url}, which is not https.`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw failed(`it answered ${response.status} ${response.statusText}`.trimEnd().concat("."));
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body.cancel();
    throw failed(`it is ${declared} bytes, more than the ${maxBytes} accepted.`);
  }
  const hash = createHash("sha256");
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(failed(`it is more than the ${maxBytes} bytes accepted.`));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
      counted,
      createWriteStream(destination),
      { signal },
    );
  } catch (error) {
    await rm(destination, { force: true });
    if (error instanceof NutritionTableError) throw error;
    throw failed(`the download stopped (${reasonOf(error)}).`);
  }
  const sha256 = hash.digest("hex");
  try {
    checkPinned(address, sha256, options.sha256);
  } catch (error) {
    await rm(destination, { force: true });
    throw error;
  }
  return sha256;
}

/** The SHA-256 (hex) of a local file, read as a stream. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Throws unless `sha256` is the expected one (`expected`, or one of the pinned when none is given);
 * the message gives the hash found, for whoever checks the file and pins it.
 */
export function checkPinned(what: string, sha256: string, expected: string | undefined): void {
  if (expected !== undefined) {
    if (sha256 !== expected.toLowerCase()) {
      throw new NutritionTableError(
        `${what}: its SHA-256 is ${sha256}, not the ${expected.toLowerCase()} NUTRITION_TABLE_SHA256 pins: refused.`,
      );
    }
    return;
  }
  if (!SR28_PINNED_SHA256.some((pinned) => pinned.sha256 === sha256)) {
    throw new NutritionTableError(
      `${what}: its SHA-256 ${sha256} is not pinned (core/nutrition/official.ts): refused. If this is USDA's file, check it and set NUTRITION_TABLE_SHA256=${sha256} (or pass --sha256).`,
    );
  }
}

/** What a network or stream error says, through the `cause` fetch wraps it in. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return "it took too long";
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
