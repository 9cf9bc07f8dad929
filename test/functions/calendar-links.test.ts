/**
 * The meal plan in any calendar (CONTRACT.md: "cooking: timers in the steps, the meal plan in any
 * calendar") through the real pipeline: POST/GET/DELETE /meal-plan/calendar-links for each role, the
 * ownership of links, household links (and what leaving the household does), bad input, revocation,
 * and the feed itself (GET /meal-plan/calendar.ics?key=…): RFC 5545 as ical.js (a maintained parser)
 * reads it and as its text is written (CRLF, 75-octet lines), the four weeks back and eight ahead,
 * ETag and 304, the throttles' 429, and the database afterwards.
 */
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { SECRET_LIMIT, throttleKeys } from "../../core/auth/throttle.ts";
import { DAYS_AHEAD, DAYS_BACK, FEED_LIMIT } from "../../core/calendar/service.ts";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { secretHash } from "../../core/secret-hash.ts";
import { dispatch } from "../../functions/lib/local.ts";
import { type ApiResponse, api, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeEntry,
  makeHousehold,
  makeRecipe,
  makeUser,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { rowById } from "../helpers/rows.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const DAY_MS = 86_400_000;
/** Today (UTC) plus `offset` days, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** A new link of `user` (201 checked); its id and the feed's path below the API with the secret. */
async function makeLink(user: TestUser, json: Record<string, unknown> = {}) {
  const res = await api("POST", "/meal-plan/calendar-links", { token: user.token, json });
  expect(res.status).toBe(201);
  const url = new URL(res.body.url);
  return {
    id: res.body.id as number,
    url: res.body.url as string,
    path: `${url.pathname}${url.search}`,
    res,
  };
}

const feed = (path: string, headers: Record<string, string> = {}) => api("GET", path, { headers });

/** The feed's text, checked as RFC 5545 writes it, and its events as ical.js reads them. */
function readCalendar(res: ApiResponse) {
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = res.raw.toString("utf8");
  // Every line ends with CRLF (and the text with one), none is longer than 75 octets.
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const start = vevent.getFirstProperty("dtstart");
    const end = vevent.getFirstProperty("dtend");
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: vevent.getFirstPropertyValue("url"),
      start: start?.getFirstValue()?.toString(),
      startType: start?.type,
      end: end?.getFirstValue()?.toString(),
      dtstamp: vevent.getFirstPropertyValue("dtstamp")?.toString(),
      allDay: event.startDate.isDate,
    };
  });
  return { text, calendar, events };
}

describe("POST /meal-plan/calendar-links", () => {
  it("makes a secret address of the caller's plan, shown once, kept only as a hash", async () => {
    const { id, url, res } = await makeLink(owner);
    expect(res.headers.location).toBe("/api/v1/meal-plan/calendar-links");
    expect(res.body).toEqual({
      id: expect.any(Number),
      household_id: null,
      url: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
    });
    const address = new URL(url);
    expect(`${address.origin}`).toBe(new URL(config.frontendUrl).origin);
    expect(address.pathname).toBe("/api/v1/meal-plan/calendar.ics");
    const secret = address.searchParams.get("key") ?? "";
    // `cal_` and 256 random bits in base64url: at least the contract's 128.
    expect(secret).toMatch(/^cal_[A-Za-z0-9_-]{43}$/);
    const row = await rowById("calendar_links", id);
    expect(row).toMatchObject({ user_id: owner.id, household_id: null, secret_hash: secretHash(secret) });
    expect(JSON.stringify(row)).not.toContain(secret.slice(4));
    // Two links never share a secret.
    const again = await makeLink(owner);
    expect(new URL(again.url).searchParams.get("key")).not.toBe(secret);
  });

  it("an admin makes their own links like anyone; Public is 401", async () => {
    const { id } = await makeLink(admin);
    expect(await rowById("calendar_links", id)).toMatchObject({ user_id: admin.id });
    const anonymous = await api("POST", "/meal-plan/calendar-links", { json: {} });
    expect(problem(anonymous, 401).detail).toBeTruthy();
  });

  it("a household link: only a member makes one (403 otherwise, an admin too; 422 unknown)", async () => {
    const household = await makeHousehold(owner, [other]);
    const mine = await makeLink(other, { household_id: household.id });
    expect(mine.res.body.household_id).toBe(household.id);
    const stranger = await makeUser();
    const refused = await api("POST", "/meal-plan/calendar-links", {
      token: stranger.token,
      json: { household_id: household.id },
    });
    expect(problem(refused, 403).detail).toBe(`Household ID ${household.id} belongs to other users.`);
    const byAdmin = await api("POST", "/meal-plan/calendar-links", {
      token: admin.token,
      json: { household_id: household.id },
    });
    expect(problem(byAdmin, 403).detail).toBe(`Household ID ${household.id} belongs to other users.`);
    const unknown = await api("POST", "/meal-plan/calendar-links", {
      token: owner.token,
      json: { household_id: 2_000_000_000 },
    });
    expect(problem(unknown, 422).detail).toBe("Household ID 2000000000 was not found.");
    const rows = await getDb()
      .selectFrom("calendar_links")
      .select("user_id")
      .where("household_id", "=", household.id)
      .execute();
    expect(rows).toEqual([{ user_id: other.id }]);
  });

  it.each([
    [{ household_id: "1" }, "household_id"],
    [{ household_id: 0 }, "household_id"],
    [{ household_id: 1.5 }, "household_id"],
    [{ name: "mine" }, "name"],
  ])("refuses %j (422 on %s) and writes nothing", async (json, path) => {
    const before = await countLinks(owner.id);
    const res = await api("POST", "/meal-plan/calendar-links", { token: owner.token, json });
    const body = problem(res, 422);
    expect(body.errors).toEqual([expect.objectContaining({ path })]);
    expect(await countLinks(owner.id)).toBe(before);
  });

  it("a body that is not JSON is a 400; no body is a personal link", async () => {
    const bad = await api("POST", "/meal-plan/calendar-links", {
      token: owner.token,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(problem(bad, 400).detail).toBe("Request body is not valid JSON.");
    const none = await api("POST", "/meal-plan/calendar-links", { token: owner.token, json: {} });
    expect(none.status).toBe(201);
  });
});

async function countLinks(userId: number): Promise<number> {
  const row = await getDb()
    .selectFrom("calendar_links")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("GET /meal-plan/calendar-links", () => {
  it("lists the caller's own links, newest first, without their addresses", async () => {
    const user = await makeUser();
    const first = await makeLink(user);
    const second = await makeLink(user);
    await makeLink(other);
    const res = await api("GET", "/meal-plan/calendar-links", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: second.id, household_id: null, created_at: expect.stringMatching(/Z$/), last_read_at: null },
      { id: first.id, household_id: null, created_at: expect.stringMatching(/Z$/), last_read_at: null },
    ]);
    expect(JSON.stringify(res.body)).not.toContain("cal_");
    // A read shows as the link's last read.
    await feed(first.path);
    const after = await api("GET", "/meal-plan/calendar-links", { token: user.token });
    expect(after.body.items[1].last_read_at).toMatch(/Z$/);
    expect((await rowById("calendar_links", first.id))?.last_read_at).toBeInstanceOf(Date);
  });

  it("an admin lists only their own; Public is 401", async () => {
    const res = await api("GET", "/meal-plan/calendar-links", { token: admin.token });
    expect(res.status).toBe(200);
    const ids = new Set((await selectLinkIds(admin.id)).map((r) => r.id));
    expect(res.body.items.every((l: { id: number }) => ids.has(l.id))).toBe(true);
    expect(problem(await api("GET", "/meal-plan/calendar-links"), 401).detail).toBeTruthy();
  });
});

const selectLinkIds = (userId: number) =>
  getDb().selectFrom("calendar_links").select("id").where("user_id", "=", userId).execute();

describe("DELETE /meal-plan/calendar-links/<id>", () => {
  it("revokes the link: 204, its row is gone, its address answers 404 from then on", async () => {
    const link = await makeLink(owner);
    expect((await feed(link.path)).status).toBe(200);
    const res = await api("DELETE", `/meal-plan/calendar-links/${link.id}`, { token: owner.token });
    expect(res.status).toBe(204);
    expect(res.raw.length).toBe(0);
    expect(await rowById("calendar_links", link.id)).toBeUndefined();
    expect(problem(await feed(link.path), 404).detail).toBe(
      "This calendar address is unknown or was revoked.",
    );
    const again = await api("DELETE", `/meal-plan/calendar-links/${link.id}`, { token: owner.token });
    expect(problem(again, 404).detail).toBe(`Calendar link ID ${link.id} was not found.`);
  });

  it("another user's link is 404 (an admin's request too) and stays", async () => {
    const link = await makeLink(owner);
    for (const user of [other, admin]) {
      const res = await api("DELETE", `/meal-plan/calendar-links/${link.id}`, { token: user.token });
      expect(problem(res, 404).detail).toBe(`Calendar link ID ${link.id} was not found.`);
    }
    expect(await rowById("calendar_links", link.id)).toBeDefined();
    expect((await feed(link.path)).status).toBe(200);
  });

  it("Public is 401; an id that cannot be one is 404", async () => {
    const link = await makeLink(owner);
    expect(problem(await api("DELETE", `/meal-plan/calendar-links/${link.id}`), 401).detail).toBeTruthy();
    const bad = await api("DELETE", "/meal-plan/calendar-links/abc", { token: owner.token });
    expect(problem(bad, 404).detail).toBe("Calendar link ID 'abc' was not found.");
    expect(await rowById("calendar_links", link.id)).toBeDefined();
  });
});

describe("GET /meal-plan/calendar.ics: the feed", () => {
  it("is RFC 5545: each entry of the caller's plan an all-day event titled with its recipe, linking to it", async () => {
    const user = await makeUser();
    const household = await makeHousehold(other, [user]);
    const title = `Pasta, "al forno"; with a long name that needs folding — ${"ä".repeat(40)} ${unique("r")}`;
    const recipe = await makeRecipe(user, { title, servings: 4 });
    const shared = await makeRecipe(other, { title: unique("Soup") });
    const own = await makeEntry(user, {
      date: day(2),
      meal: "dinner",
      recipe_id: recipe.id,
      note: "with salad",
    });
    const theirs = await makeEntry(other, {
      date: day(-3),
      meal: "lunch",
      recipe_id: shared.id,
      household_id: household.id,
    });
    // Not in the plan: another user's private entry.
    await makeEntry(other, { date: day(1), meal: "dinner", recipe_id: shared.id });
    const link = await makeLink(user);
    const { events, calendar } = readCalendar(await feed(link.path));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Meal plan");
    const host = new URL(config.frontendUrl).host;
    expect(events).toEqual([
      {
        uid: `meal-plan-entry-${theirs.id}@${host}`,
        summary: shared.title,
        description: `Lunch\n${config.frontendUrl}/recipes/${shared.id}`,
        url: `${config.frontendUrl}/recipes/${shared.id}`,
        start: day(-3),
        startType: "date",
        end: day(-2),
        dtstamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
        allDay: true,
      },
      {
        uid: `meal-plan-entry-${own.id}@${host}`,
        summary: title,
        description: `Dinner · 4 servings\nwith salad\n${config.frontendUrl}/recipes/${recipe.id}`,
        url: `${config.frontendUrl}/recipes/${recipe.id}`,
        start: day(2),
        startType: "date",
        end: day(3),
        dtstamp: expect.stringMatching(/Z$/),
        allDay: true,
      },
    ]);
  });

  it("shows four weeks back and eight ahead, nothing beyond", async () => {
    const user = await makeUser();
    const recipe = await makeRecipe(user, { title: unique("Range") });
    const dates = [-DAYS_BACK - 1, -DAYS_BACK, 0, DAYS_AHEAD, DAYS_AHEAD + 1].map(day);
    for (const date of dates) await makeEntry(user, { date, meal: "dinner", recipe_id: recipe.id });
    const link = await makeLink(user);
    const { events } = readCalendar(await feed(link.path));
    expect(events.map((e) => e.start)).toEqual([day(-DAYS_BACK), day(0), day(DAYS_AHEAD)]);
  });

  it("an empty plan is a calendar without events", async () => {
    const link = await makeLink(await makeUser());
    const { events, text } = readCalendar(await feed(link.path));
    expect(events).toEqual([]);
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
  });

  it("a household link shows that household's entries only, while its creator is a member", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const recipe = await makeRecipe(owner, { title: unique("Stew") });
    const shared = await makeEntry(owner, {
      date: day(1),
      meal: "dinner",
      recipe_id: recipe.id,
      household_id: household.id,
    });
    await makeEntry(member, { date: day(1), meal: "lunch", recipe_id: recipe.id });
    const link = await makeLink(member, { household_id: household.id });
    const { events, calendar } = readCalendar(await feed(link.path));
    expect(events.map((e) => e.uid)).toEqual([
      expect.stringMatching(new RegExp(`^meal-plan-entry-${shared.id}@`)),
    ]);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`Meal plan: ${household.name}`);
    // The member leaves: the household's link answers 404, its row stays in their list.
    const left = await api("DELETE", `/households/${household.id}/members/${member.id}`, {
      token: member.token,
    });
    expect(left.status).toBe(204);
    expect(problem(await feed(link.path), 404).detail).toBe(
      "This calendar address is unknown or was revoked.",
    );
    expect(await rowById("calendar_links", link.id)).toBeDefined();
    // A deleted household takes its links with it.
    const removed = await api("DELETE", `/households/${household.id}`, { token: owner.token });
    expect(removed.status).toBe(204);
    expect(await rowById("calendar_links", link.id)).toBeUndefined();
  });

  it("keeps each entry's UID when it changes, and answers the change", async () => {
    const user = await makeUser();
    const recipe = await makeRecipe(user, { title: unique("Curry") });
    const entry = await makeEntry(user, { date: day(4), meal: "dinner", recipe_id: recipe.id });
    const link = await makeLink(user);
    const before = readCalendar(await feed(link.path)).events;
    const moved = await api("PUT", `/meal-plan/${entry.id}`, { token: user.token, json: { date: day(5) } });
    expect(moved.status).toBe(200);
    const after = readCalendar(await feed(link.path)).events;
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    expect(after[0]?.start).toBe(day(5));
  });

  it("answers an ETag; If-None-Match with it is a 304 without a body, until the plan changes", async () => {
    const user = await makeUser();
    const recipe = await makeRecipe(user, { title: unique("Tart") });
    await makeEntry(user, { date: day(1), meal: "snack", recipe_id: recipe.id });
    const link = await makeLink(user);
    const first = await feed(link.path);
    const etag = first.headers.etag ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    // The same plan, the same bytes and ETag.
    expect((await feed(link.path)).headers.etag).toBe(etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await feed(link.path, { "if-none-match": ifNoneMatch });
      expect(res.status).toBe(304);
      expect(res.raw.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect((await feed(link.path, { "if-none-match": '"other"' })).status).toBe(200);
    await makeEntry(user, { date: day(2), meal: "dinner", recipe_id: recipe.id });
    const changed = await feed(link.path, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(readCalendar(changed).events).toHaveLength(2);
  });

  it("a key that opens nothing is a 404; no key is a 400", async () => {
    for (const key of ["nope", `cal_${"A".repeat(43)}`, `cal_${"A".repeat(44)}`]) {
      const res = await feed(`/meal-plan/calendar.ics?key=${encodeURIComponent(key)}`);
      expect(problem(res, 404).detail).toBe("This calendar address is unknown or was revoked.");
    }
    for (const path of ["/meal-plan/calendar.ics", "/meal-plan/calendar.ics?key="]) {
      expect(problem(await feed(path), 400).detail).toBe("Query parameter 'key' is invalid: Required.");
    }
    expect(problem(await feed(`/meal-plan/calendar.ics?key=${"a".repeat(201)}`), 400).detail).toMatch(
      /^Query parameter 'key' is invalid/,
    );
    // Parameters a calendar app adds are ignored.
    const link = await makeLink(owner);
    expect((await feed(`${link.path}&nocache=1`)).status).toBe(200);
  });

  it("is read without a token, and with one", async () => {
    const link = await makeLink(owner);
    expect((await api("GET", link.path, { token: other.token })).status).toBe(200);
  });
});

describe("GET /meal-plan/calendar.ics: throttles", () => {
  const seed = (key: string, failures: number) =>
    getDb()
      .insertInto("login_throttles")
      .values({ key, failures, window_started_at: new Date() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ failures, window_started_at: new Date() }))
      .execute();

  it(`a link read ${FEED_LIMIT.max} times in its hour is 429 with Retry-After; other links are not`, async () => {
    const link = await makeLink(owner);
    const spare = await makeLink(owner);
    await seed(`calendar:${link.id}`, FEED_LIMIT.max - 1);
    expect((await feed(link.path)).status).toBe(200);
    const res = await feed(link.path);
    expect(problem(res, 429).detail).toMatch(
      /^This calendar was read too often\. Try again in \d+ seconds\.$/,
    );
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect((await feed(spare.path)).status).toBe(200);
    const row = await getDb()
      .selectFrom("login_throttles")
      .select("failures")
      .where("key", "=", `calendar:${link.id}`)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(FEED_LIMIT.max + 1);
  });

  it("unknown keys count against the client's network like unknown API tokens: 429 before any lookup", async () => {
    const link = await makeLink(owner);
    const url = new URL(link.url);
    const from = (sourceIp: string, key: string) =>
      dispatch({ method: "GET", url: `${url.pathname}?key=${key}`, headers: {}, sourceIp });
    const guesser = "203.0.113.57";
    const counted = () =>
      getDb()
        .selectFrom("login_throttles")
        .select("failures")
        .where("key", "=", throttleKeys.secret(guesser))
        .executeTakeFirst();
    expect((await from(guesser, `cal_${"B".repeat(43)}`)).status).toBe(404);
    expect((await counted())?.failures).toBe(1);
    // A good key counts nothing.
    expect((await from(guesser, url.searchParams.get("key") ?? "")).status).toBe(200);
    expect((await counted())?.failures).toBe(1);
    await seed(throttleKeys.secret(guesser), SECRET_LIMIT.max);
    const refused = await from(guesser, url.searchParams.get("key") ?? "");
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString("utf8")).detail).toMatch(
      /^Too many unknown calendar addresses\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another network is not held up.
    expect((await from("203.0.113.58", url.searchParams.get("key") ?? "")).status).toBe(200);
  });
});
