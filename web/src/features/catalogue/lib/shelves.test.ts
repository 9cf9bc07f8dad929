import { describe, expect, it } from "vitest";
import { moveItem, nextPosition, shelfHolding } from "./shelves.ts";

const shelves = [
  { id: 11, position: 0, ingredient_ids: [1, 2] },
  { id: 12, position: 1, ingredient_ids: [] },
  { id: 13, position: 2, ingredient_ids: [3] },
];

describe("moving shelves", () => {
  it("moves one item and keeps the others in order", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "b", "c"]);
  });

  it("puts a new shelf after the last one", () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition(shelves)).toBe(3);
    expect(
      nextPosition([
        { id: 1, position: 7 },
        { id: 2, position: 2 },
      ]),
    ).toBe(8);
  });
});

describe("where an ingredient sits", () => {
  it("finds the other shelf holding it, never the one asked from", () => {
    expect(shelfHolding(shelves, 3, 12)?.id).toBe(13);
    expect(shelfHolding(shelves, 3, 13)).toBeUndefined();
    expect(shelfHolding(shelves, 9, 12)).toBeUndefined();
  });
});
