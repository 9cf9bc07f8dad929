/** SQL for calendar links (kept only as SHA-256 hashes of their secrets) and the entries a feed shows. */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { isMemberSql } from "../household/repository.ts";
import type { Meal } from "../meal-plan/table.ts";

const columns = ["id", "household_id", "created_at", "last_read_at"] as const;

export async function insertCalendarLink(
  db: Db,
  link: { user_id: number; household_id: number | null; secret_hash: string },
) {
  return db.insertInto("calendar_links").values(link).returning(columns).executeTakeFirstOrThrow();
}

/** A user's links, newest first. */
export async function selectCalendarLinksOfUser(db: Db, userId: number) {
  return db
    .selectFrom("calendar_links")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Deletes one of a user's links; false when the user has no such link. */
export async function deleteCalendarLink(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("calendar_links")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The link with this hash and whether it still reads a plan: a personal link always, a household's
 * while its creator is a member (`member`); with the household's name. Its last read is recorded in
 * the same statement.
 */
export async function useCalendarLink(db: Db, secretHash: string) {
  const { rows } = await sql<{
    id: number;
    user_id: number;
    household_id: number | null;
    household_name: string | null;
    member: boolean;
  }>`with l as (update calendar_links set last_read_at = now() where secret_hash = ${secretHash}
returning id, user_id, household_id)
select l.id, l.user_id, l.household_id, h.name as household_name,
  (l.household_id is null or ${isMemberSql(sql`l.household_id`, sql`l.user_id`)}) as member
from l left join households h on h.id = l.household_id`.execute(db);
  return rows[0];
}

/** An entry as a feed shows it: its day and meal, its recipe, when it (or its recipe) last changed. */
export type FeedEntry = {
  id: number;
  date: string;
  meal: Meal;
  servings: number | null;
  note: string;
  recipe_id: number;
  title: string;
  created_at: Date;
  changed_at: Date;
};

/** Breakfast, lunch, dinner, snack: the order of a day (as the meal plan reads it). */
const mealOrder = sql`array_position(array['breakfast', 'lunch', 'dinner', 'snack']::text[], e.meal)`;

/**
 * The entries a feed shows from `from` to `to` (inclusive), by date, meal and id: a household's, or
 * what `readerId` plans with (their own and their households', as GET /meal-plan reads them).
 */
export async function selectFeedEntries(
  db: Db,
  scope: { householdId: number } | { readerId: number },
  from: string,
  to: string,
): Promise<FeedEntry[]> {
  const inScope =
    "householdId" in scope
      ? sql<boolean>`e.household_id = ${scope.householdId}`
      : sql<boolean>`(e.user_id = ${scope.readerId} or ${isMemberSql(sql`e.household_id`, scope.readerId)})`;
  return db
    .selectFrom("meal_plan_entries as e")
    .innerJoin("recipes as r", "r.id", "e.recipe_id")
    .select([
      "e.id",
      sql<string>`e.date::text`.as("date"),
      "e.meal",
      "e.servings",
      "e.note",
      "e.recipe_id",
      "r.title",
      "e.created_at",
      sql<Date>`greatest(e.updated_at, r.updated_at)`.as("changed_at"),
    ])
    .where(inScope)
    .where(sql<boolean>`e.date between ${from}::date and ${to}::date`)
    .orderBy("e.date")
    .orderBy(mealOrder)
    .orderBy("e.id")
    .execute();
}
