/**
 * Throttling kept in the database (`login_throttles`), so every Lambda instance sees the same
 * counts. Each attempt first takes a slot with one atomic upsert; it is refused once the slots of
 * the window are used up, so concurrent guesses cannot slip past the limit.
 *
 * Failed logins count per (account, client address), so a stranger guessing from elsewhere cannot
 * lock the owner out, and per client address over every account, so one address cannot guess its way
 * through many accounts. Sign-ups count per client address. The client address is the one API
 * Gateway saw (`requestContext.http.sourceIp`), or the socket's on the local server.
 */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { TooManyRequests } from "../errors.ts";

export type ThrottleLimit = { max: number; windowMinutes: number };

/** Failed logins (and wrong current passwords) for one account from one address. */
export const ACCOUNT_ADDRESS_LIMIT: ThrottleLimit = { max: 10, windowMinutes: 15 };
/** Failed logins from one address, whatever the account. */
export const ADDRESS_LIMIT: ThrottleLimit = { max: 100, windowMinutes: 15 };
/** Sign-ups from one address. */
export const SIGNUP_LIMIT: ThrottleLimit = { max: 20, windowMinutes: 60 };

/** Kept for callers that speak of "the" login limit: the per-account one. */
export const MAX_FAILED_LOGINS = ACCOUNT_ADDRESS_LIMIT.max;
export const THROTTLE_WINDOW_MINUTES = ACCOUNT_ADDRESS_LIMIT.windowMinutes;

/** The counter keys of a login attempt; names are lower-cased so username and email forms share one. */
export const throttleKeys = {
  account: (account: string, address: string) => `login:${account.toLowerCase()}@${address}`,
  address: (address: string) => `login-address:${address}`,
  signup: (address: string) => `signup:${address}`,
};

/**
 * Counts one attempt under `key` and returns the count and the seconds until the window ends.
 * A window that has passed starts over.
 */
async function takeSlot(db: Db, key: string, limit: ThrottleLimit) {
  const window = sql.raw(`interval '${limit.windowMinutes} minutes'`);
  const expired = sql<boolean>`login_throttles.window_started_at <= now() - ${window}`;
  return db
    .insertInto("login_throttles")
    .values({ key, failures: 1, window_started_at: sql`now()` })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql`case when ${expired} then 1 else login_throttles.failures + 1 end`,
        window_started_at: sql`case when ${expired} then now() else login_throttles.window_started_at end`,
      }),
    )
    .returning([
      "failures",
      sql<number>`greatest(1, ceil(extract(epoch from (window_started_at + ${window} - now()))))::int`.as(
        "retry_after",
      ),
    ])
    .executeTakeFirstOrThrow();
}

/** Counts one attempt under `key`; 429 with Retry-After (`{s}` in the message) once the window is used up. */
export async function take(db: Db, key: string, limit: ThrottleLimit, message: string): Promise<void> {
  const row = await takeSlot(db, key, limit);
  if (row.failures > limit.max) {
    throw TooManyRequests(message.replace("{s}", String(row.retry_after)), row.retry_after);
  }
}

const LOGIN_MESSAGE = "Too many failed logins. Try again in {s} seconds.";

/**
 * Counts one login attempt (or current-password check) for an account name from an address and
 * throws 429 with Retry-After when either the pair or the address has used up its window.
 * The attempt stays counted unless it succeeds (see clearLoginFailures).
 */
export async function takeLoginAttempt(db: Db, account: string, address: string): Promise<void> {
  await take(db, throttleKeys.address(address), ADDRESS_LIMIT, LOGIN_MESSAGE);
  await take(db, throttleKeys.account(account, address), ACCOUNT_ADDRESS_LIMIT, LOGIN_MESSAGE);
}

/**
 * A successful login wipes the pair's failures and gives its slot back to the address, so only
 * failures count there (a valid account of one's own cannot reset the address's count).
 */
export async function clearLoginFailures(db: Db, account: string, address: string): Promise<void> {
  await db.deleteFrom("login_throttles").where("key", "=", throttleKeys.account(account, address)).execute();
  await db
    .updateTable("login_throttles")
    .set({ failures: sql`greatest(failures - 1, 0)` })
    .where("key", "=", throttleKeys.address(address))
    .execute();
}

/** Counts one sign-up from an address; 429 with Retry-After past SIGNUP_LIMIT in its window. */
export async function takeSignupAttempt(db: Db, address: string): Promise<void> {
  await take(db, throttleKeys.signup(address), SIGNUP_LIMIT, "Too many sign-ups. Try again in {s} seconds.");
}
