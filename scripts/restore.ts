/**
 * `npm run restore -- <file.zip>`: an archive of `npm run backup` (any format version up to this
 * service's) into an empty database and the configured bucket. The database is migrated first;
 * one that already holds rows is refused.
 */
import { ArchiveReader } from "../core/archive/reader.ts";
import { restoreArchive } from "../core/archive/restore.ts";
import { configuredBucket } from "../core/archive/storage.ts";
import { getDb, migrateToLatest } from "../core/db.ts";
import { archiveArgument, elapsed, progress, runOperatorScript } from "./lib/operator.ts";

const file = archiveArgument("npm run restore -- <file.zip>");

await runOperatorScript(async () => {
  const db = getDb();
  await migrateToLatest(db);
  const reader = await ArchiveReader.open(file);
  try {
    if (reader.writtenVersion < reader.manifest.format_version) {
      progress(
        `archive format ${reader.writtenVersion}: upgrading to ${reader.manifest.format_version} while reading`,
      );
    }
    const counts = await restoreArchive(db, configuredBucket(), reader, { onProgress: progress });
    const summary = Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    console.log(`Restored ${file} in ${elapsed()} (${summary}).`);
  } finally {
    reader.close();
  }
});
