/**
 * `npm run storage:sweep [-- --dry-run] [-- --older-than-minutes=60]`: for operators. Retries the
 * picture deletions that failed while storage was down (the storage_cleanups outbox), then deletes
 * every picture object that no row names and that is older than the grace period (default 60
 * minutes: a younger object may belong to an upload still committing). Uses the same configuration
 * as the API (DATABASE_URL, STORAGE_URL, ...).
 */
import { closeDb, getDb } from "../core/db.ts";
import { sweepOrphans } from "../core/image/cleanup.ts";
import { getStorage } from "../core/storage.ts";

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const minutesArg = args.find((a) => a.startsWith("--older-than-minutes="))?.split("=")[1];
const minutes = minutesArg === undefined ? 60 : Number(minutesArg);
const unknown = args.filter((a) => a !== "--dry-run" && !a.startsWith("--older-than-minutes="));
if (unknown.length || !Number.isFinite(minutes) || minutes < 0) {
  console.error("Usage: npm run storage:sweep -- [--dry-run] [--older-than-minutes=60]");
  process.exit(2);
}

try {
  const result = await sweepOrphans(getDb(), { olderThan: new Date(Date.now() - minutes * 60_000), dryRun });
  console.log(
    dryRun
      ? `Dry run: ${result.orphans.length} orphaned object(s) older than ${minutes} minutes would be deleted.`
      : `Deleted ${result.outbox} object(s) from the outbox and ${result.orphans.length} orphaned object(s).`,
  );
  for (const key of result.orphans) console.log(`  ${key}`);
} finally {
  await closeDb();
  getStorage().destroy(); // its keep-alive sockets would keep the process running
}
