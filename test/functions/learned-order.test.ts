/**
 * Stores that learn their walking order (issue 43): ticks kept with their time, trips, the learned
 * order (`GET /stores/<id>/learned-order`) and the learned sections of a list.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeHousehold,
  makeIngredient,
  makeList,
  makeShelf,
  makeStore,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { postItem } from "../helpers/shopping-list-api.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const HOUR = 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Items made a while ago, so ticks in the past are not clamped to their creation. */
const backdate = (listId: number) =>
  sql`update shopping_list_items set created_at = created_at - interval '3 days' where list_id = ${listId}`.execute(
    getDb(),
  );

/** Adds each ingredient to the list (a new unchecked item) and answers the items' ids, in that order. */
async function addAll(listId: number, user: TestUser, ingredientIds: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const ingredient_id of ingredientIds) {
    const res = await postItem(listId, user.token, { ingredient_id });
    expect([200, 201]).toContain(res.status);
    ids.push(res.body.id);
  }
  await backdate(listId);
  return ids;
}

const tick = (listId: number, itemId: number, user: TestUser, at?: number) =>
  api("PUT", `/shopping-lists/${listId}/items/${itemId}`, {
    token: user.token,
    json: at === undefined ? { checked: true } : { checked: true, checked_at: iso(at) },
  });

/** One visit: `user` ticks the ingredients on the list in the given order, `stepMs` apart from `start`. */
async function trip(
  listId: number,
  user: TestUser,
  ingredientIds: readonly number[],
  start: number,
  stepMs = 20_000,
): Promise<void> {
  const items = await addAll(listId, user, ingredientIds);
  for (const [i, itemId] of items.entries()) {
    const res = await tick(listId, itemId, user, start + i * stepMs);
    expect(res.status).toBe(200);
  }
}

const learned = async (storeId: number) => {
  const res = await api("GET", `/stores/${storeId}/learned-order`);
  expect(res.status).toBe(200);
  return res.body as {
    trips: number;
    items: {
      ingredient_id: number;
      name: string;
      shelf_id: number | null;
      suggested_shelf_id: number | null;
      confidence: number;
    }[];
  };
};

const ticksOf = (storeId: number) =>
  getDb()
    .selectFrom("store_ticks")
    .select(["list_id", "item_id", "user_id", "ingredient_id", "checked_at"])
    .where("store_id", "=", storeId)
    .orderBy("checked_at")
    .orderBy("id")
    .execute();

/** Ingredient ids, destructured by the tests (as many as they made). */
type Ids = [number, number, number, number, number];

async function ingredients(count: number) {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await makeIngredient({ name: unique(`Walk ${i}`) }));
  return made;
}

describe("PUT /shopping-lists/<id>/items/<id> with checked_at", () => {
  it("keeps when an item was ticked (now when not given) and the store keeps the tick", async () => {
    const store = await makeStore(owner);
    const [flour] = await ingredients(1);
    const list = await makeList(owner, { store_id: store.id });
    const [itemId] = await addAll(list.id, owner, [flour?.id as number]);
    const before = Date.now();
    const res = await tick(list.id, itemId as number, owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ checked: true, version: 2 });
    const at = Date.parse(res.body.checked_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await ticksOf(store.id)).toEqual([
      {
        list_id: list.id,
        item_id: itemId,
        user_id: owner.id,
        ingredient_id: flour?.id,
        checked_at: new Date(res.body.checked_at),
      },
    ]);
    // The whole list carries it too.
    const whole = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    expect(whole.body.sections.flatMap((s: { items: unknown[] }) => s.items)).toMatchObject([
      { id: itemId, checked_at: res.body.checked_at },
    ]);
  });

  it("keeps an offline tick's time; the same PUT replayed changes nothing; unchecking takes a recent tick back", async () => {
    const store = await makeStore(owner);
    const [milk] = await ingredients(1);
    const list = await makeList(owner, { store_id: store.id });
    const [itemId] = await addAll(list.id, owner, [milk?.id as number]);
    const when = Date.now() - 10 * 60 * 1000; // ten minutes ago, on a phone offline
    const first = await tick(list.id, itemId as number, owner, when);
    expect(first.body.checked_at).toBe(iso(when));
    const again = await tick(list.id, itemId as number, owner, when);
    expect(again.body).toEqual(first.body);
    // Ticked again later from another phone: the first tick's time stays.
    const later = await tick(list.id, itemId as number, owner, when + 60_000);
    expect(later.body).toEqual(first.body);
    expect(await ticksOf(store.id)).toHaveLength(1);
    const unchecked = await api("PUT", `/shopping-lists/${list.id}/items/${itemId}`, {
      token: owner.token,
      json: { checked: false },
    });
    expect(unchecked.body).toMatchObject({ checked: false, checked_at: null, version: 3 });
    expect(await ticksOf(store.id)).toEqual([]);
    const row = await getDb()
      .selectFrom("shopping_list_items")
      .select(["checked", "checked_at"])
      .where("id", "=", itemId as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ checked: false, checked_at: null });
    // Unchecked long after its tick (bought again): the trip it was part of stays.
    const [eggsItem] = await addAll(list.id, owner, [(await ingredients(1))[0]?.id as number]);
    const hoursAgo = Date.now() - 2 * HOUR;
    await tick(list.id, eggsItem as number, owner, hoursAgo);
    await api("PUT", `/shopping-lists/${list.id}/items/${eggsItem}`, {
      token: owner.token,
      json: { checked: false },
    });
    expect(await ticksOf(store.id)).toMatchObject([{ item_id: eggsItem, checked_at: new Date(hoursAgo) }]);
  });

  it("takes ticks of two lists in one store at the same moment, each kept once", async () => {
    const store = await makeStore(owner);
    const [a, b] = (await ingredients(2)).map((i) => i.id) as Ids;
    const lists = [
      await makeList(owner, { store_id: store.id }),
      await makeList(other, { store_id: store.id }),
    ];
    const [first] = await addAll(lists[0]?.id as number, owner, [a, b]);
    const [second] = await addAll(lists[1]?.id as number, other, [b, a]);
    const at = Date.now() - HOUR;
    const answers = await Promise.all([
      tick(lists[0]?.id as number, first as number, owner, at),
      tick(lists[1]?.id as number, second as number, other, at + 1000),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await ticksOf(store.id)).map((t) => t.user_id)).toEqual([owner.id, other.id]);
  });

  it("clamps a time in the future to now and one before the item existed to its creation", async () => {
    const store = await makeStore(owner);
    const [a, b] = await ingredients(2);
    const list = await makeList(owner, { store_id: store.id });
    const future = await postItem(list.id, owner.token, { ingredient_id: a?.id });
    const past = await postItem(list.id, owner.token, { ingredient_id: b?.id });
    const res = await tick(list.id, future.body.id, owner, Date.now() + 24 * HOUR);
    expect(Date.parse(res.body.checked_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(res.body.checked_at)).toBeGreaterThan(Date.now() - 60_000);
    const early = await tick(list.id, past.body.id, owner, Date.parse("2001-01-01T00:00:00Z"));
    expect(early.body.checked_at).toBe(past.body.created_at);
    const stored = await ticksOf(store.id);
    expect(stored.map((t) => t.checked_at.toISOString()).sort()).toEqual(
      [past.body.created_at, res.body.checked_at].sort(),
    );
  });

  it("takes checked_at only with a tick, and only as a time (422)", async () => {
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { name: "kitchen roll" });
    const path = `/shopping-lists/${list.id}/items/${item.body.id}`;
    const without = await api("PUT", path, { token: owner.token, json: { checked_at: iso(Date.now()) } });
    expect(problem(without, 422).errors).toEqual([
      { path: "checked_at", message: "checked_at goes with checked: true (the time of the tick)." },
    ]);
    const unchecking = await api("PUT", path, {
      token: owner.token,
      json: { checked: false, checked_at: iso(Date.now()) },
    });
    problem(unchecking, 422);
    const notATime = await api("PUT", path, {
      token: owner.token,
      json: { checked: true, checked_at: "soon" },
    });
    expect(problem(notATime, 422).errors).toMatchObject([{ path: "checked_at" }]);
    // A free-text tick and a tick on a list without a store are kept on the item only.
    const ok = await api("PUT", path, {
      token: owner.token,
      json: { checked: true, checked_at: "2030-01-01T10:00:00+02:00" },
    });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.checked_at)).toBeLessThanOrEqual(Date.now() + 1000);
    const ticks = await getDb()
      .selectFrom("store_ticks")
      .select("id")
      .where("item_id", "=", item.body.id)
      .execute();
    expect(ticks).toEqual([]);
  });

  it("is refused to another user (403) and the public (401), and keeps no tick", async () => {
    const store = await makeStore(owner);
    const [salt] = await ingredients(1);
    const list = await makeList(owner, { store_id: store.id });
    const [itemId] = await addAll(list.id, owner, [salt?.id as number]);
    const json = { checked: true, checked_at: iso(Date.now() - 60_000) };
    const path = `/shopping-lists/${list.id}/items/${itemId}`;
    expect(problem(await api("PUT", path, { token: other.token, json }), 403).detail).toBe(
      `Shopping list ID ${list.id} belongs to another user.`,
    );
    problem(await api("PUT", path, { json }), 401);
    expect(await ticksOf(store.id)).toEqual([]);
    const byAdmin = await api("PUT", path, { token: admin.token, json });
    expect(byAdmin.body.updated_by).toEqual({ user_id: admin.id, username: admin.username });
    expect(await ticksOf(store.id)).toMatchObject([{ user_id: admin.id }]);
  });
});

describe("GET /stores/<id>/learned-order", () => {
  it("learns the walk from every shopper's trips; a trip ticked within one second teaches nothing", async () => {
    const store = await makeStore(owner);
    const member = other;
    const household = await makeHousehold(owner, [member]);
    const [a, b, c, d] = (await ingredients(4)).map((i) => i.id) as Ids;
    const shared = await makeList(owner, { store_id: store.id, household_id: household.id });
    const own = await makeList(member, { store_id: store.id });
    const start = Date.now() - 2 * 24 * HOUR;
    // Nothing learned yet: empty, and the public may read it.
    expect(await learned(store.id)).toEqual({ trips: 0, items: [] });

    await trip(shared.id, owner, [a, b, c], start);
    await trip(own.id, member, [b, c, d], start + 3 * HOUR);
    await trip(shared.id, member, [a, c, d], start + 6 * HOUR);
    const order = await learned(store.id);
    expect(order.trips).toBe(3);
    expect(order.items.map((i) => i.ingredient_id)).toEqual([a, b, c, d]);
    expect(order.items[0]).toMatchObject({ shelf_id: null, suggested_shelf_id: null });
    for (const item of order.items) {
      expect(item.confidence).toBeGreaterThan(0.4);
      expect(item.confidence).toBeLessThanOrEqual(1);
    }
    // Ticked at home: everything within one second, in the opposite order. It teaches nothing.
    await trip(shared.id, owner, [d, c, b, a], start + 9 * HOUR, 200);
    expect(await learned(store.id)).toEqual(order);
    expect(await ticksOf(store.id)).toHaveLength(13);

    // A trip that disagrees lowers the confidence of what it moves; more agreeing trips raise it.
    await trip(own.id, member, [c, b], start + 12 * HOUR);
    const doubted = await learned(store.id);
    expect(doubted.trips).toBe(4);
    const confidence = (o: typeof order, id: number) =>
      o.items.find((i) => i.ingredient_id === id)?.confidence ?? 0;
    expect(confidence(doubted, b)).toBeLessThan(confidence(order, b));
    await trip(own.id, member, [a, b, c, d], start + 15 * HOUR);
    await trip(shared.id, owner, [a, b, c, d], start + 18 * HOUR);
    const sure = await learned(store.id);
    expect(sure.items.map((i) => i.ingredient_id)).toEqual([a, b, c, d]);
    expect(confidence(sure, b)).toBeGreaterThan(confidence(doubted, b));
  });

  it("cuts one list's ticks into trips at a gap of more than 30 minutes", async () => {
    const store = await makeStore(owner);
    const [a, b, c, d] = (await ingredients(4)).map((i) => i.id) as Ids;
    const list = await makeList(owner, { store_id: store.id });
    const items = await addAll(list.id, owner, [a, b, c, d]);
    const start = Date.now() - 24 * HOUR;
    const times = [start, start + 60_000, start + 60_000 + 31 * 60_000, start + 60_000 + 32 * 60_000];
    for (const [i, itemId] of items.entries()) await tick(list.id, itemId, owner, times[i]);
    expect((await learned(store.id)).trips).toBe(2);
    // 29 minutes is still the same visit.
    const store2 = await makeStore(owner);
    const list2 = await makeList(owner, { store_id: store2.id });
    const items2 = await addAll(list2.id, owner, [a, b, c]);
    for (const [i, itemId] of items2.entries()) await tick(list2.id, itemId, owner, start + i * 29 * 60_000);
    const one = await learned(store2.id);
    expect(one.trips).toBe(1);
    expect(one.items.map((i) => i.ingredient_id)).toEqual([a, b, c]);
  });

  it("answers 404 for an unknown store", async () => {
    const res = await api("GET", "/stores/2147483600/learned-order");
    expect(problem(res, 404).detail).toBe("Store ID 2147483600 was not found.");
  });

  it("outlives cleared items and deleted lists, and goes with its store", async () => {
    const store = await makeStore(owner);
    const [a, b, c] = (await ingredients(3)).map((i) => i.id) as Ids;
    const list = await makeList(owner, { store_id: store.id });
    await trip(list.id, owner, [a, b, c], Date.now() - 5 * HOUR);
    const order = await learned(store.id);
    expect(order.items.map((i) => i.ingredient_id)).toEqual([a, b, c]);
    expect(
      (await api("DELETE", `/shopping-lists/${list.id}/items?checked=true`, { token: owner.token })).status,
    ).toBe(204);
    expect((await api("DELETE", `/shopping-lists/${list.id}`, { token: owner.token })).status).toBe(204);
    expect(await learned(store.id)).toEqual(order);
    expect(await ticksOf(store.id)).toHaveLength(3);
    expect((await api("DELETE", `/stores/${store.id}`, { token: owner.token })).status).toBe(204);
    const left = await sql<{ n: number }>`
      select (select count(*) from store_ticks where store_id = ${store.id})
        + (select count(*) from learned_orders where store_id = ${store.id})
        + (select count(*) from learned_order_items where store_id = ${store.id}) as n`.execute(getDb());
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe("a list's learned sections", () => {
  it("places items on no shelf between the shelves they are found between; a shelf set by hand wins", async () => {
    const store = await makeStore(owner);
    const [a, b, c, d, e] = (await ingredients(5)).map((i) => i.id) as Ids;
    const dairy = await makeShelf(owner, store.id, {
      name: "Dairy",
      position: 1,
      ingredient_ids: [a],
    });
    const bakery = await makeShelf(owner, store.id, {
      name: "Bakery",
      position: 2,
      ingredient_ids: [d],
    });
    const walked = await makeList(owner, { store_id: store.id });
    const start = Date.now() - 3 * 24 * HOUR;
    for (let t = 0; t < 3; t++) await trip(walked.id, owner, [a, b, c, d], start + t * 3 * HOUR);

    const order = await learned(store.id);
    expect(order.items).toMatchObject([
      { ingredient_id: a, shelf_id: dairy.id, suggested_shelf_id: null },
      { ingredient_id: b, shelf_id: null, suggested_shelf_id: dairy.id },
      { ingredient_id: c, shelf_id: null, suggested_shelf_id: bakery.id },
      { ingredient_id: d, shelf_id: bakery.id, suggested_shelf_id: null },
    ]);

    const list = await makeList(owner, { store_id: store.id });
    for (const id of [e, d, c, b, a]) await postItem(list.id, owner.token, { ingredient_id: id });
    await postItem(list.id, owner.token, { name: "kitchen roll" });
    const read = async () => {
      const res = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
      expect(res.status).toBe(200);
      return (
        res.body.sections as {
          shelf: { id: number } | null;
          learned?: true;
          items: { ingredient_id: number | null; name: string }[];
        }[]
      ).map((s) => ({
        shelf: s.shelf?.id ?? null,
        ...(s.learned ? { learned: true } : {}),
        items: s.items.map((i) => i.ingredient_id ?? i.name),
      }));
    };
    expect(await read()).toEqual([
      { shelf: dairy.id, items: [a] },
      { shelf: null, learned: true, items: [b, c] },
      { shelf: bakery.id, items: [d] },
      { shelf: null, items: ["kitchen roll", e] }, // by name: "kitchen roll" before "Walk 4-…"
    ]);
    // Unchecked first within the learned section.
    const b1 = (await api("GET", `/shopping-lists/${list.id}`, { token: owner.token })).body.sections[1]
      .items[0];
    await api("PUT", `/shopping-lists/${list.id}/items/${b1.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    expect((await read())[1]).toEqual({ shelf: null, learned: true, items: [c, b] });

    // A person puts c on Dairy: it stands there, whatever was learned.
    const moved = await api("PUT", `/stores/${store.id}/shelves/${dairy.id}`, {
      token: owner.token,
      json: { ingredient_ids: [a, c] },
    });
    expect(moved.status).toBe(200);
    const sections = await read();
    expect(sections[0]).toEqual({ shelf: dairy.id, items: expect.arrayContaining([a, c]) });
    expect(sections[1]).toEqual({ shelf: null, learned: true, items: [b] });
    expect((await learned(store.id)).items.find((i) => i.ingredient_id === c)).toMatchObject({
      shelf_id: dairy.id,
      suggested_shelf_id: null,
    });

    // Walked through another store (?store_id=), nothing learned there: the sections of today.
    const plain = await makeStore(owner);
    const elsewhere = await api("GET", `/shopping-lists/${list.id}?store_id=${plain.id}`, {
      token: owner.token,
    });
    expect(elsewhere.body.sections).toHaveLength(1);
    expect(elsewhere.body.sections[0]).not.toHaveProperty("learned");
  });

  it("puts learned items before the first shelf when nothing shelved comes before them, and with no shelves at all", async () => {
    const store = await makeStore(owner);
    const [a, b, c] = (await ingredients(3)).map((i) => i.id) as Ids;
    const walked = await makeList(owner, { store_id: store.id });
    await trip(walked.id, owner, [a, b, c], Date.now() - 10 * HOUR);
    const list = await makeList(owner, { store_id: store.id });
    for (const id of [c, a]) await postItem(list.id, owner.token, { ingredient_id: id });
    const before = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    expect(before.body.sections).toMatchObject([
      { shelf: null, learned: true, items: [{ ingredient_id: a }, { ingredient_id: c }] },
    ]);
    const shelf = await makeShelf(owner, store.id, { name: "Back", position: 0, ingredient_ids: [c] });
    const after = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    expect(after.body.sections).toMatchObject([
      { shelf: null, learned: true, items: [{ ingredient_id: a }] },
      { shelf: { id: shelf.id }, items: [{ ingredient_id: c }] },
    ]);
  });
});
