/**
 * The upgrade path: an archive written in format version 1 (before 2026-11-24's migrations added
 * users.token_valid_after, ingredient weights, recipes.source_url, shopping lists and the meal plan)
 * restores into today's schema, as it was, ids included. The fixture is frozen: never regenerate it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ARCHIVE_TABLES, FORMAT_VERSION } from "../../core/archive/format.ts";
import { ArchiveReader } from "../../core/archive/reader.ts";
import { restoreArchive } from "../../core/archive/restore.ts";
import { pictureUrlOfKey } from "../../core/archive/storage.ts";
import { upgradeRows } from "../../core/archive/upgrade.ts";
import { getIngredient } from "../../core/ingredient/service.ts";
import { createRecipe, getRecipe } from "../../core/recipe/service.ts";
import { listShelves } from "../../core/shelf/service.ts";
import { getStore } from "../../core/store/service.ts";
import {
  type FreshDatabase,
  freshBucket,
  freshDatabase,
  sha256,
  zipOf,
} from "../fixtures/archives/helpers.ts";
import { unique } from "../helpers/factories.ts";
import { fetchPublic } from "../helpers/image-fixtures.ts";

const FIXTURE = new URL("../fixtures/archives/format-1.zip", import.meta.url);
const PICTURE = "7cb0453332ee9aa4210427f3da1b5c2b28fb72e17f59c35621c58b8e80944057";

let database: FreshDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function open(bytes: Buffer): Promise<ArchiveReader> {
  const file = join(tmpdir(), `${unique("format-1")}.zip`);
  await writeFile(file, bytes);
  return ArchiveReader.open(file);
}

describe("restoring a format-1 archive", () => {
  it("upgrades it on read and restores every row as it was", async () => {
    const reader = await open(await readFile(FIXTURE));
    expect(reader.writtenVersion).toBe(1);
    expect(reader.manifest.format_version).toBe(FORMAT_VERSION);
    database = await freshDatabase();
    const { db } = database;
    const bucket = await freshBucket();
    const counts = await restoreArchive(db, bucket, reader);
    reader.close();
    expect(counts).toMatchObject({
      users: 2,
      recipes: 1,
      shopping_lists: 0,
      meal_plan_entries: 0,
      pictures: 2,
    });

    const recipe = await getRecipe(db, 7);
    expect(recipe).toEqual({
      id: 7,
      user_id: 5,
      title: "Leek soup",
      description: "An old favourite.",
      cook_time_sec: 1500,
      prep_time_sec: 300,
      total_time_sec: null,
      servings: 3,
      source_url: null,
      img: pictureUrlOfKey(bucket, `recipes/7/${PICTURE}.png`),
      preview_img: null,
      categories: [{ id: 3, name: "Soups" }],
      ingredients: [{ ingredient_id: 2, name: "Leek", amount_grams: 541.5, amount_readable: "3 leeks" }],
      steps: [
        { step_number: 1, description: "Sweat the leeks.", timers: [] },
        { step_number: 2, description: "Blend.", timers: [] },
      ],
      created_at: "2025-03-03T10:00:00.123Z",
      updated_at: "2025-03-04T10:00:00.123Z",
      nutrition: null, // no ingredient of a format-1 archive has nutrients
      rating: { average: null, count: 0, mine: null }, // nor ratings
    });
    expect(await getIngredient(db, 2)).toMatchObject({
      name: "Leek",
      user_id: 5,
      grams_per_ml: null,
      grams_per_piece: null,
    });
    expect(await getStore(db, 1)).toMatchObject({ name: "Market", latitude: 48.8566, longitude: 2.3522 });
    expect((await listShelves(db, 1, { limit: 20 })).items).toMatchObject([
      { name: "Aisle 1", ingredient_ids: [2] },
    ]);
    const users = await sql<{ id: number; username: string; token_valid_after: unknown; img: string | null }>`
      select id, username, token_valid_after, img from users order by id`.execute(db);
    expect(users.rows).toEqual([
      { id: 1, username: "ana", token_valid_after: null, img: null },
      {
        id: 5,
        username: "ben",
        token_valid_after: null,
        img: pictureUrlOfKey(bucket, `users/5/${PICTURE}.png`),
      },
    ]);
    // The picture object is back, byte for byte; the search still finds the recipe.
    expect(sha256((await fetchPublic(recipe.img as string)).bytes)).toBe(PICTURE);
    const found = await sql<{ id: number }>`
      select id from recipes where search_vector @@ plainto_tsquery('english', 'leeks')`.execute(db);
    expect(found.rows).toEqual([{ id: 7 }]);
    // Sequences moved past the restored ids.
    const next = await createRecipe(db, { title: "After" }, { id: 5, username: "ben", role: "user" });
    expect(next.id).toBeGreaterThan(7);
  }, 180_000);

  it("needs the upgrade: the same rows labelled as the current format lack its new columns (422)", async () => {
    const original = await open(await readFile(FIXTURE));
    const entries: { name: string; data: Buffer }[] = [];
    const format1 = [
      "users",
      "categories",
      "recipes",
      "ingredients",
      "recipe_ingredients",
      "recipe_steps",
      "recipe_categories",
      "stores",
      "shelves",
      "shelf_ingredients",
    ] as const;
    for (const table of format1) {
      // Raw rows, as written in format 1 (rows() would upgrade them).
      const rows = (await original.rows(table)).map((row) => {
        const { token_valid_after: _a, source_url: _b, grams_per_ml: _c, grams_per_piece: _d, ...rest } = row;
        return rest;
      });
      entries.push({ name: `data/${table}.json`, data: Buffer.from(JSON.stringify(rows)) });
    }
    // Every table format 1 did not have yet, empty: only the new columns are missing.
    for (const { name } of ARCHIVE_TABLES.filter((t) => !(format1 as readonly string[]).includes(t.name))) {
      entries.push({ name: `data/${name}.json`, data: Buffer.from("[]") });
    }
    for (const key of original.imageKeys())
      entries.push({ name: `images/${key}`, data: await original.image(key) });
    original.close();
    const manifest = {
      format: "recipe-service-archive",
      format_version: FORMAT_VERSION,
      service_version: "test",
      created_at: new Date().toISOString(),
      scope: "all",
      counts: {},
      files: Object.fromEntries(entries.map((e) => [e.name, sha256(e.data)])),
    };
    const mislabelled = await open(
      zipOf([...entries, { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) }]),
    );
    database = await freshDatabase();
    await expect(restoreArchive(database.db, await freshBucket(), mislabelled)).rejects.toThrow(
      "The archive is invalid: its table 'users' lacks the column 'token_valid_after'.",
    );
    mislabelled.close();
    const left = await sql<{ n: number }>`select count(*) as n from users`.execute(database.db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  }, 180_000);

  it("fills what each step adds and keeps what a row already says", () => {
    expect(upgradeRows("recipes", [{ id: 1 }], 1)).toEqual([
      { id: 1, source_url: null, total_time_sec: null },
    ]);
    expect(upgradeRows("recipes", [{ id: 1, source_url: "https://a.example/" }], 1)).toEqual([
      { id: 1, source_url: "https://a.example/", total_time_sec: null },
    ]);
    expect(upgradeRows("recipes", [{ id: 1 }], 2)).toEqual([{ id: 1, total_time_sec: null }]);
    expect(upgradeRows("recipes", [{ id: 1, total_time_sec: 600 }], 2)).toEqual([
      { id: 1, total_time_sec: 600 },
    ]);
    expect(upgradeRows("recipes", [{ id: 1 }], FORMAT_VERSION)).toEqual([{ id: 1 }]);
  });
});
