import { getDb } from "../../core/db.ts";
import { PageQuery } from "../../core/pagination.ts";
import { listRevisions, RevisionPage } from "../../core/recipe/revisions.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/revisions", {
  summary: "A recipe's history",
  description:
    "Every create and every change of the recipe that changed something, newest first: `revision` " +
    "(from 1, the create), when, who (`user` null when that account was deleted) and `changes`, the " +
    "RecipeCreate fields that changed (empty for revision 1). Whoever may read the recipe. Paginated " +
    "like every list: pass `next_cursor` back as `cursor`.",
  query: PageQuery,
  response: { status: 200, schema: RevisionPage, description: "A page of revisions, newest first." },
  errors: ["bad_request", "not_found"],
  handle: async ({ params, query }) => ok(await listRevisions(getDb(), params.recipe_id, query)),
});
