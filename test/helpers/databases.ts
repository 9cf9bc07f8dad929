/**
 * PostgreSQL databases for a test run: the run migrates one template (global-setup.ts), and every
 * test file works in a clone of it (setup.ts). A clone is a file copy on the server: much faster
 * than migrating, and each file starts from the same empty schema.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** The run's template, named by global-setup.ts when DATABASE_URL is set. */
export const TEMPLATE_ENV = "TEST_DATABASE_TEMPLATE";

/**
 * Runs `statement` on the server of `url`, connected to its `postgres` database: never to a
 * database the statement creates from, or drops.
 */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * Clones the run's template into a database of this test file's and points DATABASE_URL at it; its
 * `drop` removes it. Nothing to do (undefined) on PGlite.
 */
export async function cloneTemplateDatabase(): Promise<{ drop: () => Promise<void> } | undefined> {
  const template = process.env[TEMPLATE_ENV];
  const serverUrl = process.env.DATABASE_URL;
  if (!template || !serverUrl) return undefined;
  const name = `${template}_f${randomBytes(4).toString("hex")}`;
  // Two clones of one template at the same moment can meet PostgreSQL's "source database is being
  // accessed by other users" (each clone briefly connects to it): try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(serverUrl, `create database ${name} template ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  process.env.DATABASE_URL = withDatabase(serverUrl, name);
  return {
    drop: async () => {
      process.env.DATABASE_URL = serverUrl;
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
