/**
 * `npm run nutrition:accuracy` (scripts/nutrition-accuracy.ts): the corpus is what its README says
 * (31 pages stating calories and servings, in several languages, each listed there), and the script's
 * core run on three of its pages against the shared copy of USDA's table reports what the service
 * computes: the saved recipe's energy per serving, equal to the grams × the matched foods' energy
 * read back from the database, with nothing left behind. The figures and the goal are the script's to
 * print (it is not run whole here: 31 pages are for the person measuring).
 */
import { existsSync, readFileSync } from "node:fs";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { importNutritionTable } from "../../core/nutrition/import.ts";
import {
  CORPUS,
  corpusPages,
  corpusUser,
  measurePage,
  type PageResult,
  report,
  statedKcal,
  summarize,
} from "../../scripts/nutrition-accuracy.ts";
import { ABBREV_XLSX } from "../core/nutrition/workbook.ts";

const BURGERS = "06-en-budgetbytes-smash-burgers.html";
const POTATO_SALAD = "23-no-matprat-potetsalat.html";
const SALMON = "28-fr-cuisineaz-saumon-au-four.html";

let caller: Caller;

beforeAll(async () => {
  if (!existsSync(ABBREV_XLSX)) {
    throw new Error(
      `USDA's SR28 workbook is not at ${ABBREV_XLSX}: this test reads the shared copy (../shared/data/nutrition, ` +
        "never copied into the project). Put ABBREV.xlsx there (from sr28abxl.zip, USDA's official download).",
    );
  }
  await importNutritionTable(getDb(), { source: ABBREV_XLSX });
  caller = await corpusUser(getDb());
}, 60_000);

const count = async (table: "recipes" | "ingredients") =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(getDb())).rows[0]?.n,
  );

describe("the nutrition-accuracy corpus", () => {
  const pages = corpusPages();

  it("holds at least 30 pages in at least 5 languages, each stating calories and servings, each in the README", () => {
    expect(pages.length).toBeGreaterThanOrEqual(30);
    const readme = readFileSync(`${CORPUS}../README.md`, "utf8");
    const languages = new Set<string>();
    for (const page of pages) {
      const html = readFileSync(`${CORPUS}${page}`, "utf8");
      expect(statedKcal(html), page).toBeGreaterThan(0);
      expect(html, page).toMatch(/"recipeYield": "\d+ /);
      expect(readme, page).toContain(`\`${page}\``);
      languages.add(page.slice(3, 5));
    }
    expect(languages.size).toBeGreaterThanOrEqual(5);
  });

  it("reads the stated figure as the page writes it", () => {
    const page = (calories: string) =>
      `<script type="application/ld+json">{"@graph":[{"@type":"Recipe","nutrition":{"calories":"${calories}"}}]}</script>`;
    expect(statedKcal(page("590 kcal energie"))).toBe(590);
    expect(statedKcal(page("494.13 kcal"))).toBe(494.13);
    expect(statedKcal(page("281,5 kcal"))).toBe(281.5);
    expect(statedKcal("<p>no recipe</p>")).toBeNull();
  });
});

describe("measurePage", () => {
  it("reports the saved recipe's energy per serving, from the grams and the matched foods", {
    timeout: 60_000,
  }, async () => {
    const before = { recipes: await count("recipes"), ingredients: await count("ingredients") };
    const results: PageResult[] = [];
    for (const page of [BURGERS, POTATO_SALAD, SALMON])
      results.push(await measurePage(getDb(), caller, page));
    for (const r of results) {
      expect(r.problem, r.page).toBeUndefined();
      expect(r.computed, r.page).not.toBeNull();
      expect(r.error).toBeCloseTo(((r.computed ?? 0) - (r.stated ?? 0)) / (r.stated ?? 1), 10);
      // The same figure from the foods table: each line's grams × its matched food's kcal per 100 g.
      let kcal = 0;
      for (const line of r.lines) {
        if (line.grams === null || line.foodId === null) continue;
        const food = await sql<{ energy_kcal: number | null }>`
          select energy_kcal from foods where id = ${line.foodId}`.execute(getDb());
        kcal += (line.grams * Number(food.rows[0]?.energy_kcal ?? 0)) / 100;
      }
      expect(Math.abs((r.computed ?? 0) - kcal / (r.servings ?? 1)), r.page).toBeLessThanOrEqual(1);
      for (const name of r.missing) expect(r.lines.map((line) => line.ingredient)).toContain(name);
    }
    const [burgers, salad, salmon] = results;
    expect(burgers).toMatchObject({ language: "en", stated: 516, servings: 4 });
    expect(salad).toMatchObject({ language: "nb", stated: 212, servings: 6 });
    expect(salmon).toMatchObject({ language: "fr", stated: 339, servings: 4 });
    // Beef, butter, buns, lettuce, tomato, onion: every weighed line has a food, and the figure is near the page's.
    expect(burgers?.coverage).toBe(1);
    expect(Math.abs(burgers?.error ?? 1)).toBeLessThanOrEqual(0.25);
    // Each page ran in a transaction that was rolled back.
    expect({ recipes: await count("recipes"), ingredients: await count("ingredients") }).toEqual(before);
  });
});

describe("summarize and report", () => {
  /** A page stating 100 kcal whose recipe computes `computed`. */
  const result = (page: string, computed: number | null): PageResult => ({
    page,
    language: "en",
    stated: 100,
    servings: 4,
    computed,
    error: computed === null ? null : (computed - 100) / 100,
    coverage: computed === null ? null : 1,
    missing: [],
    lines: [],
  });

  it("takes the median of the absolute errors, a page without a figure counting as the largest", () => {
    const s = summarize([result("a", 110), result("b", 70), result("c", null), result("d", 105)]);
    expect(s.medianError).toBeCloseTo((0.1 + 0.3) / 2, 10);
    expect(s).toMatchObject({ pages: 4, within: 2, share: 0.5, met: false });
    expect(summarize([result("a", 110), result("b", 88), result("c", 105)])).toMatchObject({ met: true });
    // Median 12 % but only 2 of 3 within ±25 %: missed.
    expect(summarize([result("a", 110), result("b", 88), result("c", 130)])).toMatchObject({ met: false });
  });

  it("prints each page, the figures beside the goal and MISSED when missed", () => {
    const text = report([result("01-en-pie.html", 110), result("02-en-stew.html", null)]);
    expect(text).toMatch(/^01-en-pie\s+4\s+100\s+110\s+\+10 %\s+100 %/m);
    expect(text).toMatch(/^02-en-stew\s+4\s+100\s+—\s+—\s+—/m);
    expect(text).toContain("median error — ");
    expect(text).toMatch(/within ±25 %\s+1\/2 = 50\.0 %\s+goal ≥ 70 %\s+MISSED/);
    expect(text).toContain("goal missed");
  });
});
