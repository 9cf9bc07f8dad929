/** GET /recipes: filters, sorts, ranked search and keyset pagination through the real pipeline. */
import { describe, expect, it } from "vitest";
import { api, problem } from "../helpers/api.ts";
import { makeCategory, makeIngredient, makeRecipe, makeUser, type TestUser } from "../helpers/factories.ts";

type Summary = { id: number; title: string; cook_time_sec: number | null; created_at: string };

/** A word no other test uses, made of letters only so the text search keeps it whole. */
function marker(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = "zq";
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** Follows next_cursor until the end, returning every item served. */
async function walk(query: string, limit: number): Promise<Summary[]> {
  const items: Summary[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const res = await api("GET", `/recipes?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.items);
    cursor = res.body.next_cursor;
    if (!cursor) return items;
  }
  throw new Error("pagination did not end");
}

async function userWithRecipes(): Promise<{ user: TestUser; recipes: Summary[] }> {
  const user = await makeUser();
  const specs = [
    { title: "Banana bread", cook_time_sec: 3600 },
    { title: "apple pie", cook_time_sec: null },
    { title: "Cake", cook_time_sec: 1800 },
    { title: "Cake", cook_time_sec: 1800 },
    { title: "Dal", cook_time_sec: 0 },
    { title: "Egg", cook_time_sec: null },
    { title: "Fudge", cook_time_sec: 600 },
  ];
  const recipes: Summary[] = [];
  for (const spec of specs) recipes.push(await makeRecipe(user, spec));
  return { user, recipes };
}

const ids = (items: { id: number }[]) => items.map((r) => r.id);

describe("GET /recipes sorting and pagination", () => {
  it("every sort visits each recipe exactly once, in order, across pages", async () => {
    const { user, recipes } = await userWithRecipes();
    const byId = (a: Summary, b: Summary) => a.id - b.id;
    const byCreated = (a: Summary, b: Summary) => a.created_at.localeCompare(b.created_at) || byId(a, b);
    const expected: Record<string, Summary[]> = {
      newest: [...recipes].sort(byCreated).reverse(),
      oldest: [...recipes].sort(byCreated),
      title: [...recipes].sort((a, b) => (a.title === b.title ? byId(a, b) : a.title < b.title ? -1 : 1)),
      cook_time: [...recipes].sort(
        (a, b) =>
          (a.cook_time_sec ?? Number.MAX_SAFE_INTEGER) - (b.cook_time_sec ?? Number.MAX_SAFE_INTEGER) ||
          byId(a, b),
      ),
    };
    for (const [sort, want] of Object.entries(expected)) {
      for (const limit of [1, 2, 3, 7, 100]) {
        const got = await walk(`user_id=${user.id}&sort=${sort}`, limit);
        expect(ids(got), `${sort} by ${limit}`).toEqual(ids(want));
      }
    }
    expect(ids(await walk(`user_id=${user.id}`, 3))).toEqual(ids(expected.newest ?? []));
  });

  it("title sort follows the database's collation and puts nulls of cook time last", async () => {
    const { user } = await userWithRecipes();
    const cook = await walk(`user_id=${user.id}&sort=cook_time`, 100);
    expect(cook.map((r) => r.cook_time_sec)).toEqual([0, 600, 1800, 1800, 3600, null, null]);
  });

  it("items are summaries with categories, without ingredients or steps", async () => {
    const user = await makeUser();
    const category = await makeCategory();
    const flour = await makeIngredient();
    await makeRecipe(user, {
      category_ids: [category.id],
      ingredients: [{ ingredient_id: flour.id, amount_grams: 1, amount_readable: "1 g" }],
      steps: [{ description: "Mix." }],
    });
    const res = await api("GET", `/recipes/?user_id=${user.id}`);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.items).toHaveLength(1);
    const [item] = res.body.items;
    expect(item.categories).toEqual([{ id: category.id, name: category.name }]);
    expect(item).not.toHaveProperty("ingredients");
    expect(item).not.toHaveProperty("steps");
    expect(item).not.toHaveProperty("sort_key");
    expect(Object.keys(item).sort()).toEqual(
      [
        "categories",
        "cook_time_sec",
        "created_at",
        "description",
        "id",
        "img",
        "prep_time_sec",
        "preview_img",
        "rating",
        "servings",
        "source_url",
        "title",
        "total_time_sec",
        "updated_at",
        "user_id",
      ].sort(),
    );
  });

  it("a cursor from another sort, or garbage, is a 400; limit is 1–100; unknown parameters are 400", async () => {
    const { user } = await userWithRecipes();
    const first = await api("GET", `/recipes?user_id=${user.id}&sort=title&limit=2`);
    const cursor = first.body.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    expect(problem(await api("GET", `/recipes?sort=newest&cursor=${cursor}`), 400).detail).toBe(
      "Cursor is invalid.",
    );
    problem(await api("GET", `/recipes?sort=cook_time&cursor=${cursor}`), 400);
    problem(await api("GET", "/recipes?cursor=not-a-cursor"), 400);
    const forged = Buffer.from(JSON.stringify(["newest", "yesterday", 1])).toString("base64url");
    problem(await api("GET", `/recipes?cursor=${forged}`), 400);
    for (const bad of [
      "limit=0",
      "limit=101",
      "limit=x",
      "sort=stars",
      "colour=red",
      "user_id=abc",
      "max_total_time_sec=-1",
    ]) {
      problem(await api("GET", `/recipes?${bad}`), 400);
    }
    expect((await api("GET", `/recipes?user_id=${user.id}&limit=100`)).body.items).toHaveLength(7);
  });
});

describe("GET /recipes filters", () => {
  it("category_id, ingredient_id (all of them), user_id and max_total_time_sec", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const [soup, main] = [await makeCategory(), await makeCategory()];
    const [onion, garlic, leek] = [await makeIngredient(), await makeIngredient(), await makeIngredient()];
    const line = (i: { id: number }) => ({ ingredient_id: i.id, amount_grams: 10, amount_readable: "some" });
    const a = await makeRecipe(user, {
      category_ids: [soup.id],
      ingredients: [line(onion), line(garlic)],
      cook_time_sec: 600,
      prep_time_sec: 600,
    });
    const b = await makeRecipe(user, {
      category_ids: [soup.id, main.id],
      ingredients: [line(onion)],
      cook_time_sec: 300,
    });
    const c = await makeRecipe(other, {
      category_ids: [main.id],
      ingredients: [line(garlic), line(onion), line(leek)],
      prep_time_sec: 100,
    });
    const d = await makeRecipe(other, {});
    const list = async (query: string) => ids((await api("GET", `/recipes?${query}&limit=100`)).body.items);

    expect(await list(`category_id=${soup.id}`)).toEqual([b.id, a.id]);
    expect(await list(`category_id=${main.id}`)).toEqual([c.id, b.id]);
    expect(await list(`ingredient_id=${onion.id}`)).toEqual([c.id, b.id, a.id]);
    expect(await list(`ingredient_id=${onion.id}&ingredient_id=${garlic.id}`)).toEqual([c.id, a.id]);
    expect(
      await list(`ingredient_id=${onion.id}&ingredient_id=${garlic.id}&ingredient_id=${leek.id}`),
    ).toEqual([c.id]);
    expect(await list(`user_id=${other.id}`)).toEqual([d.id, c.id]);
    expect(await list(`user_id=${user.id}&max_total_time_sec=1200`)).toEqual([b.id, a.id]);
    expect(await list(`user_id=${user.id}&max_total_time_sec=1199`)).toEqual([b.id]);
    // A missing time counts as 0.
    expect(await list(`user_id=${other.id}&max_total_time_sec=100`)).toEqual([d.id, c.id]);
    expect(await list(`user_id=${other.id}&max_total_time_sec=0`)).toEqual([d.id]);
    expect(await list(`category_id=${main.id}&ingredient_id=${garlic.id}&user_id=${other.id}`)).toEqual([
      c.id,
    ]);
    expect(await list(`category_id=${soup.id}&user_id=${other.id}`)).toEqual([]);
    expect(await list("category_id=2000000000")).toEqual([]);
  });

  it("max_total_time_sec bounds a recipe's own total_time_sec where it has one, else prep + cook", async () => {
    const user = await makeUser();
    // Croissants: 75 minutes of work, 22 hours in all.
    const croissants = await makeRecipe(user, {
      prep_time_sec: 3600,
      cook_time_sec: 900,
      total_time_sec: 79_200,
    });
    const quick = await makeRecipe(user, { prep_time_sec: 600, cook_time_sec: 1200, total_time_sec: 900 });
    const plain = await makeRecipe(user, { prep_time_sec: 600, cook_time_sec: 600 });
    const list = async (max: number) => {
      const res = await api("GET", `/recipes?user_id=${user.id}&max_total_time_sec=${max}&limit=100`);
      expect(res.status).toBe(200);
      return res.body.items as (Summary & { total_time_sec: number | null })[];
    };
    expect(ids(await list(79_200))).toEqual([plain.id, quick.id, croissants.id]);
    expect(ids(await list(79_199))).toEqual([plain.id, quick.id]);
    expect(ids(await list(1200))).toEqual([plain.id, quick.id]);
    expect(ids(await list(900))).toEqual([quick.id]);
    expect((await list(79_200)).map((r) => r.total_time_sec)).toEqual([null, 900, 79_200]);
  });
});

describe("GET /recipes?q= search", () => {
  it("finds by title, description and ingredient name, title matches first", async () => {
    const user = await makeUser();
    const word = marker();
    const ingredient = await makeIngredient({ name: `${word} powder ${marker()}` });
    const inDescription = await makeRecipe(user, { title: "Plain", description: `Uses ${word} generously.` });
    const inIngredient = await makeRecipe(user, {
      title: "Other",
      ingredients: [{ ingredient_id: ingredient.id, amount_grams: 5, amount_readable: "1 tsp" }],
    });
    const inTitle = await makeRecipe(user, { title: `Roasted ${word} carrots` });
    await makeRecipe(user, { title: "Unrelated", description: "nothing here" });

    const res = await api("GET", `/recipes?q=${word}`);
    expect(res.status).toBe(200);
    expect(ids(res.body.items)).toEqual([inTitle.id, inIngredient.id, inDescription.id]);
    // Stemming: the plural finds the singular.
    expect(ids((await api("GET", `/recipes?q=carrot&user_id=${user.id}`)).body.items)).toEqual([inTitle.id]);
    // Web-search syntax: a minus excludes.
    expect(ids((await api("GET", `/recipes?q=${word} -roasted`)).body.items).sort()).toEqual(
      [inIngredient.id, inDescription.id].sort(),
    );
    // Search combines with filters and with an explicit sort.
    expect(ids((await api("GET", `/recipes?q=${word}&sort=title`)).body.items)).toEqual([
      inIngredient.id,
      inDescription.id,
      inTitle.id,
    ]);
    expect((await api("GET", `/recipes?q=${marker()}`)).body).toEqual({ items: [], next_cursor: null });
    expect((await api("GET", "/recipes?q=the")).body.items).toEqual([]);
  });

  it("search results page by rank exactly once each, and updates are searchable at once", async () => {
    const user = await makeUser();
    const word = marker();
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(
        await makeRecipe(user, { title: i % 2 ? `${word} ${word} dish` : `dish ${i}`, description: word }),
      );
    }
    const one = await walk(`q=${word}`, 100);
    const paged = await walk(`q=${word}`, 2);
    expect(ids(paged)).toEqual(ids(one));
    expect(new Set(ids(paged))).toEqual(new Set(ids(made)));

    const later = marker();
    const target = made[0] as { id: number };
    await api("PUT", `/recipes/${target.id}`, { token: user.token, json: { title: `now ${later}` } });
    expect(ids((await api("GET", `/recipes?q=${later}`)).body.items)).toEqual([target.id]);
  });
});
