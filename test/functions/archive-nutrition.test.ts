/**
 * A backup whose ingredients name foods of a table the database restored into lacks (it imported
 * another table, or none yet: the foods table is not archived) restores instead of failing on the
 * foreign key (core/archive/restore.ts, core/ingredient/nutrition.ts dropUnknownFoods): a match to
 * a food not there is forgotten, a person's choice keeps its values as the person's own; with the
 * foods there, every reference stays as it was.
 */
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dumpToArchive } from "../../core/archive/dump.ts";
import { ArchiveReader } from "../../core/archive/reader.ts";
import { restoreArchive } from "../../core/archive/restore.ts";
import { configuredBucket } from "../../core/archive/storage.ts";
import { ArchiveWriter } from "../../core/archive/writer.ts";
import { type Db, getDb } from "../../core/db.ts";
import { importFoods } from "../../core/nutrition/import.ts";
import type { Food } from "../../core/nutrition/sr28.ts";
import { type FreshDatabase, freshBucket, freshDatabase } from "../fixtures/archives/helpers.ts";
import { api } from "../helpers/api.ts";
import { makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { FOODS, loadFoods } from "../helpers/foods.ts";

let owner: TestUser;
let file: string;
let foods: Map<number, Food>;
const ids: Record<"matched" | "picked" | "typed" | "none", number> = {
  matched: 0,
  picked: 0,
  typed: 0,
  none: 0,
};

const create = async (name: string) => {
  const res = await api("POST", "/ingredients", { token: owner.token, json: { name } });
  expect(res.status).toBe(201);
  return res.body.id as number;
};
const put = async (id: number, json: unknown) => {
  const res = await api("PUT", `/ingredients/${id}`, { token: owner.token, json });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  owner = await makeUser();
  foods = await loadFoods();
  ids.matched = await create("Zwiebeln");
  ids.picked = await create(unique("Sweetener"));
  await put(ids.picked, { nutrition_food_id: FOODS.sugar });
  ids.typed = await create(unique("Quark"));
  await put(ids.typed, { nutrients_per_100g: { energy_kcal: 67, protein_g: 12 } });
  ids.none = await create(unique("Gadget"));
  file = join(tmpdir(), `${unique("nutrition-backup")}.zip`);
  const writer = new ArchiveWriter(createWriteStream(file));
  const counts = await dumpToArchive(getDb(), configuredBucket(), writer, { scope: "all" });
  await writer.finish("all", counts);
}, 60_000);

afterAll(async () => {
  await rm(file, { force: true });
});

let database: FreshDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** The nutrition columns of the four ingredients in `db`. */
async function nutritionIn(db: Db) {
  const rows = await db
    .selectFrom("ingredients")
    .select(["id", "nutrients_per_100g", "nutrition_food_id", "nutrition_by"])
    .where("id", "in", Object.values(ids))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, byId.get(id)]));
}

async function restoreInto(db: Db) {
  const reader = await ArchiveReader.open(file);
  try {
    return await restoreArchive(db, await freshBucket(), reader);
  } finally {
    reader.close();
  }
}

describe("restoring a backup with ingredients' nutrition", () => {
  it("restores into a database without the foods: matches forgotten, a person's values kept", async () => {
    const before = await nutritionIn(getDb());
    expect(before.matched).toMatchObject({ nutrition_food_id: FOODS.onion, nutrition_by: "match" });
    expect(before.picked).toMatchObject({ nutrition_food_id: FOODS.sugar, nutrition_by: "person" });

    database = await freshDatabase();
    const counts = await restoreInto(database.db);
    expect(counts.ingredients).toBeGreaterThanOrEqual(4);
    const after = await nutritionIn(database.db);
    expect(after.matched).toEqual({
      id: ids.matched,
      nutrients_per_100g: null,
      nutrition_food_id: null,
      nutrition_by: null,
    });
    // The person chose sugar: its values stay theirs, without the food this database lacks.
    expect(after.picked).toEqual({
      id: ids.picked,
      nutrients_per_100g: before.picked?.nutrients_per_100g,
      nutrition_food_id: null,
      nutrition_by: "person",
    });
    expect(after.picked?.nutrients_per_100g?.energy_kcal).toBe(387);
    expect(after.typed).toEqual(before.typed);
    expect(after.none).toEqual(before.none);
    expect(after.none?.nutrition_by).toBeNull();
  }, 60_000);

  it("keeps every food reference when the database has the foods", async () => {
    const before = await nutritionIn(getDb());
    database = await freshDatabase();
    await importFoods(database.db, [...foods.values()]);
    await restoreInto(database.db);
    expect(await nutritionIn(database.db)).toEqual(before);
  }, 60_000);

  it("matches a forgotten match again against the table the database has", async () => {
    // This database's table lacks ONIONS,RAW but has the other onions: `Zwiebeln` is matched to them.
    database = await freshDatabase();
    await importFoods(
      database.db,
      [...foods.values()].filter((f) => f.id !== FOODS.onion),
    );
    await restoreInto(database.db);
    const after = await nutritionIn(database.db);
    expect(after.matched?.nutrition_by).toBe("match");
    expect(after.matched?.nutrition_food_id).not.toBe(FOODS.onion);
    expect([FOODS.onionBoiled, FOODS.springOnion]).toContain(after.matched?.nutrition_food_id);
    expect(after.picked?.nutrition_food_id).toBe(FOODS.sugar);
  }, 60_000);
});
