/**
 * Throttling kept in the database (`login_throttles`), so every Lambda instance sees the same
 * counts. Each attempt first takes a slot with one atomic upsert; it is refused once the slots of
 * the window are used up, so concurrent guesses cannot slip past the limit.
 *
 * Failed logins count three ways:
 * - per (account, client address), so a stranger guessing from elsewhere cannot lock the owner out;
 * - per client address over every account, so one address cannot guess its way through many accounts;
 * - per account over every address, so guessing from many addresses is slow too. Only addresses the
 *   account has not logged in from lately ("unknown") are refused once that budget is used up: the
 *   owner's usual address still logs in while someone else guesses (`login-known:` rows remember
 *   each address a login succeeded from, for KNOWN_ADDRESS_DAYS).
 * Sign-ups count per client address. The client address is the one API Gateway saw
 * (`requestContext.http.sourceIp`), or the socket's on the local server; an IPv6 client counts by
 * its /64, the block one subscriber gets (clientNetwork).
 */
import { isIPv4, isIPv6 } from "node:net";
import { sql } from "kysely";
import { config } from "../config.ts";
import type { Db } from "../db.ts";
import { TooManyRequests } from "../errors.ts";

export type ThrottleLimit = { max: number; windowMinutes: number };

/** Failed logins (and wrong current passwords) for one account from one address. */
export const ACCOUNT_ADDRESS_LIMIT: ThrottleLimit = { max: 10, windowMinutes: 15 };
/** Failed logins from one address, whatever the account. */
export const ADDRESS_LIMIT: ThrottleLimit = { max: 100, windowMinutes: 15 };
/**
 * Failed logins for one account from addresses it has not logged in from: with the other two limits
 * at most 24 × 20 = 480 guesses a day, however many addresses guess.
 */
export const ACCOUNT_LIMIT: ThrottleLimit = { max: 20, windowMinutes: 60 };
/** How long an address a login succeeded from stays the account's own (exempt from ACCOUNT_LIMIT). */
export const KNOWN_ADDRESS_DAYS = 90;
/** Sign-ups from one address: SIGNUPS_PER_HOUR, 20 unless set. */
export const SIGNUP_LIMIT: ThrottleLimit = { max: config.signupsPerHour, windowMinutes: 60 };
/** Failed household joins (an invitation code that is unknown, used or expired) of one user. */
export const JOIN_LIMIT: ThrottleLimit = { max: 30, windowMinutes: 15 };

/**
 * API tokens and password-reset codes that match nothing, from one client network: as many as failed
 * logins from one address. A script left with a deleted token (one failure a minute) stays under it.
 */
export const SECRET_LIMIT: ThrottleLimit = { max: 100, windowMinutes: 15 };

/** Kept for callers that speak of "the" login limit: the per-account one. */
export const MAX_FAILED_LOGINS = ACCOUNT_ADDRESS_LIMIT.max;
export const THROTTLE_WINDOW_MINUTES = ACCOUNT_ADDRESS_LIMIT.windowMinutes;

/**
 * Where a client is, for counting: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's block: counting single addresses would give every guesser 2^64 of them), and an
 * IPv4 address written as IPv6 (`::ffff:203.0.113.7`) as the IPv4 address.
 */
export function clientNetwork(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  // An embedded IPv4 tail (`::1.2.3.4`) only ever falls in the last 64 bits, which are dropped.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(missing, 0)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The counter keys of a login attempt; names are lower-cased so username and email forms share one. */
export const throttleKeys = {
  account: (account: string, address: string) => `login:${account.toLowerCase()}@${clientNetwork(address)}`,
  address: (address: string) => `login-address:${clientNetwork(address)}`,
  accountEverywhere: (account: string) => `login-account:${account.toLowerCase()}`,
  known: (account: string, address: string) =>
    `login-known:${account.toLowerCase()}@${clientNetwork(address)}`,
  signup: (address: string) => `signup:${clientNetwork(address)}`,
  join: (userId: number) => `join:${userId}`,
  secret: (address: string) => `secret:${clientNetwork(address)}`,
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

/**
 * 429 with Retry-After when `key` has used up its window, without counting an attempt: for limits
 * that count failures only, checked before the work a failure would cost.
 */
export async function refuseWhileThrottled(db: Db, key: string, limit: ThrottleLimit, message: string) {
  const window = sql.raw(`interval '${limit.windowMinutes} minutes'`);
  const row = await db
    .selectFrom("login_throttles")
    .select(
      sql<number>`greatest(1, ceil(extract(epoch from (window_started_at + ${window} - now()))))::int`.as(
        "retry_after",
      ),
    )
    .where("key", "=", key)
    .where("failures", ">=", limit.max)
    .where("window_started_at", ">", sql<Date>`now() - ${window}`)
    .executeTakeFirst();
  if (row) throw TooManyRequests(message.replace("{s}", String(row.retry_after)), row.retry_after);
}

/**
 * Takes one of `max` slots under `key` for work in flight (an outbound fetch), counted in the database
 * so every instance sees it; 429 with Retry-After `retryAfterSeconds` when all are taken. Resolves to
 * the function that gives the slot back. A slot never given back (a process that died mid-fetch)
 * lapses `lapseSeconds` after the last slot under the key was taken.
 */
export async function takeConcurrentSlot(
  db: Db,
  key: string,
  limit: { max: number; lapseSeconds: number; retryAfterSeconds: number },
  message: string,
): Promise<() => Promise<void>> {
  const lapsed = sql<boolean>`login_throttles.window_started_at <= now() - ${sql.raw(`interval '${limit.lapseSeconds} seconds'`)}`;
  const taken = await db
    .insertInto("login_throttles")
    .values({ key, failures: 1, window_started_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          failures: sql`case when ${lapsed} then 1 else login_throttles.failures + 1 end`,
          window_started_at: sql`now()`,
        })
        .where((eb) => eb.or([lapsed, eb("login_throttles.failures", "<", limit.max)])),
    )
    .returning("failures")
    .executeTakeFirst();
  if (!taken) {
    throw TooManyRequests(message.replace("{s}", String(limit.retryAfterSeconds)), limit.retryAfterSeconds);
  }
  return async () => {
    await db
      .updateTable("login_throttles")
      .set({ failures: sql`greatest(failures - 1, 0)` })
      .where("key", "=", key)
      .execute();
  };
}

const LOGIN_MESSAGE = "Too many failed logins. Try again in {s} seconds.";

/** A login attempt counted by takeLoginAttempt; `succeeded` gives back what a success should not cost. */
export type LoginAttempt = { succeeded: () => Promise<void> };

/**
 * Counts one login attempt (or current-password check) for an account name from an address and
 * throws 429 with Retry-After when the pair, the address, or (from an address the account has not
 * logged in from) the account has used up its window. The attempt stays counted unless it
 * succeeds: then call `succeeded`.
 */
export async function takeLoginAttempt(db: Db, account: string, address: string): Promise<LoginAttempt> {
  await take(db, throttleKeys.address(address), ADDRESS_LIMIT, LOGIN_MESSAGE);
  await take(db, throttleKeys.account(account, address), ACCOUNT_ADDRESS_LIMIT, LOGIN_MESSAGE);
  const known = await isKnownAddress(db, account, address);
  if (!known) await take(db, throttleKeys.accountEverywhere(account), ACCOUNT_LIMIT, LOGIN_MESSAGE);
  return { succeeded: () => clearLoginFailures(db, account, address, known) };
}

/** Whether a login to the account succeeded from this address (its /64) in the last KNOWN_ADDRESS_DAYS. */
async function isKnownAddress(db: Db, account: string, address: string): Promise<boolean> {
  const row = await db
    .selectFrom("login_throttles")
    .select("key")
    .where("key", "=", throttleKeys.known(account, address))
    .where("window_started_at", ">", sql<Date>`now() - ${sql.raw(`interval '${KNOWN_ADDRESS_DAYS} days'`)}`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A successful login wipes the pair's failures, gives its slot back to the address and (when it
 * took one there) to the account's budget, so only failures count there (a valid account of one's
 * own cannot reset the address's count), and remembers the address as the account's own.
 */
async function clearLoginFailures(db: Db, account: string, address: string, known: boolean): Promise<void> {
  await db.deleteFrom("login_throttles").where("key", "=", throttleKeys.account(account, address)).execute();
  await giveBackSlots(db, [
    throttleKeys.address(address),
    ...(known ? [] : [throttleKeys.accountEverywhere(account)]),
  ]);
  await db
    .insertInto("login_throttles")
    .values({ key: throttleKeys.known(account, address), failures: 0, window_started_at: sql`now()` })
    .onConflict((oc) => oc.column("key").doUpdateSet({ window_started_at: sql`now()` }))
    .execute();
}

/** Gives back the slot an attempt took under each key: it succeeded, so it does not count. */
async function giveBackSlots(db: Db, keys: readonly string[]): Promise<void> {
  await db
    .updateTable("login_throttles")
    .set({ failures: sql`greatest(failures - 1, 0)` })
    .where("key", "in", keys)
    .execute();
}

/**
 * Counts one household join of a user, like a login: 429 with Retry-After once JOIN_LIMIT is used up
 * in its window (a valid code is refused too until it passes). The attempt stays counted unless it
 * succeeds: then call `succeeded`.
 */
export async function takeJoinAttempt(db: Db, userId: number): Promise<LoginAttempt> {
  const key = throttleKeys.join(userId);
  await take(db, key, JOIN_LIMIT, "Too many failed joins. Try again in {s} seconds.");
  return { succeeded: () => giveBackSlots(db, [key]) };
}

/** Counts one sign-up from an address; 429 with Retry-After past SIGNUP_LIMIT in its window. */
export async function takeSignupAttempt(db: Db, address: string): Promise<void> {
  await take(db, throttleKeys.signup(address), SIGNUP_LIMIT, "Too many sign-ups. Try again in {s} seconds.");
}
