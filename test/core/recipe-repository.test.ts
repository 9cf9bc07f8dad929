/** Recipe cursors: opaque, tied to their order, and checked before any value reaches SQL. */
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.ts";
import { encodeCursor } from "../../core/pagination.ts";
import { decodeRecipeCursor, encodeRecipeCursor } from "../../core/recipe/list-query.ts";

describe("recipe cursors", () => {
  it("round-trip the sort key and id of their own order", () => {
    const key = "2026-11-22 05:00:00.123456+00";
    expect(decodeRecipeCursor("newest", encodeRecipeCursor("newest", key, 42))).toEqual({ key, id: 42 });
    expect(decodeRecipeCursor("cook_time", encodeRecipeCursor("cook_time", 600, 7))).toEqual({
      key: 600,
      id: 7,
    });
    const relevance = "1:2026-11-22 05:00:00.123456+00";
    expect(decodeRecipeCursor("relevance", encodeRecipeCursor("relevance", relevance, 3))).toEqual({
      key: relevance,
      id: 3,
    });
  });

  it.each([
    ["another order", encodeRecipeCursor("title", "Cake", 1), "newest"],
    ["a timestamp SQL could not read", encodeCursor(["newest", "yesterday", 1]), "newest"],
    [
      "a relevance key without its tier",
      encodeCursor(["relevance", "2026-11-22 05:00:00+00", 1]),
      "relevance",
    ],
    [
      "a relevance tier beyond the two",
      encodeCursor(["relevance", "2:2026-11-22 05:00:00+00", 1]),
      "relevance",
    ],
    ["a relevance key that is not a time", encodeCursor(["relevance", "0:1; drop", 1]), "relevance"],
    ["a negative id", encodeCursor(["title", "Cake", -1]), "title"],
    ["a cook time that is text", encodeCursor(["cook_time", "600", 1]), "cook_time"],
    ["not base64 JSON", "%%%", "newest"],
  ] as const)("reject %s with a 400", (_, cursor, order) => {
    let error: unknown;
    try {
      decodeRecipeCursor(order, cursor);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe("bad_request");
  });
});
