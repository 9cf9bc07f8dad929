/**
 * `npm run nutrition:accuracy -- [--table <ABBREV.xlsx or sr28abxl.zip>] [--lines] [--only TEXT]`:
 * issue 41, item 5. Every page of test/fixtures/nutrition-accuracy (real published recipes whose
 * publisher states the calories per serving; README there) goes through the service's own path on a
 * database of its own (PGlite in memory, migrated, with USDA's SR28 table imported as
 * `npm run nutrition:import` imports it):
 *
 * 1. the page is read as `POST /recipes/import` reads pasted HTML (readSource, draftFromSource: the
 *    lines in grams, existing ingredients found by name);
 * 2. it is saved as the web app saves a reviewed draft: each line without an existing ingredient
 *    gets one created by `ingredient_name` (createIngredient, which matches it to a food of the
 *    table), then the recipe (createRecipe) with the draft's grams and servings;
 * 3. the recipe is read as `GET /recipes/<id>` reads it (getRecipe), and its `nutrition.per_serving`
 *    energy is compared with the calories the page states.
 *
 * Each page runs in a transaction that is rolled back, so no page sees another's ingredients: each is
 * imported into a service whose database holds only the foods table. Printed: a row per page (servings,
 * stated and computed kcal, the error, the coverage, what was missing), then the median absolute error
 * and the share within ±25 % beside the goal (median ≤ 15 %, ≥ 70 % within ±25 %), and MISSED when a
 * figure misses it (exit code 1). A page that gives no computed figure (no servings, nothing known)
 * counts as outside ±25 % and as the largest error in the median. `--lines` also prints each line's
 * grams, ingredient and matched food; `--only TEXT` runs the pages whose file name holds TEXT.
 *
 * The table: `--table`, else NUTRITION_TABLE (a path, or an address with NUTRITION_TABLE_SHA256).
 * Without either the script says how to get USDA's file and stops (exit code 2).
 */

import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Caller } from "../core/auth/caller.ts";
import { type Db, transaction } from "../core/db.ts";
import { IngredientCreate } from "../core/ingredient/schemas.ts";
import { createIngredient, getIngredient } from "../core/ingredient/service.ts";
import { findIngredientsByNames } from "../core/page-import/repository.ts";
import { RecipeImportRequest } from "../core/page-import/schemas.ts";
import { draftFromSource, readSource } from "../core/page-import/service.ts";
import { RecipeCreate } from "../core/recipe/schemas.ts";
import { createRecipe, getRecipe } from "../core/recipe/service.ts";
import { hashPassword } from "../core/user/password.ts";
import { insertUser } from "../core/user/repository.ts";

/** The corpus (README there says where each page comes from). */
export const CORPUS = fileURLToPath(new URL("../test/fixtures/nutrition-accuracy/pages/", import.meta.url));

/** Issue 41's goal: the median absolute error, and the share of pages within ±25 %. */
export const GOAL = { medianError: 0.15, within: 0.25, share: 0.7 } as const;

/** The coverage of the pages the report also sums up on their own (the recipe's grams with nutrients). */
const COVERED = 0.9;

/** One line of a saved page: its grams, its ingredient and the food that ingredient was matched to. */
export type LineResult = {
  text: string;
  grams: number | null;
  ingredient: string;
  /** The food of the table the ingredient's nutrients come from (its id and name), or null. */
  foodId: number | null;
  food: string | null;
};

export type PageResult = {
  page: string;
  /** The page's language (its JSON-LD `inLanguage`, two letters). */
  language: string;
  /** The calories per serving the page states (its JSON-LD `nutrition.calories`). */
  stated: number | null;
  servings: number | null;
  /** `nutrition.per_serving.energy_kcal` of the saved recipe's read. */
  computed: number | null;
  /** (computed − stated) / stated, or null when either is unknown. */
  error: number | null;
  coverage: number | null;
  missing: string[];
  lines: LineResult[];
  /** Why the page has no result (no recipe read, no stated figure). */
  problem?: string;
};

/** The corpus's page files, sorted; `only` keeps those whose name holds it. */
export function corpusPages(only?: string): string[] {
  return readdirSync(CORPUS)
    .filter((name) => name.endsWith(".html") && (!only || name.includes(only)))
    .sort();
}

type JsonObject = Record<string, unknown>;

/** The page's schema.org Recipe from its JSON-LD blocks, or undefined. */
function recipeNode(html: string): JsonObject | undefined {
  const blocks = html.matchAll(/<script[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi);
  const stack: unknown[] = [];
  for (const [, text] of blocks) {
    try {
      stack.push(JSON.parse(text ?? ""));
    } catch {
      // Not this corpus's concern: its pages hold valid JSON-LD.
    }
  }
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === "object") {
      const object = node as JsonObject;
      const type = object["@type"];
      if (type === "Recipe" || (Array.isArray(type) && type.includes("Recipe"))) return object;
      if (object["@graph"]) stack.push(object["@graph"]);
    }
  }
  return undefined;
}

/** The calories per serving a page states (`"590 kcal energie"`, `"494.13 kcal"` → 590, 494.13). */
export function statedKcal(html: string): number | null {
  const nutrition = recipeNode(html)?.nutrition as JsonObject | undefined;
  const calories = nutrition?.calories;
  const match = /\d+(?:[.,]\d+)?/.exec(
    typeof calories === "number" ? String(calories) : String(calories ?? ""),
  );
  return match ? Number(match[0].replace(",", ".")) : null;
}

const languageOf = (html: string) => {
  const tag = recipeNode(html)?.inLanguage ?? /<html[^>]*\slang=["']([^"']+)/i.exec(html)?.[1];
  return typeof tag === "string" ? tag.slice(0, 2).toLowerCase() : "";
};

/** A user of the corpus's own: whoever saves the pages' recipes and their new ingredients. */
export async function corpusUser(db: Db): Promise<Caller> {
  const name = `nutrition-accuracy-${randomBytes(4).toString("hex")}`;
  const user = await insertUser(db, {
    username: name,
    email: `${name}@example.com`,
    password_hash: await hashPassword(randomBytes(24).toString("base64url")),
    role: "user",
  });
  return { id: user.id, username: user.username, role: user.role };
}

/** Thrown to roll a page's transaction back, carrying its result. */
class Measured extends Error {
  constructor(readonly result: PageResult) {
    super("rolled back");
  }
}

/**
 * One page through the service (see the top of this file), in a transaction rolled back at the end.
 * `url` is where the page says it came from (only the draft's source address).
 */
export async function measurePage(db: Db, caller: Caller, page: string): Promise<PageResult> {
  const html = readFileSync(`${CORPUS}${page}`, "utf8");
  const base: PageResult = {
    page,
    language: languageOf(html),
    stated: statedKcal(html),
    servings: null,
    computed: null,
    error: null,
    coverage: null,
    missing: [],
    lines: [],
  };
  try {
    await transaction(db, async (trx) => {
      const request = RecipeImportRequest.parse({ html, url: `https://nutrition-accuracy.example/${page}` });
      const draft = await draftFromSource(await readSource(request), request.url, (names) =>
        findIngredientsByNames(trx, names),
      );
      // As the editor saves a reviewed draft: a new ingredient for each name the service does not have.
      const ingredients = [];
      for (const line of draft.ingredients) {
        let id = line.ingredient_id;
        if (id === null) {
          const [found] = await findIngredientsByNames(trx, [line.ingredient_name]);
          id =
            found?.id ??
            (await createIngredient(trx, IngredientCreate.parse({ name: line.ingredient_name }), caller)).id;
        }
        ingredients.push({
          ingredient_id: id,
          amount_grams: line.amount_grams,
          amount_readable: line.amount_readable.slice(0, 100),
        });
      }
      const input = RecipeCreate.parse({
        title: draft.title,
        servings: draft.servings,
        source_url: draft.source_url,
        ingredients,
        steps: draft.steps,
      });
      const { id } = await createRecipe(trx, input, caller);
      const recipe = await getRecipe(trx, id);
      const lines: LineResult[] = [];
      for (const [i, line] of recipe.ingredients.entries()) {
        const ingredient = await getIngredient(trx, line.ingredient_id);
        lines.push({
          text: draft.ingredients[i]?.text ?? line.amount_readable,
          grams: line.amount_grams,
          ingredient: ingredient.name,
          foodId: ingredient.nutrition_source?.food_id ?? null,
          food: ingredient.nutrition_source?.food_name ?? null,
        });
      }
      const computed = recipe.nutrition?.per_serving?.energy_kcal ?? null;
      throw new Measured({
        ...base,
        servings: recipe.servings,
        computed,
        error: computed === null || !base.stated ? null : (computed - base.stated) / base.stated,
        coverage: recipe.nutrition?.coverage ?? null,
        missing: recipe.nutrition?.missing ?? lines.map((line) => line.ingredient),
        lines,
        ...(base.stated === null ? { problem: "the page states no calories" } : {}),
      });
    });
  } catch (error) {
    if (error instanceof Measured) return error.result;
    return { ...base, problem: error instanceof Error ? error.message : String(error) };
  }
  throw new Error("unreachable: the page's transaction always ends in Measured");
}

export type Summary = {
  pages: number;
  /** Median of |error| over every page; a page without a figure counts as the largest. */
  medianError: number;
  /** Pages within ±25 % of the stated figure. */
  within: number;
  share: number;
  met: boolean;
};

export function summarize(results: readonly PageResult[]): Summary {
  const errors = results
    .map((r) => (r.error === null ? Number.POSITIVE_INFINITY : Math.abs(r.error)))
    .sort((a, b) => a - b);
  const middle = Math.floor(errors.length / 2);
  const medianError =
    errors.length === 0
      ? Number.NaN
      : errors.length % 2
        ? (errors[middle] as number)
        : ((errors[middle - 1] as number) + (errors[middle] as number)) / 2;
  const within = errors.filter((e) => e <= GOAL.within).length;
  const share = results.length === 0 ? 0 : within / results.length;
  return {
    pages: results.length,
    medianError,
    within,
    share,
    met: medianError <= GOAL.medianError && share >= GOAL.share,
  };
}

const percent = (share: number, digits = 1) =>
  Number.isFinite(share) ? `${(share * 100).toFixed(digits)} %` : "—";
const signed = (error: number | null) =>
  error === null ? "—" : `${error > 0 ? "+" : ""}${(error * 100).toFixed(0)} %`;

/** The per-page table, the lines (with `lines`) and the figures beside the goal. */
export function report(results: readonly PageResult[], options: { lines?: boolean } = {}): string {
  const rows = [
    ["page", "servings", "stated kcal", "computed kcal", "error", "coverage", "missing"],
    ...results.map((r) => [
      r.page.replace(/\.html$/, ""),
      r.servings === null ? "—" : String(r.servings),
      r.stated === null ? "—" : String(r.stated),
      r.computed === null ? "—" : String(r.computed),
      signed(r.error),
      r.coverage === null ? "—" : percent(r.coverage, 0),
      r.problem ? `(${r.problem})` : r.missing.join(", "),
    ]),
  ];
  const widths =
    rows[0]?.slice(0, -1).map((_, c) => Math.max(...rows.map((row) => (row[c] ?? "").length))) ?? [];
  const out = rows.map((row) =>
    row.map((cell, c) => (c < widths.length ? cell.padEnd(widths[c] ?? 0) : cell)).join("  "),
  );
  if (options.lines) {
    for (const r of results) {
      out.push("", `${r.page}:`);
      for (const line of r.lines) {
        const grams = line.grams === null ? "? g" : `${line.grams} g`;
        out.push(`  ${line.text}  →  ${grams}  ${line.ingredient}  →  ${line.food ?? "(no food)"}`);
      }
    }
  }
  const s = summarize(results);
  const covered = summarize(results.filter((r) => (r.coverage ?? 0) >= COVERED));
  out.push(
    "",
    `Nutrition accuracy on ${s.pages} pages (test/fixtures/nutrition-accuracy):`,
    `  median error ${percent(s.medianError)}  goal ≤ ${percent(GOAL.medianError, 0)}${s.medianError <= GOAL.medianError ? "" : "  MISSED"}`,
    `  within ±${GOAL.within * 100} %  ${s.within}/${s.pages} = ${percent(s.share)}  goal ≥ ${percent(GOAL.share, 0)}${s.share >= GOAL.share ? "" : "  MISSED"}`,
    `  ${s.met ? "goal met" : "goal missed"}`,
    `  (for reading, not the goal: the ${covered.pages} pages whose coverage is at least ${percent(COVERED, 0)}: ` +
      `median error ${percent(covered.medianError)}, ${covered.within}/${covered.pages} within ±${GOAL.within * 100} %)`,
  );
  return out.join("\n");
}

const USAGE =
  "Usage: npm run nutrition:accuracy -- [--table <ABBREV.xlsx or sr28abxl.zip>] [--lines] [--only TEXT]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      table: { type: "string" },
      lines: { type: "boolean" },
      only: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const { config } = await import("../core/config.ts");
  const { SR28_OFFICIAL_URL } = await import("../core/nutrition/official.ts");
  const { isAddress } = await import("../core/nutrition/download.ts");
  const source = values.table ?? config.nutritionTable.source;
  if (!source || (!isAddress(source) && !existsSync(source))) {
    console.error(
      `${source ? `${source}: there is no such file.` : "No nutrition table given."} The accuracy is measured ` +
        "against USDA's SR28 abbreviated table (public domain): download sr28abxl.zip from " +
        `${SR28_OFFICIAL_URL} (or FoodData Central's "SR Legacy"), then run ` +
        "`npm run nutrition:accuracy -- --table <path to sr28abxl.zip or the ABBREV.xlsx in it>`, " +
        "or set NUTRITION_TABLE to that path.\n" +
        USAGE,
    );
    return 2;
  }
  // A database of its own, whatever DATABASE_URL says: PGlite in memory, as core/db.ts opens it.
  const { PGlite } = await import("@electric-sql/pglite");
  const { Kysely, PGliteDialect } = await import("kysely");
  const { INT8, NUMERIC } = await import("../core/db/pool.ts");
  const { migrateToLatest } = await import("../core/db.ts");
  const { importNutritionTable } = await import("../core/nutrition/import.ts");
  const pglite = new PGlite({ parsers: { [INT8]: Number, [NUMERIC]: Number } });
  const db: Db = new Kysely({ dialect: new PGliteDialect({ pglite }) });
  const started = performance.now();
  const progress = (line: string) =>
    console.error(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);
  try {
    await migrateToLatest(db);
    progress(`importing ${source}`);
    const { count } = await importNutritionTable(
      db,
      { source, sha256: values.table === undefined ? config.nutritionTable.sha256 : undefined },
      { onProgress: (n) => progress(`${n} foods read`) },
    );
    progress(`${count} foods imported; reading the pages`);
    const caller = await corpusUser(db);
    const results: PageResult[] = [];
    for (const page of corpusPages(values.only)) results.push(await measurePage(db, caller, page));
    console.log(report(results, { lines: values.lines ?? false }));
    return summarize(results).met ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
