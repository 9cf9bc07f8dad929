import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { draftToForm, importRequest, sharedLink } from "./draft-to-form.ts";

const draft: Schemas["RecipeDraft"] = {
  title: "Scones",
  description: null,
  prep_time_sec: 900,
  cook_time_sec: 5400,
  total_time_sec: 86_400,
  servings: 8,
  source_url: "https://example.com/scones",
  image_url: "https://example.com/scones.jpg",
  category_names: ["Baking", "Teatime"],
  ingredients: [
    {
      text: "250 g flour",
      amount_readable: "250 g",
      amount_grams: 250,
      grams_from: "mass",
      ingredient_id: 3,
      ingredient_name: "Flour",
      note: null,
    },
    {
      text: "1 cup milk, cold",
      amount_readable: "1 cup",
      amount_grams: 243.8,
      grams_from: "volume",
      ingredient_id: null,
      ingredient_name: "Milk",
      note: "cold",
    },
    {
      text: "a pinch of salt",
      amount_readable: "a pinch",
      amount_grams: null,
      grams_from: "unknown",
      ingredient_id: null,
      ingredient_name: "Salt",
      note: null,
    },
  ],
  steps: [{ description: "Mix." }, { description: "Bake." }],
  warnings: [
    "Ingredient 2 ('1 cup milk, cold'): 1 cup × 243.8 g per cup (built-in table) = 243.8 g, an estimate to check.",
    "Ingredient 3 ('a pinch of salt'): the grams are unknown (no amount); enter them if you know them, or save the line without.",
    "The recipe's total time could not be read.",
  ],
};

describe("draftToForm", () => {
  const { values, warnings } = draftToForm(draft, [{ id: 5, name: "baking" }]);

  it("fills the form: times as hours and minutes, servings as text, steps in order", () => {
    expect(values.prep).toEqual({ hours: "", minutes: "15" });
    expect(values.cook).toEqual({ hours: "1", minutes: "30" });
    // Scones that rest overnight: the page's total time, to save with the recipe.
    expect(values.total).toEqual({ hours: "24", minutes: "" });
    expect(draftToForm({ ...draft, total_time_sec: null }, []).values.total).toEqual({
      hours: "",
      minutes: "",
    });
    expect(values.servings).toBe("8");
    expect(values.description).toBe("");
    expect(values.source_url).toBe("https://example.com/scones");
    expect(values.steps).toEqual([{ description: "Mix." }, { description: "Bake." }]);
  });

  it("keeps each line's ingredient (or the name to create), its grams, its note, and its warning", () => {
    expect(values.ingredients).toEqual([
      { ingredient_id: 3, name: "Flour", amount_grams: "250", amount_readable: "250 g" },
      {
        ingredient_id: null,
        name: "Milk",
        amount_grams: "243.8",
        amount_readable: "1 cup, cold",
        review:
          "“1 cup milk, cold”: 1 cup × 243.8 g per cup (built-in table) = 243.8 g, an estimate to check.",
      },
      {
        ingredient_id: null,
        name: "Salt",
        amount_grams: "",
        amount_readable: "a pinch",
        review:
          "“a pinch of salt”: the grams are unknown (no amount); enter them if you know them, or save the line without.",
      },
    ]);
  });

  it("files it under the categories found here by name, and says which were not", () => {
    expect(values.category_ids).toEqual([5]);
    expect(warnings).toEqual([
      "The recipe's total time could not be read.",
      "“Teatime” is not a category here, so the recipe is not filed under it.",
    ]);
  });
});

describe("draftToForm in German", () => {
  afterEach(() => activate("en"));

  it("says which categories were not found, one or several, in the language shown", async () => {
    await activate("de");
    const one = draftToForm(draft, [{ id: 5, name: "Baking" }]);
    expect(one.warnings).toContain(
      "„Teatime“ ist hier keine Kategorie, deshalb wird das Rezept nicht darunter eingeordnet.",
    );
    const two = draftToForm(draft, []);
    expect(two.warnings).toContain(
      "„Baking“, „Teatime“ sind hier keine Kategorien, deshalb wird das Rezept nicht darunter eingeordnet.",
    );
  });
});

describe("importRequest", () => {
  it("sends the address alone, or the pasted page with it", () => {
    expect(importRequest(" https://example.com/a ", "")).toEqual({ url: "https://example.com/a" });
    expect(importRequest("", '{"@type":"Recipe"}')).toEqual({ json: { "@type": "Recipe" }, url: undefined });
    expect(importRequest("https://x.test/", "<html></html>")).toEqual({
      html: "<html></html>",
      url: "https://x.test/",
    });
    expect(importRequest("", "[not json")).toEqual({ html: "[not json", url: undefined });
    expect(importRequest("  ", " ")).toBeNull();
  });
});

describe("sharedLink", () => {
  it("takes the shared url, else the first link in the shared text", () => {
    expect(sharedLink("https://a.test/", "see https://b.test/")).toBe("https://a.test/");
    expect(sharedLink(undefined, "Scones — https://b.test/scones")).toBe("https://b.test/scones");
    expect(sharedLink(undefined, "no link")).toBeUndefined();
  });
});
