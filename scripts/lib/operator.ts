/**
 * What the operator scripts (backup, restore) share: the argument, storage (the embedded S3 server
 * is started when nothing else is configured and `npm run dev` is not serving it), progress lines
 * on stderr, and a clean exit with the reason on failure.
 */
import { join } from "node:path";
import { config } from "../../core/config.ts";
import { closeDb } from "../../core/db.ts";
import { isAppError } from "../../core/errors.ts";
import { checkStorage } from "../../core/storage.ts";
import { type EmbeddedS3, startEmbeddedS3 } from "./embedded-s3.ts";

export function archiveArgument(usage: string): string {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  return file;
}

/** Starts the embedded S3 server on its files in .data/s3 when it is the configured storage and not running. */
export async function ensureStorage(): Promise<EmbeddedS3 | undefined> {
  try {
    await checkStorage();
    return undefined;
  } catch (error) {
    if (!config.storage.embedded) throw error;
  }
  const port = Number(new URL(config.storage.url ?? "http://127.0.0.1:9000").port || 9000);
  return startEmbeddedS3({
    port,
    directory: join(config.dataDir, "s3"),
    bucket: config.storage.bucket,
    credentials: config.storage.credentials,
    host: config.host,
  });
}

const started = performance.now();
export const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** One progress line, with the time since the start. */
export const progress = (line: string): void => console.error(`[${elapsed()}] ${line}`);

/** Runs the script's work, closes the database and the embedded S3 server, and exits 1 with the reason on failure. */
export async function runOperatorScript(work: () => Promise<void>): Promise<void> {
  let s3: EmbeddedS3 | undefined;
  let failed = false;
  try {
    s3 = await ensureStorage();
    await work();
  } catch (error) {
    failed = true;
    console.error(isAppError(error) ? error.message : error);
  } finally {
    await closeDb();
    await s3?.close();
  }
  process.exit(failed ? 1 : 0);
}
