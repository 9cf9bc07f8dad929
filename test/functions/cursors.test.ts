/**
 * Issue 11, point 4: a forged list cursor is checked field by field and answered 400 before any
 * SQL sees it; real cursors keep working.
 */
import { describe, expect, it } from "vitest";
import { isTimestampText } from "../../core/pagination.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser } from "../helpers/factories.ts";

const forge = (key: unknown) => Buffer.from(JSON.stringify(key)).toString("base64url");

describe("isTimestampText", () => {
  it.each([
    "2024-05-01 12:00:00+00",
    "2024-05-01 12:00:00.123456+00",
    "2024-02-29 23:59:59-05:30",
    "2000-02-29 00:00:00+14",
    "0001-01-01 00:00:00+00",
  ])("takes %s", (text) => expect(isTimestampText(text)).toBe(true));

  it.each([
    "2024-13-45 25:61:61+00",
    "2024-00-10 10:00:00+00",
    "2024-04-31 10:00:00+00",
    "2023-02-29 10:00:00+00",
    "1900-02-29 10:00:00+00",
    "2024-01-01 24:00:00+00",
    "2024-01-01 10:60:00+00",
    "2024-01-01 10:00:60+00",
    "2024-01-01 10:00:00+16",
    "2024-01-01 10:00:00+01:60",
    "0000-01-01 10:00:00+00",
    "2024-01-01T10:00:00Z",
    "2024-01-01 10:00:00",
  ])("refuses %s", (text) => expect(isTimestampText(text)).toBe(false));
});

describe("GET /recipes/ with a forged cursor", () => {
  it.each([
    ["a timestamp that does not exist", "", ["newest", "2024-13-45 25:61:61+00", 1]],
    ["a 30th of February", "&sort=oldest", ["oldest", "2024-02-30 10:00:00+00", 1]],
    ["an hour 24", "", ["newest", "2024-01-01 24:00:00+00", 1]],
    ["a rank beyond a real", "&q=soup", ["relevance", "9999999999e99", 1]],
    ["a relevance key with a bad timestamp", "&q=soup", ["relevance", "1:2024-13-45 25:61:61+00", 1]],
    ["a cook time beyond an integer", "&sort=cook_time", ["cook_time", 99999999999, 1]],
    ["an id of zero", "", ["newest", "2024-01-01 10:00:00+00", 0]],
    ["an id beyond an integer", "", ["newest", "2024-01-01 10:00:00+00", 2 ** 31]],
    ["a title with a NUL", "&sort=title", ["title", "a\u0000b", 1]],
    ["an unknown order", "", ["fastest", "x", 1]],
    ["a key of the wrong type", "", ["newest", 12345, 1]],
    ["no key at all", "", []],
  ])("answers 400 for %s", async (_, query, key) => {
    const res = await api("GET", `/recipes/?limit=2${query}&cursor=${forge(key)}`);
    expect(problem(res, 400).detail).toBe("Cursor is invalid.");
  });

  it("still follows real cursors of every order", async () => {
    const user = await makeUser();
    for (let i = 0; i < 3; i++) {
      const res = await api("POST", "/recipes/", {
        token: user.token,
        json: { title: `Cursor soup ${i}`, cook_time_sec: 60 * i },
      });
      expect(res.status).toBe(201);
    }
    for (const query of [
      "",
      "&sort=oldest",
      "&sort=title",
      "&sort=cook_time",
      `&user_id=${user.id}&q=soup`,
    ]) {
      const first = await api("GET", `/recipes/?limit=1${query}`);
      expect(first.status).toBe(200);
      expect(first.body.next_cursor).toEqual(expect.any(String));
      const next = await api("GET", `/recipes/?limit=1${query}&cursor=${first.body.next_cursor}`);
      expect(next.status).toBe(200);
      expect(next.body.items).toHaveLength(1);
    }
  });
});
