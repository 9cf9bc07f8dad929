/**
 * A Paprika export or a file of schema.org recipes (see foreign.ts) imported as the caller's own
 * recipes: each recipe read by the import's parser (the draft `POST /recipes/import` answers, its
 * lines in grams), its ingredients matched by name or created as the caller's, its categories
 * matched by name (created only by an admin; otherwise dropped with a warning), its picture stored
 * through the picture code (checked, re-encoded, with a preview). All in one transaction; pictures
 * written before a failure are deleted again. What did not come in is said per recipe.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Caller, isAdmin } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { AppError, isAppError } from "../errors.ts";
import { sniffFormat } from "../image/format.ts";
import { processPicture } from "../image/process.ts";
import { matchNutrition } from "../ingredient/nutrition.ts";
import { findIngredientsByNames } from "../page-import/repository.ts";
import type { RecipeDraft } from "../page-import/schemas.ts";
import { draftFromSource, readSource } from "../page-import/service.ts";
import { insertRecipe } from "../recipe/repository.ts";
import { recordRevision } from "../recipe/revision-repository.ts";
import type { ForeignRecipe, ForeignUpload } from "./foreign.ts";
import { asArchiveError, emptyCounts, type ImportResult, idsByName, insertOne } from "./import.ts";
import { archiveInvalid } from "./reader.ts";
import { type Bucket, deleteKeys, pictureUrlOfKey, writePicture } from "./storage.ts";

type Counter = (key: string, n?: number) => void;

/** Ingredients and categories by lower-cased name, as this import has found or made them. */
class Catalogue {
  private readonly ingredients = new Map<string, number>();
  private readonly matched = new Set<number>();
  private readonly made = new Set<number>();
  private readonly categories = new Map<string, number | null>();
  /** Categories a non-admin could not create, with the recipes that lost them. */
  readonly dropped = new Map<string, { name: string; recipes: number }>();

  constructor(
    private readonly trx: Db,
    private readonly caller: Caller,
    private readonly count: Counter,
  ) {}

  /** The line's ingredient: the one the parser matched, else one of that name, else a new one of the caller's. */
  async ingredientId(line: RecipeDraft["ingredients"][number]): Promise<number> {
    if (line.ingredient_id !== null) {
      this.noteMatch(line.ingredient_id);
      return line.ingredient_id;
    }
    const key = line.ingredient_name.toLowerCase();
    const known = this.ingredients.get(key);
    if (known !== undefined) return known;
    let id = await insertOne(this.trx, "ingredients", {
      user_id: this.caller.id,
      name: line.ingredient_name,
    });
    if (id === undefined) {
      // The name is taken (by another spelling or the plural): use that row.
      id = (await idsByName(this.trx, "ingredients", [line.ingredient_name])).get(
        line.ingredient_name,
      ) as number;
      this.noteMatch(id);
    } else {
      this.made.add(id);
      await matchNutrition(this.trx, [id]);
      this.count("ingredients");
    }
    this.ingredients.set(key, id);
    return id;
  }

  private noteMatch(id: number) {
    if (this.made.has(id) || this.matched.has(id)) return;
    this.matched.add(id);
    this.count("ingredients_matched");
  }

  /** The categories' ids; a name a non-admin cannot create is dropped (and said once at the end). */
  async categoryIds(names: string[]): Promise<number[]> {
    const missing = names.filter((n) => !this.categories.has(n.toLowerCase()));
    const found = await idsByName(this.trx, "categories", missing);
    const ids: number[] = [];
    for (const name of names) {
      const key = name.toLowerCase();
      if (!this.categories.has(key)) {
        const existing = found.get(name);
        if (existing !== undefined) {
          this.count("categories_matched");
          this.categories.set(key, existing);
        } else if (isAdmin(this.caller)) {
          const id = await insertOne(this.trx, "categories", { name });
          // Undefined: a category of this very import has the name in the plural (`Soup`, `Soups`).
          this.categories.set(key, id ?? (await idsByName(this.trx, "categories", [name])).get(name) ?? null);
          if (id !== undefined) this.count("categories");
        } else {
          this.categories.set(key, null);
        }
      }
      const id = this.categories.get(key);
      if (id !== null && id !== undefined) ids.push(id);
      else {
        const lost = this.dropped.get(key) ?? { name, recipes: 0 };
        this.dropped.set(key, { ...lost, recipes: lost.recipes + 1 });
      }
    }
    return ids;
  }
}

/** Warnings of the draft worth saying after a save: estimates came in and are left out. */
const draftWarnings = (draft: RecipeDraft) =>
  draft.warnings.filter((w) => !/an estimate to check\.$/.test(w));

/**
 * Stores a picture the way the picture routes do (checked and re-encoded, a preview beside it,
 * keys of its own) and sets it on the recipe. A picture that is not a readable image is a warning.
 */
async function attachPicture(
  trx: Db,
  bucket: Bucket,
  recipeId: number,
  bytes: Buffer,
  written: string[],
): Promise<string | undefined> {
  const format = sniffFormat(bytes);
  if (!format) return "its picture is not a JPEG, PNG, WebP or AVIF image";
  let picture: Awaited<ReturnType<typeof processPicture>>;
  try {
    picture = await processPicture({ bytes, format });
  } catch (error) {
    if (isAppError(error)) return `its picture could not be used (${error.message.replace(/\.$/, "")})`;
    throw error;
  }
  const base = `recipes/${recipeId}/${picture.hash.slice(0, 32)}-${randomBytes(8).toString("hex")}`;
  const keys = { img: `${base}.${picture.original.extension}`, preview_img: `${base}-preview.webp` };
  written.push(keys.img, keys.preview_img);
  await writePicture(bucket, keys.img, picture.original.bytes, picture.original.contentType);
  await writePicture(bucket, keys.preview_img, picture.preview.bytes, picture.preview.contentType);
  await sql`update recipes set img = ${pictureUrlOfKey(bucket, keys.img)},
    preview_img = ${pictureUrlOfKey(bucket, keys.preview_img)} where id = ${recipeId}`.execute(trx);
  return undefined;
}

/** True when a string anywhere in the JSON holds a NUL character (walked without recursion: JSON may nest deep). */
function holdsNul(json: unknown): boolean {
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** Saves one recipe as the caller's; returns the sentences about what did not come in. */
async function saveRecipe(
  trx: Db,
  bucket: Bucket,
  caller: Caller,
  catalogue: Catalogue,
  item: ForeignRecipe,
  written: string[],
): Promise<{ warnings: string[]; title: string } | { unreadable: string }> {
  // PostgreSQL's text cannot hold NUL; the draft would carry it into the recipe's columns.
  if (holdsNul(item.json)) return { unreadable: "has a NUL character in its text" };
  let draft: RecipeDraft;
  try {
    draft = await draftFromSource(await readSource({ json: item.json }), undefined, (names) =>
      findIngredientsByNames(trx, names),
    );
  } catch (error) {
    if (isAppError(error)) return { unreadable: "holds no recipe this service can read" };
    throw error;
  }
  const warnings = draftWarnings(draft);
  const ingredients = [];
  for (const line of draft.ingredients) {
    ingredients.push({
      ingredient_id: await catalogue.ingredientId(line),
      amount_grams: line.amount_grams,
      amount_readable: line.amount_readable,
    });
  }
  const id = await insertRecipe(
    trx,
    {
      user_id: caller.id,
      title: draft.title,
      description: draft.description,
      prep_time_sec: draft.prep_time_sec,
      cook_time_sec: draft.cook_time_sec,
      total_time_sec: draft.total_time_sec,
      servings: draft.servings,
      source_url: draft.source_url,
    },
    { category_ids: await catalogue.categoryIds(draft.category_names), ingredients, steps: draft.steps },
  );
  // Its revision 1 (core/recipe/revisions.ts), in the import's transaction.
  await recordRevision(trx, id, caller.id);
  const picture = await item.picture();
  if (picture) {
    const problem = await attachPicture(trx, bucket, id, picture, written);
    if (problem) warnings.push(`${problem.charAt(0).toUpperCase()}${problem.slice(1)}: imported without it.`);
  } else if (draft.image_url) {
    warnings.push(`Its picture at '${draft.image_url}' is not in the upload and was not fetched.`);
  }
  return { warnings, title: draft.title };
}

/** Imports every recipe of the upload as the caller's own; 422 (nothing written) when none can be read. */
export async function importForeign(
  db: Db,
  bucket: Bucket,
  upload: ForeignUpload,
  caller: Caller,
): Promise<ImportResult> {
  const counts = emptyCounts();
  const warnings: string[] = [];
  const written: string[] = [];
  const count: Counter = (key, n = 1) => {
    counts[key] = (counts[key] ?? 0) + n;
  };
  try {
    await transaction(db, async (trx) => {
      const catalogue = new Catalogue(trx, caller, count);
      const owned = await trx
        .selectFrom("recipes")
        .select("title")
        .where("user_id", "=", caller.id)
        .execute();
      const titles = new Set(owned.map((r) => r.title.toLowerCase()));
      const unreadable: string[] = [];
      for await (const item of upload.recipes()) {
        const saved =
          "problem" in item
            ? { unreadable: item.problem }
            : await saveRecipe(trx, bucket, caller, catalogue, item, written);
        if ("unreadable" in saved) {
          unreadable.push(`File '${item.file}' ${saved.unreadable}: it was left out.`);
          continue;
        }
        count("recipes");
        const label = `Recipe '${saved.title}'`;
        if (titles.has(saved.title.toLowerCase())) {
          warnings.push(
            `${label}: you already had a recipe of this title (imported before?); it is now here twice.`,
          );
        }
        titles.add(saved.title.toLowerCase());
        for (const w of saved.warnings) warnings.push(`${label}: ${w}`);
      }
      if (counts.recipes === 0) {
        throw archiveInvalid(
          `${upload.noRecipe}${unreadable[0] ? ` (${unreadable[0].replace(/: it was left out\.$/, "")})` : ""}.`,
        );
      }
      count("pictures", written.length);
      warnings.unshift(...unreadable);
      for (const { name, recipes } of catalogue.dropped.values()) {
        warnings.push(
          `Category '${name}' does not exist here and only an admin may create it: ${recipes} recipe(s) were imported without it.`,
        );
      }
    });
  } catch (error) {
    await deleteKeys(bucket, written).catch(() => undefined);
    throw error instanceof AppError ? error : asArchiveError(error);
  }
  return { counts, warnings };
}
