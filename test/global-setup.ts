/**
 * Once per test run: an embedded S3 server for the whole run, and, when DATABASE_URL is set, a
 * PostgreSQL database created and migrated for this run as the template every test file clones
 * (helpers/databases.ts), dropped after it with the clones. Without DATABASE_URL every test file gets
 * its own in-memory PGlite, started from a migrated snapshot (see setup.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startEmbeddedS3, storageEnvironment } from "../scripts/lib/embedded-s3.ts";
import { onServer, TEMPLATE_ENV, withDatabase } from "./helpers/databases.ts";

export default async function setup() {
  const bucket = "recipes-test";
  const s3Dir = mkdtempSync(join(tmpdir(), "recipes-s3-"));
  const s3 = await startEmbeddedS3({ port: 0, directory: s3Dir, bucket });
  Object.assign(process.env, storageEnvironment(s3));
  process.env.PUBLIC_STORAGE_URL = `${s3.url}/${bucket}`;
  process.env.S3_BUCKET = bucket;

  const cleanups: (() => void)[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `recipes_test_${Date.now()}_${process.pid}`;
    await onServer(serverUrl, `create database ${name}`);
    process.env.DATABASE_URL = withDatabase(serverUrl, name);
    process.env[TEMPLATE_ENV] = name;
    const { migrateToLatest, closeDb } = await import("../core/db.ts");
    await migrateToLatest();
    await closeDb(); // a template may have no connections while it is cloned
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // The clones of files that did not finish (a crash, a timeout), then the template.
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${name}\\_f%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  if (!serverUrl) {
    // Migrate one PGlite and let every test file start from a copy of it (~0.5 s instead of ~2.5 s).
    const { PGlite } = await import("@electric-sql/pglite");
    const { Kysely, PGliteDialect } = await import("kysely");
    const { migrateToLatest } = await import("../core/db.ts");
    const pglite = new PGlite();
    const db = new Kysely({ dialect: new PGliteDialect({ pglite }) });
    await migrateToLatest(db);
    const snapshot = join(s3Dir, "..", `recipes-pglite-${process.pid}.tar.gz`);
    writeFileSync(snapshot, Buffer.from(await (await pglite.dumpDataDir("gzip")).arrayBuffer()));
    await db.destroy();
    process.env.PGLITE_SNAPSHOT = snapshot;
    cleanups.push(() => rmSync(snapshot, { force: true }));
  }

  return async () => {
    for (const cleanup of cleanups) cleanup();
    await dropDatabase?.();
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
