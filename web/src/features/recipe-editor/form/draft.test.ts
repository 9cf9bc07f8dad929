import { describe, expect, it } from "vitest";
import { draftKey, drafts, sameValues } from "./draft.ts";
import { emptyForm, type RecipeFormValues } from "./recipe-form.ts";

const halfWritten = (): RecipeFormValues => ({
  ...emptyForm(),
  title: "", // not valid for saving, still worth keeping
  steps: [{ description: "Whisk the eggs." }, { description: "" }],
  ingredients: [{ ingredient_id: 4, name: "Egg", amount_grams: "100", amount_readable: "2 eggs" }],
});

describe("draft storage", () => {
  it("keeps a draft per account and per recipe until it is cleared", () => {
    const mine = draftKey(7, null);
    drafts.write(mine, halfWritten(), 1_000);
    expect(drafts.read(mine)).toEqual({ values: halfWritten(), savedAt: 1_000 });
    expect(drafts.read(draftKey(8, null))).toBeNull(); // another account on the same browser
    expect(drafts.read(draftKey(7, 12))).toBeNull(); // another recipe
    drafts.clear(mine);
    expect(drafts.read(mine)).toBeNull();
  });

  it("names keys by account and recipe", () => {
    expect(draftKey(7, null)).toBe("recipes.draft.7.new");
    expect(draftKey(7, 12)).toBe("recipes.draft.7.12");
  });

  it("drops what is not a draft of this form (broken JSON, another shape)", () => {
    localStorage.setItem("recipes.draft.1.new", "{not json");
    expect(drafts.read("recipes.draft.1.new")).toBeNull();
    localStorage.setItem("recipes.draft.1.new", JSON.stringify({ savedAt: 1, values: { title: 5 } }));
    expect(drafts.read("recipes.draft.1.new")).toBeNull();
    localStorage.setItem("recipes.draft.1.new", JSON.stringify({ values: halfWritten() }));
    expect(drafts.read("recipes.draft.1.new")).toBeNull();
  });

  it("compares values field by field", () => {
    expect(sameValues(emptyForm(), emptyForm())).toBe(true);
    expect(sameValues(emptyForm(), { ...emptyForm(), servings: "4" })).toBe(false);
  });
});
