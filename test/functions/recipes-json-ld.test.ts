/**
 * GET /recipes/<id> with `Accept: application/ld+json`: the recipe as schema.org Recipe JSON-LD.
 * The API reference documents one media type per status (JSON), so the JSON-LD answers are read
 * through the local dispatcher directly; the JSON answers still go through `api()` and its check.
 */
import type { Recipe, WithContext } from "schema-dts";
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { findIngredientsByNames } from "../../core/page-import/repository.ts";
import { draftFromSource, readSource } from "../../core/page-import/service.ts";
import { ingredientLine, isoDuration, prefersJsonLd, recipeJsonLdOf } from "../../core/recipe/json-ld.ts";
import { getRecipe, listRecipes } from "../../core/recipe/service.ts";
import { seedDevelopmentData } from "../../core/seed/index.ts";
import { dispatch } from "../../functions/lib/local.ts";
import { freshDatabase } from "../fixtures/archives/helpers.ts";
import { api } from "../helpers/api.ts";
import { makeCategory, makeIngredient, makeRecipe, makeUser, unique } from "../helpers/factories.ts";

async function getJsonLd(id: number | string, accept = "application/ld+json", query = "") {
  const response = await dispatch({
    method: "GET",
    url: `/api/v1/recipes/${id}${query}`,
    headers: { accept },
  });
  return { ...response, json: JSON.parse(response.body.toString("utf8")) };
}

async function seededRecipe() {
  const owner = await makeUser();
  const [flour, salt] = [
    await makeIngredient({ name: unique("Flour") }),
    await makeIngredient({ name: unique("Salt") }),
  ];
  const dessert = await makeCategory({ name: unique("Dessert") });
  const recipe = await makeRecipe(owner, {
    title: unique("Crêpes"),
    description: "Thin & soft.",
    cook_time_sec: 5400,
    prep_time_sec: 600,
    servings: 4,
    category_ids: [dessert.id],
    ingredients: [
      { ingredient_id: flour.id, amount_grams: 250.5, amount_readable: "2 cups" },
      { ingredient_id: salt.id, amount_grams: 0, amount_readable: "a pinch of" },
    ],
    steps: [{ description: "Whisk." }, { description: "Fry thinly." }],
  });
  return { owner, recipe, flour, salt, dessert };
}

describe("GET /recipes/<id> as JSON-LD", () => {
  it("answers schema.org Recipe with every field the contract names", async () => {
    const { owner, recipe, flour, salt, dessert } = await seededRecipe();
    const res = await getJsonLd(recipe.id);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/ld+json");
    const ld: WithContext<Recipe> = res.json;
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "Recipe",
      "@id": `${config.frontendUrl}/recipes/${recipe.id}`,
      url: `${config.frontendUrl}/recipes/${recipe.id}`,
      name: recipe.title,
      description: "Thin & soft.",
      prepTime: "PT10M",
      cookTime: "PT1H30M",
      totalTime: "PT1H40M",
      recipeYield: "4 servings",
      recipeIngredient: [`2 cups ${flour.name} (250.5 g)`, `a pinch of ${salt.name}`],
      recipeInstructions: [
        { "@type": "HowToStep", position: 1, text: "Whisk." },
        { "@type": "HowToStep", position: 2, text: "Fry thinly." },
      ],
      recipeCategory: [dessert.name],
      author: { "@type": "Person", name: owner.username },
      dateCreated: recipe.created_at,
      dateModified: recipe.updated_at,
    });
  });

  it("carries the picture and the source page when the recipe has them", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner, {
      title: unique("Sourced"),
      source_url: "https://example.com/r/1",
    });
    const res = await getJsonLd(recipe.id);
    expect(res.json.isBasedOn).toBe("https://example.com/r/1");
    expect(res.json).not.toHaveProperty("image");
    expect(res.json).not.toHaveProperty("recipeYield");
    expect(res.json).not.toHaveProperty("totalTime");
  });

  it("gives the recipe's own total time, resting included, where it has one; this import reads it back", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner, {
      title: unique("Croissants"),
      prep_time_sec: 3600,
      cook_time_sec: 900,
      total_time_sec: 79_200,
    });
    const res = await getJsonLd(recipe.id);
    expect(res.json).toMatchObject({ prepTime: "PT1H", cookTime: "PT15M", totalTime: "PT22H" });
    const draft = await draftFromSource(await readSource({ json: res.json }), undefined, async () => []);
    expect(draft).toMatchObject({ prep_time_sec: 3600, cook_time_sec: 900, total_time_sec: 79_200 });
  });

  it("scales with ?servings like the JSON answer", async () => {
    const { recipe, flour } = await seededRecipe();
    const res = await getJsonLd(recipe.id, "application/ld+json", "?servings=8");
    expect(res.json.recipeYield).toBe("8 servings");
    expect(res.json.recipeIngredient[0]).toBe(`4 cups ${flour.name} (501 g)`); // 2 cups for 4 servings
  });

  it("keeps plain JSON for browsers and JSON clients, ", async () => {
    const { recipe } = await seededRecipe();
    for (const accept of ["application/json", "text/html,application/xhtml+xml,*/*;q=0.8", "*/*"]) {
      const res = await api("GET", `/recipes/${recipe.id}`, { headers: { accept } });
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json");
      expect(res.body.title).toBe(recipe.title);
    }
  });

  it("writes every < as \\u003c, so no recipe text can close the <script> it is embedded in", async () => {
    const owner = await makeUser();
    const title = unique("</script><script>alert(1)</script><!--");
    const recipe = await makeRecipe(owner, { title, description: "a <b>bold</b> claim", servings: 2 });
    const res = await getJsonLd(recipe.id);
    const text = res.body.toString("utf8");
    expect(text).not.toContain("<");
    expect(text).toContain("\\u003c/script>\\u003cscript>");
    expect(res.json.name).toBe(title); // the same JSON to a parser
    expect(res.json.description).toBe("a <b>bold</b> claim");
  });

  it("answers a missing recipe with the usual problem, whatever is accepted", async () => {
    const res = await getJsonLd(2_000_000_000);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.json.detail).toBe("Recipe ID 2000000000 was not found.");
  });
});

describe("JSON-LD helpers", () => {
  it("chooses JSON-LD only when asked for at least as much as JSON", () => {
    expect(prefersJsonLd("application/ld+json")).toBe(true);
    expect(prefersJsonLd("application/ld+json, application/json;q=0.9")).toBe(true);
    expect(prefersJsonLd("application/json, application/ld+json")).toBe(true);
    expect(prefersJsonLd("application/json, application/ld+json;q=0.5")).toBe(false);
    expect(prefersJsonLd("application/ld+json;q=0")).toBe(false);
    expect(prefersJsonLd("*/*")).toBe(false);
    expect(prefersJsonLd(undefined)).toBe(false);
  });

  it("writes ISO 8601 durations and ingredient lines with their grams", () => {
    expect(isoDuration(null)).toBeUndefined();
    expect(isoDuration(0)).toBe("PT0S");
    expect(isoDuration(45)).toBe("PT45S");
    expect(isoDuration(3600)).toBe("PT1H");
    expect(isoDuration(3725)).toBe("PT1H2M5S");
    expect(ingredientLine({ ingredient_id: 1, name: "Egg", amount_grams: 100, amount_readable: "2" })).toBe(
      "2 Egg (100 g)",
    );
    expect(ingredientLine({ ingredient_id: 1, name: "Salt", amount_grams: 0, amount_readable: "" })).toBe(
      "Salt",
    );
  });
});

/** The JSON-LD of every development-seed recipe, and the draft this service's import makes of it. */
async function seededRoundTrips() {
  const fresh = await freshDatabase();
  try {
    const { db } = fresh;
    await seedDevelopmentData(db);
    const page = await listRecipes(db, { limit: 100 } as Parameters<typeof listRecipes>[1]);
    expect(page.items.length).toBeGreaterThanOrEqual(10);
    const pairs = [];
    for (const summary of page.items) {
      const recipe = await getRecipe(db, summary.id);
      const ld = await recipeJsonLdOf(db, recipe);
      const draft = await draftFromSource(await readSource({ json: ld }), undefined, (names) =>
        findIngredientsByNames(db, names),
      );
      pairs.push({ recipe, draft });
    }
    return pairs;
  } finally {
    await fresh.close();
  }
}

describe("JSON-LD read back by this service's own import", () => {
  it("gives every seeded recipe back: title, times, servings, steps", async () => {
    for (const { recipe, draft } of await seededRoundTrips()) {
      expect(draft.title, recipe.title).toBe(recipe.title);
      expect(draft.prep_time_sec, recipe.title).toBe(recipe.prep_time_sec);
      expect(draft.cook_time_sec, recipe.title).toBe(recipe.cook_time_sec);
      expect(draft.total_time_sec, recipe.title).toBe(recipe.total_time_sec);
      expect(draft.servings, recipe.title).toBe(recipe.servings);
      expect(draft.steps.map((s) => s.description)).toEqual(recipe.steps.map((s) => s.description));
    }
  }, 180_000);

  // Lines leave as `amount_readable name (N g)`, and an amount may be words (`to taste`, `juice of 1`,
  // `1 can, drained`, `for the water`): the stated grams end the line, and the import reads the rest.
  it("gives every seeded recipe's grams and ingredient names back", async () => {
    for (const { recipe, draft } of await seededRoundTrips()) {
      expect(
        draft.ingredients.map((l) => l.ingredient_name),
        recipe.title,
      ).toEqual(recipe.ingredients.map((l) => l.name));
      expect(
        draft.ingredients.map((l) => l.amount_grams),
        recipe.title,
      ).toEqual(recipe.ingredients.map((l) => (l.amount_grams ? l.amount_grams : null)));
    }
  }, 180_000);
});
