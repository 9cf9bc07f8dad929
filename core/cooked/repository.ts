/** SQL for the cooked log. Dates are read as `date::text` (YYYY-MM-DD), never as a driver's Date. */
import { type SqlBool, sql } from "kysely";
import type { Db } from "../db.ts";
import { isMemberSql } from "../household/repository.ts";
import { cookedInLogOf } from "../recipe/personal.ts";
import { withIsoDates } from "../timestamps.ts";

function cookedQuery(db: Db) {
  return db
    .selectFrom("cooked as c")
    .innerJoin("recipes as r", "r.id", "c.recipe_id")
    .select([
      "c.id",
      "c.recipe_id",
      "c.user_id",
      sql<string>`c.date::text`.as("date"),
      "c.servings",
      "c.note",
      "c.household_id",
      "r.title",
      "r.preview_img",
      "c.created_at",
      "c.updated_at",
    ]);
}

export type CookedFilters = {
  from?: string | undefined;
  to?: string | undefined;
  recipe_id?: number | undefined;
};

/**
 * One page (limit + 1 rows) of `viewerId`'s log (theirs and their households'), newest day first,
 * then the newest entry, after the cursor's (date, id).
 */
export async function selectCooked(
  db: Db,
  viewerId: number,
  filters: CookedFilters,
  after: readonly [string, number] | undefined,
  limit: number,
) {
  let query = cookedQuery(db).where(cookedInLogOf(viewerId));
  if (filters.from !== undefined) query = query.where(sql<SqlBool>`c.date >= ${filters.from}::date`);
  if (filters.to !== undefined) query = query.where(sql<SqlBool>`c.date <= ${filters.to}::date`);
  if (filters.recipe_id !== undefined) query = query.where("c.recipe_id", "=", filters.recipe_id);
  if (after) query = query.where(sql<SqlBool>`(c.date, c.id) < (${after[0]}::date, ${after[1]})`);
  const rows = await query
    .orderBy("c.date", "desc")
    .orderBy("c.id", "desc")
    .limit(limit + 1)
    .execute();
  return rows.map(withIsoDates);
}

export async function findCookedById(db: Db, id: number) {
  const row = await cookedQuery(db).where("c.id", "=", id).executeTakeFirst();
  return row && withIsoDates(row);
}

/** The entry with whether `readerId` is in its household (the sharing rule, core/household/access.ts). */
export async function findCookedAccess(db: Db, id: number, readerId: number) {
  return db
    .selectFrom("cooked as c")
    .select(["c.id", "c.user_id", isMemberSql(sql.ref("c.household_id"), readerId).as("member")])
    .where("c.id", "=", id)
    .executeTakeFirst();
}

/** Locks the entry until the transaction ends. */
export async function lockCookedById(db: Db, id: number) {
  return db
    .selectFrom("cooked")
    .select(["id", "user_id"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertCooked(
  db: Db,
  values: {
    recipe_id: number;
    user_id: number;
    date: string;
    servings: number | null;
    note: string;
    household_id: number | null;
  },
): Promise<number> {
  const row = await db.insertInto("cooked").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCookedById(db: Db, id: number): Promise<void> {
  await db.deleteFrom("cooked").where("id", "=", id).execute();
}
