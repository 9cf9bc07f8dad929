/**
 * A line as written (`1 1/2 cups flour, sifted`), read by POST /ingredient-lines/parse, onto the
 * line's fields: grams, the amount as written (with its note) and the ingredient. A field the person
 * changed by hand since it was last filled keeps what they wrote.
 */
import type { MessageId } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { joinAmountNote } from "./amount-note.ts";
import type { IngredientLineValues } from "./recipe-form.ts";

export type ParsedLine = Schemas["DraftIngredient"];
type GramsFrom = ParsedLine["grams_from"];

/**
 * Grams as the Grams field shows them: whole grams from 10 g on (1 1/2 cups of flour is 187.5 g by
 * the table, a cook weighs 188 g), one decimal below (1/4 tsp of salt is 1.5 g, not 2).
 */
export function gramsText(grams: number | null): string {
  if (grams === null || !Number.isFinite(grams)) return "";
  return String(grams >= 10 ? Math.round(grams) : Math.round(grams * 10) / 10);
}

/** Where the grams came from, in words a cook reads beside them. */
export const GRAMS_FROM: Record<GramsFrom, MessageId> = {
  mass: "recipe-editor.gramsFromMass",
  volume: "recipe-editor.gramsFromVolume",
  piece: "recipe-editor.gramsFromPiece",
  given: "recipe-editor.gramsFromGiven",
  unknown: "recipe-editor.gramsFromUnknown",
};

/** The line with what the parse read filled in, where the person has not written their own. */
export function fillFromParse(line: IngredientLineValues, item: ParsedLine): IngredientLineValues {
  const before = line.filled;
  const filled = {
    amount_grams: gramsText(item.amount_grams),
    amount_readable: joinAmountNote(item.amount_readable, item.note),
    name: item.ingredient_name,
    ingredient_id: item.ingredient_id,
    grams_from: item.grams_from,
  };
  // Untouched: empty, or still what was filled in last time.
  const untouched = (now: string, then: string | undefined) => now.trim() === "" || now === then;
  const next: IngredientLineValues = { ...line, filled };
  if (untouched(line.amount_grams, before?.amount_grams)) next.amount_grams = filled.amount_grams;
  if (untouched(line.amount_readable, before?.amount_readable)) next.amount_readable = filled.amount_readable;
  const ingredientUntouched =
    (line.name.trim() === "" && line.ingredient_id === null) ||
    (before !== undefined && line.name === before.name && line.ingredient_id === before.ingredient_id);
  if (ingredientUntouched) {
    next.name = filled.name;
    next.ingredient_id = filled.ingredient_id;
  }
  return next;
}

/** Where the line's grams came from, while they are still the ones filled in (not typed by hand). */
export function gramsSource(line: IngredientLineValues): GramsFrom | null {
  const from = line.filled?.grams_from;
  if (!from || line.amount_grams !== line.filled?.amount_grams) return null;
  return from;
}
