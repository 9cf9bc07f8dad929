/** SQL for meal plan entries. Dates are read as `date::text` (YYYY-MM-DD), never as a driver's Date. */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { isMemberSql } from "../household/repository.ts";
import { nutritionLinesJson, nutritionOfServings } from "../nutrition/repository.ts";
import { withIsoDates } from "../timestamps.ts";
import type { Meal } from "./table.ts";

/** Breakfast, lunch, dinner, snack: the order of a day. */
const mealOrder = sql`array_position(array['breakfast', 'lunch', 'dinner', 'snack']::text[], e.meal)`;

function entryQuery(db: Db) {
  return db
    .selectFrom("meal_plan_entries as e")
    .innerJoin("recipes as r", "r.id", "e.recipe_id")
    .select([
      "e.id",
      "e.user_id",
      sql<string>`e.date::text`.as("date"),
      "e.meal",
      "e.recipe_id",
      "e.servings",
      "e.note",
      "e.household_id",
      "r.title",
      "r.preview_img",
      "e.created_at",
      "e.updated_at",
      // The entry's nutrition, from the recipe's lines in the same statement.
      "r.servings as recipe_servings",
      nutritionLinesJson(sql.ref("r.id")).as("nutrition_lines"),
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>["execute"]>>[number];

/** An entry as read: its nutrition (the recipe's per serving × the entry's servings, or null). */
function toEntry(row: EntryRow) {
  const { recipe_servings, nutrition_lines, ...entry } = withIsoDates(row);
  return { ...entry, nutrition: nutritionOfServings(nutrition_lines, recipe_servings, entry.servings) };
}

/**
 * Whose entries: a user's own (`userId`), one household's (`householdId`), or what a user reads in
 * their plan (`readerId`): their own and every entry of their households.
 */
export type EntryScope = { userId: number } | { householdId: number } | { readerId: number };

/** SQL: the entry `e` is in `scope`. */
function inScope(scope: EntryScope) {
  if ("userId" in scope) return sql<boolean>`e.user_id = ${scope.userId}`;
  if ("householdId" in scope) return sql<boolean>`e.household_id = ${scope.householdId}`;
  return sql<boolean>`(e.user_id = ${scope.readerId} or ${isMemberSql(sql`e.household_id`, scope.readerId)})`;
}

/** The entries of `scope` from `from` to `to` (inclusive), by date, then meal, then id. */
export async function selectEntries(db: Db, scope: EntryScope, from: string, to: string) {
  const rows = await entryQuery(db)
    .where(inScope(scope))
    .where(sql<boolean>`e.date between ${from}::date and ${to}::date`)
    .orderBy("e.date")
    .orderBy(mealOrder)
    .orderBy("e.id")
    .execute();
  return rows.map(toEntry);
}

export async function findEntryById(db: Db, id: number) {
  const row = await entryQuery(db).where("e.id", "=", id).executeTakeFirst();
  return row && toEntry(row);
}

/**
 * Locks the entry until the transaction ends; with it, whether `writerId` is in its household (the
 * sharing rule, core/household/access.ts).
 */
export async function lockEntryById(db: Db, id: number, writerId: number) {
  return db
    .selectFrom("meal_plan_entries as e")
    .select([
      "e.id",
      "e.user_id",
      "e.recipe_id",
      "e.servings",
      "e.household_id",
      isMemberSql(sql.ref("e.household_id"), writerId).as("member"),
    ])
    .where("e.id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export type EntryFields = {
  household_id?: number | null;
  date?: string;
  meal?: Meal;
  recipe_id?: number;
  servings?: number | null;
  note?: string;
};

export async function insertEntry(
  db: Db,
  values: EntryFields & { user_id: number; date: string; meal: Meal; recipe_id: number },
): Promise<number> {
  const row = await db
    .insertInto("meal_plan_entries")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the given columns; with none it still touches the row so updated_at moves. */
export async function updateEntryById(db: Db, id: number, values: EntryFields): Promise<void> {
  const set = Object.keys(values).length > 0 ? values : { note: sql<string>`note` };
  await db.updateTable("meal_plan_entries").set(set).where("id", "=", id).execute();
}

export async function deleteEntryById(db: Db, id: number): Promise<void> {
  await db.deleteFrom("meal_plan_entries").where("id", "=", id).execute();
}
