import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The environment of a benchmark, set before core/config.ts is first imported (so benchmarks import
 * core dynamically after this): with DATABASE_URL, a fresh database `name` on that server, which it
 * then points at; without, PGlite in memory. Storage is never reached (an unused port).
 */
export async function prepareBenchEnvironment(name: string): Promise<{ onPostgres: boolean }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    process.env.PGLITE_DATA_DIR = "memory://";
  }
  Object.assign(process.env, {
    LOG_LEVEL: "silent",
    NODE_ENV: "development",
    JWT_SECRET: randomBytes(48).toString("base64url"),
    STORAGE_URL: "http://127.0.0.1:1",
    PUBLIC_STORAGE_URL: "http://127.0.0.1:1/bench",
    DB_POOL_MAX: "10",
  });
  return { onPostgres: Boolean(serverUrl) };
}
