/**
 * A recipe's history (issue 42, CONTRACT.md: "recipe history…", **History**). Frozen in time like
 * every migration.
 * - `recipe_revisions`: one row per create and per PUT that changed something, numbered from 1 per
 *   recipe (the primary key `(recipe_id, revision)`, read backwards for newest-first pages), gone
 *   with the recipe; `user_id` is who made it (`set null` when that account is deleted), `changes`
 *   the RecipeCreate fields that changed (empty for revision 1), `snapshot` the whole recipe as it was.
 * - `recipe_snapshot(id)`: that snapshot, as the database holds the recipe now: `title`,
 *   `description`, the three times, `servings`, `source_url`, `categories` `[{id, name}]` (by id),
 *   `ingredients` `[{ingredient_id, name, amount_grams, amount_readable}]` (in order) and `steps`
 *   `[{description}]` (in order). Names are kept so a revision still reads after its ingredient or
 *   category is gone (an id is then null when the row never existed here: an imported history).
 * - `recipe_snapshot_changes(before, after)`: the RecipeCreate fields in which two snapshots differ,
 *   in the fields' order; names do not count (renaming an ingredient changes no recipe), nor does a
 *   category without an id (it links nothing).
 * Every recipe that exists gets its revision 1 now, its state by its owner at its last change, so a
 * history is never empty. The functions' bodies are SQL-standard (`return`), so PostgreSQL records
 * the columns they read: a later migration that drops or retypes one of them must replace them.
 */
import { type Kysely, sql } from "kysely";

const statements = `
  create table recipe_revisions (
    recipe_id integer not null references recipes (id) on delete cascade,
    revision integer not null check (revision >= 1),
    user_id integer references users (id) on delete set null,
    changes text[] not null default '{}',
    snapshot jsonb not null check (jsonb_typeof(snapshot) = 'object'),
    created_at timestamptz not null default now(),
    primary key (recipe_id, revision)
  );
  create index recipe_revisions_user_id_idx on recipe_revisions (user_id);

  create function recipe_snapshot(recipe integer) returns jsonb language sql stable
  return (select jsonb_build_object(
    'title', r.title, 'description', r.description, 'cook_time_sec', r.cook_time_sec,
    'prep_time_sec', r.prep_time_sec, 'total_time_sec', r.total_time_sec, 'servings', r.servings,
    'source_url', r.source_url,
    'categories', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name) order by c.id)
      from recipe_categories rc join categories c on c.id = rc.category_id where rc.recipe_id = r.id), '[]'),
    'ingredients', coalesce((select jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id,
        'name', i.name, 'amount_grams', ri.amount_grams, 'amount_readable', ri.amount_readable)
        order by ri.position)
      from recipe_ingredients ri join ingredients i on i.id = ri.ingredient_id where ri.recipe_id = r.id), '[]'),
    'steps', coalesce((select jsonb_agg(jsonb_build_object('description', s.description) order by s.step_number)
      from recipe_steps s where s.recipe_id = r.id), '[]'))
  from recipes r where r.id = recipe);

  create function recipe_snapshot_field(snapshot jsonb, field text) returns jsonb
  language sql immutable parallel safe
  return case field
    when 'category_ids' then (select coalesce(jsonb_agg(c->'id' order by (c->>'id')::int), '[]')
      from jsonb_array_elements(snapshot->'categories') c where c->>'id' is not null)
    when 'ingredients' then (select coalesce(jsonb_agg(l - 'name' order by n), '[]')
      from jsonb_array_elements(snapshot->'ingredients') with ordinality e(l, n))
    else snapshot->field end;

  create function recipe_snapshot_changes(before jsonb, after jsonb) returns text[]
  language sql immutable strict parallel safe
  return array(select f.field
    from unnest(array['title', 'description', 'cook_time_sec', 'prep_time_sec', 'total_time_sec', 'servings',
      'source_url', 'category_ids', 'ingredients', 'steps']) with ordinality f(field, n)
    where recipe_snapshot_field(before, f.field) is distinct from recipe_snapshot_field(after, f.field)
    order by f.n);

  insert into recipe_revisions (recipe_id, revision, user_id, changes, snapshot, created_at)
  select r.id, 1, r.user_id, '{}', recipe_snapshot(r.id), r.updated_at from recipes r
`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table recipe_revisions`.execute(db);
  await sql`drop function recipe_snapshot_changes, recipe_snapshot_field, recipe_snapshot`.execute(db);
}
