/** The learning of a store's walking order (core/store/learned-order.ts), on made-up trips. */
import { describe, expect, it } from "vitest";
import {
  kendallTau,
  learnOrder,
  suggestShelves,
  type Tick,
  teaches,
  tripsOf,
} from "../../../core/store/learned-order.ts";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** One shopper's ticks of `ingredients` on `list`, in that order, `step` ms apart from `start`. */
const walk = (
  shopper: number,
  list: number,
  ingredients: readonly number[],
  start: number,
  step = 20_000,
): Tick[] => ingredients.map((ingredient, i) => ({ shopper, list, ingredient, at: start + i * step }));

const orderOf = (ticks: Tick[]) => learnOrder(tripsOf(ticks)).items.map((item) => item.ingredient);
const confidenceOf = (ticks: Tick[], ingredient: number) =>
  learnOrder(tripsOf(ticks)).items.find((item) => item.ingredient === ingredient)?.confidence ?? Number.NaN;

describe("tripsOf", () => {
  it("cuts one shopper's ticks on one list at gaps of more than 30 minutes", () => {
    const ticks = [
      ...walk(1, 7, [1, 2], 0),
      { shopper: 1, list: 7, ingredient: 3, at: 20_000 + 30 * MIN }, // exactly 30 minutes: same trip
      { shopper: 1, list: 7, ingredient: 4, at: 20_000 + 60 * MIN + 1 }, // 30 minutes and 1 ms: a new one
    ];
    const trips = tripsOf(ticks);
    expect(trips.map((t) => t.ticks.map((x) => x.ingredient))).toEqual([[1, 2, 3], [4]]);
    expect(trips[0]).toMatchObject({ shopper: 1, list: 7, start: 0, end: 20_000 + 30 * MIN });
  });

  it("keeps shoppers and lists apart, sorts ticks by time, and keeps an ingredient's first tick", () => {
    const ticks: Tick[] = [
      { shopper: 2, list: 7, ingredient: 9, at: 5000 },
      { shopper: 1, list: 7, ingredient: 2, at: 3000 },
      { shopper: 1, list: 7, ingredient: 1, at: 1000 },
      { shopper: 1, list: 8, ingredient: 5, at: 2000 },
      { shopper: 1, list: 7, ingredient: 1, at: 4000 },
    ];
    const trips = tripsOf(ticks);
    expect(trips.map((t) => [t.shopper, t.list, t.ticks.map((x) => x.ingredient)])).toEqual([
      [1, 7, [1, 2]],
      [1, 8, [5]],
      [2, 7, [9]],
    ]);
    expect(trips[0]?.end).toBe(4000);
  });

  it("teaches only trips of two ingredients or more that last more than a second", () => {
    const [home, shop, single] = [
      tripsOf(walk(1, 1, [1, 2, 3, 4], 0, 300))[0],
      tripsOf(walk(1, 1, [1, 2], 0, 1001))[0],
      tripsOf(walk(1, 1, [1], 0))[0],
    ];
    expect(home && teaches(home)).toBe(false);
    expect(shop && teaches(shop)).toBe(true);
    expect(single && teaches(single)).toBe(false);
  });
});

describe("learnOrder", () => {
  it("learns the order of one trip, and nothing from a trip ticked in one second", () => {
    expect(orderOf(walk(1, 1, [30, 10, 20], 0))).toEqual([30, 10, 20]);
    expect(learnOrder(tripsOf(walk(1, 1, [30, 10, 20], 0, 400)))).toEqual({ trips: 0, items: [] });
    // The home trip, reversed, changes nothing of what the walk taught.
    const both = [...walk(1, 1, [30, 10, 20], 0), ...walk(1, 2, [20, 10, 30], DAY, 400)];
    expect(learnOrder(tripsOf(both))).toEqual(learnOrder(tripsOf(walk(1, 1, [30, 10, 20], 0))));
  });

  it("joins trips that each bought a part of the store into one order, every shopper's", () => {
    const ticks = [
      ...walk(1, 1, [1, 2, 4], 0),
      ...walk(2, 2, [2, 3, 5], DAY),
      ...walk(3, 3, [1, 3, 4, 6], 2 * DAY),
      ...walk(1, 4, [4, 5, 6], 3 * DAY),
    ];
    expect(orderOf(ticks)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(learnOrder(tripsOf(ticks)).trips).toBe(4);
  });

  it("reads places from the times: an item ticked late in a long walk lies far along it", () => {
    // 1 and 2 near the entrance, 3 at the far end; then a trip of 2 and 3 only, and one of 1 and 4
    // where 4 comes a little after 1: 4 lies between 2 and 3.
    const ticks = [
      { shopper: 1, list: 1, ingredient: 1, at: 0 },
      { shopper: 1, list: 1, ingredient: 2, at: 10_000 },
      { shopper: 1, list: 1, ingredient: 3, at: 600_000 },
      { shopper: 1, list: 2, ingredient: 2, at: DAY },
      { shopper: 1, list: 2, ingredient: 3, at: DAY + 590_000 },
      { shopper: 1, list: 3, ingredient: 1, at: 2 * DAY },
      { shopper: 1, list: 3, ingredient: 4, at: 2 * DAY + 200_000 },
      { shopper: 1, list: 3, ingredient: 3, at: 2 * DAY + 600_000 },
    ];
    expect(orderOf(ticks)).toEqual([1, 2, 4, 3]);
  });

  it("ignores the rest of a list ticked at once at the checkout", () => {
    const ticks = [
      ...walk(1, 1, [1, 2, 3], 0),
      // 9 and 8 forgotten, ticked together at the end: they say nothing about where they are.
      { shopper: 1, list: 1, ingredient: 9, at: 100_000 },
      { shopper: 1, list: 1, ingredient: 8, at: 100_300 },
    ];
    expect(orderOf(ticks)).toEqual([1, 2, 3]);
  });

  it("follows a move once recent trips outweigh the old ones (recent trips weigh more)", () => {
    const old = [0, 1, 2, 3, 4].flatMap((d) => walk(1, d + 1, [1, 2, 3, 4], d * DAY));
    expect(orderOf(old)).toEqual([1, 2, 3, 4]);
    // The store moves 1 to the back.
    const moved = [5, 6, 7].flatMap((d) => walk(1, d + 1, [2, 3, 4, 1], d * DAY));
    expect(orderOf([...old, ...moved])).toEqual([2, 3, 4, 1]);
  });

  it("grows confidence with agreeing trips and drops it with disagreeing ones", () => {
    const one = walk(1, 1, [1, 2, 3], 0);
    const three = [0, 1, 2].flatMap((d) => walk(1, d + 1, [1, 2, 3], d * DAY));
    const five = [0, 1, 2, 3, 4].flatMap((d) => walk(1, d + 1, [1, 2, 3], d * DAY));
    expect(confidenceOf(one, 2)).toBeCloseTo(0.5, 2);
    expect(confidenceOf(three, 2)).toBeGreaterThan(confidenceOf(one, 2));
    expect(confidenceOf(five, 2)).toBeGreaterThan(confidenceOf(three, 2));
    expect(confidenceOf(five, 2)).toBeGreaterThan(0.85);
    const disagreeing = [...five, ...walk(1, 9, [2, 1, 3], 5 * DAY)];
    expect(confidenceOf(disagreeing, 2)).toBeLessThan(confidenceOf(five, 2));
    expect(confidenceOf(disagreeing, 3)).toBeGreaterThan(confidenceOf(disagreeing, 2));
    for (const item of learnOrder(tripsOf(disagreeing)).items) {
      expect(item.confidence).toBeGreaterThanOrEqual(0);
      expect(item.confidence).toBeLessThanOrEqual(1);
    }
  });
});

describe("suggestShelves", () => {
  it("suggests the shelf of the nearer shelved neighbour, the one before on a tie", () => {
    const shelfOf = new Map([
      [1, 100],
      [5, 200],
    ]);
    expect(suggestShelves([1, 2, 3, 4, 5, 6], shelfOf)).toEqual(
      new Map([
        [2, 100],
        [3, 100], // two from each: the one before
        [4, 200],
        [6, 200],
      ]),
    );
    expect(suggestShelves([7, 8], new Map())).toEqual(
      new Map([
        [7, null],
        [8, null],
      ]),
    );
  });
});

describe("kendallTau", () => {
  it("is 1 for the true order, -1 reversed, over the ingredients both hold", () => {
    const truth = new Map([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
    expect(kendallTau([1, 2, 3, 4], truth)).toBe(1);
    expect(kendallTau([4, 3, 2, 1], truth)).toBe(-1);
    expect(kendallTau([2, 1, 3, 4, 99], truth)).toBeCloseTo(4 / 6, 10);
  });
});
