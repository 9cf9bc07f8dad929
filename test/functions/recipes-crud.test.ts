/** POST, GET, PUT and DELETE of one recipe through the real pipeline: roles, ownership, atomicity, bounds. */
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeCategory,
  makeIngredient,
  makeList,
  makeRecipe,
  makeUser,
  unique,
} from "../helpers/factories.ts";
import { childCounts } from "../helpers/rows.ts";

async function fullBody() {
  const [flour, milk, egg] = [await makeIngredient(), await makeIngredient(), await makeIngredient()];
  const [breakfast, sweet] = [await makeCategory(), await makeCategory()];
  return {
    ids: { flour, milk, egg, breakfast, sweet },
    body: {
      title: unique("Pancakes"),
      description: "Thin and soft.",
      cook_time_sec: 600,
      prep_time_sec: 300,
      total_time_sec: 4500,
      servings: 4,
      category_ids: [breakfast.id, sweet.id],
      ingredients: [
        { ingredient_id: flour.id, amount_grams: 250, amount_readable: "2 cups" },
        { ingredient_id: milk.id, amount_grams: 500.5, amount_readable: "2 cups" },
        { ingredient_id: egg.id, amount_grams: 100, amount_readable: "2" },
      ],
      steps: [{ description: "Whisk." }, { description: "Fry." }],
    },
  };
}

describe("POST /recipes", () => {
  it("creates the whole recipe in one go for a user, with Location", async () => {
    const user = await makeUser();
    const { body, ids } = await fullBody();
    const res = await api("POST", "/recipes/", { token: user.token, json: body });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/recipes/${res.body.id}`);
    expect(res.body).toMatchObject({
      user_id: user.id,
      title: body.title,
      description: "Thin and soft.",
      cook_time_sec: 600,
      prep_time_sec: 300,
      total_time_sec: 4500,
      servings: 4,
      img: null,
      preview_img: null,
      ingredients: [
        { ingredient_id: ids.flour.id, name: ids.flour.name, amount_grams: 250, amount_readable: "2 cups" },
        { ingredient_id: ids.milk.id, name: ids.milk.name, amount_grams: 500.5, amount_readable: "2 cups" },
        { ingredient_id: ids.egg.id, name: ids.egg.name, amount_grams: 100, amount_readable: "2" },
      ],
      steps: [
        { step_number: 1, description: "Whisk." },
        { step_number: 2, description: "Fry." },
      ],
    });
    expect(res.body.categories).toHaveLength(2);
    expect(res.body.categories).toEqual(
      expect.arrayContaining([
        { id: ids.breakfast.id, name: ids.breakfast.name },
        { id: ids.sweet.id, name: ids.sweet.name },
      ]),
    );
    expect(res.body.created_at).toMatch(/Z$/);
    // The same as its reader reads it (Public's read leaves the reader's own fields out).
    const read = await api("GET", `/recipes/${res.body.id}`, { token: user.token });
    expect(read.body).toEqual(res.body);
  });

  it("admins create too; a title alone is enough", async () => {
    const admin = await makeUser({ role: "admin" });
    const res = await api("POST", "/recipes", { token: admin.token, json: { title: "Toast" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: admin.id,
      description: null,
      total_time_sec: null,
      servings: null,
      categories: [],
      ingredients: [],
      steps: [],
    });
  });

  it("needs a token", async () => {
    expect(problem(await api("POST", "/recipes", { json: { title: "x" } }), 401).detail).toBe(
      "Not authenticated.",
    );
  });

  it.each([
    ["cook_time_sec", { cook_time_sec: -1 }],
    ["prep_time_sec", { prep_time_sec: 1.5 }],
    ["total_time_sec", { total_time_sec: -1 }],
    ["total_time_sec", { total_time_sec: 1.5 }],
    ["total_time_sec", { total_time_sec: "3600" }],
    ["total_time_sec", { total_time_sec: 1_000_000_001 }],
    ["servings", { servings: 0 }],
    ["title", { title: "x".repeat(201) }],
    ["title", { title: "   " }],
    ["user_id", { user_id: 1 }],
    [
      "ingredients.0.amount_grams",
      { ingredients: [{ ingredient_id: 1, amount_grams: -1, amount_readable: "" }] },
    ],
    [
      "ingredients.0.extra",
      { ingredients: [{ ingredient_id: 1, amount_grams: 1, amount_readable: "", extra: 1 }] },
    ],
    ["steps.0.description", { steps: [{ description: "" }] }],
    ["category_ids.0", { category_ids: [0] }],
    // recipes.source_url's check (`^https?://[^\s]+$`, at most 2,000): whitespace of any kind, control
    // characters and other schemes are refused here rather than by the database (a 500 before).
    ["source_url", { source_url: "https://example.com/a b" }],
    ["source_url", { source_url: "https://example.com/a\tb" }],
    ["source_url", { source_url: "https://example.com/a\nb" }],
    ["source_url", { source_url: "https://example.com/\u00a0" }],
    ["source_url", { source_url: "https://example.com/\u3000" }],
    ["source_url", { source_url: "https://example.com/\u0085" }],
    ["source_url", { source_url: "https://example.com/\u001c" }],
    ["source_url", { source_url: " https://example.com/" }],
    ["source_url", { source_url: "ftp://example.com/" }],
    ["source_url", { source_url: `https://example.com/${"a".repeat(1981)}` }],
  ])("422 for a bad %s, nothing written", async (path, extra) => {
    const user = await makeUser();
    const title = unique("bad");
    const res = await api("POST", "/recipes", { token: user.token, json: { title, ...extra } });
    const body = problem(res, 422);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    const rows = await getDb().selectFrom("recipes").select("id").where("user_id", "=", user.id).execute();
    expect(rows).toEqual([]);
  });

  it("a source address with a space is a 422 at source_url in the service's words", async () => {
    const user = await makeUser();
    const json = { title: unique("Spaced"), source_url: "https://example.com/a b" };
    const body = problem(await api("POST", "/recipes", { token: user.token, json }), 422);
    expect(body.errors).toEqual([
      { path: "source_url", message: "Must be an http or https address without spaces." },
    ]);
  });

  it("keeps a source address the column's check takes, up to 2,000 characters", async () => {
    const user = await makeUser();
    for (const source_url of [
      "https://example.com/a%20b?q=%C3%A9#top",
      "HTTP://EXAMPLE.COM/Ünïcode/路径",
      `https://example.com/${"a".repeat(1980)}`,
    ]) {
      const res = await api("POST", "/recipes", {
        token: user.token,
        json: { title: unique("Src"), source_url },
      });
      expect(res.status).toBe(201);
      expect(res.body.source_url).toBe(source_url);
    }
  });

  it("a bad total_time_sec is refused in the words of a bad cook_time_sec; the column keeps what passes", async () => {
    const user = await makeUser();
    for (const bad of [-1, 1.5, "60", 1_000_000_001]) {
      const cook = problem(
        await api("POST", "/recipes", { token: user.token, json: { title: "t", cook_time_sec: bad } }),
        422,
      );
      const total = problem(
        await api("POST", "/recipes", { token: user.token, json: { title: "t", total_time_sec: bad } }),
        422,
      );
      expect(total.detail).toBe("Request body is invalid.");
      expect(total.errors).toHaveLength(1);
      expect(total.errors).toEqual((cook.errors as object[]).map((e) => ({ ...e, path: "total_time_sec" })));
    }
    for (const total_time_sec of [0, 1_000_000_000, null]) {
      const res = await api("POST", "/recipes", {
        token: user.token,
        json: { title: unique("t"), total_time_sec },
      });
      expect(res.status).toBe(201);
      const row = await getDb()
        .selectFrom("recipes")
        .select("total_time_sec")
        .where("id", "=", res.body.id)
        .executeTakeFirstOrThrow();
      expect(row.total_time_sec).toBe(total_time_sec);
    }
  });

  it("accepts a title of exactly 200 characters", async () => {
    const user = await makeUser();
    const res = await api("POST", "/recipes", { token: user.token, json: { title: "y".repeat(200) } });
    expect(res.status).toBe(201);
  });

  it("an unknown ingredient in the middle of the list rolls back everything", async () => {
    const user = await makeUser();
    const { body } = await fullBody();
    body.ingredients.splice(1, 0, { ingredient_id: 2_000_000_000, amount_grams: 1, amount_readable: "1" });
    const res = await api("POST", "/recipes", { token: user.token, json: body });
    expect(problem(res, 422)).toMatchObject({
      detail: "Ingredient ID 2000000000 was not found.",
      errors: [{ path: "ingredients.1.ingredient_id", message: "Ingredient ID 2000000000 was not found." }],
    });
    const rows = await getDb().selectFrom("recipes").select("id").where("user_id", "=", user.id).execute();
    expect(rows).toEqual([]);
  });

  it("an unknown category is a 422 naming it", async () => {
    const user = await makeUser();
    const category = await makeCategory();
    const res = await api("POST", "/recipes", {
      token: user.token,
      json: { title: "x", category_ids: [category.id, 2_000_000_001] },
    });
    expect(problem(res, 422).detail).toBe("Category ID 2000000001 was not found.");
    const rows = await getDb().selectFrom("recipes").select("id").where("user_id", "=", user.id).execute();
    expect(rows).toEqual([]);
  });

  it("a repeated category id is kept once; a repeated ingredient is two lines", async () => {
    const user = await makeUser();
    const category = await makeCategory();
    const salt = await makeIngredient();
    const res = await api("POST", "/recipes", {
      token: user.token,
      json: {
        title: "twice",
        category_ids: [category.id, category.id],
        ingredients: [
          { ingredient_id: salt.id, amount_grams: 1, amount_readable: "a pinch" },
          { ingredient_id: salt.id, amount_grams: 2, amount_readable: "to taste" },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.categories).toEqual([{ id: category.id, name: category.name }]);
    expect(res.body.ingredients.map((l: { amount_grams: number }) => l.amount_grams)).toEqual([1, 2]);
  });

  it("a line may have unknown grams (null, or left out): stored as null, read, scaled and put on a list as unknown", async () => {
    const user = await makeUser();
    const [flour, salt, fat] = [await makeIngredient(), await makeIngredient(), await makeIngredient()];
    const res = await api("POST", "/recipes", {
      token: user.token,
      json: {
        title: "Bread",
        servings: 2,
        ingredients: [
          { ingredient_id: flour.id, amount_grams: 500, amount_readable: "4 cups" },
          { ingredient_id: salt.id, amount_grams: null, amount_readable: "to taste" },
          { ingredient_id: fat.id, amount_readable: "for the tin" },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.ingredients.map((l: { amount_grams: number | null }) => l.amount_grams)).toEqual([
      500,
      null,
      null,
    ]);
    const stored = await getDb()
      .selectFrom("recipe_ingredients")
      .select("amount_grams")
      .where("recipe_id", "=", res.body.id)
      .orderBy("position")
      .execute();
    expect(stored.map((row) => (row.amount_grams === null ? null : Number(row.amount_grams)))).toEqual([
      500,
      null,
      null,
    ]);
    const scaled = await api("GET", `/recipes/${res.body.id}?servings=4`);
    expect(scaled.body.ingredients.map((l: { amount_grams: number | null }) => l.amount_grams)).toEqual([
      1000,
      null,
      null,
    ]);
    // On a list the known grams add up; an item no line gives grams to has none.
    const list = await makeList(user);
    const added = await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: user.token,
      json: { recipe_id: res.body.id },
    });
    expect(added.status).toBe(200);
    const items = added.body.sections.flatMap((s: { items: unknown[] }) => s.items);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ingredient_id: flour.id, amount_grams: 500 }),
        expect.objectContaining({ ingredient_id: salt.id, amount_grams: null, amount_readable: "to taste" }),
      ]),
    );
    // A PUT keeps null too; a negative grams is still a 422.
    const put = await api("PUT", `/recipes/${res.body.id}`, {
      token: user.token,
      json: { ingredients: [{ ingredient_id: salt.id, amount_grams: null, amount_readable: "a pinch" }] },
    });
    expect(put.body.ingredients).toEqual([
      { ingredient_id: salt.id, name: salt.name, amount_grams: null, amount_readable: "a pinch" },
    ]);
    const bad = await api("PUT", `/recipes/${res.body.id}`, {
      token: user.token,
      json: { ingredients: [{ ingredient_id: salt.id, amount_grams: -1, amount_readable: "" }] },
    });
    expect(problem(bad, 422).errors).toEqual([
      expect.objectContaining({ path: "ingredients.0.amount_grams" }),
    ]);
  });

  it("a lone UTF-16 surrogate in a title, a line or a step is stored as U+FFFD in each, never a 5xx", async () => {
    const user = await makeUser();
    const salt = await makeIngredient();
    // JSON's own escapes: JSON.stringify writes a lone surrogate as \ud800.
    const body = `{"title":"Salt \\ud800","ingredients":[{"ingredient_id":${salt.id},"amount_grams":1,"amount_readable":"\\udc00 pinch"}],"steps":[{"description":"Salt \\ud800 it"}]}`;
    const res = await api("POST", "/recipes", {
      token: user.token,
      body,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Salt \ufffd",
      ingredients: [{ amount_readable: "\ufffd pinch" }],
      steps: [{ description: "Salt \ufffd it" }],
    });
    const put = await api("PUT", `/recipes/${res.body.id}`, {
      token: user.token,
      body: '{"steps":[{"description":"\\udfff again"}]}',
      headers: { "content-type": "application/json" },
    });
    expect(put.status).toBe(200);
    expect(put.body.steps).toEqual([{ step_number: 1, description: "\ufffd again", timers: [] }]);
  });

  it("malformed JSON is a 400", async () => {
    const user = await makeUser();
    const res = await api("POST", "/recipes", {
      token: user.token,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    problem(res, 400);
  });
});

describe("GET /recipes/<id>", () => {
  it("is public, and 404 for an unknown id", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner);
    expect((await api("GET", `/recipes/${recipe.id}/`)).body.id).toBe(recipe.id);
    expect(problem(await api("GET", "/recipes/2000000000"), 404).detail).toBe(
      "Recipe ID 2000000000 was not found.",
    );
  });

  it("reads the whole recipe with exactly one SQL statement", async () => {
    const owner = await makeUser();
    const { body } = await fullBody();
    const recipe = await makeRecipe(owner, body);
    const executor = getDb().getExecutor();
    const spy = vi.spyOn(executor, "executeQuery");
    try {
      const res = await api("GET", `/recipes/${recipe.id}`);
      expect(res.status).toBe(200);
      expect(res.body.ingredients).toHaveLength(3);
      expect(res.body.steps).toHaveLength(2);
      expect(res.body.categories).toHaveLength(2);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]?.[0].sql).toMatch(/json_agg/);
    } finally {
      spy.mockRestore();
    }
  });

  it("scales grams and the amounts as written by servings, gives the factor", async () => {
    const owner = await makeUser();
    const a = await makeIngredient();
    const b = await makeIngredient();
    const recipe = await makeRecipe(owner, {
      servings: 3,
      ingredients: [
        { ingredient_id: a.id, amount_grams: 100, amount_readable: "1 cup" },
        { ingredient_id: b.id, amount_grams: 0.001, amount_readable: "a pinch" },
      ],
    });
    const res = await api("GET", `/recipes/${recipe.id}?servings=2`);
    expect(res.status).toBe(200);
    expect(res.body.servings).toBe(2);
    expect(res.body.scale).toBeCloseTo(2 / 3, 12);
    expect(res.body.ingredients).toEqual([
      { ingredient_id: a.id, name: a.name, amount_grams: 66.667, amount_readable: "2/3 cup" },
      { ingredient_id: b.id, name: b.name, amount_grams: 0.001, amount_readable: "a pinch" },
    ]);
    const double = await api("GET", `/recipes/${recipe.id}?servings=6`);
    expect(double.body.ingredients.map((l: { amount_grams: number }) => l.amount_grams)).toEqual([
      200, 0.002,
    ]);
    expect(double.body.ingredients.map((l: { amount_readable: string }) => l.amount_readable)).toEqual([
      "2 cups",
      "a pinch",
    ]);
    // Stored as written: only the answer is scaled.
    expect((await api("GET", `/recipes/${recipe.id}`)).body.ingredients[0].amount_readable).toBe("1 cup");
    expect(double.body.scale).toBe(2);
    const plain = await api("GET", `/recipes/${recipe.id}`);
    expect(plain.body.scale).toBeUndefined();
    expect(plain.body.servings).toBe(3);
  });

  it("a recipe without servings cannot be scaled; servings must be a positive integer", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner);
    expect(problem(await api("GET", `/recipes/${recipe.id}?servings=2`), 422).detail).toBe(
      `Recipe ID ${recipe.id} has no servings to scale from.`,
    );
    problem(await api("GET", `/recipes/${recipe.id}?servings=0`), 400);
    problem(await api("GET", `/recipes/${recipe.id}?servings=abc`), 400);
  });
});

describe("PUT /recipes/<id>", () => {
  it("changes only the fields given; a list given replaces the old one", async () => {
    const owner = await makeUser();
    const { body, ids } = await fullBody();
    const recipe = await makeRecipe(owner, body);
    const res = await api("PUT", `/recipes/${recipe.id}`, {
      token: owner.token,
      json: {
        servings: 2,
        description: null,
        ingredients: [{ ingredient_id: ids.egg.id, amount_grams: 50, amount_readable: "1" }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: body.title,
      description: null,
      servings: 2,
      cook_time_sec: 600,
      ingredients: [
        { ingredient_id: ids.egg.id, name: ids.egg.name, amount_grams: 50, amount_readable: "1" },
      ],
      steps: recipe.steps,
    });
    expect(res.body.categories).toHaveLength(2);
    expect(await childCounts(recipe.id)).toEqual({ ingredients: 1, steps: 2, categories: 2 });

    const emptied = await api("PUT", `/recipes/${recipe.id}`, {
      token: owner.token,
      json: { steps: [], category_ids: [] },
    });
    expect(emptied.body).toMatchObject({ steps: [], categories: [] });
    expect(emptied.body.ingredients).toHaveLength(1);
    expect(new Date(emptied.body.updated_at) >= new Date(recipe.updated_at)).toBe(true);
  });

  it("sets, keeps and clears total_time_sec; the database holds what the answer says", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner, { prep_time_sec: 600, cook_time_sec: 1200 });
    expect(recipe.total_time_sec).toBeNull();
    const stored = async () =>
      (
        await getDb()
          .selectFrom("recipes")
          .select(["total_time_sec", "prep_time_sec", "cook_time_sec"])
          .where("id", "=", recipe.id)
          .executeTakeFirstOrThrow()
      ).total_time_sec;
    const put = (json: object) => api("PUT", `/recipes/${recipe.id}`, { token: owner.token, json });
    expect((await put({ total_time_sec: 80_100 })).body).toMatchObject({
      total_time_sec: 80_100,
      prep_time_sec: 600,
    });
    expect(await stored()).toBe(80_100);
    expect((await put({ title: "Croissants" })).body.total_time_sec).toBe(80_100);
    expect((await api("GET", `/recipes/${recipe.id}`)).body.total_time_sec).toBe(80_100);
    expect(problem(await put({ total_time_sec: -5 }), 422).errors).toEqual([
      expect.objectContaining({ path: "total_time_sec" }),
    ]);
    expect(await stored()).toBe(80_100);
    expect((await put({ total_time_sec: null })).body.total_time_sec).toBeNull();
    expect(await stored()).toBeNull();
  });

  it("an empty body changes nothing but is accepted", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner, { description: "kept" });
    const res = await api("PUT", `/recipes/${recipe.id}`, { token: owner.token, json: {} });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe("kept");
  });

  it("admin may change anyone's recipe; another user gets 403; no token 401; unknown 404", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const admin = await makeUser({ role: "admin" });
    const recipe = await makeRecipe(owner);
    expect(
      problem(await api("PUT", `/recipes/${recipe.id}`, { token: other.token, json: { title: "mine" } }), 403)
        .detail,
    ).toBe(`Recipe ID ${recipe.id} belongs to another user.`);
    problem(await api("PUT", `/recipes/${recipe.id}`, { json: { title: "mine" } }), 401);
    problem(await api("PUT", "/recipes/2000000000", { token: owner.token, json: { title: "x" } }), 404);
    const res = await api("PUT", `/recipes/${recipe.id}`, {
      token: admin.token,
      json: { title: "By admin" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "By admin", user_id: owner.id });
  });

  it("a failing line rolls back the whole update", async () => {
    const owner = await makeUser();
    const { body, ids } = await fullBody();
    const recipe = await makeRecipe(owner, body);
    const res = await api("PUT", `/recipes/${recipe.id}`, {
      token: owner.token,
      json: {
        title: "changed",
        steps: [{ description: "only" }],
        category_ids: [ids.sweet.id],
        ingredients: [
          { ingredient_id: ids.egg.id, amount_grams: 1, amount_readable: "1" },
          { ingredient_id: 2_000_000_000, amount_grams: 1, amount_readable: "1" },
          { ingredient_id: ids.milk.id, amount_grams: 1, amount_readable: "1" },
        ],
      },
    });
    expect(problem(res, 422).detail).toBe("Ingredient ID 2000000000 was not found.");
    expect((await api("GET", `/recipes/${recipe.id}`, { token: owner.token })).body).toEqual(recipe);
    expect(await childCounts(recipe.id)).toEqual({ ingredients: 3, steps: 2, categories: 2 });
  });

  it("strict body: user_id and unknown fields are 422, bounds as on create", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const recipe = await makeRecipe(owner);
    for (const json of [{ user_id: other.id }, { title: null }, { cook_time_sec: -1 }, { servings: 0 }]) {
      problem(await api("PUT", `/recipes/${recipe.id}`, { token: owner.token, json }), 422);
    }
    expect((await api("GET", `/recipes/${recipe.id}`)).body.user_id).toBe(owner.id);
  });

  it("a source address with a space is a 422 at source_url, and the recipe stays as it was", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner);
    const json = { title: unique("Changed"), source_url: "https://example.com/a b" };
    const res = await api("PUT", `/recipes/${recipe.id}`, { token: owner.token, json });
    expect(problem(res, 422).errors).toEqual([
      { path: "source_url", message: "Must be an http or https address without spaces." },
    ]);
    expect((await api("GET", `/recipes/${recipe.id}`, { token: owner.token })).body).toEqual(recipe);
  });

  it("two concurrent updates never mix their lists", async () => {
    const owner = await makeUser();
    const ingredients = await Promise.all([1, 2, 3, 4].map(() => makeIngredient()));
    const recipe = await makeRecipe(owner);
    const listA = {
      ingredients: ingredients
        .slice(0, 2)
        .map((i) => ({ ingredient_id: i.id, amount_grams: 1, amount_readable: "A" })),
      steps: [{ description: "A1" }, { description: "A2" }, { description: "A3" }],
    };
    const listB = {
      ingredients: ingredients
        .slice(2)
        .map((i) => ({ ingredient_id: i.id, amount_grams: 2, amount_readable: "B" })),
      steps: [{ description: "B1" }],
    };
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([
        api("PUT", `/recipes/${recipe.id}`, { token: owner.token, json: listA }),
        api("PUT", `/recipes/${recipe.id}`, { token: owner.token, json: listB }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const final = (await api("GET", `/recipes/${recipe.id}`)).body;
      const readable = new Set(final.ingredients.map((l: { amount_readable: string }) => l.amount_readable));
      const steps = final.steps.map((s: { description: string }) => s.description[0]);
      expect(readable.size).toBe(1);
      expect(new Set(steps)).toEqual(readable);
      expect(final.ingredients).toHaveLength(2);
      expect(final.steps).toHaveLength(readable.has("A") ? 3 : 1);
    }
  });
});

describe("DELETE /recipes/<id>", () => {
  it("owner deletes; lines, steps and links go with it", async () => {
    const owner = await makeUser();
    const { body } = await fullBody();
    const recipe = await makeRecipe(owner, body);
    const res = await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token });
    expect(res.status).toBe(204);
    expect(res.raw.length).toBe(0);
    problem(await api("GET", `/recipes/${recipe.id}`), 404);
    expect(await childCounts(recipe.id)).toEqual({ ingredients: 0, steps: 0, categories: 0 });
    problem(await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token }), 404);
  });

  it("admin deletes anyone's; another user 403; no token 401", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const admin = await makeUser({ role: "admin" });
    const recipe = await makeRecipe(owner);
    expect(problem(await api("DELETE", `/recipes/${recipe.id}`, { token: other.token }), 403).detail).toBe(
      `Recipe ID ${recipe.id} belongs to another user.`,
    );
    problem(await api("DELETE", `/recipes/${recipe.id}`), 401);
    expect((await api("GET", `/recipes/${recipe.id}`)).status).toBe(200);
    expect((await api("DELETE", `/recipes/${recipe.id}`, { token: admin.token })).status).toBe(204);
    problem(await api("GET", `/recipes/${recipe.id}`), 404);
  });
});
