/**
 * The meal plan in any calendar (CONTRACT.md: "cooking: timers in the steps, the meal plan in any
 * calendar"). A calendar link is a secret address of an iCalendar feed (./feed.ts) of its creator's
 * plan (their entries and their households', as GET /meal-plan reads them) or of one household's,
 * four weeks back and eight ahead. Calendar apps cannot send a token, so the secret is the key:
 * `cal_` and 256 random bits, shown once, kept only as its SHA-256 (like API tokens), revoked by
 * deleting the link.
 *
 * - A household link works while its creator is a member: once they leave (or are removed), it
 *   answers 404 like a revoked one; the link stays in their list, and reads again if they rejoin. A
 *   deleted household takes its links with it.
 * - Reads are throttled twice (core/auth/throttle.ts): a key that matches nothing counts against the
 *   client's network like an unknown API token (SECRET_LIMIT, 429 before any lookup once used up); and
 *   each link may be read FEED_LIMIT times an hour, whoever reads it (a link passed around cannot keep
 *   the database busy).
 * - The answer's ETag is the feed's SHA-256: `If-None-Match` with it is a 304 without the body.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  refuseWhileThrottled,
  SECRET_LIMIT,
  type ThrottleLimit,
  take,
  throttleKeys,
} from "../auth/throttle.ts";
import { config } from "../config.ts";
import type { Db } from "../db.ts";
import { missingReference, NotFound, notFound } from "../errors.ts";
import { householdOfOthers } from "../household/access.ts";
import { findMemberRole, householdExists } from "../household/repository.ts";
import { secretHash } from "../secret-hash.ts";
import { mealPlanCalendar } from "./feed.ts";
import {
  deleteCalendarLink,
  insertCalendarLink,
  selectCalendarLinksOfUser,
  selectFeedEntries,
  useCalendarLink,
} from "./repository.ts";
import type { CalendarLinkCreate, CalendarLinkCreated, CalendarLinkRead } from "./schemas.ts";

/** The signed-in person whose links these are (core/auth/caller.ts's Caller fits). */
type Owner = { id: number };

/** What every calendar secret starts with: told apart from an API token (`rst_`) at a glance. */
export const CALENDAR_SECRET_PREFIX = "cal_";
/** 256 bits. */
const SECRET_BYTES = 32;
const SECRET_SHAPE = /^cal_[A-Za-z0-9_-]{43}$/;

/** The feed's path below the API's address; the secret is its `key`. */
export const FEED_PATH = "/api/v1/meal-plan/calendar.ics";

/** Reads of one link an hour: a calendar app reads every few minutes at most, a household has a few devices. */
export const FEED_LIMIT: ThrottleLimit = { max: 120, windowMinutes: 60 };
/** The days a feed shows: four weeks back, eight ahead. */
export const DAYS_BACK = 28;
export const DAYS_AHEAD = 56;

const UNKNOWN = "This calendar address is unknown or was revoked.";
const UNKNOWN_THROTTLED = "Too many unknown calendar addresses. Try again in {s} seconds.";
const LINK_THROTTLED = "This calendar was read too often. Try again in {s} seconds.";

const iso = (at: Date) => at.toISOString();
const toRead = (row: {
  id: number;
  household_id: number | null;
  created_at: Date;
  last_read_at: Date | null;
}) => ({
  id: row.id,
  household_id: row.household_id,
  created_at: iso(row.created_at),
  last_read_at: row.last_read_at ? iso(row.last_read_at) : null,
});

/**
 * The feed's address for a secret: below the API's address, which is FRONTEND_URL where the app's
 * own server (or the development proxy) forwards `/api` to the API, and the API's own host on AWS,
 * where the API has an address of its own (`host`: the request's Host header, API Gateway's domain).
 */
export function feedUrl(secret: string, host: string | undefined): string {
  const base = config.inLambda && host ? `https://${host}` : config.frontendUrl;
  return `${base}${FEED_PATH}?key=${secret}`;
}

/**
 * A new link of the caller to their plan, or to a household's (422 unknown, 403 not a member: an
 * admin too, since the feed reads a household only while its creator is in it): the row and, this
 * once, the address with its secret.
 */
export async function createCalendarLink(
  db: Db,
  input: CalendarLinkCreate,
  caller: Owner,
  host: string | undefined,
): Promise<CalendarLinkCreated> {
  const householdId = input.household_id ?? null;
  if (householdId !== null) {
    if (!(await householdExists(db, householdId)))
      throw missingReference("Household", householdId, "household_id");
    if ((await findMemberRole(db, householdId, caller.id)) === undefined)
      throw householdOfOthers(householdId);
  }
  const secret = `${CALENDAR_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64url")}`;
  const row = await insertCalendarLink(db, {
    user_id: caller.id,
    household_id: householdId,
    secret_hash: secretHash(secret),
  });
  return {
    id: row.id,
    household_id: row.household_id,
    url: feedUrl(secret, host),
    created_at: iso(row.created_at),
  };
}

/** The caller's links, newest first: never their secrets. */
export async function listCalendarLinks(db: Db, caller: Owner): Promise<{ items: CalendarLinkRead[] }> {
  return { items: (await selectCalendarLinksOfUser(db, caller.id)).map(toRead) };
}

/** Deletes one of the caller's links: its address answers 404 from then on. Another user's is 404. */
export async function removeCalendarLink(db: Db, id: number, caller: Owner): Promise<void> {
  if (!(await deleteCalendarLink(db, caller.id, id))) throw notFound("Calendar link", id);
}

const DAY_MS = 86_400_000;
const dayOf = (now: Date, offset: number) =>
  new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

/** The feed's answer: its text and ETag, or only the ETag when the client has this text already. */
export type FeedAnswer =
  | { notModified: false; body: string; etag: string }
  | { notModified: true; etag: string };

/** Whether an If-None-Match header names this ETag (or `*`); weak validators compare weakly (RFC 9110, 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/**
 * The feed a secret opens, as the contract's four weeks back and eight ahead (UTC days); 404 for a
 * key that opens none (unknown, revoked, or a household its creator left), 429 with Retry-After
 * past a throttle (see the top of this file).
 */
export async function readCalendarFeed(
  db: Db,
  key: string,
  request: { clientAddress: string; ifNoneMatch: string | undefined },
  now = new Date(),
): Promise<FeedAnswer> {
  const guesses = throttleKeys.secret(request.clientAddress);
  await refuseWhileThrottled(db, guesses, SECRET_LIMIT, UNKNOWN_THROTTLED);
  const link = SECRET_SHAPE.test(key) ? await useCalendarLink(db, secretHash(key)) : undefined;
  if (!link) {
    await take(db, guesses, SECRET_LIMIT, UNKNOWN_THROTTLED);
    throw NotFound(UNKNOWN);
  }
  if (!link.member) throw NotFound(UNKNOWN);
  await take(db, `calendar:${link.id}`, FEED_LIMIT, LINK_THROTTLED);
  const scope = link.household_id === null ? { readerId: link.user_id } : { householdId: link.household_id };
  const entries = await selectFeedEntries(db, scope, dayOf(now, -DAYS_BACK), dayOf(now, DAYS_AHEAD));
  const body = mealPlanCalendar(entries, {
    appUrl: config.frontendUrl,
    name: link.household_name === null ? "Meal plan" : `Meal plan: ${link.household_name}`,
  });
  const etag = `"${createHash("sha256").update(body).digest("base64url")}"`;
  return matchesEtag(request.ifNoneMatch, etag)
    ? { notModified: true, etag }
    : { notModified: false, body, etag };
}
