/**
 * The editor's form: the values its inputs hold (text, as typed), the checks made before sending
 * (only what the API cannot say better: a title, numbers that are numbers, a picked ingredient), and
 * the conversions to the API's body and back. The API's own refusals come back by `errors[].path`
 * and land on the field that path names (toFieldName). The checks' sentences are read when a check
 * fails, so they come in the language shown at that moment.
 */
import { z } from "zod";
import { t } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { splitAmountNote } from "./amount-note.ts";
import { fromSeconds, isWholeOrEmpty, toSeconds } from "./time.ts";

const time = z.object({
  hours: z.string().refine(isWholeOrEmpty, { error: () => t("recipe-editor.hoursWhole") }),
  minutes: z.string().refine(isWholeOrEmpty, { error: () => t("recipe-editor.minutesWhole") }),
});

/**
 * The grams a line's field holds: null when it is empty (unknown, as for `salt to taste`: the line
 * saves with its amount as written alone), else the number ("12,5" reads as 12.5: a comma is the
 * decimal mark for half the people who cook; NaN for what is not a number). "0" is 0 g, not unknown.
 */
export const parseGrams = (text: string): number | null =>
  text.trim() === "" ? null : Number(text.trim().replace(",", "."));

/** The field's text for grams as stored: empty for unknown (null), so 0 g stays "0". */
export const gramsField = (grams: number | null): string => (grams === null ? "" : String(grams));

/** Where a line's grams came from, as the parse of its text said. */
export const GramsFrom = z.enum(["mass", "volume", "piece", "given", "unknown"]);

/**
 * What was last filled in from a line's text (by POST /ingredient-lines/parse, or as loaded), so a
 * later parse replaces only the fields the person has not changed by hand since.
 */
export const LineFill = z.object({
  amount_grams: z.string(),
  amount_readable: z.string(),
  name: z.string(),
  ingredient_id: z.number().nullable(),
  grams_from: GramsFrom.optional(),
});

export const IngredientLine = z.object({
  /** The line as a person writes it (`1 1/2 cups flour, sifted`); not sent, it fills the rest. */
  text: z.string().optional(),
  filled: LineFill.optional(),
  ingredient_id: z
    .number()
    .nullable()
    .refine((id): boolean => id !== null, { error: () => t("recipe-editor.pickIngredient") }),
  /** The ingredient's name as shown in its picker (the API answers with it, the body does not carry it). */
  name: z.string(),
  /** Empty is allowed: the grams are unknown. */
  amount_grams: z.string().refine(
    (text) => {
      const grams = parseGrams(text);
      return grams === null || (Number.isFinite(grams) && grams >= 0);
    },
    { error: () => t("recipe-editor.gramsInvalid") },
  ),
  amount_readable: z.string(),
  /** What an import said about the line (as written on the page, how its grams were found), to review. */
  review: z.string().optional(),
});

export const RecipeForm = z.object({
  title: z.string().refine((text) => text.trim() !== "", { error: () => t("recipe-editor.titleRequired") }),
  description: z.string(),
  source_url: z.string(),
  prep: time,
  cook: time,
  /** The whole time, resting and rising included; empty means prep + cook. */
  total: time,
  servings: z.string().refine((text) => isWholeOrEmpty(text) && text.trim() !== "0", {
    error: () => t("recipe-editor.servingsInvalid"),
  }),
  category_ids: z.array(z.number()),
  ingredients: z.array(IngredientLine),
  steps: z.array(
    z.object({
      description: z
        .string()
        .refine((text) => text.trim() !== "", { error: () => t("recipe-editor.stepRequired") }),
    }),
  ),
});

/**
 * An imported recipe's form: a line may name an ingredient that does not exist yet, which is created
 * when the recipe is saved (createMissingIngredients), so only a line with no name at all is refused.
 */
export const ImportedRecipeForm = RecipeForm.extend({
  ingredients: z.array(
    IngredientLine.extend({ ingredient_id: z.number().nullable() }).refine(
      (line) => line.ingredient_id !== null || line.name.trim() !== "",
      { error: () => t("recipe-editor.nameIngredient"), path: ["ingredient_id"] },
    ),
  ),
});

export type RecipeFormValues = z.infer<typeof RecipeForm>;
export type IngredientLineValues = RecipeFormValues["ingredients"][number];

export const emptyLine = (): IngredientLineValues => ({
  text: "",
  ingredient_id: null,
  name: "",
  amount_grams: "",
  amount_readable: "",
});

/** A new recipe: one empty ingredient line and one empty step to start from. */
export const emptyForm = (): RecipeFormValues => ({
  title: "",
  description: "",
  source_url: "",
  prep: { hours: "", minutes: "" },
  cook: { hours: "", minutes: "" },
  total: { hours: "", minutes: "" },
  servings: "",
  category_ids: [],
  ingredients: [emptyLine()],
  steps: [{ description: "" }],
});

/** The form for a stored recipe (unscaled). */
export function fromRecipe(recipe: Schemas["RecipeRead"]): RecipeFormValues {
  return {
    title: recipe.title,
    description: recipe.description ?? "",
    source_url: recipe.source_url ?? "",
    prep: fromSeconds(recipe.prep_time_sec),
    cook: fromSeconds(recipe.cook_time_sec),
    total: fromSeconds(recipe.total_time_sec),
    servings: recipe.servings == null ? "" : String(recipe.servings),
    category_ids: recipe.categories.map((c) => c.id),
    ingredients: recipe.ingredients.map((line) =>
      withLineText({
        ingredient_id: line.ingredient_id,
        name: line.name,
        amount_grams: gramsField(line.amount_grams),
        amount_readable: line.amount_readable,
      }),
    ),
    steps: recipe.steps.map((step) => ({ description: step.description })),
  };
}

/**
 * A line that has no text yet (a stored recipe's, an import's) gets one written from its fields
 * (`1 1/2 cups, sifted` + Flour = `1 1/2 cups Flour, sifted`), and those fields count as filled from
 * it: editing the text later replaces them, unless they were changed by hand.
 */
export function withLineText(line: IngredientLineValues): IngredientLineValues {
  if (line.text !== undefined) return line;
  const { amount, note } = splitAmountNote(line.amount_readable.trim());
  const text = [amount, line.name.trim()].filter(Boolean).join(" ") + (note ? `, ${note}` : "");
  const { amount_grams, amount_readable, name, ingredient_id } = line;
  return { ...line, text, filled: line.filled ?? { amount_grams, amount_readable, name, ingredient_id } };
}

const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/**
 * The body of POST /recipes/ and PUT /recipes/<id> (every field: on a PUT the lists replace the old
 * ones). Lines and steps keep the form's order and indexes, so `ingredients.1.amount_grams` in an
 * answer is the second line on screen. Called on values that passed RecipeForm.
 */
export function toRecipeBody(values: RecipeFormValues): Schemas["RecipeCreate"] {
  return {
    title: values.title.trim(),
    description: orNull(values.description),
    source_url: orNull(values.source_url),
    prep_time_sec: toSeconds(values.prep),
    cook_time_sec: toSeconds(values.cook),
    total_time_sec: toSeconds(values.total),
    servings: values.servings.trim() === "" ? null : Number(values.servings.trim()),
    category_ids: values.category_ids,
    ingredients: values.ingredients.map((line) => ({
      ingredient_id: line.ingredient_id ?? 0,
      amount_grams: parseGrams(line.amount_grams),
      amount_readable: line.amount_readable.trim(),
    })),
    steps: values.steps.map((step) => ({ description: step.description.trim() })),
  };
}

/** Names of the form's fields that an API error path can land on. */
export type FieldName =
  | "title"
  | "description"
  | "source_url"
  | "servings"
  | "prep"
  | "cook"
  | "total"
  | "category_ids"
  | "ingredients"
  | "steps"
  | `ingredients.${number}.${"ingredient_id" | "amount_grams" | "amount_readable"}`
  | `steps.${number}.description`;

/**
 * The form field an API error path (`ingredients.1.amount_grams`, `prep_time_sec`, `category_ids.0`)
 * belongs to, or null when it names nothing on screen (the page then shows the sentence on top).
 */
export function toFieldName(path: string): FieldName | null {
  const [head, index, leaf] = path.split(".");
  switch (head) {
    case "title":
    case "description":
    case "source_url":
    case "servings":
      return index === undefined ? head : null;
    case "prep_time_sec":
      return "prep";
    case "cook_time_sec":
      return "cook";
    case "total_time_sec":
      return "total";
    case "category_ids":
      return "category_ids";
    case "ingredients":
      if (index === undefined || !/^\d+$/.test(index)) return "ingredients";
      if (leaf === "ingredient_id" || leaf === "amount_grams" || leaf === "amount_readable")
        return `ingredients.${Number(index)}.${leaf}`;
      return `ingredients.${Number(index)}.ingredient_id`; // the line as a whole: shown on its ingredient
    case "steps":
      if (index === undefined || !/^\d+$/.test(index)) return "steps";
      return `steps.${Number(index)}.description`;
    default:
      return null;
  }
}
