/**
 * What a user may have the service fetch on their behalf. Recipe pages (POST /recipes/import) and
 * pictures by address (PUT …/image with `{url}`) share one budget per user, FETCH_LIMIT; a picture
 * fetch also takes one of MAX_CONCURRENT_FETCHES slots for its duration (each fetch may hold an
 * outbound connection for 10 s). Both are counted in the database, so they hold across instances.
 */
import { type ThrottleLimit, take, takeConcurrentSlot } from "../auth/throttle.ts";
import type { Db } from "../db.ts";
import { FETCH_TIMEOUT_MS } from "./safe-fetch.ts";

export const FETCH_LIMIT: ThrottleLimit = { max: 30, windowMinutes: 10 };
export const MAX_CONCURRENT_FETCHES = 2;

/** The budget's key: `import:` since it was the import's alone. */
export const fetchBudgetKey = (userId: number) => `import:${userId}`;

/** Runs `fetch` within the user's budget and concurrency (429 with Retry-After past either). */
export async function rationedFetch<T>(db: Db, userId: number, fetch: () => Promise<T>): Promise<T> {
  const release = await takeConcurrentSlot(
    db,
    `fetching:${userId}`,
    {
      max: MAX_CONCURRENT_FETCHES,
      lapseSeconds: 60, // far past FETCH_TIMEOUT_MS: a slot still counted then was never given back
      retryAfterSeconds: FETCH_TIMEOUT_MS / 1000,
    },
    `At most ${MAX_CONCURRENT_FETCHES} pictures are fetched for you at once. Try again in {s} seconds.`,
  );
  try {
    await take(
      db,
      fetchBudgetKey(userId),
      FETCH_LIMIT,
      "Too many imports and pictures fetched by address. Try again in {s} seconds.",
    );
    return await fetch();
  } finally {
    await release().catch(() => undefined); // the database is gone: the slot lapses by itself
  }
}
