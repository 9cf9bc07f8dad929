/**
 * Ranked search: title matches first, then matches in ingredient names or description, newest
 * first within each; every page exact whether its rows come from the walk over the newest recipes
 * or from the index lookup beyond it (a small walk makes the tests cross that edge often).
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { toPage } from "../../core/pagination.ts";
import {
  decodeRecipeCursor,
  type RecipeFilters,
  recipeListQuery,
  titleWordToWalk,
} from "../../core/recipe/list-query.ts";
import type { RecipeRead } from "../../core/recipe/schemas.ts";
import { removeRecipe, updateRecipe } from "../../core/recipe/service.ts";
import { makeCategory, makeIngredient, makeRecipe, makeUser } from "../helpers/factories.ts";

/** A word no other test uses, made of letters only so the text search keeps it whole. */
function marker(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = "zq";
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** Every page of a relevance search, `limit` rows at a time, with the given walk size. */
async function walk(filters: RecipeFilters, limit: number, window: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const after: ReturnType<typeof decodeRecipeCursor> | undefined = cursor
      ? decodeRecipeCursor("relevance", cursor)
      : undefined;
    const query = await recipeListQuery(getDb(), filters, "relevance", after, limit, window);
    const rows: { id: number; sort_key: string | number }[] = await query.execute();
    const page = toPage(rows, limit, (row) => ["relevance", row.sort_key, row.id]);
    ids.push(...page.items.map((row) => row.id));
    cursor = page.next_cursor;
    if (!cursor) return ids;
  }
  throw new Error("pagination did not end");
}

describe("relevance search", () => {
  it("serves title matches, then the others, newest first, each exactly once whatever the walk size", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const word = marker();
    const spice = await makeIngredient({ name: `${word} spice ${marker()}` });
    const soup = await makeCategory();
    const line = { ingredient_id: spice.id, amount_grams: 1, amount_readable: "a pinch" };
    // Interleaved: title matches, description and ingredient matches, and recipes that do not match.
    const specs = [
      { title: `Old ${word} pie`, category_ids: [soup.id] },
      { title: "Plain one", description: `Some ${word} here.` },
      { title: "Unrelated" },
      { title: "Spiced", ingredients: [line], category_ids: [soup.id] },
      { title: `${word} and ${word}` },
      { title: "Nothing", description: "at all" },
      { title: "Plain two", description: word, category_ids: [soup.id] },
      { title: `New ${word} tart`, description: word },
      { title: "Plain three", ingredients: [line] },
    ];
    const made: RecipeRead[] = [];
    for (const spec of specs) made.push(await makeRecipe(user, spec));
    const others = await makeRecipe(other, { title: `Someone else's ${word}` });

    const titled = made.filter((r) => r.title.includes(word)).map((r) => r.id);
    const rest = made
      .filter((r) => !r.title.includes(word) && (r.description?.includes(word) || r.ingredients.length > 0))
      .map((r) => r.id);
    const expected = [...titled.reverse(), ...rest.reverse()];
    expect(expected).toHaveLength(7);

    // Tier 0 walks the word's rows in recipe_title_words; with ?user_id=, or when no word is
    // required (`or` and a word no recipe has), the newest recipes. The same pages every way.
    const searches: [RecipeFilters, number[]][] = [];
    for (const q of [word, `${word} or ${marker()}`]) {
      searches.push([{ q }, [others.id, ...expected]], [{ q, user_id: user.id }, expected]);
    }
    for (const [filters, ids] of searches) {
      for (const window of [1, 2, 3, 5, 1000]) {
        for (const limit of [1, 2, 3, 100]) {
          const label = `${JSON.stringify(filters)}: limit ${limit}, walk ${window}`;
          expect(await walk(filters, limit, window), label).toEqual(ids);
        }
      }
    }
    // Other filters apply after the walk.
    const inSoup = made.filter((r) => r.categories.some((c) => c.id === soup.id)).map((r) => r.id);
    expect(await walk({ q: word, category_id: soup.id }, 1, 2)).toEqual(
      expected.filter((id) => inSoup.includes(id)),
    );
  });
});

describe("the title word a search walks", () => {
  it("is a word every matching title holds, and none when no word is required", async () => {
    const db = getDb();
    const [a, b] = [marker(), marker()];
    expect(await titleWordToWalk(db, a)).toBe(a);
    expect([a, b]).toContain(await titleWordToWalk(db, `${a} ${b}`));
    expect([a, b]).toContain(await titleWordToWalk(db, `"${a} ${b}"`));
    expect(await titleWordToWalk(db, `the ${a}`)).toBe(a);
    expect(await titleWordToWalk(db, `${a} or ${b}`)).toBeUndefined();
    expect(await titleWordToWalk(db, `${a} -${b}`)).toBeUndefined();
    expect(await titleWordToWalk(db, `-${a}`)).toBeUndefined();
    expect(await titleWordToWalk(db, "the and")).toBeUndefined();
    // Stemmed as the titles are: "Pies" is found by the rows of "pie".
    expect(await titleWordToWalk(db, `${a} Pies`)).toMatch(new RegExp(`^(${a}|pie)$`));
  });

  it("has its rows kept by the database as titles are written, changed and deleted", async () => {
    const db = getDb();
    const user = await makeUser();
    const [first, second] = [marker(), marker()];
    const rowsOf = async (id: number) =>
      (
        await db
          .selectFrom("recipe_title_words")
          .select(["word", "created_at"])
          .where("recipe_id", "=", id)
          .orderBy("word")
          .execute()
      ).map((row) => row.word);

    const caller = { id: user.id, username: user.username, role: user.role };
    const recipe = await makeRecipe(user, { title: `Smoked ${first} Pies` });
    expect(await rowsOf(recipe.id)).toEqual([first, "pie", "smoke"].sort());
    await updateRecipe(db, recipe.id, { description: "Only the description." }, caller);
    expect(await rowsOf(recipe.id)).toEqual([first, "pie", "smoke"].sort());
    await updateRecipe(db, recipe.id, { title: `${second} tart` }, caller);
    expect(await rowsOf(recipe.id)).toEqual([second, "tart"].sort());
    expect(await walk({ q: first }, 10, 10)).toEqual([]);
    expect(await walk({ q: second }, 10, 10)).toEqual([recipe.id]);
    await removeRecipe(db, recipe.id, caller);
    expect(await rowsOf(recipe.id)).toEqual([]);
    // Deleting a user deletes their recipes (a cascade), and their words with them.
    const leaving = await makeUser();
    const theirs = await makeRecipe(leaving, { title: `${first} stew` });
    expect(await rowsOf(theirs.id)).toEqual([first, "stew"].sort());
    await db.deleteFrom("users").where("id", "=", leaving.id).execute();
    expect(await rowsOf(theirs.id)).toEqual([]);
  });
});
