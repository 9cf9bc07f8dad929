import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../../i18n/index.ts";
import {
  CategoryForm,
  emptyIngredient,
  fromIngredient,
  fromStore,
  IngredientForm,
  ingredientField,
  StoreForm,
  sentOtherNameRows,
  storeField,
  toCategoryBody,
  toIngredientBody,
  toStoreBody,
} from "./forms.ts";

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the ingredient form", () => {
  it("reads the weights as typed, a comma as the decimal mark, empty as not given", () => {
    const values = { ...emptyIngredient(), name: "  Flour ", grams_per_ml: "0,53", grams_per_piece: "" };
    expect(IngredientForm.safeParse(values).success).toBe(true);
    expect(toIngredientBody(values)).toEqual({
      name: "Flour",
      other_names: [],
      description: null,
      recipe_id: null,
      grams_per_ml: 0.53,
      grams_per_piece: null,
    });
  });

  it("refuses a missing name and weights that are not numbers above 0", () => {
    const result = IngredientForm.safeParse({
      ...emptyIngredient(),
      name: " ",
      grams_per_ml: "abc",
      grams_per_piece: "0",
    });
    expect(messages(result)).toEqual({
      name: "Give the ingredient a name.",
      grams_per_ml: "Grams per millilitre must be a number above 0, e.g. 0.53.",
      grams_per_piece: "Grams per piece must be a number above 0, e.g. 50.",
    });
  });

  it("goes back and forth with the API's row, the recipe that makes it included", () => {
    const row = {
      id: 4,
      user_id: 2,
      name: "Pizza dough",
      description: "Rests overnight",
      recipe_id: 9,
      grams_per_ml: null,
      grams_per_piece: 250,
      img: null,
      preview_img: null,
      other_names: [
        { name: "Pizzateig", language: "de" as const },
        { name: "Dough", language: null },
      ],
      nutrients_per_100g: null,
      nutrition_source: null,
      created_at: "",
      updated_at: "",
    };
    const values = fromIngredient(row, "Neapolitan dough");
    expect(values).toEqual({
      name: "Pizza dough",
      other_names: [
        { name: "Pizzateig", language: "de" },
        { name: "Dough", language: "" },
      ],
      description: "Rests overnight",
      recipe: { id: 9, title: "Neapolitan dough" },
      grams_per_ml: "",
      grams_per_piece: "250",
    });
    expect(toIngredientBody(values)).toMatchObject({
      other_names: [
        { name: "Pizzateig", language: "de" },
        { name: "Dough", language: null },
      ],
      recipe_id: 9,
      grams_per_piece: 250,
      grams_per_ml: null,
    });
  });

  it("puts the API's error paths on their fields", () => {
    expect(ingredientField("grams_per_ml")).toBe("grams_per_ml");
    expect(ingredientField("recipe_id")).toBe("recipe");
    expect(ingredientField("user_id")).toBeNull();
  });

  it("sends the other names trimmed, a language or null, without empty rows", () => {
    const values = {
      ...emptyIngredient(),
      name: "Sugar",
      other_names: [
        { name: " Zucker ", language: "de" as const },
        { name: "  ", language: "fr" as const },
        { name: "Kristallzucker", language: "" as const },
      ],
    };
    expect(IngredientForm.safeParse(values).success).toBe(true);
    expect(toIngredientBody(values).other_names).toEqual([
      { name: "Zucker", language: "de" },
      { name: "Kristallzucker", language: null },
    ]);
    expect(sentOtherNameRows(values)).toEqual([0, 2]);
  });

  it("puts an error about the second name sent on the form's row it came from", () => {
    const sent = [0, 2]; // row 1 was empty, so not sent
    expect(ingredientField("other_names.1.name", sent)).toBe("other_names.2.name");
    expect(ingredientField("other_names.0.language", sent)).toBe("other_names.0.language");
    expect(ingredientField("other_names.1", sent)).toBe("other_names.2.name");
    expect(ingredientField("other_names", sent)).toBe("other_names");
    expect(ingredientField("other_names.5.name", sent)).toBe("other_names");
  });
});

describe("the category form", () => {
  it("needs a name; an empty description is not given", () => {
    expect(CategoryForm.safeParse({ name: "", description: "" }).success).toBe(false);
    expect(toCategoryBody({ name: " Soups ", description: " " })).toEqual({
      name: "Soups",
      description: null,
    });
  });
});

describe("the store form", () => {
  it("checks coordinates against their ranges", () => {
    const values = { ...fromStore(), name: "Corner shop", latitude: "91", longitude: "-180" };
    expect(messages(StoreForm.safeParse(values))).toEqual({
      latitude: "Latitude must be a number from -90 to 90.",
    });
  });

  it("sends emptied fields as null, so a PUT clears them", () => {
    expect(toStoreBody({ ...fromStore(), name: "Market", latitude: "52,37", website: "" })).toEqual({
      name: "Market",
      address: null,
      phone: null,
      website: null,
      description: null,
      latitude: 52.37,
      longitude: null,
    });
    expect(storeField("website")).toBe("website");
  });
});

describe("the forms' checks, in German", () => {
  afterEach(async () => {
    await activate("en");
  });

  it("say what is wrong in the language active when they run", async () => {
    await activate("de");
    const ingredient = IngredientForm.safeParse({ ...emptyIngredient(), name: "", grams_per_ml: "x" });
    expect(messages(ingredient)).toEqual({
      name: "Gib der Zutat einen Namen.",
      grams_per_ml: "Gramm pro Milliliter muss eine Zahl über 0 sein, z. B. 0,53.",
    });
    const store = StoreForm.safeParse({ ...fromStore(), name: "Eckladen", latitude: "91" });
    expect(messages(store)).toEqual({ latitude: "Der Breitengrad muss eine Zahl von -90 bis 90 sein." });
  });
});
