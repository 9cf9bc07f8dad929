/**
 * The benchmark's data: generated users, categories, ingredients and `recipes` recipes with 8
 * ingredient lines, 6 steps and 2 categories each, written with one set-based statement per table.
 * What made the old fill take 12 minutes at a million recipes, and what this one does instead:
 * - every secondary index was updated row by row (the GIN index above all): they are dropped
 *   first and built once at the end, from the definitions the migrations left;
 * - 16 million foreign-key checks, one per child row: the children are written with
 *   `session_replication_role = replica`, which skips them (the generator's ids are valid by
 *   construction) and is set only on the fill's own connections. It skips the triggers too, so the
 *   fill writes recipe_title_words (the title words search walks) itself, as those triggers would;
 * - the search vector was a second pass rewriting every recipe row: it is computed in the insert,
 *   with the service's own expression, from the names of the lines the recipe is about to get;
 * - the child tables are written (and the indexes built) on parallel connections.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../core/db.ts";
import { searchNames, searchVector } from "../../core/recipe/search.ts";

type Db = Kysely<Database>;

const words = (list: string) => sql.raw(`array[${list.split(" ").map((w) => `'${w}'`)}]`);
const ADJECTIVES = words(
  "smoky spicy creamy crispy roasted grilled sweet tangy hearty quick rustic golden zesty herby garlicky lemony buttery fiery mild classic",
);
const FOODS = words(
  "lentil chicken tomato mushroom potato salmon tofu chickpea spinach pumpkin beef pork lamb shrimp rice noodle bean carrot cabbage leek " +
    "pepper eggplant zucchini corn pea cauliflower broccoli kale barley quinoa apple pear cherry plum mango banana coconut almond walnut " +
    "hazelnut oat chocolate vanilla cinnamon ginger honey maple cheese yogurt egg",
);
const DISHES = words("stew soup salad curry pie bake risotto stir-fry tart casserole");
const PANTRY = words(
  "flour sugar salt butter milk oil vinegar yeast cream stock water garlic onion basil thyme oregano paprika cumin nutmeg mustard",
);

const USERS = 10;
const CATEGORIES = 20;
const INGREDIENTS = 500;
const LINES = 8;
const STEPS = 6;
const RECIPE_TABLES = ["recipes", "recipe_ingredients", "recipe_steps", "recipe_categories"];

/** Runs `work` on one pooled connection of its own, with the fill's session settings. */
function onConnection(db: Db, work: (conn: Db) => Promise<void>): Promise<void> {
  return db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    await sql`set maintenance_work_mem = '512MB'`.execute(conn);
    await work(conn);
    await sql`reset all`.execute(conn);
  });
}

/** Runs the statements on up to two connections at once (the machine has two cores). */
async function inParallel(db: Db, statements: RawBuilder<unknown>[]): Promise<void> {
  const queue = [...statements];
  const worker = () =>
    onConnection(db, async (conn) => {
      for (let next = queue.shift(); next; next = queue.shift()) await next.execute(conn);
    });
  await Promise.all([worker(), worker()]);
}

/**
 * Fills a freshly migrated database. Recipe ids are 1…recipes (the identity continues after them),
 * created a minute apart going back in time; one in ten has no cook time.
 */
export async function fillBenchDatabase(db: Db, recipes: number, log: (message: string) => void) {
  await sql`insert into users (username, email, password_hash, role)
    select 'bench-' || g, 'bench-' || g || '@example.com', 'not-a-hash', 'user'
    from generate_series(1, ${sql.lit(USERS)}) g`.execute(db);
  await sql`insert into categories (name)
    select 'Bench category ' || g from generate_series(1, ${sql.lit(CATEGORIES)}) g`.execute(db);
  await sql`insert into ingredients (name)
    select (${PANTRY})[1 + g % 20] || ' ' || (g / 20 + 1) from generate_series(0, ${sql.lit(INGREDIENTS - 1)}) g`.execute(
    db,
  );
  const first = async (table: "users" | "categories" | "ingredients") =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.min("id").as("min"))
        .executeTakeFirstOrThrow()
    ).min;
  const [user, category, ingredient] = [
    await first("users"),
    await first("categories"),
    await first("ingredients"),
  ];

  const indexes = (
    await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in (${sql.join(RECIPE_TABLES)})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
  ).rows;
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);

  // Line p of recipe g uses ingredient (7g + 131p) mod 500: eight different ones, and the list of
  // names depends only on 7g mod 500, so the 500 possible lists are joined rather than recomputed.
  const lineIngredient = (sevenG: RawBuilder<number>, p: RawBuilder<number>) =>
    sql<number>`${sql.lit(ingredient)}::int + (${sevenG} + ${p} * 131) % ${sql.lit(INGREDIENTS)}`;
  const t = sql.raw("t");
  await onConnection(db, async (conn) => {
    await sql`insert into recipes (id, user_id, title, description, cook_time_sec, prep_time_sec, servings,
        created_at, updated_at, search_vector) overriding system value
      with names as (
        select k, string_agg(${searchNames}, ' ' order by p) as names
        from generate_series(0, ${sql.lit(INGREDIENTS - 1)}) k cross join generate_series(0, ${sql.lit(LINES - 1)}) p
        join ingredients i on i.id = ${lineIngredient(sql`k`, sql`p`)}
        group by k)
      select g, user_id, title, description, cook_time_sec, prep_time_sec, servings, at, at,
        ${searchVector(sql`t.title`, sql`names.names`, sql`t.description`)}
      from (select g, ${sql.lit(user)}::int + g % ${sql.lit(USERS)} as user_id,
          (${ADJECTIVES})[1 + g % 20] || ' ' || (${FOODS})[1 + (g / 20) % 50] || ' ' || (${DISHES})[1 + (g / 1000) % 10] as title,
          'Generated recipe ' || g || ', a family favourite for busy weeknights.' as description,
          case when g % 10 = 0 then null else (g * 37) % 7200 end as cook_time_sec,
          (g * 13) % 3600 as prep_time_sec, 1 + g % 8 as servings,
          now() - make_interval(mins => ${sql.lit(recipes)} - g) as at
        from generate_series(1, ${sql.lit(recipes)}) g) ${t}
      join names on names.k = (t.g * 7) % ${sql.lit(INGREDIENTS)}`.execute(conn);
    await sql`select setval(pg_get_serial_sequence('recipes', 'id'), ${sql.lit(recipes)})`.execute(conn);
  });
  log(`${recipes} recipes inserted`);

  // The children straight from the series (recipe id g), not by reading the recipes back.
  await inParallel(db, [
    sql`insert into recipe_ingredients (recipe_id, ingredient_id, position, amount_grams, amount_readable)
      select g, ${lineIngredient(sql`g * 7`, sql`p`)}, p, (g + p) % 500 + 0.5, ((g + p) % 5 + 1) || ' cups'
      from generate_series(1, ${sql.lit(recipes)}) g cross join generate_series(0, ${sql.lit(LINES - 1)}) p`,
    sql`insert into recipe_steps (recipe_id, step_number, description)
      select g, s, 'Step ' || s || ': stir everything well, then let it rest for a few minutes.'
      from generate_series(1, ${sql.lit(recipes)}) g cross join generate_series(1, ${sql.lit(STEPS)}) s`,
    sql`insert into recipe_title_words (word, created_at, recipe_id)
      select word, r.created_at, r.id from recipes r cross join unnest(tsvector_to_array(r.title_vector)) word`,
    sql`insert into recipe_categories (recipe_id, category_id)
      select g, ${sql.lit(category)}::int + c.k
      from generate_series(1, ${sql.lit(recipes)}) g
      cross join lateral (values (g % 20), ((g % 20 + 1 + (g / 20) % 19) % 20)) c(k)`,
  ]);
  log("ingredient lines, steps, title words and category links inserted");

  await inParallel(
    db,
    indexes.map((index) => sql.raw(index.definition)),
  );
  log(`${indexes.length} secondary indexes built`);
}
