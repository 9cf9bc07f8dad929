/**
 * An ingredient's food of USDA's SR28 table, by its name in any of the ten languages (issue 41,
 * CONTRACT.md: nutrition): `Zwiebel`, `oignons`, `onions` → `ONIONS,RAW`.
 * - buildFoodNames (at the end of every foods import): each built-in food (core/page-import/foods.ts)
 *   gets its best food of the table (./rank.ts), and every name it has in every language becomes a
 *   row of `food_names`, keyed by `name_key()` of the name folded (`crème` is `creme`), with where the
 *   page import's lexicon (core/page-import/lexicon.ts) finds it in a longer name: at the end where
 *   the language names the head last (`rode ui`, `Gul lök`, `pork mince`), at the start where it
 *   names it first (`panna fresca liquida`), as the end of one compound word where it compounds
 *   (`Sonnenblumenöl`, `Gemüsebrühe`). The forms the language's inflections give the head word, both
 *   ways (`Zwiebeln` and `Zwiebel`), are rows too when the lexicon reads them as that food; a name as
 *   written wins over an inflected form.
 * - matchFood (when an ingredient is created or renamed): SQL only and ./rank.ts, no lexicon, so the
 *   small functions stay small, in three statements (probesOf): `food_names` by the whole name; a
 *   name of two foods (`Salt and pepper`, `smör eller olivolja`) is its first (`vegetable or
 *   sunflower oil`: `vegetable oil`); else its longest part found where its language finds it
 *   (`unsalted or low-sodium chicken stock`; `SimplyNature Organic Baby Spinach`: brand and marketing
 *   words before the food are not read), else the end of its last word (a compound); then the same
 *   for the words before `from`, `with`, `for` (`Smör från Arla®`), and for the second of two foods
 *   when the first is none known (`Oatly iMat eller vispgrädde`). Words outside the part found that
 *   change the food (`cooked`, `gekocht`, `cuit`, `fat-free`: ./rank.ts QUALIFIER_WORDS) steer it to
 *   that form of the same food (`cooked brown rice`: `RICE,BROWN,LONG-GRAIN,CKD`, ./rank.ts steer),
 *   and a description that says every word of the name wins over a part (`quail egg`). A name none
 *   of this finds: the table's descriptions whose first segments hold its words, ranked by bestFood.
 */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { fold } from "../words/words.ts";
import { bestFood, type FoodCandidate, PINNED, qualifiersOf, says, searchStems, steer } from "./rank.ts";

/** The most descriptions matchFood ranks for a name not in `food_names`. */
const MAX_CANDIDATES = 400;

/** Names whose descriptions matchFoods searches in one statement (a pattern per stem and row). */
const NAMES_PER_SEARCH = 50;

/** The most words of a name read (the lexicon's MAX_NAME_WORDS): the end, or the start, of a longer one. */
const MAX_WORDS = 16;

/**
 * Words that join two foods in a name, in the ten languages (the lexicon's `and` words, and `or`):
 * not Dutch `en` and `of`, which are French, Spanish and English words within a food's name.
 */
const JOINS = new Set([
  "and",
  "or",
  "&",
  "und",
  "oder",
  "et",
  "ou",
  "y",
  "o",
  "e",
  "u",
  "och",
  "eller",
  "og",
]);

/**
 * Words that end a food's name in a language that names the head last, before its maker, what comes
 * with it or what it is for: `from`, `with`, `for` in the languages that name the head last (the
 * others name it first: their starts find it).
 */
const AFTER_FOOD = new Set([
  ...["from", "with", "for", "von", "aus", "mit", "fur", "van", "uit", "met", "voor"],
  ...["fran", "fra", "med", "till", "til"],
]);

/** A word of a name: from letter or digit to letter or digit, `'` and `-` within. */
const WORD = /[\p{L}\p{N}&]+(?:['-][\p{L}\p{N}]+)*/gu;

/** A name's words for the lookups: folded (`Crème` → `creme`). */
export const wordsOfName = (name: string): string[] => fold(name).match(WORD) ?? [];

/** Where a part of a name is looked for: the whole name, its end, its start, the end of its last word. */
type Where = "whole" | "end" | "start" | "compound";

/**
 * A name as the food it names is looked for, in order (see the top of this file): the whole, its
 * first food when it names two, then ever shorter parts (the end before the start of a length), then
 * the ends of its last word, longest first; the same for the words before `from`…, and for the second
 * of two foods. Each with the words of the name it leaves out (their qualifiers steer the food).
 */
export function probesOf(name: string): { text: string; where: Where; rest: string[] }[] {
  // The words as written (lower case), folded where they are compared: an end of a compound is
  // told by its letters as written (`öl`).
  const every = name.toLowerCase().match(WORD) ?? [];
  const probes: { text: string; where: Where; rest: string[] }[] = [];
  if (every.length === 0) return probes;
  probes.push({ text: every.map(fold).join(" "), where: "whole", rest: [] });
  // A number names no food (`Syrad grädde 30%`), but is part of a whole name (`Type 405`).
  const written = every.filter((w) => !/^\p{N}+$/u.test(w));
  const all = written.map(fold);
  if (all.length === 0) return probes;
  if (written.length < every.length) probes.push({ text: all.join(" "), where: "whole", rest: [] });
  let words = all;
  const join = all.findIndex((w, i) => i > 0 && JOINS.has(w));
  if (join > 0) {
    const [first, second] = [all.slice(0, join), all.slice(join + 1)];
    // `vegetable or sunflower oil`: one word before the join shares the head after it.
    words = first.length === 1 && second.length > 1 ? [...first, ...second.slice(1)] : first;
    probes.push({ text: words.join(" "), where: "whole", rest: [] });
  }
  const parts = (words: string[], last: string) => {
    const n = words.length;
    for (let size = n - 1; size > 0; size -= 1) {
      if (n - size <= MAX_WORDS)
        probes.push({ text: words.slice(n - size).join(" "), where: "end", rest: words.slice(0, n - size) });
      if (size <= MAX_WORDS)
        probes.push({ text: words.slice(0, size).join(" "), where: "start", rest: words.slice(size) });
    }
    // The lexicon's rule (byCompound): at least three letters before the end, at least two in it; an
    // end of two letters only when it is no English word's (`öl` of `Sonnenblumenöl`, not `te`).
    for (let at = 3; at <= last.length - 2; at += 1) {
      const end = last.slice(at);
      if (end.length >= 3 || /[^a-z]/.test(end))
        probes.push({
          text: fold(end),
          where: "compound",
          rest: [...words.slice(0, n - 1), fold(last.slice(0, at))],
        });
    }
  };
  parts(words, join > 0 && words.length === join ? (written[join - 1] ?? "") : (written.at(-1) ?? ""));
  // A food named before `from`, `with` (`Smör från Arla`, `räkor med skal`): the words before it.
  const cut = words.findIndex((w, i) => i > 0 && AFTER_FOOD.has(w));
  if (cut > 0) {
    const before = words.slice(0, cut);
    probes.push({ text: before.join(" "), where: "whole", rest: words.slice(cut) });
    parts(before, written[all.indexOf(words[cut - 1] ?? "")] ?? "");
  }
  // Two foods of which the first is none known (`Oatly iMat eller vispgrädde`): the second.
  if (join > 0 && join < all.length - 1) {
    const second = all.slice(join + 1);
    probes.push({ text: second.join(" "), where: "whole", rest: [] });
    parts(second, written.at(-1) ?? "");
  }
  return probes;
}

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
  return (await matchFoods(db, [name]))[0];
}

/**
 * The food each name means (undefined where none), in the order given, by the rules at the top of
 * this file: one statement for the names' parts in `food_names`, one for the forms of the foods
 * found that the names' other words ask for, one per NAMES_PER_SEARCH names found in neither for the
 * descriptions that hold their words (at most MAX_CANDIDATES each, in the order candidates() gives):
 * a whole recipe's lines cost about what one name does.
 */
export async function matchFoods(db: Db, names: readonly string[]): Promise<(FoodCandidate | undefined)[]> {
  const asked = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  if (asked.length === 0) return names.map(() => undefined);
  const probes = asked.map((name) => probesOf(name));
  const rows = probes.flatMap((list, name) =>
    list.map(({ text, where }, ord) => ({ name, ord, text, where })),
  );
  const named = await sql<FoodCandidate & { name_index: number; ord: number }>`
    select distinct on (p.name) p.name as name_index, p.ord, f.id, f.name
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as p(name integer, ord integer, text text, "where" text)
    join food_names fn on fn.key = name_key(p.text) and case p."where"
      when 'whole' then true when 'end' then fn.at_end when 'start' then fn.at_start else fn.in_compound end
    join foods f on f.id = fn.food_id
    order by p.name, p.ord`.execute(db);
  const found = new Map<string, FoodCandidate | undefined>();
  /**
   * Names whose whole is no name of `food_names`, with the words left out of the part found: a
   * description that says all their words (and so holds those) wins.
   */
  const partial = new Map<string, string[]>();
  // The found foods the names' other words ask another form of (`cooked`): the foods of their kind.
  const asking: { name: string; base: FoodCandidate; qualifiers: string[] }[] = [];
  for (const { name_index, ord, id, name: food } of named.rows) {
    const name = asked[name_index] ?? "";
    const base = { id, name: food };
    found.set(name, base);
    const probe = probes[name_index]?.[ord];
    if (probe && probe.where !== "whole") partial.set(name, probe.rest);
    const qualifiers = qualifiersOf(probe?.rest ?? []);
    if (qualifiers.length > 0) asking.push({ name, base, qualifiers });
  }
  if (asking.length > 0) {
    const kinds = [...new Set(asking.map(({ base }) => kindOf(base.name)))];
    const all = await sql<FoodCandidate>`
      select id, name from foods where lower(split_part(name, ',', 1)) = any (${kinds}::text[])`.execute(db);
    for (const { name, base, qualifiers } of asking) {
      const kind = kindOf(base.name);
      found.set(
        name,
        steer(
          base,
          all.rows.filter((food) => kindOf(food.name) === kind),
          qualifiers,
        ),
      );
    }
  }
  const rest = asked.filter((name) => !found.has(name) || partial.has(name));
  for (let at = 0; at < rest.length; at += NAMES_PER_SEARCH) {
    const batch = rest.slice(at, at + NAMES_PER_SEARCH).map((name) => {
      // A name of two foods, or with `from`, `for`…, is searched as its first food (probesOf's
      // second whole name).
      const probe = probesOf(name)
        .slice(1)
        .find((p) => p.where === "whole");
      return { name, search: probe?.text ?? name };
    });
    // A part found: only the descriptions that hold a word left out of it (fewer rows to rank).
    const stems = batch.map(({ name, search }) => searchStems(partial.get(name)?.join(" ") ?? search));
    const all = await candidates(db, [...new Set(stems.flat())]);
    // The first two segments, as candidates() matches them, for each name's own share of the rows.
    const starts = all.map((food) => food.name.split(",", 2).join(",").toLowerCase());
    batch.forEach(({ name, search }, i) => {
      const own = stems[i] ?? [];
      const near = all.filter((_, n) => own.some((s) => starts[n]?.includes(s))).slice(0, MAX_CANDIDATES);
      const food = bestFood(near, search);
      // A part of the name found in `food_names` gives way to a description that says all of it
      // (`quail egg`: `EGG,QUAIL,…`, not the egg).
      if (!partial.has(name)) found.set(name, food);
      else if (food && says(food, search) && !says(found.get(name) ?? food, search)) found.set(name, food);
    });
  }
  return names.map((name) => found.get(name.trim()));
}

/** A description's first segment, lower case: the foods of one kind (`RICE`). */
const kindOf = (description: string): string => (description.split(",", 1)[0] ?? "").toLowerCase();

type NameRow = { name: string; food_id: number; at_end: boolean; at_start: boolean; in_compound: boolean };

/**
 * Fills `food_names` from the built-in foods and the foods table (see the top of this file); rows of
 * foods no longer matched are replaced. Returns how many names it wrote.
 */
export async function buildFoodNames(db: Db): Promise<number> {
  // The lexicon is only needed here (the import), not by matchFood's small functions.
  const { FOODS } = await import("../page-import/foods.ts");
  const { foodRows, lexiconOf } = await import("../page-import/lexicon.ts");
  const { FOREIGN } = await import("../words/index.ts");
  const { wordsOf } = await import("../words/words.ts");
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
  const foreign = FOREIGN.flatMap((language) =>
    foodRows(language).flatMap(([written, english]) => {
      const id = best.get(english);
      return id === undefined ? [] : wordsOf(written).map((name) => ({ language, name, english, id }));
    }),
  );
  const where = (language: (typeof FOREIGN)[number], name: string) => ({
    at_end: !language.headFirst,
    at_start: language.headFirst,
    in_compound: language.compounds && !/\s/.test(name.trim()),
  });
  // Food by food (the first food of a key keeps it: pt `batata` is the Potato, es `batata` a sweet
  // one): its English names, whose head is last and which have no compounds, then its other names.
  const byFood = new Map<string, typeof foreign>();
  for (const row of foreign) byFood.set(row.english, [...(byFood.get(row.english) ?? []), row]);
  const names: NameRow[] = [];
  for (const food of FOODS) {
    const id = best.get(food.name);
    if (id === undefined) continue;
    for (const name of [food.name, ...food.aliases])
      names.push({ name, food_id: id, at_end: true, at_start: false, in_compound: false });
    for (const row of byFood.get(food.name) ?? [])
      names.push({ name: row.name, food_id: id, ...where(row.language, row.name) });
  }
  // The inflected forms of each name's head word, both ways, that the language's lexicon reads as
  // that food (`Zwiebel` of `Zwiebeln`, `Tomaten` of `Tomate`), after every name as written.
  for (const { language, name, english, id } of foreign) {
    const words = name.split(/\s+/);
    const at = language.headFirst ? 0 : words.length - 1;
    const head = words[at] ?? "";
    const lexicon = lexiconOf(language.code);
    for (const [lemma, inflected] of language.inflections)
      for (const [from, to] of [
        [lemma, inflected],
        [inflected, lemma],
      ] as const) {
        if (from === to || !head.toLowerCase().endsWith(from) || head.length - from.length < 2) continue;
        const form = [...words];
        form[at] = head.slice(0, head.length - from.length) + to;
        const text = form.join(" ");
        if (lexicon.findFood(text)?.name === english)
          names.push({ name: text, food_id: id, ...where(language, text) });
      }
  }
  await sql`delete from food_names`.execute(db);
  const rows = names.map((row) => ({ ...row, name: wordsOfName(row.name).join(" ") }));
  // The first row of a key decides its food; where it is found is every place its rows of that food say.
  const result = await sql<{ key: string }>`
    insert into food_names (key, food_id, at_end, at_start, in_compound)
    select r.key, r.food_id, bool_or(r.at_end), bool_or(r.at_start), bool_or(r.in_compound)
    from (
      select name_key(name) as key, food_id, at_end, at_start, in_compound, ord
      from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as (name text, food_id integer, at_end boolean, at_start boolean, in_compound boolean))
        with ordinality as r(name, food_id, at_end, at_start, in_compound, ord)
    ) r
    join (
      select distinct on (name_key(name)) name_key(name) as key, food_id
      from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (name text, food_id integer))
        with ordinality as f(name, food_id, ord)
      order by name_key(name), ord
    ) firsts on firsts.key = r.key and firsts.food_id = r.food_id
    where r.key <> ''
    group by r.key, r.food_id
    on conflict (key) do nothing
    returning key`.execute(db);
  return result.rows.length;
}
