/**
 * A recipe's history through the real pipeline (CONTRACT.md: "recipe history…", **History**): every
 * create and every PUT that changes something keeps a revision in the same transaction; the list
 * (newest first, paginated), the read of one revision, the restore; each role, ownership, not found,
 * bad input, and what the database holds afterwards. The migration's revision 1 for recipes that
 * existed before it is tested at the end.
 */
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { type Db, getDb, migrateToLatest } from "../../core/db.ts";
import { migrationProvider } from "../../migrations/index.ts";
import { type FreshDatabase, freshDatabase } from "../fixtures/archives/helpers.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeCategory,
  makeIngredient,
  makeRecipe,
  makeUser,
  type TestUser,
  unique,
} from "../helpers/factories.ts";

/** The revisions the database holds for a recipe, oldest first. */
async function storedRevisions(recipeId: number, db: Db = getDb()) {
  const { rows } = await sql<{ revision: number; user_id: number | null; changes: string[] }>`
    select revision, user_id, changes from recipe_revisions where recipe_id = ${recipeId} order by revision`.execute(
    db,
  );
  return rows;
}

/** A recipe with two lines, two steps and a category, made by `owner` through the API. */
async function fullRecipe(owner: TestUser) {
  const [flour, milk] = [await makeIngredient(), await makeIngredient()];
  const category = await makeCategory();
  const body = {
    title: unique("Pancakes"),
    description: "Thin and soft.",
    cook_time_sec: 600,
    prep_time_sec: 300,
    servings: 4,
    category_ids: [category.id],
    ingredients: [
      { ingredient_id: flour.id, amount_grams: 250, amount_readable: "2 cups" },
      { ingredient_id: milk.id, amount_grams: 500.5, amount_readable: "2 cups" },
    ],
    steps: [{ description: "Whisk." }, { description: "Rest 20 minutes, then fry." }],
  };
  const res = await api("POST", "/recipes", { token: owner.token, json: body });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, body, flour, milk, category };
}

const put = (user: TestUser, id: number, json: unknown) =>
  api("PUT", `/recipes/${id}`, { token: user.token, json });

describe("revisions kept by POST and PUT /recipes", () => {
  it("keeps revision 1 for a create and one per PUT that changes something, naming the fields", async () => {
    const { owner, admin } = await makeCast();
    const { id, body, flour } = await fullRecipe(owner);
    expect(await storedRevisions(id)).toEqual([{ revision: 1, user_id: owner.id, changes: [] }]);

    expect((await put(owner, id, { title: `${body.title} II` })).status).toBe(200);
    const egg = await makeIngredient();
    expect(
      (
        await put(admin, id, {
          servings: 2,
          ingredients: [
            ...body.ingredients,
            { ingredient_id: egg.id, amount_grams: 50, amount_readable: "1" },
          ],
          steps: [{ description: "Whisk well." }],
        })
      ).status,
    ).toBe(200);
    expect(await storedRevisions(id)).toEqual([
      { revision: 1, user_id: owner.id, changes: [] },
      { revision: 2, user_id: owner.id, changes: ["title"] },
      { revision: 3, user_id: admin.id, changes: ["servings", "ingredients", "steps"] },
    ]);

    // A line's grams alone are a change of `ingredients`; so is a line's place.
    await put(owner, id, {
      ingredients: [{ ...body.ingredients[0], amount_grams: 260 }, body.ingredients[1]],
    });
    await put(owner, id, {
      ingredients: [body.ingredients[1], { ...body.ingredients[0], amount_grams: 260 }],
    });
    expect((await storedRevisions(id)).slice(3).map((r) => r.changes)).toEqual([
      ["ingredients"],
      ["ingredients"],
    ]);
    expect(flour.id).toBeGreaterThan(0);
  });

  it("keeps none for a PUT that changes nothing: an empty body, the same values, the same categories in another order", async () => {
    const owner = await makeUser();
    const { id, body } = await fullRecipe(owner);
    const second = await makeCategory();
    await put(owner, id, { category_ids: [body.category_ids[0], second.id] });
    const before = await storedRevisions(id);
    expect(before).toHaveLength(2);

    for (const json of [
      {},
      { title: body.title, servings: 4 },
      { ...body, category_ids: [second.id, body.category_ids[0] as number] },
      { category_ids: [second.id, second.id, body.category_ids[0] as number] },
      { ingredients: body.ingredients, steps: body.steps, description: "Thin and soft." },
    ]) {
      const res = await put(owner, id, json);
      expect(res.status).toBe(200);
    }
    expect(await storedRevisions(id)).toEqual(before);
    // Clearing a field that was set is a change.
    await put(owner, id, { description: null });
    expect((await storedRevisions(id)).at(-1)).toMatchObject({ revision: 3, changes: ["description"] });
  });

  it("keeps nothing when the change fails: 422 for an unknown ingredient, 403 for another user, 404", async () => {
    const { owner, other } = await makeCast();
    const { id, body } = await fullRecipe(owner);
    const res = await put(owner, id, {
      title: "Never saved",
      ingredients: [{ ingredient_id: 2_000_000_000, amount_grams: 1, amount_readable: "1 g" }],
    });
    expect(problem(res, 422).detail).toBe("Ingredient ID 2000000000 was not found.");
    problem(await put(other, id, { title: "Not theirs" }), 403);
    problem(await put(owner, 2_000_000_000, { title: "Nothing" }), 404);
    expect(await storedRevisions(id)).toEqual([{ revision: 1, user_id: owner.id, changes: [] }]);
    expect((await api("GET", `/recipes/${id}`)).body.title).toBe(body.title);

    // A create that fails keeps no revision either (and no recipe).
    const counted = async () =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from recipe_revisions`.execute(getDb())).rows[0]?.n,
      );
    const total = await counted();
    const failed = await api("POST", "/recipes", {
      token: owner.token,
      json: { title: "Bad", category_ids: [2_000_000_000] },
    });
    problem(failed, 422);
    expect(await counted()).toBe(total);
  });

  it("goes with the recipe", async () => {
    const owner = await makeUser();
    const { id } = await fullRecipe(owner);
    await put(owner, id, { title: unique("Gone") });
    expect(await storedRevisions(id)).toHaveLength(2);
    expect((await api("DELETE", `/recipes/${id}`, { token: owner.token })).status).toBe(204);
    expect(await storedRevisions(id)).toEqual([]);
  });
});

describe("revisions kept by merges", () => {
  it("keeps one for each recipe an ingredient or category merge changed, by whoever merged", async () => {
    const { owner, admin } = await makeCast();
    const { id, flour, milk, category } = await fullRecipe(owner);
    const untouched = await fullRecipe(owner);

    const merged = await api("POST", `/ingredients/${milk.id}/merge`, {
      token: admin.token,
      json: { into_id: flour.id },
    });
    expect(merged.status).toBe(200);
    const other = await makeCategory();
    const categoryMerge = await api("POST", `/categories/${category.id}/merge`, {
      token: admin.token,
      json: { into_id: other.id },
    });
    expect(categoryMerge.status).toBe(200);

    expect(await storedRevisions(id)).toEqual([
      { revision: 1, user_id: owner.id, changes: [] },
      { revision: 2, user_id: admin.id, changes: ["ingredients"] },
      { revision: 3, user_id: admin.id, changes: ["category_ids"] },
    ]);
    // The recipes neither merge touched keep their one revision.
    expect(await storedRevisions(untouched.id)).toEqual([{ revision: 1, user_id: owner.id, changes: [] }]);
    // The owner's next PUT of the same lines changes nothing, so keeps nothing.
    const now = await api("GET", `/recipes/${id}`, { token: owner.token });
    const lines = now.body.ingredients.map(
      (l: { ingredient_id: number; amount_grams: number; amount_readable: string }) => ({
        ingredient_id: l.ingredient_id,
        amount_grams: l.amount_grams,
        amount_readable: l.amount_readable,
      }),
    );
    expect((await put(owner, id, { ingredients: lines })).status).toBe(200);
    expect(await storedRevisions(id)).toHaveLength(3);
  });
});

describe("GET /recipes/{recipe_id}/revisions", () => {
  it("lists them newest first with who and what, for Public, users and admins alike", async () => {
    const { owner, other, admin } = await makeCast();
    const { id } = await fullRecipe(owner);
    await put(admin, id, { servings: 6 });
    for (const token of [undefined, other.token, owner.token, admin.token]) {
      const res = await api("GET", `/recipes/${id}/revisions`, token ? { token } : {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [
          {
            revision: 2,
            created_at: expect.any(String),
            user: { id: admin.id, username: admin.username },
            changes: ["servings"],
          },
          {
            revision: 1,
            created_at: expect.any(String),
            user: { id: owner.id, username: owner.username },
            changes: [],
          },
        ],
        next_cursor: null,
      });
      expect(Date.parse(res.body.items[0].created_at)).toBeGreaterThanOrEqual(
        Date.parse(res.body.items[1].created_at),
      );
    }
  });

  it("pages by keyset: each revision once, newest first, also while new ones are kept", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner);
    for (let n = 2; n <= 7; n++) await put(owner, recipe.id, { servings: n });
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : "?limit=3";
      const res = await api("GET", `/recipes/${recipe.id}/revisions${query}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.items.map((item: { revision: number }) => item.revision));
      cursor = res.body.next_cursor;
      // A revision kept while paging is newer than the cursor: the pages go on where they were.
      if (page === 0) await put(owner, recipe.id, { servings: 100 });
      if (!cursor) break;
    }
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const first = await api("GET", `/recipes/${recipe.id}/revisions?limit=1`);
    expect(first.body.items.map((i: { revision: number }) => i.revision)).toEqual([8]);
  });

  it("says null for the user when the account that made a revision was deleted", async () => {
    const { owner, admin } = await makeCast();
    const recipe = await makeRecipe(owner);
    await put(admin, recipe.id, { servings: 3 });
    await sql`delete from users where id = ${admin.id}`.execute(getDb());
    const res = await api("GET", `/recipes/${recipe.id}/revisions`);
    expect(res.body.items.map((i: { user: unknown }) => i.user)).toEqual([
      null,
      { id: owner.id, username: owner.username },
    ]);
  });

  it("answers 404 for a recipe that does not exist, 400 for a cursor not made here or a bad limit", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner);
    expect(problem(await api("GET", "/recipes/2000000000/revisions"), 404).detail).toBe(
      "Recipe ID 2000000000 was not found.",
    );
    expect(problem(await api("GET", "/recipes/abc/revisions"), 404).detail).toBe(
      "Recipe ID 'abc' was not found.",
    );
    const forged = Buffer.from(JSON.stringify(["x"])).toString("base64url");
    for (const cursor of ["garbage", forged, Buffer.from("[0]").toString("base64url")]) {
      expect(problem(await api("GET", `/recipes/${recipe.id}/revisions?cursor=${cursor}`), 400).detail).toBe(
        "Cursor is invalid.",
      );
    }
    for (const limit of ["0", "101", "abc"]) {
      expect(problem(await api("GET", `/recipes/${recipe.id}/revisions?limit=${limit}`), 400).detail).toMatch(
        /^Query parameter 'limit' is invalid: /,
      );
    }
    problem(await api("GET", `/recipes/${recipe.id}/revisions?sort=oldest`), 400);
  });
});

describe("GET /recipes/{recipe_id}/revisions/{revision}", () => {
  it("reads the recipe as it was, for anyone who may read the recipe", async () => {
    const { owner, other } = await makeCast();
    const { id, body, flour, milk, category } = await fullRecipe(owner);
    const now = await put(owner, id, {
      title: unique("Crêpes"),
      category_ids: [],
      ingredients: [body.ingredients[1]],
      steps: [{ description: "Pour." }],
      servings: 8,
    });
    expect(now.status).toBe(200);
    const list = await api("GET", `/recipes/${id}/revisions`);
    for (const token of [undefined, other.token, owner.token]) {
      const res = await api("GET", `/recipes/${id}/revisions/1`, token ? { token } : {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        user_id: owner.id,
        revision: 1,
        title: body.title,
        description: "Thin and soft.",
        cook_time_sec: 600,
        prep_time_sec: 300,
        total_time_sec: null,
        servings: 4,
        source_url: null,
        img: null,
        categories: [{ id: category.id, name: category.name }],
        ingredients: [
          { ingredient_id: flour.id, name: flour.name, amount_grams: 250, amount_readable: "2 cups" },
          { ingredient_id: milk.id, name: milk.name, amount_grams: 500.5, amount_readable: "2 cups" },
        ],
        steps: [
          { step_number: 1, description: "Whisk.", timers: [] },
          {
            step_number: 2,
            description: "Rest 20 minutes, then fry.",
            timers: [expect.objectContaining({ seconds: 1200 })],
          },
        ],
        created_at: now.body.created_at,
        updated_at: list.body.items[1].created_at,
        nutrition: null,
      });
      // What people did with the recipe is about the recipe now, not a revision of it.
      expect(res.body).not.toHaveProperty("rating");
      expect(res.body).not.toHaveProperty("favourite");
    }
    const latest = await api("GET", `/recipes/${id}/revisions/2`);
    expect(latest.body).toMatchObject({ revision: 2, title: now.body.title, servings: 8, categories: [] });
    expect(latest.body.steps).toEqual(now.body.steps);
    expect(latest.body.ingredients).toEqual(now.body.ingredients);
  });

  it("reads a renamed ingredient by its name now; a deleted one or a deleted category by its name then, with a null id", async () => {
    const owner = await makeUser();
    const { id, body, flour, milk, category } = await fullRecipe(owner);
    const renamed = unique("Whole milk");
    await sql`update ingredients set name = ${renamed} where id = ${milk.id}`.execute(getDb());
    // A rename of an ingredient is not a change of the recipe.
    await put(owner, id, { ingredients: body.ingredients });
    expect(await storedRevisions(id)).toHaveLength(1);

    await put(owner, id, { ingredients: [body.ingredients[1]], category_ids: [] });
    await sql`delete from ingredients where id = ${flour.id}`.execute(getDb());
    await sql`delete from categories where id = ${category.id}`.execute(getDb());
    const res = await api("GET", `/recipes/${id}/revisions/1`);
    expect(res.status).toBe(200);
    expect(res.body.ingredients).toEqual([
      { ingredient_id: null, name: flour.name, amount_grams: 250, amount_readable: "2 cups" },
      { ingredient_id: milk.id, name: renamed, amount_grams: 500.5, amount_readable: "2 cups" },
    ]);
    expect(res.body.categories).toEqual([{ id: null, name: category.name }]);
  });

  it("answers 404 for a recipe or a revision that does not exist, whatever the path holds", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner);
    expect(problem(await api("GET", `/recipes/${recipe.id}/revisions/2`), 404).detail).toBe(
      `Recipe ID ${recipe.id} has no revision 2.`,
    );
    expect(problem(await api("GET", "/recipes/2000000000/revisions/1"), 404).detail).toBe(
      "Recipe ID 2000000000 was not found.",
    );
    for (const [revision, shown] of [
      ["0", "0"],
      ["-1", "-1"],
      ["abc", "'abc'"],
      ["1.5", "1.5"],
      ["99999999999", "99999999999"],
      ["2147483648", "2147483648"],
    ]) {
      expect(problem(await api("GET", `/recipes/${recipe.id}/revisions/${revision}`), 404).detail).toBe(
        `Revision ID ${shown} was not found.`,
      );
    }
    expect(problem(await api("GET", `/recipes/${recipe.id}/revisions/2147483647`), 404).detail).toBe(
      `Recipe ID ${recipe.id} has no revision 2147483647.`,
    );
  });
});

describe("POST /recipes/{recipe_id}/revisions/{revision}/restore", () => {
  it("makes the recipe what it was, kept as a new revision by the caller: owner or admin", async () => {
    const { owner, admin } = await makeCast();
    const { id, body } = await fullRecipe(owner);
    const original = (await api("GET", `/recipes/${id}`)).body;
    await put(owner, id, { title: unique("Changed"), steps: [{ description: "Just fry." }], servings: null });

    const res = await api("POST", `/recipes/${id}/revisions/1/restore`, { token: owner.token });
    expect(res.status).toBe(200);
    const { updated_at: _u, ...asBefore } = original;
    expect(res.body).toMatchObject(asBefore);
    expect((await api("GET", `/recipes/${id}`)).body).toMatchObject({ title: body.title, servings: 4 });
    expect(await storedRevisions(id)).toEqual([
      { revision: 1, user_id: owner.id, changes: [] },
      { revision: 2, user_id: owner.id, changes: ["title", "servings", "steps"] },
      { revision: 3, user_id: owner.id, changes: ["title", "servings", "steps"] },
    ]);
    // Revision 3 holds what revision 1 held.
    const [one, three] = await Promise.all([
      api("GET", `/recipes/${id}/revisions/1`),
      api("GET", `/recipes/${id}/revisions/3`),
    ]);
    const { revision: _1, updated_at: _t1, ...first } = one.body;
    const { revision: _3, updated_at: _t3, ...third } = three.body;
    expect(third).toEqual(first);

    // An admin may restore anyone's recipe; restoring revision 2 is a new revision 4 by the admin.
    const byAdmin = await api("POST", `/recipes/${id}/revisions/2/restore`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.steps.map((s: { description: string }) => s.description)).toEqual(["Just fry."]);
    expect((await storedRevisions(id)).at(-1)).toEqual({
      revision: 4,
      user_id: admin.id,
      changes: ["title", "servings", "steps"],
    });
    // Restoring what the recipe already is keeps no revision.
    const again = await api("POST", `/recipes/${id}/revisions/4/restore`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(await storedRevisions(id)).toHaveLength(4);
  });

  it("is refused to Public (401) and to another user (403), and changes nothing", async () => {
    const { owner, other } = await makeCast();
    const { id, body } = await fullRecipe(owner);
    await put(owner, id, { title: unique("Second") });
    problem(await api("POST", `/recipes/${id}/revisions/1/restore`), 401);
    expect(
      problem(await api("POST", `/recipes/${id}/revisions/1/restore`, { token: other.token }), 403).detail,
    ).toBe(`Recipe ID ${id} belongs to another user.`);
    // Not even whether a revision exists is said before ownership is.
    problem(await api("POST", `/recipes/${id}/revisions/99/restore`, { token: other.token }), 403);
    expect(await storedRevisions(id)).toHaveLength(2);
    expect((await api("GET", `/recipes/${id}`)).body.title).not.toBe(body.title);
  });

  it("answers 404 for a recipe or a revision that does not exist", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner);
    expect(
      problem(await api("POST", `/recipes/${recipe.id}/revisions/5/restore`, { token: owner.token }), 404)
        .detail,
    ).toBe(`Recipe ID ${recipe.id} has no revision 5.`);
    expect(
      problem(await api("POST", "/recipes/2000000000/revisions/1/restore", { token: owner.token }), 404)
        .detail,
    ).toBe("Recipe ID 2000000000 was not found.");
    for (const revision of ["0", "-1", "abc", "99999999999"]) {
      problem(
        await api("POST", `/recipes/${recipe.id}/revisions/${revision}/restore`, { token: owner.token }),
        404,
      );
    }
    expect(await storedRevisions(recipe.id)).toHaveLength(1);
  });

  it("takes the ingredient of a gone line's name, else 409 and nothing changes; a gone category is matched by name or left out", async () => {
    const owner = await makeUser();
    const { id, body, flour, milk, category } = await fullRecipe(owner);
    await put(owner, id, { ingredients: [body.ingredients[1]], category_ids: [] });
    await sql`delete from ingredients where id = ${flour.id}`.execute(getDb());
    await sql`delete from categories where id = ${category.id}`.execute(getDb());

    const refused = await api("POST", `/recipes/${id}/revisions/1/restore`, { token: owner.token });
    expect(problem(refused, 409).detail).toBe(
      `Revision 1 of recipe ID ${id} uses the ingredient '${flour.name}', which no longer exists: ` +
        "create an ingredient of that name, then restore it again.",
    );
    expect(await storedRevisions(id)).toHaveLength(2);
    expect((await api("GET", `/recipes/${id}`)).body.ingredients).toHaveLength(1);

    // The same name in another case is the same ingredient.
    const flourAgain = await makeIngredient({ name: flour.name.toUpperCase() });
    const res = await api("POST", `/recipes/${id}/revisions/1/restore`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.ingredients).toEqual([
      { ingredient_id: flourAgain.id, name: flourAgain.name, amount_grams: 250, amount_readable: "2 cups" },
      { ingredient_id: milk.id, name: milk.name, amount_grams: 500.5, amount_readable: "2 cups" },
    ]);
    expect(res.body.categories).toEqual([]);
    expect((await storedRevisions(id)).at(-1)).toEqual({
      revision: 3,
      user_id: owner.id,
      changes: ["ingredients"],
    });

    // A category of the gone one's name is linked again.
    const categoryAgain = await makeCategory({ name: category.name });
    const withCategory = await api("POST", `/recipes/${id}/revisions/1/restore`, { token: owner.token });
    expect(withCategory.body.categories).toEqual([{ id: categoryAgain.id, name: category.name }]);
    expect((await storedRevisions(id)).at(-1)).toMatchObject({ revision: 4, changes: ["category_ids"] });
  });
});

describe("the migration", () => {
  let database: FreshDatabase | undefined;

  it("gives every recipe that existed before it its revision 1: its state now, by its owner, at its last change", async () => {
    const before = "2026-11-29T0200-recipe-revisions";
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const previous = names[names.indexOf(before) - 1] as string;
    database = await freshDatabase(async (db) => {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(previous);
      if (error) throw error;
    });
    const { db } = database;
    try {
      const { rows } = await sql<{ user: number; recipe: number; salt: number; soups: number }>`
        with u as (insert into users (username, email, password_hash, role)
            values ('ana', 'ana@example.com', 'x', 'user') returning id),
          i as (insert into ingredients (name, user_id) select 'Salt', id from u returning id),
          c as (insert into categories (name) values ('Soups') returning id),
          r as (insert into recipes (user_id, title, servings, updated_at)
            select id, 'Broth', 2, '2025-01-02T03:04:05Z' from u returning id)
        select (select id from u) as user, (select id from r) as recipe, (select id from i) as salt,
          (select id from c) as soups`.execute(db);
      const ids = rows[0] as { user: number; recipe: number; salt: number; soups: number };
      await sql`insert into recipe_ingredients (recipe_id, ingredient_id, position, amount_grams, amount_readable)
        values (${ids.recipe}, ${ids.salt}, 0, 5, '1 tsp')`.execute(db);
      await sql`insert into recipe_steps (recipe_id, step_number, description)
        values (${ids.recipe}, 1, 'Simmer.')`.execute(db);
      await sql`insert into recipe_categories (recipe_id, category_id) values (${ids.recipe}, ${ids.soups})`.execute(
        db,
      );
      await migrateToLatest(db);
      const revisions = await sql<Record<string, unknown>>`
        select recipe_id, revision, user_id, changes, snapshot, created_at from recipe_revisions`.execute(db);
      expect(revisions.rows).toEqual([
        {
          recipe_id: ids.recipe,
          revision: 1,
          user_id: ids.user,
          changes: [],
          snapshot: {
            title: "Broth",
            description: null,
            cook_time_sec: null,
            prep_time_sec: null,
            total_time_sec: null,
            servings: 2,
            source_url: null,
            categories: [{ id: ids.soups, name: "Soups" }],
            ingredients: [
              { ingredient_id: ids.salt, name: "Salt", amount_grams: 5, amount_readable: "1 tsp" },
            ],
            steps: [{ description: "Simmer." }],
          },
          created_at: expect.any(Date),
        },
      ]);
      const [revision] = revisions.rows as { created_at: Date }[];
      expect(revision?.created_at.toISOString()).toBe(
        (await sql<{ t: Date }>`select updated_at as t from recipes`.execute(db)).rows[0]?.t.toISOString(),
      );

      // Down removes the table and its functions; up again gives the recipe its revision 1 again.
      const migration = (await migrationProvider.getMigrations())[before];
      await migration?.down?.(db);
      const left = await sql<{ n: number }>`select count(*)::int as n from pg_proc
        where proname like 'recipe_snapshot%'`.execute(db);
      expect(left.rows[0]?.n).toBe(0);
      await expect(sql`select 1 from recipe_revisions`.execute(db)).rejects.toThrow();
      await migration?.up(db);
      expect((await sql`select 1 from recipe_revisions`.execute(db)).rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
