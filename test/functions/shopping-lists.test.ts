/**
 * /shopping-lists and /shopping-lists/<id> through the real pipeline: privacy for every route (owner,
 * other user, admin, public, unknown list), the list's own fields, sections along a store's shelves,
 * and the whole list read in one SQL statement.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeHousehold,
  makeIngredient,
  makeList,
  makeRecipeWith,
  makeShelf,
  makeStore,
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

describe("who may use a list", () => {
  /** Every route of one list, with a body that succeeds for the owner. */
  async function routesOf(listFields: { household_id?: number } = {}) {
    const ingredient = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[ingredient.id, 100]], { servings: 2 });
    const list = await makeList(owner, listFields);
    await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    const item = await api("POST", `/shopping-lists/${list.id}/items`, {
      token: owner.token,
      json: { name: "soap" },
    });
    const base = `/shopping-lists/${list.id}`;
    return {
      list,
      calls: [
        ["GET", base, undefined],
        ["PUT", base, { name: unique("Renamed") }],
        ["POST", `${base}/recipes`, { recipe_id: recipe.id }],
        ["DELETE", `${base}/recipes/${recipe.id}`, undefined],
        ["POST", `${base}/items`, { name: "kitchen roll" }],
        ["PUT", `${base}/items/${item.body.id}`, { checked: true }],
        ["DELETE", `${base}/items/${item.body.id}`, undefined],
        ["DELETE", `${base}/items?checked=true`, undefined],
        ["POST", `${base}/meal-plan`, { from: "2026-11-23", to: "2026-11-29" }],
        ["DELETE", base, undefined],
      ] as const,
    };
  }

  it("the public gets 401 on every route", async () => {
    const { calls } = await routesOf();
    for (const [method, path, json] of calls) {
      const res = await api(method, path, json ? { json } : {});
      expect(problem(res, 401).detail, `${method} ${path}`).toBe("Not authenticated.");
    }
  });

  it("another user gets 403 on every route, reads included, and nothing changes", async () => {
    const { list, calls } = await routesOf();
    const before = (await api("GET", `/shopping-lists/${list.id}`, { token: owner.token })).body;
    for (const [method, path, json] of calls) {
      const res = await api(method, path, { token: other.token, ...(json ? { json } : {}) });
      expect(problem(res, 403).detail, `${method} ${path}`).toBe(
        `Shopping list ID ${list.id} belongs to another user.`,
      );
    }
    const after = (await api("GET", `/shopping-lists/${list.id}`, { token: owner.token })).body;
    expect(after).toEqual(before);
  });

  it("an admin may do everything on anyone's list", async () => {
    const { calls } = await routesOf();
    const expected = [200, 200, 200, 200, 201, 200, 204, 204, 200, 204];
    for (const [i, [method, path, json]] of calls.entries()) {
      const res = await api(method, path, { token: admin.token, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(expected[i]);
    }
  });

  it("a member of its household may do everything its creator may", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const { list, calls } = await routesOf({ household_id: household.id });
    const expected = [200, 200, 200, 200, 201, 200, 204, 204, 200, 204];
    for (const [i, [method, path, json]] of calls.entries()) {
      const res = await api(method, path, { token: member.token, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(expected[i]);
    }
    expect(await rowById("shopping_lists", list.id)).toBeUndefined();
  });

  it("the owner may do everything", async () => {
    const { list, calls } = await routesOf();
    const expected = [200, 200, 200, 200, 201, 200, 204, 204, 200, 204];
    for (const [i, [method, path, json]] of calls.entries()) {
      const res = await api(method, path, { token: owner.token, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(expected[i]);
    }
    expect(await rowById("shopping_lists", list.id)).toBeUndefined();
  });

  it("an unknown list is a 404 on every route, for its owner-to-be and for an admin", async () => {
    const { calls } = await routesOf();
    const { list } = await routesOf();
    await api("DELETE", `/shopping-lists/${list.id}`, { token: owner.token });
    for (const [method, template, json] of calls) {
      const path = template.replace(/^\/shopping-lists\/\d+/, `/shopping-lists/${list.id}`);
      for (const user of [owner, admin]) {
        const res = await api(method, path, { token: user.token, ...(json ? { json } : {}) });
        expect(problem(res, 404).detail, `${method} ${path}`).toBe(
          `Shopping list ID ${list.id} was not found.`,
        );
      }
    }
    expect(problem(await api("GET", "/shopping-lists/abc", { token: owner.token }), 404).detail).toMatch(
      /ID 'abc' was not found\.$/,
    );
  });
});

describe("POST /shopping-lists", () => {
  it("creates an empty list owned by the caller, with Location, whole", async () => {
    const store = await makeStore(owner);
    const name = unique("Weekly shop");
    const res = await api("POST", "/shopping-lists/", {
      token: owner.token,
      json: { name, store_id: store.id },
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/shopping-lists/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(Number),
      user_id: owner.id,
      name,
      store_id: store.id,
      household_id: null,
      recipes: [],
      sections: [],
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(await rowById("shopping_lists", res.body.id)).toMatchObject({
      user_id: owner.id,
      name,
      store_id: store.id,
    });
  });

  it("without a store: one empty section with shelf null", async () => {
    const res = await api("POST", "/shopping-lists", { token: admin.token, json: { name: "Party" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: admin.id,
      store_id: null,
      sections: [{ shelf: null, items: [] }],
    });
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "   " }, "name"],
    [{ name: "x".repeat(81) }, "name"],
    [{ name: "ok", store_id: 0 }, "store_id"],
    [{ name: "ok", store_id: "1" }, "store_id"],
    [{ name: "ok", user_id: 1 }, "user_id"],
  ])("refuses %j (422 at %s) and writes nothing", async (json, path) => {
    const name = (json as { name?: string }).name;
    const res = await api("POST", "/shopping-lists", { token: owner.token, json });
    const body = problem(res, 422);
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    if (name) {
      const rows = await getDb().selectFrom("shopping_lists").select("id").where("name", "=", name).execute();
      expect(rows).toEqual([]);
    }
  });

  it("an unknown store is a 422 naming it", async () => {
    const res = await api("POST", "/shopping-lists", {
      token: owner.token,
      json: { name: unique("L"), store_id: 2_000_000_000 },
    });
    expect(problem(res, 422)).toMatchObject({
      detail: "Store ID 2000000000 was not found.",
      errors: [{ path: "store_id", message: "Store ID 2000000000 was not found." }],
    });
  });

  it("the name is exactly 80 characters at most", async () => {
    const res = await api("POST", "/shopping-lists", { token: owner.token, json: { name: "x".repeat(80) } });
    expect(res.status).toBe(201);
  });
});

describe("GET /shopping-lists", () => {
  it("pages the caller's own lists in name order, and only theirs (admins included)", async () => {
    const user = await makeUser();
    const names = ["b", "a", "c", "a"].map((n) => `${n}-${unique("x")}`);
    const made = [];
    for (const name of names) made.push(await makeList(user, { name }));
    await makeList(other);
    const ids = await collectPages((cursor) =>
      api("GET", `/shopping-lists?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: user.token }),
    );
    const expected = [...made].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.id - y.id));
    expect(ids).toEqual(expected.map((l) => l.id));
    const page = await api("GET", "/shopping-lists", { token: user.token });
    expect(page.body.items[0]).toEqual({
      id: expected[0]?.id,
      user_id: user.id,
      name: expected[0]?.name,
      store_id: null,
      household_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const adminPage = await api("GET", "/shopping-lists?limit=100", { token: admin.token });
    expect(adminPage.body.items.every((l: { user_id: number }) => l.user_id === admin.id)).toBe(true);
  });

  it("needs a token; bad paging is a 400", async () => {
    problem(await api("GET", "/shopping-lists"), 401);
    problem(await api("GET", "/shopping-lists?limit=101", { token: owner.token }), 400);
    problem(await api("GET", "/shopping-lists?cursor=nope", { token: owner.token }), 400);
    problem(await api("GET", "/shopping-lists?store_id=1", { token: owner.token }), 400);
  });
});

describe("PUT /shopping-lists/<id>", () => {
  it("renames, changes and clears the store, and answers the whole list", async () => {
    const store = await makeStore(owner);
    const list = await makeList(owner);
    const name = unique("Renamed");
    const res = await api("PUT", `/shopping-lists/${list.id}`, {
      token: owner.token,
      json: { name, store_id: store.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: list.id, name, store_id: store.id, recipes: [], sections: [] });
    const cleared = await api("PUT", `/shopping-lists/${list.id}`, {
      token: owner.token,
      json: { store_id: null },
    });
    expect(cleared.body).toMatchObject({ name, store_id: null });
    expect(await rowById("shopping_lists", list.id)).toMatchObject({ name, store_id: null });
    const same = await api("PUT", `/shopping-lists/${list.id}`, { token: owner.token, json: {} });
    expect(same.status).toBe(200);
    expect(same.body.name).toBe(name);
  });

  it("refuses an unknown store or field, and changes nothing", async () => {
    const list = await makeList(owner, { name: unique("Keep") });
    const unknown = await api("PUT", `/shopping-lists/${list.id}`, {
      token: owner.token,
      json: { name: "changed", store_id: 2_000_000_000 },
    });
    expect(problem(unknown, 422).detail).toBe("Store ID 2000000000 was not found.");
    problem(
      await api("PUT", `/shopping-lists/${list.id}`, { token: owner.token, json: { user_id: 1 } }),
      422,
    );
    problem(await api("PUT", `/shopping-lists/${list.id}`, { token: owner.token, json: { name: "" } }), 422);
    expect(await rowById("shopping_lists", list.id)).toMatchObject({ name: list.name, store_id: null });
  });

  it("a deleted store leaves the list without one", async () => {
    const store = await makeStore(owner);
    const list = await makeList(owner, { store_id: store.id });
    expect(list.store_id).toBe(store.id);
    expect((await api("DELETE", `/stores/${store.id}`, { token: owner.token })).status).toBe(204);
    const res = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    expect(res.body.store_id).toBeNull();
  });
});

describe("shared with a household", () => {
  it("is created in a household of the caller's; another household is a 403, an unknown one a 422", async () => {
    const household = await makeHousehold(owner);
    const name = unique("Shared");
    const res = await api("POST", "/shopping-lists", {
      token: owner.token,
      json: { name, household_id: household.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_id: owner.id, household_id: household.id });
    expect(await rowById("shopping_lists", res.body.id)).toMatchObject({ household_id: household.id });
    const theirs = await makeHousehold(other);
    const refused = await api("POST", "/shopping-lists", {
      token: owner.token,
      json: { name: unique("No"), household_id: theirs.id },
    });
    expect(problem(refused, 403).detail).toBe(`Household ID ${theirs.id} belongs to other users.`);
    const unknown = await api("POST", "/shopping-lists", {
      token: owner.token,
      json: { name: unique("No"), household_id: 2_000_000_000 },
    });
    expect(problem(unknown, 422)).toMatchObject({
      detail: "Household ID 2000000000 was not found.",
      errors: [{ path: "household_id", message: "Household ID 2000000000 was not found." }],
    });
    const byAdmin = await api("POST", "/shopping-lists", {
      token: admin.token,
      json: { name: unique("Admin's"), household_id: theirs.id },
    });
    expect(byAdmin.body).toMatchObject({ user_id: admin.id, household_id: theirs.id });
  });

  it("only its creator or an admin moves it, into a household they are in", async () => {
    const member = await makeUser();
    const first = await makeHousehold(owner, [member]);
    const second = await makeHousehold(owner);
    const list = await makeList(owner, { household_id: first.id });
    const path = `/shopping-lists/${list.id}`;
    const byMember = await api("PUT", path, { token: member.token, json: { household_id: null } });
    expect(problem(byMember, 403).detail).toBe(
      `Only the creator of shopping list ID ${list.id} or an admin may move it.`,
    );
    // The household it is in already is no move: a member may send it back with a rename.
    const renamed = await api("PUT", path, {
      token: member.token,
      json: { name: "Ours", household_id: first.id },
    });
    expect(renamed.body).toMatchObject({ name: "Ours", household_id: first.id });
    const moved = await api("PUT", path, { token: owner.token, json: { household_id: second.id } });
    expect(moved.body).toMatchObject({ household_id: second.id });
    expect(problem(await api("GET", path, { token: member.token }), 403).detail).toBe(
      `Shopping list ID ${list.id} belongs to another user.`,
    );
    const elsewhere = await makeHousehold(other);
    expect(
      problem(await api("PUT", path, { token: owner.token, json: { household_id: elsewhere.id } }), 403)
        .detail,
    ).toBe(`Household ID ${elsewhere.id} belongs to other users.`);
    expect(
      (await api("PUT", path, { token: admin.token, json: { household_id: elsewhere.id } })).status,
    ).toBe(200);
    expect(
      (await api("PUT", path, { token: admin.token, json: { household_id: null } })).body.household_id,
    ).toBeNull();
    expect(await rowById("shopping_lists", list.id)).toMatchObject({ user_id: owner.id, household_id: null });
  });

  it("GET /shopping-lists gives one's own lists and one's households'; ?household_id= only that household's", async () => {
    const user = await makeUser();
    const household = await makeHousehold(other, [user]);
    const own = await makeList(user, { name: `a-${unique("own")}` });
    const shared = await makeList(other, { name: `b-${unique("shared")}`, household_id: household.id });
    await makeList(other, { name: `c-${unique("private")}` });
    const all = await api("GET", "/shopping-lists?limit=100", { token: user.token });
    expect(all.body.items.map((l: { id: number }) => l.id)).toEqual([own.id, shared.id]);
    const only = await api("GET", `/shopping-lists?household_id=${household.id}`, { token: user.token });
    expect(only.body.items).toEqual([expect.objectContaining({ id: shared.id, household_id: household.id })]);
    const theirs = await makeHousehold(other);
    expect(
      problem(await api("GET", `/shopping-lists?household_id=${theirs.id}`, { token: user.token }), 403)
        .detail,
    ).toBe(`Household ID ${theirs.id} belongs to other users.`);
    expect(
      problem(await api("GET", "/shopping-lists?household_id=2000000000", { token: user.token }), 422).detail,
    ).toBe("Household ID 2000000000 was not found.");
    problem(await api("GET", "/shopping-lists?household_id=abc", { token: user.token }), 400);
  });
});

describe("DELETE /shopping-lists/<id>", () => {
  it("deletes the list with its items and recipes; a deleted account takes its lists", async () => {
    const ingredient = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[ingredient.id, 100]]);
    const list = await makeList(owner);
    await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    expect((await api("DELETE", `/shopping-lists/${list.id}`, { token: owner.token })).status).toBe(204);
    expect(await rowById("shopping_lists", list.id)).toBeUndefined();
    const items = await getDb()
      .selectFrom("shopping_list_items")
      .select("id")
      .where("list_id", "=", list.id)
      .execute();
    expect(items).toEqual([]);
    expect(
      problem(await api("DELETE", `/shopping-lists/${list.id}`, { token: owner.token }), 404).detail,
    ).toBe(`Shopping list ID ${list.id} was not found.`);

    const leaving = await makeUser();
    const theirs = await makeList(leaving);
    expect((await api("DELETE", `/users/${leaving.id}`, { token: leaving.token })).status).toBe(204);
    expect(await rowById("shopping_lists", theirs.id)).toBeUndefined();
  });
});

describe("sections: the walk through the store", () => {
  /** A store with three shelves out of id order, and a list holding items on two of them and one on none. */
  async function walk() {
    const flour = await makeIngredient({ name: unique("Flour") });
    const milk = await makeIngredient({ name: unique("Milk") });
    const apples = await makeIngredient({ name: unique("Apples") });
    const salt = await makeIngredient({ name: unique("Salt") });
    const soap = await makeIngredient({ name: unique("Soap") });
    const store = await makeStore(owner);
    // Created out of walking order: the walk is by position, then id.
    const dairy = await makeShelf(owner, store.id, { name: "Dairy", position: 5, ingredient_ids: [milk.id] });
    const produce = await makeShelf(owner, store.id, {
      name: "Produce",
      position: 1,
      ingredient_ids: [apples.id],
    });
    const baking = await makeShelf(owner, store.id, {
      name: "Baking",
      position: 1,
      ingredient_ids: [flour.id, soap.id],
    });
    const empty = await makeShelf(owner, store.id, { name: "Empty", position: 0 });
    const recipe = await makeRecipeWith(owner, [
      [flour.id, 500],
      [milk.id, 250],
      [apples.id, 300],
      [salt.id, 5],
    ]);
    const list = await makeList(owner, { store_id: store.id });
    await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    const free = await api("POST", `/shopping-lists/${list.id}/items`, {
      token: owner.token,
      json: { name: "kitchen roll" },
    });
    return {
      list,
      store,
      shelves: { dairy, produce, baking, empty },
      ing: { flour, milk, apples, salt },
      free,
    };
  }

  const shelfOf = (s: { id: number; name: string; position: number }) => ({
    id: s.id,
    name: s.name,
    position: s.position,
  });

  it("goes shelf by shelf in (position, id) order, only shelves holding items, then the rest", async () => {
    const { list, shelves, ing } = await walk();
    const res = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    const sections = res.body.sections as { shelf: unknown; items: { name: string }[] }[];
    const firstTwo = [shelves.produce, shelves.baking].sort((a, b) => a.id - b.id);
    expect(sections.map((s) => s.shelf)).toEqual([...firstTwo.map(shelfOf), shelfOf(shelves.dairy), null]);
    const names = sections.map((s) => s.items.map((i) => i.name));
    const byShelf = new Map([
      [shelves.produce.id, [ing.apples.name]],
      [shelves.baking.id, [ing.flour.name]],
    ]);
    expect(names).toEqual([
      byShelf.get(firstTwo[0]?.id ?? 0),
      byShelf.get(firstTwo[1]?.id ?? 0),
      [ing.milk.name],
      ["kitchen roll", ing.salt.name].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    ]);
  });

  it("?store_id= walks another store; an unknown one is a 422; without a store, one section", async () => {
    const { list, ing } = await walk();
    const elsewhere = await makeStore(other);
    const shelf = await makeShelf(other, elsewhere.id, { name: "Only salt", ingredient_ids: [ing.salt.id] });
    const res = await api("GET", `/shopping-lists/${list.id}?store_id=${elsewhere.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.store_id).not.toBe(elsewhere.id);
    expect(res.body.sections.map((s: { shelf: unknown }) => s.shelf)).toEqual([shelfOf(shelf), null]);
    expect(res.body.sections[0].items.map((i: { name: string }) => i.name)).toEqual([ing.salt.name]);
    expect(res.body.sections[1].items).toHaveLength(4);

    const unknown = await api("GET", `/shopping-lists/${list.id}?store_id=2000000000`, {
      token: owner.token,
    });
    expect(problem(unknown, 422)).toMatchObject({
      detail: "Store ID 2000000000 was not found.",
      errors: [{ path: "store_id" }],
    });
    problem(await api("GET", `/shopping-lists/${list.id}?store_id=abc`, { token: owner.token }), 400);
    problem(await api("GET", `/shopping-lists/${list.id}?shelf=1`, { token: owner.token }), 400);

    await api("PUT", `/shopping-lists/${list.id}`, { token: owner.token, json: { store_id: null } });
    const plain = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    expect(plain.body.sections).toHaveLength(1);
    expect(plain.body.sections[0].shelf).toBeNull();
    expect(plain.body.sections[0].items).toHaveLength(5);
  });

  it("within a section: unchecked first, then by name", async () => {
    const { list, free, ing } = await walk();
    await api("PUT", `/shopping-lists/${list.id}/items/${free.body.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    const res = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    const last = res.body.sections
      .at(-1)
      .items.map((i: { name: string; checked: boolean }) => [i.name, i.checked]);
    expect(last).toEqual([
      [ing.salt.name, false],
      ["kitchen roll", true],
    ]);
  });

  it("reads the whole list with one SQL statement after the token's account lookup", async () => {
    const { list } = await walk();
    const executor = getDb().getExecutor();
    const spy = vi.spyOn(executor, "executeQuery");
    try {
      const res = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.sections).toHaveLength(4);
      expect(res.body.recipes).toHaveLength(1);
      const statements = spy.mock.calls.map((call) => call[0].sql);
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/from "users"/);
      expect(statements[1]).toMatch(/json_agg/);
      expect(statements[1]).toMatch(/shopping_list_items/);
    } finally {
      spy.mockRestore();
    }
  });
});
