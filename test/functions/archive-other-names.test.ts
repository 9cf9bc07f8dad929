/**
 * Ingredients' other names in archives (format 8): a backup carries them and a restore brings them
 * back; a user's own export carries those of its ingredients, and importing it into another account
 * gives the ingredients it creates their other names, while an ingredient matched by one of this
 * instance's other names (`Zucker` → its Sugar) is used as it is. An archive from before (format 7)
 * reads the table as empty.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importArchive } from "../../core/archive/import.ts";
import { ArchiveReader } from "../../core/archive/reader.ts";
import { upgradeAddsTable } from "../../core/archive/upgrade.ts";
import { type Db, getDb } from "../../core/db.ts";
import { insertUser } from "../../core/user/repository.ts";
import { dumpToFile, freshBucket, freshDatabase, restoreFile } from "../fixtures/archives/helpers.ts";
import { makeIngredient, makeUser, type TestUser, unique } from "../helpers/factories.ts";

let cook: TestUser;
const files: string[] = [];
const word = (stem: string) => `${stem}${unique("").replace(/[^a-z]/gi, "")}a`;
const names = { quark: word("Quark"), topfen: word("Topfen"), sugar: word("Sugar"), zucker: word("Zucker") };

beforeAll(async () => {
  cook = await makeUser();
  await makeIngredient({
    owner: cook,
    name: names.quark,
    other_names: [{ name: names.topfen, language: "de" }],
  });
  await makeIngredient({
    owner: cook,
    name: names.sugar,
    other_names: [{ name: names.zucker, language: "de" }],
  });
});

afterAll(async () => {
  for (const file of files) await rm(file, { force: true });
});

/** Each ingredient named in `names`, with its other names: `Quark… → Topfen…:de`. */
async function otherNames(db: Db) {
  const rows = await db
    .selectFrom("ingredient_names as n")
    .innerJoin("ingredients as i", "i.id", "n.ingredient_id")
    .select(["i.name as ingredient", "n.name", "n.language"])
    .where("i.name", "in", Object.values(names))
    .orderBy("i.name")
    .execute();
  return rows.map((r) => `${r.ingredient} → ${r.name}:${r.language ?? "any"}`);
}

describe("archives with other names", () => {
  it("a backup carries them and a restore brings them back", async () => {
    const before = await otherNames(getDb());
    expect(before).toEqual(
      [`${names.quark} → ${names.topfen}:de`, `${names.sugar} → ${names.zucker}:de`].sort(),
    );
    const { file, counts } = await dumpToFile(files, "all");
    expect(counts.ingredient_names).toBeGreaterThanOrEqual(2);
    const database = await freshDatabase();
    try {
      await restoreFile(database.db, file);
      expect(await otherNames(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it("an import gives the ingredients it creates their other names, and matches by this instance's", async () => {
    const { file, counts } = await dumpToFile(files, "mine", cook.id);
    expect(counts.ingredient_names).toBe(2);
    const database = await freshDatabase();
    try {
      // This instance already has the sugar, called otherwise and going by the archive's name for it.
      const user = await insertUser(database.db, {
        username: "newcomer",
        email: "newcomer@example.com",
        password_hash: "x",
        role: "user",
      });
      const { id: sucre } = await database.db
        .insertInto("ingredients")
        .values({ name: "Sucre", user_id: user.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto("ingredient_names")
        .values({ ingredient_id: sucre, name: names.sugar, language: null })
        .execute();

      const reader = await ArchiveReader.open(file);
      try {
        const result = await importArchive(database.db, await freshBucket(), reader, {
          id: user.id,
          username: user.username,
          role: user.role,
        });
        expect(result.counts).toMatchObject({ ingredients: 1, ingredients_matched: 1 });
      } finally {
        reader.close();
      }
      // Quark came in with its other name; the sugar is this instance's Sucre, unchanged.
      expect(await otherNames(database.db)).toEqual([`${names.quark} → ${names.topfen}:de`]);
      const kept = await database.db
        .selectFrom("ingredient_names")
        .select("name")
        .where("ingredient_id", "=", sucre)
        .execute();
      expect(kept).toEqual([{ name: names.sugar }]);
    } finally {
      await database.close();
    }
  });

  it("an archive from before them reads the table as empty", () => {
    expect(upgradeAddsTable("ingredient_names", 7)).toBe(true);
    expect(upgradeAddsTable("ingredient_names", 8)).toBe(false);
  });
});
