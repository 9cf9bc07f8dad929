import { getDb } from "../../core/db.ts";
import { RecipeListQuery, RecipePage } from "../../core/recipe/schemas.ts";
import { listRecipes } from "../../core/recipe/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/list", {
  summary: "List and search recipes",
  description:
    '`q` searches title, description and ingredient names (web-search syntax: words, "quoted ' +
    'phrases", -excluded). `ingredient_id` may repeat: recipes that use all of them. ' +
    "`max_total_time_sec` bounds the total time: `total_time_sec`, else cook + prep (a missing time counts " +
    "as 0). `sort` is " +
    "`newest` (default), `oldest`, `title`, `cook_time` (recipes without a cook time last), `rating` " +
    "(the best average first, ties newest first, unrated recipes last, newest first) or `last_cooked` " +
    "(the caller's and their households' log: recipes never cooked first, newest first, then the one " +
    "cooked longest ago; a signed-in caller's, 401 for Public); a search " +
    "without `sort` is ordered by relevance. `favourite=true` lists only the caller's favourites, " +
    "`favourite=false` all but them (401 for Public). Each summary carries `rating` (everyone's average " +
    "to 1 decimal, how many rated, the caller's own or null) and, for a signed-in caller, `favourite`, " +
    "`last_cooked` and `times_cooked`. Pages by keyset: pass `next_cursor` back as `cursor` with " +
    "the same filters and sort; a cursor from another sort is a 400.",
  query: RecipeListQuery,
  response: { status: 200, schema: RecipePage, description: "A page of recipe summaries." },
  errors: ["bad_request"],
  handle: async ({ query, caller }) => ok(await listRecipes(getDb(), query, caller)),
});
