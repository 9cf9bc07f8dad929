/**
 * Amounts in the cook's measures through the real pipeline (CONTRACT.md "languages and units"):
 * `GET /recipes/<id>?units=metric|us&lang=xx` with and without `?servings=`, its JSON-LD, and
 * `GET /shopping-lists/<id>?units=&lang=`.
 */
import type { Recipe, WithContext } from "schema-dts";
import { beforeAll, describe, expect, it } from "vitest";
import { dispatch } from "../../functions/lib/local.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeIngredient,
  makeList,
  makeRecipe,
  makeUser,
  type TestUser,
  unique,
} from "../helpers/factories.ts";

let owner: TestUser;
let recipeId: number;
let names: Record<"flour" | "milk" | "butter" | "beef" | "egg" | "salt", string>;

beforeAll(async () => {
  owner = await makeUser();
  const flour = await makeIngredient({ name: unique("Flour"), grams_per_ml: 125 / 236.588 });
  const milk = await makeIngredient({ name: unique("Milk"), grams_per_ml: 1.03 });
  const butter = await makeIngredient({ name: unique("Butter") });
  const beef = await makeIngredient({ name: unique("Beef") });
  const egg = await makeIngredient({ name: unique("Egg") });
  const salt = await makeIngredient({ name: unique("Salt") });
  names = {
    flour: flour.name,
    milk: milk.name,
    butter: butter.name,
    beef: beef.name,
    egg: egg.name,
    salt: salt.name,
  };
  const recipe = await makeRecipe(owner, {
    title: unique("Pie"),
    servings: 4,
    ingredients: [
      { ingredient_id: flour.id, amount_grams: 187.5, amount_readable: "1 1/2 cups" },
      { ingredient_id: milk.id, amount_grams: 494.4, amount_readable: "480 ml" },
      { ingredient_id: butter.id, amount_grams: 28, amount_readable: "2 tbsp, melted" },
      { ingredient_id: beef.id, amount_grams: 500, amount_readable: "500 g" },
      { ingredient_id: egg.id, amount_grams: 100, amount_readable: "2 eggs" },
      { ingredient_id: salt.id, amount_grams: null, amount_readable: "a pinch" },
    ],
    steps: [{ description: "Bake at 180 °C (Gas 4) for 30 minutes." }, { description: "Rest 10 minutes." }],
  });
  recipeId = recipe.id;
});

const read = async (query: string) => {
  const res = await api("GET", `/recipes/${recipeId}${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    servings: number;
    ingredients: { name: string; amount_grams: number | null; amount_readable: string }[];
    steps: { description: string }[];
  };
};
const amounts = (body: Awaited<ReturnType<typeof read>>) => body.ingredients.map((l) => l.amount_readable);

describe("GET /recipes/<id>?units=&lang=", () => {
  it("writes metric amounts in the language's words and ovens in °C; grams stay", async () => {
    const body = await read("?units=metric&lang=de");
    // A pinch stays a pinch, in German's word; pieces stay as written.
    expect(amounts(body)).toEqual(["190 g", "480 ml", "2 EL, melted", "500 g", "2 eggs", "1 Prise"]);
    expect(body.ingredients.map((l) => l.amount_grams)).toEqual([187.5, 494.4, 28, 500, 100, null]);
    expect(body.steps.map((s) => s.description)).toEqual([
      "Bake at 180 °C (180 °C) for 30 minutes.",
      "Rest 10 minutes.",
    ]);
    expect(amounts(await read("?units=metric&lang=fr"))[2]).toBe("2 c. à soupe, melted");
  });

  it("writes US amounts: cups for what has a density, ounces for what has none, ovens in °F", async () => {
    const body = await read("?units=us&lang=en");
    expect(amounts(body)).toEqual(["1 1/2 cups", "2 cups", "2 tbsp, melted", "18 oz", "2 eggs", "a pinch"]);
    expect(body.steps[0]?.description).toBe("Bake at 350 °F (350 °F) for 30 minutes.");
  });

  it("scales first, then converts", async () => {
    const body = await read("?servings=8&units=us");
    expect(body.servings).toBe(8);
    expect(amounts(body)).toEqual(["3 cups", "4 cups", "4 tbsp, melted", "2 1/4 lb", "4 eggs", "a pinch"]);
    const metric = await read("?units=metric&servings=8&lang=es");
    expect(amounts(metric)).toEqual(["375 g", "960 ml", "4 cucharadas, melted", "1 kg", "4 eggs", "1 pizca"]);
  });

  it("leaves amounts as written without units, with as_written, and with lang alone", async () => {
    const written = ["1 1/2 cups", "480 ml", "2 tbsp, melted", "500 g", "2 eggs", "a pinch"];
    expect(amounts(await read(""))).toEqual(written);
    expect(amounts(await read("?units=as_written&lang=de"))).toEqual(written);
    const langOnly = await read("?lang=de");
    expect(amounts(langOnly)).toEqual(written);
    expect(langOnly.steps[0]?.description).toBe("Bake at 180 °C (Gas 4) for 30 minutes.");
  });

  it("refuses units and languages it does not know, naming the parameter", async () => {
    const units = problem(await api("GET", `/recipes/${recipeId}?units=imperial`), 400);
    expect(units.detail).toBe(
      "Query parameter 'units' is invalid: Must be one of 'as_written', 'metric', 'us'.",
    );
    expect(units.errors).toEqual([
      { path: "units", message: "Must be one of 'as_written', 'metric', 'us'." },
    ]);
    const lang = problem(await api("GET", `/recipes/${recipeId}?units=metric&lang=xx`), 400);
    expect(lang.detail).toBe(
      "Query parameter 'lang' is invalid: Must be one of 'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'nb'.",
    );
  });

  it("gives the JSON-LD in the same servings and measures", async () => {
    const response = await dispatch({
      method: "GET",
      url: `/api/v1/recipes/${recipeId}?servings=8&units=metric&lang=de`,
      headers: { accept: "application/ld+json" },
    });
    expect(response.status).toBe(200);
    const json = JSON.parse(response.body.toString("utf8")) as WithContext<Recipe> & {
      recipeIngredient: string[];
      recipeInstructions: { text: string }[];
    };
    expect(json.recipeIngredient.slice(0, 3)).toEqual([
      `375 g ${names.flour} (375 g)`,
      `960 ml ${names.milk} (988.8 g)`,
      `4 EL, melted ${names.butter} (56 g)`,
    ]);
    expect(json.recipeInstructions[0]?.text).toBe("Bake at 180 °C (180 °C) for 30 minutes.");
  });
});

describe("GET /shopping-lists/<id>?units=&lang=", () => {
  it("writes each item's amount in the measures asked for; free text stays", async () => {
    const list = await makeList(owner);
    const added = await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipeId },
    });
    expect(added.status).toBe(200);
    const free = await api("POST", `/shopping-lists/${list.id}/items`, {
      token: owner.token,
      json: { name: unique("Kitchen roll"), amount_readable: "2 rolls" },
    });
    expect(free.status).toBe(201);
    const amountOf = async (query: string) => {
      const res = await api("GET", `/shopping-lists/${list.id}${query}`, { token: owner.token });
      expect(res.status).toBe(200);
      const items = (res.body.sections as { items: { name: string; amount_readable: string }[] }[]).flatMap(
        (s) => s.items,
      );
      return Object.fromEntries(items.map((i) => [i.name, i.amount_readable]));
    };
    const metric = await amountOf("?units=metric&lang=de");
    expect([metric[names.flour], metric[names.butter], metric[names.egg], metric[free.body.name]]).toEqual([
      "190 g",
      "2 EL",
      "2 eggs",
      "2 rolls",
    ]);
    const us = await amountOf("?units=us");
    expect([us[names.milk], us[names.beef]]).toEqual(["2 cups", "18 oz"]);
    const written = await amountOf("?lang=de");
    expect([written[names.flour], written[names.milk]]).toEqual(["1 1/2 cups", "480 ml"]);
    const bad = problem(
      await api("GET", `/shopping-lists/${list.id}?units=cups`, { token: owner.token }),
      400,
    );
    expect(bad.detail).toBe(
      "Query parameter 'units' is invalid: Must be one of 'as_written', 'metric', 'us'.",
    );
  });
});
