/**
 * Restoring a recipe as it was at one of its revisions (core/recipe/revisions.ts says how): a PUT of
 * the revision's whole content through the recipe service. A module of its own so that the read
 * routes do not bundle the service, nor the restore route the reads.
 */
import { sql } from "kysely";
import type { Caller } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { Conflict } from "../errors.ts";
import { noRevision, type RecipeSnapshot } from "./revision-repository.ts";
import type { RecipeRead, RecipeUpdate } from "./schemas.ts";
import { lockOwnRecipe, updateRecipe } from "./service.ts";

/**
 * SQL: for each item of the revision `rv`'s list of `table` (in order), the id of its row now: the
 * same id while that row exists, else the row of its name (ignoring case and plural), else null;
 * each row found stays (`for key share`) until the transaction ends.
 */
const idsNow = (table: "ingredients" | "categories", idField: string) =>
  sql.raw(`coalesce((select jsonb_agg(coalesce((select t.id from ${table} t where t.id=(e.x->>'${idField}')::int
for key share),(select t.id from ${table} t where name_key(t.name)=name_key(e.x->>'name') for key share))
order by e.n) from jsonb_array_elements(rv.snapshot->'${table}') with ordinality e(x,n)),'[]')`);

/**
 * Makes the recipe what it was at `revision` (owner or admin), kept as a new revision: one
 * transaction, the recipe locked first. 409 when a line's ingredient is gone and none has its name.
 */
export async function restoreRevision(
  db: Db,
  recipeId: number,
  revision: number,
  caller: Caller,
): Promise<RecipeRead> {
  return transaction(db, async (trx) => {
    await lockOwnRecipe(trx, recipeId, caller);
    const { rows } = await sql<{
      snapshot: RecipeSnapshot;
      ingredient_ids: (number | null)[];
      category_ids: (number | null)[];
    }>`select rv.snapshot, ${idsNow("ingredients", "ingredient_id")} as ingredient_ids,
      ${idsNow("categories", "id")} as category_ids
      from recipe_revisions rv where rv.recipe_id = ${recipeId}::int and rv.revision = ${revision}::int`.execute(
      trx,
    );
    const [row] = rows;
    if (!row) throw noRevision(recipeId, revision);
    // The RecipeCreate fields as they were, each list's rows as they are now.
    const { categories: _, ingredients: lines, ...fields } = row.snapshot;
    const ingredients = lines.map(({ name, ...line }, index) => {
      const id = row.ingredient_ids[index];
      if (id == null) {
        throw Conflict(
          `Revision ${revision} of recipe ID ${recipeId} uses the ingredient '${name}', which no longer ` +
            "exists: create an ingredient of that name, then restore it again.",
        );
      }
      return { ...line, ingredient_id: id };
    });
    const category_ids = [...new Set(row.category_ids.filter((id) => id !== null))];
    const body: RecipeUpdate = { ...fields, category_ids, ingredients };
    return updateRecipe(trx, recipeId, body, caller);
  });
}
