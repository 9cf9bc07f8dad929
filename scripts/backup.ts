/**
 * `npm run backup -- <file.zip>`: the whole instance (every table, users included, and every
 * picture) into one archive, for `npm run restore`. On PGlite, stop `npm run dev` first (one process
 * at a time may open its files); on PostgreSQL it may run beside the service: it reads one moment.
 */

import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { dumpToArchive } from "../core/archive/dump.ts";
import { pendingMigrations } from "../core/archive/schema-check.ts";
import { configuredBucket } from "../core/archive/storage.ts";
import { ArchiveWriter } from "../core/archive/writer.ts";
import { getDb } from "../core/db.ts";
import { Conflict } from "../core/errors.ts";
import { archiveArgument, elapsed, progress, runOperatorScript } from "./lib/operator.ts";

const file = archiveArgument("npm run backup -- <file.zip>");

await runOperatorScript(async () => {
  const db = getDb();
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    throw Conflict(`The database lacks migrations (${pending.join(", ")}): run npm run db:migrate first.`);
  }
  // Written beside the target and renamed at the end, so a failed run never leaves half an archive under the name.
  const partial = `${file}.partial`;
  try {
    const writer = new ArchiveWriter(createWriteStream(partial));
    const counts = await dumpToArchive(db, configuredBucket(), writer, {
      scope: "all",
      onProgress: progress,
    });
    const { bytes } = await writer.finish("all", counts);
    await rename(partial, file);
    const summary = Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    console.log(`Backup written to ${file}: ${bytes} bytes in ${elapsed()} (${summary}).`);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
});
