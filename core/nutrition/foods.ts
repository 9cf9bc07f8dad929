/**
 * `GET /foods` (CONTRACT.md: nutrition): the foods table searched as the matcher reads a name, for a
 * person choosing another food for an ingredient. First the food the matcher gives `q` (by its name
 * in any of the ten languages: `Zwiebel`), then, in name order, the other foods of its kind (the same
 * first segment: `ONIONS,SPRING OR SCALLIONS,RAW`…) and every description that holds each word of
 * `q` (as the table may abbreviate it: `wheat flour` finds `WHEAT FLR,…`). Without `q`, every food.
 */
import * as z from "zod/mini";
import type { Db } from "../db.ts";
import { decodeCursor, type Page, toPage } from "../pagination.ts";
import { matchFood } from "./match.ts";
import { nameWords, searchStems } from "./rank.ts";
import { type FoodRead, type FoodSearch, selectFoods } from "./repository.ts";
import type { FoodListQuery } from "./schemas.ts";

const FoodCursor = z.tuple([z.number().check(z.int()), z.string(), z.number().check(z.int())]);

/** One page of foods (see the top of this file); `lang` changes nothing: names are read in all ten languages. */
export async function listFoods(db: Db, query: FoodListQuery): Promise<Page<FoodRead>> {
  const after = query.cursor ? decodeCursor(query.cursor, FoodCursor) : undefined;
  let search: FoodSearch | undefined;
  if (query.q) {
    const match = await matchFood(db, query.q);
    search = {
      words: nameWords(query.q).map((word) => searchStems(word)),
      ...(match ? { match: { id: match.id, kind: match.name.split(",", 1)[0] ?? match.name } } : {}),
    };
  }
  const rows = await selectFoods(db, {
    limit: query.limit + 1,
    ...(after ? { after } : {}),
    ...(search ? { search } : {}),
  });
  const page = toPage(rows, query.limit, (row) => [row.rank, row.name, row.id]);
  return {
    ...page,
    items: page.items.map(({ id, name, nutrients_per_100g }) => ({ id, name, nutrients_per_100g })),
  };
}
