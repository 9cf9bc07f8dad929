/**
 * The words of a recipe's history: what a revision changed, named by the fields the API names
 * (RecipeCreate's: `title`, `ingredients`, `category_ids`…), as words in the active language.
 */
import { currentLanguage, type MessageId, t } from "../../../i18n/index.ts";

/** Each field the API names in `changes`, as a word in a list ("title, ingredients and steps"). */
const FIELD_WORDS: Record<string, MessageId> = {
  title: "recipe-history.fieldTitle",
  description: "recipe-history.fieldDescription",
  servings: "recipe-history.fieldServings",
  prep_time_sec: "recipe-history.fieldPrepTime",
  cook_time_sec: "recipe-history.fieldCookTime",
  total_time_sec: "recipe-history.fieldTotalTime",
  source_url: "recipe-history.fieldSource",
  category_ids: "recipe-history.fieldCategories",
  ingredients: "recipe-history.fieldIngredients",
  steps: "recipe-history.fieldSteps",
};

/** Each field as the heading of its part of a comparison ("Title", "Ingredients"). */
export const FIELD_LABELS = {
  title: "recipe-history.labelTitle",
  description: "recipe-history.labelDescription",
  servings: "recipe-history.labelServings",
  prep_time_sec: "recipe-history.labelPrepTime",
  cook_time_sec: "recipe-history.labelCookTime",
  total_time_sec: "recipe-history.labelTotalTime",
  source_url: "recipe-history.labelSource",
  categories: "recipe-history.labelCategories",
  ingredients: "recipe-history.labelIngredients",
  steps: "recipe-history.labelSteps",
} as const satisfies Record<string, MessageId>;

/**
 * `["title", "ingredients", "steps"]` → "title, ingredients and steps" in the active language; a
 * field this app does not know yet (a newer API) is "other details", once.
 */
export function changedFields(changes: readonly string[]): string {
  const words = [...new Set(changes.map((field) => t(FIELD_WORDS[field] ?? "recipe-history.fieldOther")))];
  return new Intl.ListFormat(currentLanguage(), { style: "long", type: "conjunction" }).format(words);
}

/** Who made a revision: their username, or words for an account since deleted. */
export const madeBy = (user: { username: string } | null): string =>
  user ? user.username : t("recipe-history.deletedAccount");
