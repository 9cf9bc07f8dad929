/** /categories: anyone reads, admins write; names unique ignoring case; delete detaches recipes. */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import { makeCategory, makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { attachPictures, objectExists } from "../helpers/image-fixtures.ts";
import { rowById } from "../helpers/rows.ts";

let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  admin = await makeUser({ role: "admin" });
  user = await makeUser();
});

describe("POST /categories", () => {
  it("lets an admin create one and stores it", async () => {
    const name = unique("Dessert");
    const res = await api("POST", "/categories/", {
      token: admin.token,
      json: { name, description: "Sweet" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name,
      description: "Sweet",
      img: null,
      preview_img: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(res.headers.location).toBe(`/api/v1/categories/${res.body.id}`);
    expect(await rowById("categories", res.body.id)).toMatchObject({ name, description: "Sweet" });
  });

  it("answers 401 without a token and 403 for a user, creating nothing", async () => {
    const name = unique("Nope");
    expect(problem(await api("POST", "/categories", { json: { name } }), 401).detail).toBe(
      "Not authenticated.",
    );
    problem(await api("POST", "/categories", { token: user.token, json: { name } }), 403);
    const rows = await getDb().selectFrom("categories").select("id").where("name", "=", name).execute();
    expect(rows).toEqual([]);
  });

  it("answers 409 for a name taken in another case", async () => {
    const category = await makeCategory();
    const upper = category.name.toUpperCase();
    const res = await api("POST", "/categories", { token: admin.token, json: { name: upper } });
    expect(problem(res, 409).detail).toBe(`Category name '${upper}' already exists.`);
    expect(res.body.existing_id).toBe(category.id);
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "   " }, "name"],
    [{ name: "x".repeat(81) }, "name"],
    [{ name: 5 }, "name"],
    [{ name: "ok", description: "x".repeat(2001) }, "description"],
    [{ name: "ok", img: "http://x" }, "img"],
    [{ name: "ok", id: 3 }, "id"],
  ])("answers 422 for %j", async (json, path) => {
    const body = problem(await api("POST", "/categories", { token: admin.token, json }), 422);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("accepts exactly 80 characters and trims the name", async () => {
    const name = unique("c").padEnd(80, "x");
    const res = await api("POST", "/categories", { token: admin.token, json: { name: `  ${name} ` } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(name);
  });
});

describe("GET /categories/<id>", () => {
  it("returns the category to anyone", async () => {
    const category = await makeCategory();
    const res = await api("GET", `/categories/${category.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: category.id, name: category.name, description: null, img: null });
  });

  it("answers 404 for an unknown id", async () => {
    expect(problem(await api("GET", "/categories/2147483647"), 404).detail).toBe(
      "Category ID 2147483647 was not found.",
    );
  });

  it.each(["abc", "-1", "1.5", "0", "99999999999999999999"])("answers 404 for the id %s", async (id) => {
    problem(await api("GET", `/categories/${id}`), 404);
    problem(await api("PUT", `/categories/${id}`, { token: admin.token, json: { name: "x" } }), 404);
    problem(await api("DELETE", `/categories/${id}`, { token: admin.token }), 404);
  });
});

describe("PUT /categories/<id>", () => {
  it("lets an admin change a subset of fields", async () => {
    const category = await makeCategory();
    const res = await api("PUT", `/categories/${category.id}`, {
      token: admin.token,
      json: { description: "Now described" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: category.id, name: category.name, description: "Now described" });
    const name = unique("Renamed");
    const renamed = await api("PUT", `/categories/${category.id}/`, { token: admin.token, json: { name } });
    expect(renamed.body).toMatchObject({ name, description: "Now described" });
    expect(await rowById("categories", category.id)).toMatchObject({ name, description: "Now described" });
    const cleared = await api("PUT", `/categories/${category.id}`, {
      token: admin.token,
      json: { description: null },
    });
    expect(cleared.body.description).toBeNull();
  });

  it("answers 401 and 403 for public and users, changing nothing", async () => {
    const category = await makeCategory();
    problem(await api("PUT", `/categories/${category.id}`, { json: { name: "x" } }), 401);
    problem(await api("PUT", `/categories/${category.id}`, { token: user.token, json: { name: "x" } }), 403);
    expect((await rowById("categories", category.id))?.name).toBe(category.name);
  });

  it("answers 409 when renaming onto another name ignoring case, but allows a change of case", async () => {
    const a = await makeCategory();
    const b = await makeCategory();
    const taken = b.name.toLowerCase();
    const res = await api("PUT", `/categories/${a.id}`, { token: admin.token, json: { name: taken } });
    expect(problem(res, 409).detail).toBe(`Category name '${taken}' already exists.`);
    const recased = await api("PUT", `/categories/${a.id}`, {
      token: admin.token,
      json: { name: a.name.toUpperCase() },
    });
    expect(recased.status).toBe(200);
  });

  it("answers 404 for an unknown id and 422 for unknown fields", async () => {
    problem(await api("PUT", "/categories/2147483646", { token: admin.token, json: { name: "x" } }), 404);
    const category = await makeCategory();
    problem(
      await api("PUT", `/categories/${category.id}`, { token: admin.token, json: { colour: "red" } }),
      422,
    );
  });
});

describe("DELETE /categories/<id>", () => {
  it("detaches the category from recipes and keeps the recipes", async () => {
    const category = await makeCategory();
    const db = getDb();
    const recipe = await db
      .insertInto("recipes")
      .values({ user_id: user.id, title: unique("Cake") })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("recipe_categories")
      .values({ recipe_id: recipe.id, category_id: category.id })
      .execute();

    problem(await api("DELETE", `/categories/${category.id}`), 401);
    problem(await api("DELETE", `/categories/${category.id}`, { token: user.token }), 403);
    expect(await rowById("categories", category.id)).toBeDefined();

    const res = await api("DELETE", `/categories/${category.id}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(await rowById("categories", category.id)).toBeUndefined();
    const links = await db
      .selectFrom("recipe_categories")
      .selectAll()
      .where("recipe_id", "=", recipe.id)
      .execute();
    expect(links).toEqual([]);
    expect(
      await db.selectFrom("recipes").select("id").where("id", "=", recipe.id).executeTakeFirst(),
    ).toBeDefined();
    problem(await api("DELETE", `/categories/${category.id}`, { token: admin.token }), 404);
  });

  it("removes the category's pictures from storage", async () => {
    const category = await makeCategory();
    const keys = await attachPictures("categories", category.id);
    for (const key of keys) expect(await objectExists(key)).toBe(true);
    expect((await api("DELETE", `/categories/${category.id}`, { token: admin.token })).status).toBe(204);
    for (const key of keys) expect(await objectExists(key)).toBe(false);
  });
});

describe("GET /categories", () => {
  it("pages by name with a cursor, serving every row exactly once while rows are added", async () => {
    const prefix = unique("Page");
    const mine: number[] = [];
    for (const n of [3, 1, 4, 1, 5, 9, 2, 6])
      mine.push((await makeCategory({ name: `${prefix}-${n}-${mine.length}` })).id);
    const added: number[] = [];
    const ids = await collectPages(
      (cursor) => api("GET", `/categories?limit=3${cursor ? `&cursor=${cursor}` : ""}`),
      async (page) => {
        // One name sorts before every name, one after: neither may make a row appear twice.
        added.push((await makeCategory({ name: `!${prefix}-${page}` })).id);
        added.push((await makeCategory({ name: `~${prefix}-${page}` })).id);
      },
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of mine) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(ids.filter((id) => added.includes(id)).length).toBeGreaterThan(0);
  });

  it("orders by name and defaults to 20 a page", async () => {
    const prefix = unique("Order");
    for (const letter of ["b", "c", "a"]) await makeCategory({ name: `${prefix}-${letter}` });
    for (let i = 0; i < 21; i++) await makeCategory();
    const first = await api("GET", "/categories");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const ids = await collectPages((cursor) =>
      api("GET", `/categories?limit=100${cursor ? `&cursor=${cursor}` : ""}`),
    );
    const rows = await getDb()
      .selectFrom("categories")
      .select(["id", "name"])
      .where("name", "like", `${prefix}-%`)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    expect(ids.filter((id) => byId.has(id)).map((id) => byId.get(id))).toEqual(
      ["a", "b", "c"].map((l) => `${prefix}-${l}`),
    );
  });

  it.each(["limit=0", "limit=101", "limit=abc", "limit=1.5", "cursor=not-a-cursor"])(
    "answers 400 for %s",
    async (query) => {
      problem(await api("GET", `/categories?${query}`), 400);
    },
  );
});
