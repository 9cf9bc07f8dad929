/** What a recipe's row reads as in every answer: the summary columns and its categories. */
import { sql } from "kysely";

export type CategoryRef = { id: number; name: string };

export const summaryColumns = [
  "r.id",
  "r.user_id",
  "r.title",
  "r.description",
  "r.cook_time_sec",
  "r.prep_time_sec",
  "r.total_time_sec",
  "r.servings",
  "r.source_url",
  "r.img",
  "r.preview_img",
  "r.created_at",
  "r.updated_at",
] as const;

// Names are scalar subqueries (one primary-key probe per row) rather than joins: with a handful of
// rows per recipe the planner would otherwise hash the whole catalogue on every read.
export const categoriesJson = sql<CategoryRef[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by lower(c.name), c.id)
  from (select rc.category_id as id, (select name from categories where id = rc.category_id) as name
    from recipe_categories rc where rc.recipe_id = r.id) c), '[]'::json)`;
