/**
 * POST /ingredient-lines/parse: what the recipe editor fills in from a line a person types, by the
 * import's own parser, through the real pipeline. Nothing is written.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PARSE_LIMIT } from "../../core/page-import/parse-lines.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, makeIngredient, makeUser, type TestUser, unique } from "../helpers/factories.ts";

let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ({ owner, admin } = await makeCast());
});

const parse = (json: unknown, user: TestUser | null = owner) =>
  api("POST", "/ingredient-lines/parse", { ...(user ? { token: user.token } : {}), json });

describe("POST /ingredient-lines/parse", () => {
  it("reads a line into grams, an ingredient and a note, one item per line in order", async () => {
    const res = await parse({
      lines: ["1 1/2 cups flour, sifted", "2 eggs", "a pinch of salt", "70 g butter"],
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        text: "1 1/2 cups flour, sifted",
        amount_readable: "1 1/2 cups",
        amount_grams: 187.5,
        grams_from: "volume",
        ingredient_id: null,
        ingredient_name: "Flour",
        note: "sifted",
      },
      expect.objectContaining({
        text: "2 eggs",
        amount_readable: "2",
        grams_from: "piece",
        ingredient_name: "Egg",
      }),
      expect.objectContaining({
        text: "a pinch of salt",
        grams_from: expect.any(String),
        ingredient_name: "Salt",
      }),
      expect.objectContaining({
        text: "70 g butter",
        amount_grams: 70,
        grams_from: "mass",
        ingredient_name: "Butter",
      }),
    ]);
  });

  it("matches an existing ingredient ignoring case and plural", async () => {
    // Letters only, ending in a word whose plural adds an s.
    const name = `Zq${unique("")
      .replace(/[^a-z]/gi, "")
      .toLowerCase()}onion`;
    const onion = await makeIngredient({ name, grams_per_piece: 120 });
    const res = await parse({ lines: [`3 ${name.toUpperCase()}S`] });
    expect(res.body.items[0]).toMatchObject({
      ingredient_id: onion.id,
      ingredient_name: name,
      amount_grams: 360,
      grams_from: "piece",
    });
  });

  it("matches by the database's name rule: irregular plurals both ways, one word among several", async () => {
    // A letters-only word no other test uses (one for each name), then the word the plural is about.
    const word = `Zq${unique("")
      .replace(/[^a-z]/gi, "")
      .toLowerCase()}`;
    const stored = ["leaves", "loaves", "halves", "knives", "leaf"].map(
      (last, i) => `${word}${"abcde"[i]} ${last}`,
    );
    const rows = await Promise.all(stored.map((name) => makeIngredient({ name })));
    const typed = ["leaf", "loaf", "half", "knife", "leaves"].map(
      (last, i) => `2 ${stored[i]?.split(" ")[0]?.toLowerCase()} ${last}`,
    );
    const res = await parse({ lines: typed });
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { ingredient_id: number }) => item.ingredient_id)).toEqual(
      rows.map((row) => row.id),
    );
    expect(res.body.items.map((item: { ingredient_name: string }) => item.ingredient_name)).toEqual(stored);
  });

  it("says when it cannot know the grams", async () => {
    const res = await parse({ lines: ["some zqunknownthing"] });
    expect(res.body.items[0]).toMatchObject({ amount_grams: null, grams_from: "unknown" });
  });

  it(`throttles each user after ${PARSE_LIMIT.max} requests a minute (429 with Retry-After), not the others`, async () => {
    const busy = await makeUser();
    for (let i = 0; i < PARSE_LIMIT.max; i += 1)
      expect((await parse({ lines: ["1 egg"] }, busy)).status).toBe(200);
    const refused = await parse({ lines: ["1 egg"] }, busy);
    expect(problem(refused, 429).detail).toMatch(
      /^Too many requests to parse ingredient lines\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await parse({ lines: ["1 egg"] }, owner)).status).toBe(200);
  });

  it("is for users and admins, not visitors", async () => {
    expect((await parse({ lines: ["1 egg"] }, admin)).status).toBe(200);
    expect(problem(await parse({ lines: ["1 egg"] }, null), 401).detail).toBe("Not authenticated.");
  });

  it.each([
    ["no lines", { lines: [] }, "lines"],
    ["101 lines", { lines: Array.from({ length: 101 }, () => "1 egg") }, "lines"],
    ["a line over 500 characters", { lines: ["x".repeat(501)] }, "lines.0"],
    ["a line that is not text", { lines: [5] }, "lines.0"],
    ["an unknown field", { lines: ["1 egg"], servings: 2 }, "servings"],
    ["no body field", {}, "lines"],
  ])("refuses %s with 422 at the field", async (_case, json, path) => {
    expect(problem(await parse(json), 422).errors).toContainEqual(expect.objectContaining({ path }));
  });
});
