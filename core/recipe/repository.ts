/**
 * SQL for one recipe: a whole recipe is read with one statement (json_agg subqueries for its
 * categories, ingredient lines and steps), written, updated and deleted. Lists and search are in
 * list-query.ts.
 */
import { type CompiledQuery, type InferResult, type SqlBool, sql } from "kysely";
import { type Db, executePrepared } from "../db.ts";
import { jsonText } from "../json-text.ts";
import { nutritionOf } from "../nutrition/compute.ts";
import { nutritionLines, nutritionLinesJson } from "../nutrition/repository.ts";
import { withIsoDates } from "../timestamps.ts";
import { categoriesJson, summaryColumns } from "./columns.ts";
import { personalJson, withPersonal } from "./personal.ts";
import type { RecipeIngredientCreate, RecipeStepCreate } from "./schemas.ts";
import { recipeSearchNames, searchNames, searchVector } from "./search.ts";

type IngredientLine = {
  ingredient_id: number;
  name: string;
  amount_grams: number | null;
  amount_readable: string;
};
type Step = { step_number: number; description: string };

const ingredientsJson = sql<IngredientLine[]>`coalesce((
  select json_agg(json_build_object('ingredient_id', ri.ingredient_id,
    'name', (select name from ingredients where id = ri.ingredient_id),
    'amount_grams', ri.amount_grams, 'amount_readable', ri.amount_readable) order by ri.position)
  from recipe_ingredients ri where ri.recipe_id = r.id), '[]'::json)`;

const stepsJson = sql<Step[]>`coalesce((
  select json_agg(json_build_object('step_number', s.step_number, 'description', s.description)
    order by s.step_number)
  from recipe_steps s where s.recipe_id = r.id), '[]'::json)`;

/** Stand-ins for the detail statement's parameters, replaced with each request's values. */
const RECIPE_ID = Symbol("recipe id");
const VIEWER_ID = Symbol("viewer id");

/** `viewer`: a signed-in reader's statement (their favourite, rating, cooked), or Public's. */
const detailQuery = (db: Db, viewer: typeof VIEWER_ID | undefined) =>
  db
    .selectFrom("recipes as r")
    .select([
      ...summaryColumns,
      categoriesJson.as("categories"),
      ingredientsJson.as("ingredients"),
      stepsJson.as("steps"),
      // What the recipe's nutrition is computed from (core/nutrition/compute.ts), in the same statement.
      nutritionLinesJson(sql.ref("r.id")).as("nutrition_lines"),
      personalJson(viewer).as("personal"),
    ])
    .where("r.id", "=", sql<number>`${RECIPE_ID}`);

/**
 * The detail statements (Public's, a signed-in reader's), built and compiled on first use and then
 * reused with each request's id: building and compiling it per request was about a tenth of the
 * detail route's CPU time.
 */
const detailStatements: { public?: CompiledQuery<DetailRow>; viewer?: CompiledQuery<DetailRow> } = {};
type DetailRow = InferResult<ReturnType<typeof detailQuery>>[number];

function detailStatement(db: Db, signedIn: boolean): CompiledQuery<DetailRow> {
  const which = signedIn ? "viewer" : "public";
  const statement = detailStatements[which] ?? detailQuery(db, signedIn ? VIEWER_ID : undefined).compile();
  detailStatements[which] = statement;
  return statement;
}

/**
 * The whole recipe (categories, ingredient lines, steps), its nutrition per serving and what the
 * reader keeps about it (core/recipe/personal.ts; `viewerId` undefined: Public), in one statement,
 * or undefined.
 */
export async function findRecipeById(db: Db, id: number, viewerId?: number) {
  const statement = detailStatement(db, viewerId !== undefined);
  const parameters = statement.parameters.map((p) => (p === RECIPE_ID ? id : p === VIEWER_ID ? viewerId : p));
  const [row] = await executePrepared<DetailRow>(db, { compile: () => ({ ...statement, parameters }) });
  if (!row) return undefined;
  const { nutrition_lines, ...recipe } = withPersonal(withIsoDates(row));
  return { ...recipe, nutrition: nutritionOf(nutritionLines(nutrition_lines), recipe.servings) };
}

/** The recipe's id and servings, or undefined; it stays (`for key share`) until the transaction ends. */
export async function findRecipeServings(db: Db, id: number) {
  return db
    .selectFrom("recipes")
    .select(["id", "servings"])
    .where("id", "=", id)
    .forKeyShare()
    .executeTakeFirst();
}

/** Locks the recipe row until the transaction ends, so concurrent writers to one recipe take turns. */
export async function lockRecipeById(db: Db, id: number) {
  return db
    .selectFrom("recipes")
    .select(["id", "user_id", "img", "preview_img"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The category and ingredient ids among those given that exist, in one statement, each locked
 * against deletion (`for key share`) until the transaction ends, so a checked id cannot vanish
 * before the rows that point at it are written.
 */
export async function findExistingReferences(
  db: Db,
  categoryIds: readonly number[],
  ingredientIds: readonly number[],
): Promise<{ categories: Set<number>; ingredients: Set<number> }> {
  if (categoryIds.length === 0 && ingredientIds.length === 0)
    return { categories: new Set(), ingredients: new Set() };
  const existing = (table: "categories" | "ingredients", ids: readonly number[]) =>
    sql<number[]>`array(select id from ${sql.table(table)}
      where id in (select value::int from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))
      for key share)`;
  const { rows } = await sql<{ categories: number[]; ingredients: number[] }>`select
    ${existing("categories", categoryIds)} as categories,
    ${existing("ingredients", ingredientIds)} as ingredients`.execute(db);
  const [row] = rows;
  return { categories: new Set(row?.categories), ingredients: new Set(row?.ingredients) };
}

export type RecipeFields = {
  title?: string;
  description?: string | null;
  cook_time_sec?: number | null;
  prep_time_sec?: number | null;
  total_time_sec?: number | null;
  servings?: number | null;
  source_url?: string | null;
};

/** The lists of a recipe body; a list that is given replaces the stored one. */
export type RecipeLists = {
  category_ids?: readonly number[] | undefined;
  ingredients?: readonly RecipeIngredientCreate[] | undefined;
  steps?: readonly RecipeStepCreate[] | undefined;
};

/** A list as one jsonb parameter: one statement takes any number of rows, with one plan. */
const jsonb = (value: unknown) => sql`${jsonText(value)}::jsonb`;
const categoryRows = (ids: readonly number[]) =>
  sql`(select distinct value::int as category_id from jsonb_array_elements_text(${jsonb(ids)}))`;
/** Lines keep the order they were given in (position from 0). */
const lineRows = (lines: readonly RecipeIngredientCreate[]) =>
  sql`(select (l.line->>'ingredient_id')::int as ingredient_id, (l.ord - 1)::int as position,
      (l.line->>'amount_grams')::numeric as amount_grams, l.line->>'amount_readable' as amount_readable
    from jsonb_array_elements(${jsonb(lines)}) with ordinality l(line, ord))`;
/** Steps are numbered from 1 in the order given. */
const stepRows = (steps: readonly RecipeStepCreate[]) =>
  sql`(select s.ord::int as step_number, s.step->>'description' as description
    from jsonb_array_elements(${jsonb(steps.map((step) => ({ description: step.description })))}) with ordinality s(step, ord))`;
/** The ingredient names of the given lines, in line order, as the search vector reads them. */
const lineNames = (lines: readonly RecipeIngredientCreate[]) =>
  sql<string | null>`(select string_agg(${searchNames}, ' ' order by l.position)
    from ${lineRows(lines)} l join ingredients i on i.id = l.ingredient_id)`;

/**
 * Inserts a recipe with its category links, ingredient lines and steps, its search vector computed
 * in the same insert, as one statement (data-modifying CTEs): one round trip however long the lists,
 * all or nothing without a transaction. A category or ingredient id that does not exist fails the
 * statement with a foreign-key violation.
 */
export async function insertRecipe(
  db: Db,
  values: RecipeFields & { user_id: number; title: string },
  lists: RecipeLists,
): Promise<number> {
  const lines = lists.ingredients ?? [];
  const insert = db
    .with("recipe", (qb) =>
      qb
        .insertInto("recipes")
        .values({
          ...values,
          search_vector: searchVector(
            sql`${values.title}::text`,
            lineNames(lines),
            sql`${values.description ?? null}::text`,
          ),
        })
        .returning("id"),
    )
    .with("category_links", (qb) =>
      qb
        .insertInto("recipe_categories")
        .columns(["recipe_id", "category_id"])
        .expression(
          sql`select recipe.id, c.category_id from recipe, ${categoryRows(lists.category_ids ?? [])} c`,
        ),
    )
    .with("lines", (qb) =>
      qb
        .insertInto("recipe_ingredients")
        .columns(["recipe_id", "ingredient_id", "position", "amount_grams", "amount_readable"])
        .expression(
          sql`select recipe.id, l.ingredient_id, l.position, l.amount_grams, l.amount_readable
            from recipe, ${lineRows(lines)} l`,
        ),
    )
    .with("steps", (qb) =>
      qb
        .insertInto("recipe_steps")
        .columns(["recipe_id", "step_number", "description"])
        .expression(
          sql`select recipe.id, s.step_number, s.description from recipe, ${stepRows(lists.steps ?? [])} s`,
        ),
    )
    .selectFrom("recipe")
    .select("id");
  // Prepared, so the server plans the four data-modifying CTEs once per connection: the text varies
  // only with which optional columns are given.
  const [row] = await executePrepared(db, insert);
  if (!row) throw new Error("the recipe insert returned no row");
  return row.id;
}

/**
 * Writes the given columns and replaces the given lists in one statement, recomputing the search
 * vector when the title, description or lines change; with nothing given it still touches the row
 * so updated_at moves. A replaced list keeps the rows it shares with the new one (updated in place
 * by position or id) and deletes the rest: a delete and an insert of the same key cannot share a
 * statement, and this way none is needed.
 */
export async function updateRecipeById(
  db: Db,
  id: number,
  values: RecipeFields,
  lists: RecipeLists,
): Promise<void> {
  const { category_ids: categoryIds, ingredients: lines, steps } = lists;
  const searchChanges = values.title !== undefined || values.description !== undefined || lines !== undefined;
  const set = {
    ...values,
    ...(Object.keys(values).length === 0 ? { title: sql<string>`r.title` } : {}),
    ...(searchChanges
      ? {
          search_vector: searchVector(
            values.title === undefined ? sql`r.title` : sql`${values.title}::text`,
            lines === undefined ? recipeSearchNames : lineNames(lines),
            values.description === undefined ? sql`r.description` : sql`${values.description}::text`,
          ),
        }
      : {}),
  };
  let query = db.with("recipe", (qb) =>
    qb.updateTable("recipes as r").set(set).where("r.id", "=", id).returning("r.id"),
  );
  if (categoryIds) {
    query = query
      .with("categories_gone", (qb) =>
        qb
          .deleteFrom("recipe_categories")
          .where("recipe_id", "=", id)
          .where(sql<SqlBool>`category_id not in (select category_id from ${categoryRows(categoryIds)} c)`),
      )
      .with("categories_new", (qb) =>
        qb
          .insertInto("recipe_categories")
          .columns(["recipe_id", "category_id"])
          .expression(sql`select ${id}::int, c.category_id from ${categoryRows(categoryIds)} c`)
          .onConflict((oc) => oc.doNothing()),
      );
  }
  if (lines) {
    query = query
      .with("lines_gone", (qb) =>
        qb.deleteFrom("recipe_ingredients").where("recipe_id", "=", id).where("position", ">=", lines.length),
      )
      .with("lines_new", (qb) =>
        qb
          .insertInto("recipe_ingredients")
          .columns(["recipe_id", "ingredient_id", "position", "amount_grams", "amount_readable"])
          .expression(
            sql`select ${id}::int, l.ingredient_id, l.position, l.amount_grams, l.amount_readable from ${lineRows(lines)} l`,
          )
          .onConflict((oc) =>
            oc.columns(["recipe_id", "position"]).doUpdateSet((eb) => ({
              ingredient_id: eb.ref("excluded.ingredient_id"),
              amount_grams: eb.ref("excluded.amount_grams"),
              amount_readable: eb.ref("excluded.amount_readable"),
            })),
          ),
      );
  }
  if (steps) {
    query = query
      .with("steps_gone", (qb) =>
        qb.deleteFrom("recipe_steps").where("recipe_id", "=", id).where("step_number", ">", steps.length),
      )
      .with("steps_new", (qb) =>
        qb
          .insertInto("recipe_steps")
          .columns(["recipe_id", "step_number", "description"])
          .expression(sql`select ${id}::int, s.step_number, s.description from ${stepRows(steps)} s`)
          .onConflict((oc) =>
            oc.columns(["recipe_id", "step_number"]).doUpdateSet((eb) => ({
              description: eb.ref("excluded.description"),
            })),
          ),
      );
  }
  await query.selectFrom("recipe").select("id").execute();
}

export async function deleteRecipeById(db: Db, id: number): Promise<void> {
  await db.deleteFrom("recipes").where("id", "=", id).execute();
}

/**
 * The density (g/ml) of each of these ingredients that has one, by id: what an amount in
 * other measures is converted with (core/amount/convert.ts). Recipe reads and shopping lists ask it.
 */
export async function selectGramsPerMl(
  db: Db,
  ingredientIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(ingredientIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("ingredients")
    .select(["id", "grams_per_ml"])
    .where("id", "in", ids)
    .where("grams_per_ml", "is not", null)
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.grams_per_ml)]));
}
