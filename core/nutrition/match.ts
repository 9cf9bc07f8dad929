/**
 * An ingredient's food of USDA's SR28 table, by its name in any of the ten languages (issue 41,
 * CONTRACT.md: nutrition): `Zwiebel`, `oignons`, `onions` → `ONIONS,RAW`.
 * - buildFoodNames (at the end of every foods import): each built-in food (core/page-import/foods.ts)
 *   gets its best food of the table (./rank.ts), and every name it has in every language, and the
 *   forms its language's inflections give the head word (`Zwiebeln`, `cebollas`), becomes a row of
 *   `food_names`, keyed by `name_key()`; a name as written wins over an inflected form.
 * - matchFood (when an ingredient is created or renamed): SQL only and ./rank.ts, no lexicon, so the
 *   small functions stay small: `food_names` by the name's key, else the table's descriptions whose
 *   first segments hold the name's words, at most 50, ranked by bestFood.
 */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { nameKey } from "../names.ts";
import { bestFood, type FoodCandidate, PINNED, searchStems } from "./rank.ts";

/** The most descriptions matchFood ranks for a name not in `food_names`. */
const MAX_CANDIDATES = 50;

/** Descriptions whose first two segments contain any of `stems` (lower case). */
async function candidates(db: Db, stems: readonly string[], limit?: number): Promise<FoodCandidate[]> {
  if (stems.length === 0) return [];
  const patterns = stems.map((s) => `%${s.replace(/[\\%_]/g, "\\$&")}%`);
  const result = await sql<FoodCandidate>`
    select id, name from foods
    where lower(split_part(name, ',', 1) || ',' || split_part(name, ',', 2)) like any (${patterns}::text[])
    order by (lower(name) like '%raw%') desc, length(name), id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`.execute(db);
  return result.rows;
}

/** The food of the table an ingredient name means, or undefined. */
export async function matchFood(db: Db, name: string): Promise<FoodCandidate | undefined> {
  if (!name.trim()) return undefined;
  const named = await db
    .selectFrom("food_names")
    .innerJoin("foods", "foods.id", "food_names.food_id")
    .select(["foods.id", "foods.name"])
    .where("food_names.key", "=", nameKey(name))
    .executeTakeFirst();
  if (named) return named;
  return bestFood(await candidates(db, searchStems(name), MAX_CANDIDATES), name);
}

/**
 * Fills `food_names` from the built-in foods and the foods table (see the top of this file); rows of
 * foods no longer matched are replaced. Returns how many names it wrote.
 */
export async function buildFoodNames(db: Db): Promise<number> {
  // The lexicon is only needed here (the import), not by matchFood's small functions.
  const { FOODS } = await import("../page-import/foods.ts");
  const { foodNames, foodRows } = await import("../page-import/lexicon.ts");
  const { FOREIGN } = await import("../words/index.ts");
  const stems = [...new Set(FOODS.flatMap((food) => searchStems(food.name)))];
  const pinned = Object.values(PINNED);
  const all = [
    ...(await candidates(db, stems)),
    ...(await db.selectFrom("foods").select(["id", "name"]).where("id", "in", pinned).execute()),
  ];
  const best = new Map<string, number>();
  const lower = all.map((food) => ({ food, start: food.name.split(",", 2).join(",").toLowerCase() }));
  const near = (name: string) => {
    const own = searchStems(name);
    const pin = PINNED[name.toLowerCase()];
    return lower
      .filter(({ food, start }) => food.id === pin || own.some((s) => start.includes(s)))
      .map(({ food }) => food);
  };
  for (const food of FOODS) {
    const found =
      bestFood(near(food.name), food.name) ??
      food.aliases.map((alias) => bestFood(near(alias), alias)).find((f) => f !== undefined);
    if (found) best.set(food.name, found.id);
  }
  const names: [string, number][] = [];
  for (const food of FOODS) {
    const id = best.get(food.name);
    if (id !== undefined) for (const name of foodNames(food)) names.push([name, id]);
  }
  // The inflected forms of each language's names, after every name as written.
  for (const language of FOREIGN)
    for (const [written, english] of foodRows(language)) {
      const id = best.get(english);
      if (id === undefined) continue;
      for (const name of written.split("|")) {
        const words = name.split(/\s+/);
        const at = language.headFirst ? 0 : words.length - 1;
        const head = words[at] ?? "";
        for (const [lemma, inflected] of language.inflections)
          if (head.toLowerCase().endsWith(lemma) && head.length > lemma.length + 1) {
            const form = [...words];
            form[at] = head.slice(0, head.length - lemma.length) + inflected;
            names.push([form.join(" "), id]);
          }
      }
    }
  await sql`delete from food_names`.execute(db);
  const rows = names.map(([name, food_id]) => ({ name, food_id }));
  const result = await sql<{ key: string }>`
    insert into food_names (key, food_id)
    select key, food_id from (
      select distinct on (key) key, food_id from (
        select name_key(r.name) as key, r.food_id, ord
        from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (name text, food_id integer))
          with ordinality as r(name, food_id, ord)
      ) named where key <> '' order by key, ord
    ) firsts
    on conflict (key) do nothing
    returning key`.execute(db);
  return result.rows.length;
}
