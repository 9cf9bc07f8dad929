import { describe, expect, it } from "vitest";
import {
  emptyForm,
  fromRecipe,
  RecipeForm,
  type RecipeFormValues,
  toFieldName,
  toRecipeBody,
} from "./recipe-form.ts";

const filled = (): RecipeFormValues => ({
  title: "  Crêpes ",
  description: "",
  source_url: " https://example.com/crepes ",
  prep: { hours: "", minutes: "10" },
  cook: { hours: "1", minutes: "5" },
  total: { hours: "3", minutes: "" },
  servings: "4",
  category_ids: [3],
  ingredients: [
    { ingredient_id: 1, name: "Flour", amount_grams: "250", amount_readable: " 2 cups " },
    { ingredient_id: 9, name: "Salt", amount_grams: "0,5", amount_readable: "a pinch" },
  ],
  steps: [{ description: " Whisk. " }, { description: "Fry thinly." }],
});

describe("the recipe form", () => {
  it("builds the API body: trimmed text, seconds, numbers, nulls for what is not given", () => {
    expect(toRecipeBody(filled())).toEqual({
      title: "Crêpes",
      description: null,
      source_url: "https://example.com/crepes",
      prep_time_sec: 600,
      cook_time_sec: 3900,
      total_time_sec: 10_800,
      servings: 4,
      category_ids: [3],
      ingredients: [
        { ingredient_id: 1, amount_grams: 250, amount_readable: "2 cups" },
        { ingredient_id: 9, amount_grams: 0.5, amount_readable: "a pinch" },
      ],
      steps: [{ description: "Whisk." }, { description: "Fry thinly." }],
    });
  });

  it("sends lines and steps in the order they are on screen (after a reorder)", () => {
    const values = filled();
    values.steps.reverse();
    values.ingredients.reverse();
    const body = toRecipeBody(values);
    expect(body.steps?.map((s) => s.description)).toEqual(["Fry thinly.", "Whisk."]);
    expect(body.ingredients?.map((l) => l.ingredient_id)).toEqual([9, 1]);
  });

  it("reads a stored recipe back into the same fields", () => {
    const body = toRecipeBody(filled());
    const recipe = {
      id: 5,
      user_id: 1,
      title: body.title,
      description: null,
      source_url: body.source_url ?? null,
      prep_time_sec: 600,
      cook_time_sec: 3900,
      total_time_sec: 10_800,
      servings: 4,
      img: null,
      preview_img: null,
      categories: [{ id: 3, name: "Breakfast" }],
      ingredients: [
        { ingredient_id: 1, name: "Flour", amount_grams: 250, amount_readable: "2 cups" },
        { ingredient_id: 9, name: "Salt", amount_grams: 0.5, amount_readable: "a pinch" },
      ],
      steps: [
        { step_number: 1, description: "Whisk.", timers: [] },
        { step_number: 2, description: "Fry thinly.", timers: [] },
      ],
      created_at: "2026-11-24T10:00:00Z",
      updated_at: "2026-11-24T10:00:00Z",
      nutrition: null,
      rating: { average: null, count: 0, mine: null },
    };
    expect(toRecipeBody(fromRecipe(recipe))).toEqual(body);
    // No total of its own: the field stays empty, and null (prep + cook) is sent back.
    const plain = fromRecipe({ ...recipe, total_time_sec: null });
    expect(plain.total).toEqual({ hours: "", minutes: "" });
    expect(toRecipeBody(plain).total_time_sec).toBeNull();
  });

  it("checks before sending only what the API cannot say better", () => {
    const result = RecipeForm.safeParse({
      ...emptyForm(),
      prep: { hours: "1.5", minutes: "" },
      total: { hours: "", minutes: "x" },
      servings: "0",
      ingredients: [{ ingredient_id: null, name: "Flo", amount_grams: "lots", amount_readable: "" }],
      steps: [{ description: "  " }],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(messages).toEqual({
      title: "Give the recipe a title.",
      "prep.hours": "Hours must be a whole number.",
      "total.minutes": "Minutes must be a whole number.",
      servings: "Servings must be a whole number, 1 or more.",
      "ingredients.0.ingredient_id": "Pick an ingredient from the list, or create it.",
      "ingredients.0.amount_grams": "Grams must be a number, 0 or more, or left empty when unknown.",
      "steps.0.description": "Write the step, or remove it.",
    });
    expect(RecipeForm.safeParse({ ...filled(), source_url: "not checked here" }).success).toBe(true);
  });

  it("saves a line with its grams left empty as unknown (null), and reads null back as empty; 0 g stays 0", () => {
    const values: RecipeFormValues = {
      ...filled(),
      ingredients: [
        { ingredient_id: 9, name: "Salt", amount_grams: "  ", amount_readable: "to taste" },
        { ingredient_id: 4, name: "Water", amount_grams: "0", amount_readable: "a splash" },
      ],
    };
    expect(RecipeForm.safeParse(values).success).toBe(true);
    const body = toRecipeBody(values);
    expect(body.ingredients).toEqual([
      { ingredient_id: 9, amount_grams: null, amount_readable: "to taste" },
      { ingredient_id: 4, amount_grams: 0, amount_readable: "a splash" },
    ]);
    const stored = fromRecipe({
      id: 5,
      user_id: 1,
      title: "Crêpes",
      description: null,
      source_url: null,
      prep_time_sec: null,
      cook_time_sec: null,
      total_time_sec: null,
      servings: 4,
      img: null,
      preview_img: null,
      categories: [],
      ingredients: [
        { ingredient_id: 9, name: "Salt", amount_grams: null, amount_readable: "to taste" },
        { ingredient_id: 4, name: "Water", amount_grams: 0, amount_readable: "a splash" },
      ],
      steps: [],
      created_at: "2026-11-24T10:00:00Z",
      updated_at: "2026-11-24T10:00:00Z",
      nutrition: null,
      rating: { average: null, count: 0, mine: null },
    });
    expect(stored.ingredients.map((l) => l.amount_grams)).toEqual(["", "0"]);
    expect(RecipeForm.safeParse(stored).success).toBe(true);
    expect(toRecipeBody(stored).ingredients?.map((l) => l.amount_grams)).toEqual([null, 0]);
  });

  it("puts each API error path on the field it names", () => {
    expect(toFieldName("title")).toBe("title");
    expect(toFieldName("source_url")).toBe("source_url");
    expect(toFieldName("prep_time_sec")).toBe("prep");
    expect(toFieldName("cook_time_sec")).toBe("cook");
    expect(toFieldName("total_time_sec")).toBe("total");
    expect(toFieldName("category_ids.1")).toBe("category_ids");
    expect(toFieldName("ingredients.1.amount_grams")).toBe("ingredients.1.amount_grams");
    expect(toFieldName("ingredients.0")).toBe("ingredients.0.ingredient_id");
    expect(toFieldName("ingredients")).toBe("ingredients");
    expect(toFieldName("steps.2.description")).toBe("steps.2.description");
    expect(toFieldName("steps.2")).toBe("steps.2.description");
    expect(toFieldName("user_id")).toBeNull();
    expect(toFieldName("title.0")).toBeNull();
  });
});
