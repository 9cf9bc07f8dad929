/** /ingredients: anyone reads; the creator or an admin writes; names unique ignoring case; deletes guarded. */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import {
  insertRecipeUsing,
  makeCast,
  makeIngredient,
  makeShelf,
  makeStore,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { attachPictures, objectExists } from "../helpers/image-fixtures.ts";
import { rowById } from "../helpers/rows.ts";

let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((i) => i.name);

describe("POST /ingredients", () => {
  it("creates an ingredient owned by the caller", async () => {
    const name = unique("Flour");
    const res = await api("POST", "/ingredients/", {
      token: owner.token,
      json: { name, description: "Type 00" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      user_id: owner.id,
      name,
      description: "Type 00",
      recipe_id: null,
      grams_per_ml: null,
      grams_per_piece: null,
      img: null,
      preview_img: null,
      nutrients_per_100g: null,
      nutrition_source: null,
      other_names: [],
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(res.headers.location).toBe(`/api/v1/ingredients/${res.body.id}`);
    expect(await rowById("ingredients", res.body.id)).toMatchObject({
      user_id: owner.id,
      name,
      description: "Type 00",
    });
  });

  it("lets an admin create one too, and refuses the public", async () => {
    expect(
      (await api("POST", "/ingredients", { token: admin.token, json: { name: unique("Salt") } })).status,
    ).toBe(201);
    const name = unique("Public");
    problem(await api("POST", "/ingredients", { json: { name } }), 401);
    expect(await getDb().selectFrom("ingredients").select("id").where("name", "=", name).execute()).toEqual(
      [],
    );
  });

  it("answers 409 for a name taken in another case", async () => {
    const existing = await makeIngredient({ owner: other });
    const lower = existing.name.toLowerCase();
    const res = await api("POST", "/ingredients", { token: owner.token, json: { name: lower } });
    expect(problem(res, 409).detail).toBe(`Ingredient name '${lower}' already exists.`);
    expect(res.body.existing_id).toBe(existing.id);
  });

  it("answers 409 with the existing row's id for an irregular plural of a taken name, and writes nothing", async () => {
    const word = unique("Bay").replace(/[^a-z]/gi, "");
    const leaves = await makeIngredient({ name: `${word} leaves`, owner: other });
    const res = await api("POST", "/ingredients", { token: owner.token, json: { name: `${word} leaf` } });
    expect(problem(res, 409).detail).toBe(
      `Ingredient name '${word} leaf' already exists as '${word} leaves' (ID ${leaves.id}).`,
    );
    expect(res.body.existing_id).toBe(leaves.id);
    const rows = await getDb()
      .selectFrom("ingredients")
      .select("id")
      .where("name", "like", `${word} %`)
      .execute();
    expect(rows).toEqual([{ id: leaves.id }]);
  });

  it("links the recipe that makes it, and answers 422 for a recipe that does not exist", async () => {
    const recipeId = await insertRecipeUsing(owner, []);
    const made = await api("POST", "/ingredients", {
      token: owner.token,
      json: { name: unique("Dough"), recipe_id: recipeId },
    });
    expect(made.status).toBe(201);
    expect(made.body.recipe_id).toBe(recipeId);
    const name = unique("Ghost");
    const res = await api("POST", "/ingredients", {
      token: owner.token,
      json: { name, recipe_id: 2147483000 },
    });
    expect(problem(res, 422).detail).toBe("Recipe ID 2147483000 was not found.");
    expect(await getDb().selectFrom("ingredients").select("id").where("name", "=", name).execute()).toEqual(
      [],
    );
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "x".repeat(101) }, "name"],
    [{ name: "ok", description: "x".repeat(2001) }, "description"],
    [{ name: "ok", recipe_id: 0 }, "recipe_id"],
    [{ name: "ok", recipe_id: 1.5 }, "recipe_id"],
    [{ name: "ok", recipe_id: 99999999999 }, "recipe_id"],
    [{ name: "ok", user_id: 1 }, "user_id"],
  ])("answers 422 for %j", async (json, path) => {
    const body = problem(await api("POST", "/ingredients", { token: owner.token, json }), 422);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });
});

describe("GET /ingredients/<id>", () => {
  it("returns the ingredient to anyone", async () => {
    const ingredient = await makeIngredient({ owner });
    const res = await api("GET", `/ingredients/${ingredient.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ingredient.id, name: ingredient.name, user_id: owner.id });
  });

  it.each(["abc", "-1", "1.5", "0", "99999999999999999999", "2147483647"])(
    "answers 404 for the id %s",
    async (id) => {
      problem(await api("GET", `/ingredients/${id}`), 404);
      problem(await api("GET", `/ingredients/${id}/stores`), 404);
      problem(await api("PUT", `/ingredients/${id}`, { token: admin.token, json: { name: "x" } }), 404);
      problem(await api("DELETE", `/ingredients/${id}`, { token: admin.token }), 404);
    },
  );

  it("names the id in the 404", async () => {
    expect(problem(await api("GET", "/ingredients/2147483640"), 404).detail).toBe(
      "Ingredient ID 2147483640 was not found.",
    );
  });
});

describe("PUT /ingredients/<id>", () => {
  it("lets the owner and an admin change it, but not another user or the public", async () => {
    const ingredient = await makeIngredient({ owner });
    problem(await api("PUT", `/ingredients/${ingredient.id}`, { json: { description: "x" } }), 401);
    const denied = await api("PUT", `/ingredients/${ingredient.id}`, {
      token: other.token,
      json: { description: "x" },
    });
    expect(problem(denied, 403).detail).toBe(`Ingredient ID ${ingredient.id} belongs to another user.`);
    expect((await rowById("ingredients", ingredient.id))?.description).toBeNull();

    const mine = await api("PUT", `/ingredients/${ingredient.id}`, {
      token: owner.token,
      json: { description: "Fine" },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ name: ingredient.name, description: "Fine", user_id: owner.id });
    const name = unique("Semolina");
    const byAdmin = await api("PUT", `/ingredients/${ingredient.id}/`, {
      token: admin.token,
      json: { name },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ name, description: "Fine", user_id: owner.id });
    expect(await rowById("ingredients", ingredient.id)).toMatchObject({ name, description: "Fine" });
  });

  it("answers 409 for a name taken ignoring case and 422 for an unknown recipe or field", async () => {
    const a = await makeIngredient({ owner });
    const b = await makeIngredient({ owner: other });
    const taken = b.name.toUpperCase();
    expect(
      problem(await api("PUT", `/ingredients/${a.id}`, { token: owner.token, json: { name: taken } }), 409)
        .detail,
    ).toBe(`Ingredient name '${taken}' already exists.`);
    expect(
      problem(
        await api("PUT", `/ingredients/${a.id}`, { token: owner.token, json: { recipe_id: 2147483001 } }),
        422,
      ).detail,
    ).toBe("Recipe ID 2147483001 was not found.");
    problem(
      await api("PUT", `/ingredients/${a.id}`, { token: owner.token, json: { user_id: other.id } }),
      422,
    );
    expect(await rowById("ingredients", a.id)).toMatchObject({
      name: a.name,
      recipe_id: null,
      user_id: owner.id,
    });
  });

  it("refreshes the search text of the recipes that use it when renamed", async () => {
    const ingredient = await makeIngredient({ owner });
    const recipeId = await insertRecipeUsing(owner, [ingredient.id]);
    const word = `quokkaberry${Date.now().toString(36)}${process.pid}`;
    const res = await api("PUT", `/ingredients/${ingredient.id}`, {
      token: owner.token,
      json: { name: `Fresh ${word}` },
    });
    expect(res.status).toBe(200);
    const { rows } = await sql<{ hit: boolean }>`
      select search_vector @@ plainto_tsquery('english', ${word}) as hit from recipes where id = ${recipeId}`.execute(
      getDb(),
    );
    expect(rows[0]?.hit).toBe(true);
  });
});

describe("DELETE /ingredients/<id>", () => {
  it("lets the owner delete it, taking it off every shelf, and removes its pictures", async () => {
    const ingredient = await makeIngredient({ owner });
    const store = await makeStore(other);
    await makeShelf(other, store.id, { ingredient_ids: [ingredient.id] });
    const keys = await attachPictures("ingredients", ingredient.id);

    problem(await api("DELETE", `/ingredients/${ingredient.id}`), 401);
    problem(await api("DELETE", `/ingredients/${ingredient.id}`, { token: other.token }), 403);
    expect(await rowById("ingredients", ingredient.id)).toBeDefined();

    expect((await api("DELETE", `/ingredients/${ingredient.id}`, { token: owner.token })).status).toBe(204);
    expect(await rowById("ingredients", ingredient.id)).toBeUndefined();
    const links = await getDb()
      .selectFrom("shelf_ingredients")
      .selectAll()
      .where("ingredient_id", "=", ingredient.id)
      .execute();
    expect(links).toEqual([]);
    for (const key of keys) expect(await objectExists(key)).toBe(false);
    problem(await api("DELETE", `/ingredients/${ingredient.id}`, { token: owner.token }), 404);
  });

  it("lets an admin delete another user's ingredient", async () => {
    const ingredient = await makeIngredient({ owner });
    expect((await api("DELETE", `/ingredients/${ingredient.id}`, { token: admin.token })).status).toBe(204);
    expect(await rowById("ingredients", ingredient.id)).toBeUndefined();
  });

  it("answers 409 while recipes use it and changes nothing", async () => {
    const ingredient = await makeIngredient({ owner });
    const keys = await attachPictures("ingredients", ingredient.id);
    const before = await rowById("ingredients", ingredient.id);
    const first = await insertRecipeUsing(owner, [ingredient.id]);
    await insertRecipeUsing(other, [ingredient.id]);
    // The same recipe using it on two lines still counts once.
    await getDb()
      .insertInto("recipe_ingredients")
      .values({
        recipe_id: first,
        ingredient_id: ingredient.id,
        position: 5,
        amount_grams: 1,
        amount_readable: "a pinch",
      })
      .execute();

    for (const token of [owner.token, admin.token]) {
      const res = await api("DELETE", `/ingredients/${ingredient.id}`, { token });
      expect(problem(res, 409).detail).toBe(`Ingredient ID ${ingredient.id} is used by 2 recipes.`);
    }
    expect(await rowById("ingredients", ingredient.id)).toEqual(before);
    const lines = await getDb()
      .selectFrom("recipe_ingredients")
      .select("id")
      .where("ingredient_id", "=", ingredient.id)
      .execute();
    expect(lines).toHaveLength(3);
    for (const key of keys) expect(await objectExists(key)).toBe(true);
  });
});

describe("GET /ingredients", () => {
  it("finds names by prefix and by the start of a word, ignoring case and accents", async () => {
    const tag = `zq${Date.now().toString(36)}${process.pid}`;
    const made = [
      `${tag}alpha Flour`,
      `Crème ${tag}beta`,
      `Sea-${tag}gamma salt`,
      `Oil (${tag}delta)`,
      `x${tag}mid`,
    ];
    for (const name of made) await makeIngredient({ owner, name });

    const all = await api("GET", `/ingredients?q=${tag.toUpperCase()}&limit=100`);
    expect(all.status).toBe(200);
    expect(names(all).sort()).toEqual(made.filter((n) => !n.startsWith("x")).sort());

    expect(names(await api("GET", `/ingredients?q=${encodeURIComponent(`crème ${tag}`)}`))).toEqual([
      `Crème ${tag}beta`,
    ]);
    expect(names(await api("GET", `/ingredients?q=${encodeURIComponent(`CREME ${tag}`)}`))).toEqual([
      `Crème ${tag}beta`,
    ]);
    expect(names(await api("GET", `/ingredients?q=${tag}gam`))).toEqual([`Sea-${tag}gamma salt`]);
    expect(names(await api("GET", `/ingredients?q=${tag}%25`))).toEqual([]);
    expect(names(await api("GET", `/ingredients?q=${tag}_lpha`))).toEqual([]);
  });

  it("pages by name with a cursor, serving every row exactly once while rows are added", async () => {
    const tag = `pg${Date.now().toString(36)}${process.pid}`;
    const mine: number[] = [];
    for (let i = 0; i < 7; i++)
      mine.push((await makeIngredient({ owner, name: `${tag} ${String.fromCharCode(109 - i)}` })).id);
    const added: number[] = [];
    const ids = await collectPages(
      (cursor) => api("GET", `/ingredients?q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ""}`),
      async (page) => {
        added.push((await makeIngredient({ owner, name: `${tag} a${page}` })).id);
        added.push((await makeIngredient({ owner, name: `${tag} z${page}` })).id);
      },
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of mine) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(ids.some((id) => added.includes(id))).toBe(true);
    // Unfiltered paging walks the whole table the same way.
    const everything = await collectPages((cursor) =>
      api("GET", `/ingredients?limit=100${cursor ? `&cursor=${cursor}` : ""}`),
    );
    expect(new Set(everything).size).toBe(everything.length);
    for (const id of mine) expect(everything).toContain(id);
  });

  it.each(["limit=0", "limit=101", "cursor=%%%", `q=${"x".repeat(101)}`])(
    "answers 400 for %s",
    async (query) => {
      problem(await api("GET", `/ingredients?${query}`), 400);
    },
  );
});

describe("GET /ingredients/<id>/stores", () => {
  it("lists the stores that have it with the shelf it sits on, in pages", async () => {
    const ingredient = await makeIngredient({ owner });
    const stores = [];
    for (let i = 0; i < 3; i++) {
      const store = await makeStore(other);
      const shelf = await makeShelf(other, store.id, {
        name: `Aisle ${i}`,
        position: i,
        ingredient_ids: [ingredient.id],
      });
      stores.push({ store, shelf });
    }
    await makeStore(other); // a store without it is not listed
    const first = await api("GET", `/ingredients/${ingredient.id}/stores?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    const [head] = stores;
    const item =
      first.body.items.find((s: { id: number }) => s.id === head?.store.id) ??
      (await api("GET", `/ingredients/${ingredient.id}/stores?limit=2&cursor=${first.body.next_cursor}`)).body
        .items[0];
    expect(item).toMatchObject({
      id: head?.store.id,
      name: head?.store.name,
      address: null,
      user_id: other.id,
      shelf: { id: head?.shelf.id, name: "Aisle 0", position: 0 },
    });
    const ids = await collectPages((cursor) =>
      api("GET", `/ingredients/${ingredient.id}/stores?limit=2${cursor ? `&cursor=${cursor}` : ""}`),
    );
    expect(ids.sort()).toEqual(stores.map((s) => s.store.id).sort());
  });

  it("answers an empty page for an ingredient on no shelf", async () => {
    const ingredient = await makeIngredient({ owner });
    const res = await api("GET", `/ingredients/${ingredient.id}/stores`);
    expect(res.body).toEqual({ items: [], next_cursor: null });
  });
});
