/**
 * Nothing typed is lost: the editor keeps what it holds in localStorage as a draft on every change,
 * per account and per recipe, until the recipe is saved or the draft discarded. After an error, a
 * token that ran out (log in again, come back) or a closed tab, the editor offers it back.
 */
import { z } from "zod";
import { RecipeForm, type RecipeFormValues } from "./recipe-form.ts";

const PREFIX = "recipes.draft";

export type Draft = { values: RecipeFormValues; savedAt: number };

const StoredDraft = z.object({ savedAt: z.number(), values: z.unknown() });

/**
 * A draft is half-written by nature, so the form's own checks (an empty title) do not count; only
 * the shape does, and a draft of an older app version that no longer fits is dropped.
 */
function hasFormShape(values: unknown): values is RecipeFormValues {
  const result = RecipeForm.safeParse(values);
  return result.success || result.error.issues.every((issue) => issue.code === "custom");
}

/**
 * The storage key of one draft: the account's, for one recipe being edited, or for a new one (written
 * from scratch, or an import under review: kept apart so that neither overwrites the other).
 */
export const draftKey = (userId: number, recipeId: number | null, kind: "new" | "import" = "new"): string =>
  `${PREFIX}.${userId}.${recipeId ?? kind}`;

export const drafts = {
  read(key: string): Draft | null {
    try {
      const text = localStorage.getItem(key);
      if (!text) return null;
      const parsed = StoredDraft.safeParse(JSON.parse(text));
      if (!parsed.success || !hasFormShape(parsed.data.values)) return null;
      return { values: parsed.data.values, savedAt: parsed.data.savedAt };
    } catch {
      return null; // storage disabled or a broken entry: as if there were none
    }
  },

  write(key: string, values: RecipeFormValues, now = Date.now()) {
    try {
      localStorage.setItem(key, JSON.stringify({ values, savedAt: now } satisfies Draft));
    } catch {
      // full or disabled storage: the form itself still holds everything
    }
  },

  clear(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      // see write
    }
  },
};

/** True when two sets of values would save the same recipe (so there is nothing to keep). */
export const sameValues = (a: RecipeFormValues, b: RecipeFormValues): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
