import { sql } from "kysely";
import { config } from "./config.ts";
import { getDb } from "./db.ts";
import { checkStorage } from "./storage.ts";

export type PartStatus = "ok" | "unavailable";
export type Health = { status: PartStatus; database: PartStatus; storage: PartStatus; version: string };

const TIMEOUT_MS = 3000;

async function probe(check: () => Promise<unknown>): Promise<PartStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "ok";
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}

/** Checks the database and the bucket at once; each part answers within 3 seconds. */
export async function checkHealth(): Promise<Health> {
  const [database, storage] = await Promise.all([
    probe(() => sql`select 1`.execute(getDb())),
    probe(checkStorage),
  ]);
  const status = database === "ok" && storage === "ok" ? "ok" : "unavailable";
  return { status, database, storage, version: config.version };
}
