/**
 * The migration that gives recipes their total time (migrations/2026-11-25T0300-recipe-total-time.ts),
 * run on a database that holds a recipe: its total stays prep + cook (null), the column refuses a
 * negative time, `max_total_time_sec`'s expression is the one its index holds, and down goes back.
 */
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../core/db.ts";
import { totalTime } from "../../core/recipe/list-query.ts";
import { migrationProvider, migrations } from "../../migrations/index.ts";
import { type FreshDatabase, freshDatabase } from "../fixtures/archives/helpers.ts";

const NAME = "2026-11-25T0300-recipe-total-time";
const names = Object.keys(migrations).sort();
const BEFORE = names[names.indexOf(NAME) - 1] as string;

let fresh: FreshDatabase;
// biome-ignore lint/suspicious/noExplicitAny: rows are written in the schema before the migration
let db: Kysely<any>;
let recipeId: number;

beforeAll(async () => {
  fresh = await freshDatabase((db) => new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE));
  db = fresh.db;
  const user = await db
    .insertInto("users")
    .values({ username: "baker", email: "baker@example.com", password_hash: "x" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const recipe = await db
    .insertInto("recipes")
    .values({ user_id: user.id, title: "Croissants", prep_time_sec: 3600, cook_time_sec: 900 })
    .returning("id")
    .executeTakeFirstOrThrow();
  recipeId = recipe.id;
  await migrateToLatest(db);
});

afterAll(() => fresh.close());

describe(NAME, () => {
  it("leaves a stored recipe's total as prep + cook (null)", async () => {
    const row = await db
      .selectFrom("recipes")
      .select("total_time_sec")
      .where("id", "=", recipeId)
      .executeTakeFirst();
    expect(row).toEqual({ total_time_sec: null });
  });

  it("refuses a negative total; takes 0 and null", async () => {
    const set = (value: number | null) =>
      db.updateTable("recipes").set({ total_time_sec: value }).where("id", "=", recipeId).execute();
    await expect(set(-1)).rejects.toThrow(/check constraint/);
    await set(0);
    await set(null);
  });

  it("indexes the very expression that max_total_time_sec filters on", async () => {
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const query = trx.selectFrom("recipes as r").select("r.id").where(totalTime, "<=", 1200).compile();
      return sql.raw<{ "QUERY PLAN": string }>(`explain ${query.sql.replace("$1", "1200")}`).execute(trx);
    });
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("recipes_total_time_idx");
  });

  it("goes down to prep + cook and up again", async () => {
    await db.updateTable("recipes").set({ total_time_sec: 79_200 }).where("id", "=", recipeId).execute();
    await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'recipes'`.execute(db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain("total_time_sec");
    await migrateToLatest(db);
    const row = await db
      .selectFrom("recipes")
      .select("total_time_sec")
      .where("id", "=", recipeId)
      .executeTakeFirst();
    expect(row).toEqual({ total_time_sec: null });
  });
});
