/** /stores/<id>/shelves: walking order, ingredients on at most one shelf per store, writes by the store's owner. */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import { makeCast, makeIngredient, makeShelf, makeStore, type TestUser } from "../helpers/factories.ts";

let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const linksOf = async (shelfId: number) =>
  (
    await getDb()
      .selectFrom("shelf_ingredients")
      .select("ingredient_id")
      .where("shelf_id", "=", shelfId)
      .orderBy("ingredient_id")
      .execute()
  ).map((r) => r.ingredient_id);

const findShelf = (id: number) =>
  getDb().selectFrom("shelves").selectAll().where("id", "=", id).executeTakeFirst();

describe("POST /stores/<id>/shelves", () => {
  it("lets the store's owner add a shelf with ingredients", async () => {
    const store = await makeStore(owner);
    const flour = await makeIngredient({ owner: other, name: `Flour ${store.id}` });
    const sugar = await makeIngredient({ owner: other, name: `Sugar ${store.id}` });
    const res = await api("POST", `/stores/${store.id}/shelves/`, {
      token: owner.token,
      json: { name: "Aisle 4: baking", position: 4, ingredient_ids: [sugar.id, flour.id, sugar.id] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      store_id: store.id,
      name: "Aisle 4: baking",
      position: 4,
      ingredient_ids: [flour.id, sugar.id],
      ingredients: [
        { id: flour.id, name: flour.name },
        { id: sugar.id, name: sugar.name },
      ],
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(res.headers.location).toBe(`/api/v1/stores/${store.id}/shelves/${res.body.id}`);
    expect(await findShelf(res.body.id)).toMatchObject({
      store_id: store.id,
      name: "Aisle 4: baking",
      position: 4,
    });
    expect(await linksOf(res.body.id)).toEqual([flour.id, sugar.id].sort((a, b) => a - b));
  });

  it("lets an admin add one; not another user, nor the public", async () => {
    const store = await makeStore(owner);
    const json = { name: "Entrance", position: 0 };
    problem(await api("POST", `/stores/${store.id}/shelves`, { json }), 401);
    const denied = await api("POST", `/stores/${store.id}/shelves`, { token: other.token, json });
    expect(problem(denied, 403).detail).toBe(`Store ID ${store.id} belongs to another user.`);
    expect(
      await getDb().selectFrom("shelves").select("id").where("store_id", "=", store.id).execute(),
    ).toEqual([]);
    const byAdmin = await api("POST", `/stores/${store.id}/shelves`, { token: admin.token, json });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ ingredient_ids: [], ingredients: [] });
  });

  it("answers 404 for an unknown store", async () => {
    const res = await api("POST", "/stores/2147483600/shelves", {
      token: admin.token,
      json: { name: "x", position: 0 },
    });
    expect(problem(res, 404).detail).toBe("Store ID 2147483600 was not found.");
  });

  it("answers 422 for an unknown ingredient and creates nothing", async () => {
    const store = await makeStore(owner);
    const flour = await makeIngredient({ owner });
    const res = await api("POST", `/stores/${store.id}/shelves`, {
      token: owner.token,
      json: { name: "Bakery", position: 1, ingredient_ids: [flour.id, 2147483001] },
    });
    expect(problem(res, 422).detail).toBe("Ingredient ID 2147483001 was not found.");
    expect(
      await getDb().selectFrom("shelves").select("id").where("store_id", "=", store.id).execute(),
    ).toEqual([]);
  });

  it("answers 409 naming the ingredient and its shelf when it is already on a shelf of the store", async () => {
    const store = await makeStore(owner);
    const flour = await makeIngredient({ owner });
    await makeShelf(owner, store.id, { name: "Aisle 4: baking", ingredient_ids: [flour.id] });
    const res = await api("POST", `/stores/${store.id}/shelves`, {
      token: owner.token,
      json: { name: "Aisle 5", position: 5, ingredient_ids: [flour.id] },
    });
    expect(problem(res, 409).detail).toBe(
      `Ingredient '${flour.name}' is already on shelf 'Aisle 4: baking'.`,
    );
    expect(
      await getDb().selectFrom("shelves").select("id").where("store_id", "=", store.id).execute(),
    ).toHaveLength(1);
    // Another store may hold the same ingredient.
    const elsewhere = await makeStore(owner);
    const ok = await api("POST", `/stores/${elsewhere.id}/shelves`, {
      token: owner.token,
      json: { name: "Aisle 1", position: 1, ingredient_ids: [flour.id] },
    });
    expect(ok.status).toBe(201);
  });

  it.each([
    [{}, "name"],
    [{ name: "x" }, "position"],
    [{ name: "", position: 0 }, "name"],
    [{ name: "x".repeat(121), position: 0 }, "name"],
    [{ name: "x", position: -1 }, "position"],
    [{ name: "x", position: 1.5 }, "position"],
    [{ name: "x", position: 3_000_000_000 }, "position"],
    [{ name: "x", position: 0, ingredient_ids: [0] }, "ingredient_ids.0"],
    [{ name: "x", position: 0, ingredient_ids: ["1"] }, "ingredient_ids.0"],
    [{ name: "x", position: 0, ingredient_ids: [99999999999] }, "ingredient_ids.0"],
    [{ name: "x", position: 0, ingredient_ids: 3 }, "ingredient_ids"],
    [{ name: "x", position: 0, store_id: 1 }, "store_id"],
  ])("answers 422 for %j", async (json, path) => {
    const store = await makeStore(owner);
    const body = problem(await api("POST", `/stores/${store.id}/shelves`, { token: owner.token, json }), 422);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });
});

describe("GET /stores/<id>/shelves", () => {
  it("lists shelves in walking order with their ingredients, to anyone", async () => {
    const store = await makeStore(owner);
    const eggs = await makeIngredient({ owner, name: `Eggs ${store.id}` });
    const milk = await makeIngredient({ owner, name: `Milk ${store.id}` });
    const dairy = await makeShelf(owner, store.id, {
      name: "Dairy",
      position: 7,
      ingredient_ids: [milk.id, eggs.id],
    });
    const entrance = await makeShelf(owner, store.id, { name: "Entrance", position: 0 });
    const fruit = await makeShelf(owner, store.id, { name: "Fruit", position: 2 });
    const res = await api("GET", `/stores/${store.id}/shelves`);
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.items.map((s: { id: number }) => s.id)).toEqual([entrance.id, fruit.id, dairy.id]);
    expect(res.body.items[2]).toMatchObject({
      name: "Dairy",
      position: 7,
      store_id: store.id,
      ingredient_ids: [eggs.id, milk.id],
      ingredients: [
        { id: eggs.id, name: eggs.name },
        { id: milk.id, name: milk.name },
      ],
    });
    expect(res.body.items[0].ingredients).toEqual([]);
  });

  it("pages in walking order, serving every shelf exactly once while shelves are added", async () => {
    const store = await makeStore(owner);
    const mine: number[] = [];
    for (const position of [5, 1, 3, 3, 9, 0, 7])
      mine.push((await makeShelf(owner, store.id, { position })).id);
    const added: number[] = [];
    const ids = await collectPages(
      (cursor) => api("GET", `/stores/${store.id}/shelves?limit=2${cursor ? `&cursor=${cursor}` : ""}`),
      async () => {
        added.push((await makeShelf(owner, store.id, { position: 0 })).id);
        added.push((await makeShelf(owner, store.id, { position: 100 })).id);
      },
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of mine) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(ids.some((id) => added.includes(id))).toBe(true);
    problem(await api("GET", `/stores/${store.id}/shelves?limit=101`), 400);
    problem(await api("GET", `/stores/${store.id}/shelves?cursor=WyJhIiwxXQ`), 400);
  });
});

describe("PUT /stores/<id>/shelves/<shelf_id>", () => {
  it("lets the owner change a subset; a given ingredient list replaces the old one", async () => {
    const store = await makeStore(owner);
    const a = await makeIngredient({ owner });
    const b = await makeIngredient({ owner });
    const c = await makeIngredient({ owner });
    const shelf = await makeShelf(owner, store.id, {
      name: "Aisle 1",
      position: 1,
      ingredient_ids: [a.id, b.id],
    });

    const renamed = await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, {
      token: owner.token,
      json: { name: "Aisle 9" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Aisle 9", position: 1 });
    expect(await linksOf(shelf.id)).toEqual([a.id, b.id]);

    const replaced = await api("PUT", `/stores/${store.id}/shelves/${shelf.id}/`, {
      token: owner.token,
      json: { position: 3, ingredient_ids: [c.id, b.id] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: "Aisle 9", position: 3 });
    expect([...replaced.body.ingredient_ids].sort()).toEqual([b.id, c.id].sort());
    expect(await linksOf(shelf.id)).toEqual([b.id, c.id]);
    expect(await findShelf(shelf.id)).toMatchObject({ name: "Aisle 9", position: 3 });

    const emptied = await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, {
      token: admin.token,
      json: { ingredient_ids: [] },
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.ingredients).toEqual([]);
    expect(await linksOf(shelf.id)).toEqual([]);
  });

  it("answers 401 and 403 for the public and other users, changing nothing", async () => {
    const store = await makeStore(owner);
    const shelf = await makeShelf(owner, store.id, { name: "Kept" });
    problem(await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, { json: { name: "x" } }), 401);
    problem(
      await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, {
        token: other.token,
        json: { name: "x" },
      }),
      403,
    );
    expect((await findShelf(shelf.id))?.name).toBe("Kept");
  });

  it("answers 404 for a shelf of another store", async () => {
    const store = await makeStore(owner);
    const otherStore = await makeStore(owner);
    const shelf = await makeShelf(owner, otherStore.id, { name: "Theirs" });
    const res = await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, {
      token: owner.token,
      json: { name: "x" },
    });
    expect(problem(res, 404).detail).toBe(`Shelf ID ${shelf.id} was not found.`);
    expect((await findShelf(shelf.id))?.name).toBe("Theirs");
  });

  it("answers 409 for an ingredient on another shelf of the store and 422 for an unknown one, changing nothing", async () => {
    const store = await makeStore(owner);
    const flour = await makeIngredient({ owner });
    const salt = await makeIngredient({ owner });
    await makeShelf(owner, store.id, { name: "Aisle 4: baking", ingredient_ids: [flour.id] });
    const shelf = await makeShelf(owner, store.id, {
      name: "Aisle 6",
      position: 6,
      ingredient_ids: [salt.id],
    });
    const conflict = await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, {
      token: owner.token,
      json: { name: "Renamed", ingredient_ids: [salt.id, flour.id] },
    });
    expect(problem(conflict, 409).detail).toBe(
      `Ingredient '${flour.name}' is already on shelf 'Aisle 4: baking'.`,
    );
    const missing = await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, {
      token: owner.token,
      json: { name: "Renamed", ingredient_ids: [2147483002] },
    });
    expect(problem(missing, 422).detail).toBe("Ingredient ID 2147483002 was not found.");
    expect(await findShelf(shelf.id)).toMatchObject({ name: "Aisle 6", position: 6 });
    expect(await linksOf(shelf.id)).toEqual([salt.id]);
    // Keeping its own ingredient is no conflict.
    const same = await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, {
      token: owner.token,
      json: { ingredient_ids: [salt.id] },
    });
    expect(same.status).toBe(200);
  });

  it.each(["abc", "-1", "1.5", "99999999999999999999"])("answers 404 for the shelf id %s", async (id) => {
    const store = await makeStore(owner);
    problem(
      await api("PUT", `/stores/${store.id}/shelves/${id}`, { token: owner.token, json: { name: "x" } }),
      404,
    );
    problem(await api("DELETE", `/stores/${store.id}/shelves/${id}`, { token: owner.token }), 404);
    problem(await api("PUT", `/stores/${id}/shelves/1`, { token: owner.token, json: { name: "x" } }), 404);
  });

  it("answers 422 for invalid fields", async () => {
    const store = await makeStore(owner);
    const shelf = await makeShelf(owner, store.id);
    for (const json of [{ position: -1 }, { name: "" }, { store_id: 5 }, { ingredient_ids: [-3] }]) {
      problem(await api("PUT", `/stores/${store.id}/shelves/${shelf.id}`, { token: owner.token, json }), 422);
    }
  });
});

describe("PUT /stores/<id>/shelves/<shelf_id> with move", () => {
  const storeLinksOf = async (storeId: number, ingredientId: number) =>
    (
      await getDb()
        .selectFrom("shelf_ingredients")
        .select("shelf_id")
        .where("store_id", "=", storeId)
        .where("ingredient_id", "=", ingredientId)
        .execute()
    ).map((r) => r.shelf_id);

  it("takes the ingredient off its other shelf in the same request: it ends up on exactly one", async () => {
    const store = await makeStore(owner);
    const elsewhere = await makeStore(owner);
    const flour = await makeIngredient({ owner });
    const yeast = await makeIngredient({ owner });
    const salt = await makeIngredient({ owner });
    const baking = await makeShelf(owner, store.id, {
      name: "Aisle 4: baking",
      ingredient_ids: [flour.id, yeast.id],
    });
    const spices = await makeShelf(owner, store.id, {
      name: "Spices",
      position: 2,
      ingredient_ids: [salt.id],
    });
    const theirs = await makeShelf(owner, elsewhere.id, { ingredient_ids: [flour.id] });

    const res = await api("PUT", `/stores/${store.id}/shelves/${spices.id}`, {
      token: owner.token,
      json: { ingredient_ids: [salt.id, flour.id], move: true },
    });
    expect(res.status).toBe(200);
    expect([...res.body.ingredient_ids].sort()).toEqual([flour.id, salt.id].sort());
    expect(await storeLinksOf(store.id, flour.id)).toEqual([spices.id]);
    expect(await linksOf(baking.id)).toEqual([yeast.id]);
    expect(await linksOf(spices.id)).toEqual([flour.id, salt.id].sort((a, b) => a - b));
    // Another store's shelf is no business of this one.
    expect(await linksOf(theirs.id)).toEqual([flour.id]);
    const listed = await api("GET", `/stores/${store.id}/shelves`);
    const holding = listed.body.items.filter((s: { ingredient_ids: number[] }) =>
      s.ingredient_ids.includes(flour.id),
    );
    expect(holding.map((s: { id: number }) => s.id)).toEqual([spices.id]);
  });

  it("lets an admin move, not another user; a refused or failed move changes nothing", async () => {
    const store = await makeStore(owner);
    const flour = await makeIngredient({ owner });
    const from = await makeShelf(owner, store.id, { ingredient_ids: [flour.id] });
    const to = await makeShelf(owner, store.id, { position: 1 });
    const json = { ingredient_ids: [flour.id], move: true };
    problem(await api("PUT", `/stores/${store.id}/shelves/${to.id}`, { json }), 401);
    problem(await api("PUT", `/stores/${store.id}/shelves/${to.id}`, { token: other.token, json }), 403);
    const unknown = await api("PUT", `/stores/${store.id}/shelves/${to.id}`, {
      token: owner.token,
      json: { ingredient_ids: [flour.id, 2147483003], move: true },
    });
    expect(problem(unknown, 422).detail).toBe("Ingredient ID 2147483003 was not found.");
    expect(await storeLinksOf(store.id, flour.id)).toEqual([from.id]);

    const byAdmin = await api("PUT", `/stores/${store.id}/shelves/${to.id}`, { token: admin.token, json });
    expect(byAdmin.status).toBe(200);
    expect(await storeLinksOf(store.id, flour.id)).toEqual([to.id]);
    // Moving it where it already is changes nothing.
    const again = await api("PUT", `/stores/${store.id}/shelves/${to.id}`, { token: owner.token, json });
    expect(again.body.ingredient_ids).toEqual([flour.id]);
    expect(await storeLinksOf(store.id, flour.id)).toEqual([to.id]);
  });

  it("keeps the 409 without move (or with move: false), and refuses move without ingredient_ids", async () => {
    const store = await makeStore(owner);
    const flour = await makeIngredient({ owner });
    const from = await makeShelf(owner, store.id, { name: "Aisle 4: baking", ingredient_ids: [flour.id] });
    const to = await makeShelf(owner, store.id, { position: 1 });
    for (const json of [{ ingredient_ids: [flour.id] }, { ingredient_ids: [flour.id], move: false }]) {
      const res = await api("PUT", `/stores/${store.id}/shelves/${to.id}`, { token: owner.token, json });
      expect(problem(res, 409).detail).toBe(
        `Ingredient '${flour.name}' is already on shelf 'Aisle 4: baking'.`,
      );
    }
    for (const [json, path] of [
      [{ move: true }, "move"],
      [{ name: "x", move: true }, "move"],
      [{ ingredient_ids: [flour.id], move: "yes" }, "move"],
    ] as const) {
      const res = await api("PUT", `/stores/${store.id}/shelves/${to.id}`, { token: owner.token, json });
      expect(problem(res, 422).errors).toEqual([expect.objectContaining({ path })]);
    }
    expect(await storeLinksOf(store.id, flour.id)).toEqual([from.id]);
  });
});

describe("PUT /stores/<id>/shelves/order", () => {
  const positionsOf = async (storeId: number) =>
    getDb()
      .selectFrom("shelves")
      .select(["id", "position", "updated_at"])
      .where("store_id", "=", storeId)
      .orderBy("position")
      .orderBy("id")
      .execute();

  it("lets the owner put every shelf in a new walking order, numbered 0, 1, 2… in the database", async () => {
    const store = await makeStore(owner);
    const eggs = await makeIngredient({ owner });
    const a = await makeShelf(owner, store.id, { name: "A", position: 5 });
    const b = await makeShelf(owner, store.id, { name: "B", position: 5, ingredient_ids: [eggs.id] });
    const c = await makeShelf(owner, store.id, { name: "C", position: 9 });
    const res = await api("PUT", `/stores/${store.id}/shelves/order`, {
      token: owner.token,
      json: { shelf_ids: [c.id, a.id, b.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.items.map((s: { id: number; position: number }) => [s.id, s.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    expect(res.body.items[2]).toMatchObject({ name: "B", store_id: store.id, ingredient_ids: [eggs.id] });
    expect((await positionsOf(store.id)).map((r) => [r.id, r.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    const listed = await api("GET", `/stores/${store.id}/shelves`);
    expect(listed.body).toEqual(res.body);

    // Only the shelves that move are written: the one already in place keeps its updated_at.
    const before = await positionsOf(store.id);
    const again = await api("PUT", `/stores/${store.id}/shelves/order/`, {
      token: owner.token,
      json: { shelf_ids: [c.id, b.id, a.id] },
    });
    expect(again.status).toBe(200);
    const after = await positionsOf(store.id);
    expect(after.map((r) => [r.id, r.position])).toEqual([
      [c.id, 0],
      [b.id, 1],
      [a.id, 2],
    ]);
    expect(after[0]?.updated_at).toEqual(before[0]?.updated_at);
  });

  it("lets an admin reorder; not another user, nor the public, and changes nothing then", async () => {
    const store = await makeStore(owner);
    const a = await makeShelf(owner, store.id, { position: 0 });
    const b = await makeShelf(owner, store.id, { position: 1 });
    const json = { shelf_ids: [b.id, a.id] };
    problem(await api("PUT", `/stores/${store.id}/shelves/order`, { json }), 401);
    const denied = await api("PUT", `/stores/${store.id}/shelves/order`, { token: other.token, json });
    expect(problem(denied, 403).detail).toBe(`Store ID ${store.id} belongs to another user.`);
    expect((await positionsOf(store.id)).map((r) => r.id)).toEqual([a.id, b.id]);
    const byAdmin = await api("PUT", `/stores/${store.id}/shelves/order`, { token: admin.token, json });
    expect(byAdmin.status).toBe(200);
    expect((await positionsOf(store.id)).map((r) => [r.id, r.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
  });

  it("answers 404 for an unknown store, and 200 with no shelves for a store without any", async () => {
    const missing = await api("PUT", "/stores/2147483600/shelves/order", {
      token: admin.token,
      json: { shelf_ids: [] },
    });
    expect(problem(missing, 404).detail).toBe("Store ID 2147483600 was not found.");
    problem(
      await api("PUT", "/stores/abc/shelves/order", { token: admin.token, json: { shelf_ids: [] } }),
      404,
    );
    const store = await makeStore(owner);
    const empty = await api("PUT", `/stores/${store.id}/shelves/order`, {
      token: owner.token,
      json: { shelf_ids: [] },
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [], next_cursor: null });
  });

  it("answers 422 naming each id that is missing, unknown or repeated, and changes nothing", async () => {
    const store = await makeStore(owner);
    const elsewhere = await makeStore(owner);
    const a = await makeShelf(owner, store.id, { position: 0 });
    const b = await makeShelf(owner, store.id, { position: 1 });
    const c = await makeShelf(owner, store.id, { position: 2 });
    const theirs = await makeShelf(owner, elsewhere.id);
    const cases: [number[], string, { path: string; message: string }[]][] = [
      [
        [c.id, a.id],
        `shelf ID ${b.id} is missing.`,
        [{ path: "shelf_ids", message: `Shelf ID ${b.id} is missing.` }],
      ],
      [
        [c.id, a.id, b.id, theirs.id],
        `shelf ID ${theirs.id} is not a shelf of store ID ${store.id}.`,
        [{ path: "shelf_ids.3", message: `Shelf ID ${theirs.id} is not a shelf of store ID ${store.id}.` }],
      ],
      [
        [c.id, a.id, c.id, b.id],
        `shelf ID ${c.id} is named more than once.`,
        [{ path: "shelf_ids.2", message: `Shelf ID ${c.id} is named more than once.` }],
      ],
      [
        [c.id, 2147483004, a.id, a.id],
        `shelf ID 2147483004 is not a shelf of store ID ${store.id}.`,
        [
          { path: "shelf_ids.1", message: `Shelf ID 2147483004 is not a shelf of store ID ${store.id}.` },
          { path: "shelf_ids.3", message: `Shelf ID ${a.id} is named more than once.` },
          { path: "shelf_ids", message: `Shelf ID ${b.id} is missing.` },
        ],
      ],
    ];
    for (const [shelf_ids, cause, errors] of cases) {
      const res = await api("PUT", `/stores/${store.id}/shelves/order`, {
        token: owner.token,
        json: { shelf_ids },
      });
      const body = problem(res, 422);
      expect(body.detail).toBe(
        `The order must name each shelf of store ID ${store.id} exactly once: ${cause}`,
      );
      expect(body.errors).toEqual(errors);
    }
    expect((await positionsOf(store.id)).map((r) => [r.id, r.position])).toEqual([
      [a.id, 0],
      [b.id, 1],
      [c.id, 2],
    ]);
  });

  it.each([
    [{}, "shelf_ids"],
    [{ shelf_ids: 3 }, "shelf_ids"],
    [{ shelf_ids: [0] }, "shelf_ids.0"],
    [{ shelf_ids: ["1"] }, "shelf_ids.0"],
    [{ shelf_ids: [1.5] }, "shelf_ids.0"],
    [{ shelf_ids: [99999999999] }, "shelf_ids.0"],
    [{ shelf_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, "shelf_ids"],
    [{ shelf_ids: [], store_id: 1 }, "store_id"],
  ])("answers 422 for %j", async (json, path) => {
    const store = await makeStore(owner);
    const body = problem(
      await api("PUT", `/stores/${store.id}/shelves/order`, { token: owner.token, json }),
      422,
    );
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("applies two orders sent at once each whole, one after the other", async () => {
    const store = await makeStore(owner);
    const ids: number[] = [];
    for (const position of [0, 1, 2, 3]) ids.push((await makeShelf(owner, store.id, { position })).id);
    const forward = [...ids];
    const backward = [...ids].reverse();
    const answers = await Promise.all(
      [forward, backward].map((shelf_ids) =>
        api("PUT", `/stores/${store.id}/shelves/order`, { token: owner.token, json: { shelf_ids } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const final = (await positionsOf(store.id)).map((r) => r.id);
    expect([forward, backward]).toContainEqual(final);
    expect((await positionsOf(store.id)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
  });
});

describe("DELETE /stores/<id>/shelves/<shelf_id>", () => {
  it("lets the owner and an admin delete a shelf; its ingredients stay", async () => {
    const store = await makeStore(owner);
    const flour = await makeIngredient({ owner });
    const shelf = await makeShelf(owner, store.id, { ingredient_ids: [flour.id] });
    const second = await makeShelf(owner, store.id);
    problem(await api("DELETE", `/stores/${store.id}/shelves/${shelf.id}`), 401);
    problem(await api("DELETE", `/stores/${store.id}/shelves/${shelf.id}`, { token: other.token }), 403);
    expect(await findShelf(shelf.id)).toBeDefined();

    expect(
      (await api("DELETE", `/stores/${store.id}/shelves/${shelf.id}`, { token: owner.token })).status,
    ).toBe(204);
    expect(await findShelf(shelf.id)).toBeUndefined();
    expect(await linksOf(shelf.id)).toEqual([]);
    expect(
      await getDb().selectFrom("ingredients").select("id").where("id", "=", flour.id).execute(),
    ).toHaveLength(1);
    expect(
      (await api("DELETE", `/stores/${store.id}/shelves/${second.id}`, { token: admin.token })).status,
    ).toBe(204);
    problem(await api("DELETE", `/stores/${store.id}/shelves/${shelf.id}`, { token: owner.token }), 404);
  });

  it("answers 404 for a shelf of another store and keeps it", async () => {
    const store = await makeStore(owner);
    const otherStore = await makeStore(owner);
    const shelf = await makeShelf(owner, otherStore.id);
    const res = await api("DELETE", `/stores/${store.id}/shelves/${shelf.id}`, { token: owner.token });
    expect(problem(res, 404).detail).toBe(`Shelf ID ${shelf.id} was not found.`);
    expect(await findShelf(shelf.id)).toBeDefined();
  });
});
