/**
 * An import's draft (POST /recipes/import) as the recipe editor's form: times as hours and minutes,
 * categories by name onto this service's own, each line with what the import said about it (its
 * grams estimated or unknown) to review, and the warnings that concern the recipe as a whole.
 */
import { t } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { joinAmountNote } from "./amount-note.ts";
import { gramsField, type RecipeFormValues } from "./recipe-form.ts";
import { fromSeconds } from "./time.ts";

type Draft = Schemas["RecipeDraft"];
type Category = { id: number; name: string };

/** The warning about line `index` (the API writes `Ingredient N ('text'): …`), without that prefix. */
function lineWarning(warnings: string[], index: number): { warning: string; rest: string } | undefined {
  const prefix = `Ingredient ${index + 1} (`;
  const warning = warnings.find((w) => w.startsWith(prefix));
  if (!warning) return undefined;
  const colon = warning.indexOf("): ");
  return { warning, rest: colon < 0 ? warning : warning.slice(colon + 3) };
}

export type ImportedForm = {
  values: RecipeFormValues;
  /** Sentences about the recipe as a whole (the lines' own are on their lines). */
  warnings: string[];
};

export function draftToForm(draft: Draft, categories: Category[]): ImportedForm {
  const used = new Set<string>();
  const ingredients = draft.ingredients.map((line, index) => {
    const found = lineWarning(draft.warnings, index);
    if (found) used.add(found.warning);
    return {
      ingredient_id: line.ingredient_id,
      name: line.ingredient_name,
      amount_grams: gramsField(line.amount_grams),
      amount_readable: joinAmountNote(line.amount_readable, line.note),
      ...(found ? { review: t("recipe-editor.lineReview", { text: line.text, warning: found.rest }) } : {}),
    };
  });

  const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
  const categoryIds: number[] = [];
  const missing: string[] = [];
  for (const name of draft.category_names) {
    const id = byName.get(name.trim().toLowerCase());
    if (id === undefined) missing.push(name);
    else if (!categoryIds.includes(id)) categoryIds.push(id);
  }

  const warnings = draft.warnings.filter((w) => !used.has(w));
  if (missing.length)
    warnings.push(
      t("recipe-editor.notCategories", {
        count: missing.length,
        names: missing.map((name) => t("recipe-editor.quoted", { name })).join(", "),
      }),
    );

  return {
    values: {
      title: draft.title,
      description: draft.description ?? "",
      source_url: draft.source_url ?? "",
      prep: fromSeconds(draft.prep_time_sec),
      cook: fromSeconds(draft.cook_time_sec),
      total: fromSeconds(draft.total_time_sec),
      servings: draft.servings === null ? "" : String(draft.servings),
      category_ids: categoryIds,
      ingredients,
      steps: draft.steps.map((step) => ({ description: step.description })),
    },
    warnings,
  };
}

/** The link in what another app shared (`?url=`, or a link inside `?text=`, as Android often sends it). */
export function sharedLink(url: string | undefined, text: string | undefined): string | undefined {
  if (url) return url;
  return text?.match(/https?:\/\/\S+/)?.[0];
}

export type ImportRequest = Schemas["RecipeImportRequest"];

/**
 * The body of POST /recipes/import for what was entered: the page itself when pasted (JSON-LD when
 * it parses as JSON, else HTML), with the address if given too; else the address alone.
 */
export function importRequest(address: string, pasted: string): ImportRequest | null {
  const url = address.trim() || undefined;
  const page = pasted.trim();
  if (!page) return url ? { url } : null;
  if (page.startsWith("{") || page.startsWith("[")) {
    try {
      return { json: JSON.parse(page), url };
    } catch {
      // not JSON after all: a page that starts with a bracket
    }
  }
  return { html: page, url };
}
