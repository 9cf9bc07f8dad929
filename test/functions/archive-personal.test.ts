/**
 * Favourites, ratings and the cooked log in archives: a backup (`all`) carries them and a restore
 * brings them back as they were (ids, days, households included); a user's own export (`mine`) leaves
 * them out (core/archive/format.ts says why), and an archive of format 6 restores with them empty.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCOPE_TABLES } from "../../core/archive/format.ts";
import { upgradeAddsTable } from "../../core/archive/upgrade.ts";
import { type Db, getDb } from "../../core/db.ts";
import { dumpToFile, freshDatabase, restoreFile } from "../fixtures/archives/helpers.ts";
import { api } from "../helpers/api.ts";
import { makeHousehold, makeRecipe, makeUser, type TestUser } from "../helpers/factories.ts";

let cook: TestUser;
let member: TestUser;
const files: string[] = [];

beforeAll(async () => {
  [cook, member] = await Promise.all([makeUser(), makeUser()]);
  const household = await makeHousehold(cook, [member]);
  const recipe = await makeRecipe(member);
  expect((await api("PUT", `/recipes/${recipe.id}/favourite`, { token: cook.token })).status).toBe(204);
  expect(
    (await api("PUT", `/recipes/${recipe.id}/rating`, { token: cook.token, json: { stars: 4 } })).status,
  ).toBe(200);
  const cooked = await api("POST", `/recipes/${recipe.id}/cooked`, {
    token: cook.token,
    json: { date: "2026-07-14", servings: 3, note: "for the neighbours", household_id: household.id },
  });
  expect(cooked.status).toBe(201);
});

afterAll(async () => {
  for (const file of files) await rm(file, { force: true });
});

/** Everyone's favourites, ratings and cooked log, as rows without their timestamps. */
async function personalRows(db: Db) {
  return {
    favourites: await db
      .selectFrom("favourites")
      .select(["user_id", "recipe_id"])
      .orderBy("user_id")
      .execute(),
    ratings: await db
      .selectFrom("ratings")
      .select(["user_id", "recipe_id", "stars"])
      .orderBy("user_id")
      .execute(),
    cooked: await db
      .selectFrom("cooked")
      .select(["id", "recipe_id", "user_id", "servings", "note", "household_id"])
      .select((eb) => eb.cast<string>("date", "text").as("date"))
      .orderBy("id")
      .execute(),
  };
}

describe("archives", () => {
  it("a backup carries favourites, ratings and the cooked log, and a restore brings them back", async () => {
    const before = await personalRows(getDb());
    expect(before.cooked).toContainEqual(
      expect.objectContaining({ user_id: cook.id, date: "2026-07-14", note: "for the neighbours" }),
    );
    const { file, counts } = await dumpToFile(files, "all");
    expect(counts.favourites).toBe(before.favourites.length);
    expect(counts.ratings).toBe(before.ratings.length);
    expect(counts.cooked).toBe(before.cooked.length);
    const database = await freshDatabase();
    try {
      await restoreFile(database.db, file);
      expect(await personalRows(database.db)).toEqual(before);
      // The next entry made there gets an id past the restored ones.
      const { id } = await database.db
        .insertInto("cooked")
        .values({ recipe_id: before.cooked[0]?.recipe_id as number, user_id: cook.id, date: "2026-07-15" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(Math.max(...before.cooked.map((c) => c.id)));
    } finally {
      await database.close();
    }
  });

  it("a user's own export leaves them out; an archive from before them reads them as empty", async () => {
    for (const table of ["favourites", "ratings", "cooked"] as const) {
      expect(SCOPE_TABLES.mine as readonly string[]).not.toContain(table);
      expect(SCOPE_TABLES.all).toContain(table);
      expect(upgradeAddsTable(table, 6)).toBe(true);
      expect(upgradeAddsTable(table, 7)).toBe(false);
    }
    const { counts } = await dumpToFile(files, "mine", cook.id);
    expect(counts).not.toHaveProperty("cooked");
    expect(counts).not.toHaveProperty("favourites");
    expect(counts).not.toHaveProperty("ratings");
  });
});
