/**
 * One name, one row: ingredient and category names are the same name ignoring case and plural
 * (`Egg`, `eggs`; `Soup`, `Soups`). The database's `name_key()` (migrations/2026-11-25T0100-one-name.ts)
 * decides, for the unique indexes and for every lookup by name, so there is one rule and it is SQL's.
 */
import { type Expression, type RawBuilder, sql } from "kysely";
import type { Db } from "./db.ts";
import { AppError } from "./errors.ts";

export type NamedTable = "ingredients" | "categories";

/** `name_key(value)`: compare two of these to compare names the way the unique index does. */
export const nameKey = (value: Expression<string> | string): RawBuilder<string> =>
  sql<string>`name_key(${typeof value === "string" ? sql.val(value) : value})`;

/**
 * `(asked, id)`: the rows of `table` that `names` name ignoring case and plural, each with the name
 * it was asked by; an ingredient also by the other names it goes by (core/ingredient: `Zucker` is
 * the Sugar that goes by it). The unique indexes on name_key(name) serve it. For a join.
 */
export function rowsNamed(
  table: NamedTable,
  names: readonly string[],
): RawBuilder<{ asked: string; id: number }> {
  const asked = [...new Set(names)];
  const own = sql`select a.name as asked, t.id from unnest(${asked}::text[]) a(name)
    join ${sql.table(table)} t on ${nameKey(sql.ref("t.name"))} = ${nameKey(sql.ref("a.name"))}`;
  if (table !== "ingredients") return sql`(${own})`;
  return sql`(${own} union all select a.name, n.ingredient_id from unnest(${asked}::text[]) a(name)
    join ingredient_names n on ${nameKey(sql.ref("n.name"))} = ${nameKey(sql.ref("a.name"))})`;
}

/** The row whose name is `name` ignoring case and plural (an ingredient: or that goes by it), if any. */
export async function findByName(
  db: Db,
  table: NamedTable,
  name: string,
): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await sql<{ id: number; name: string }>`
    select t.id, t.name from ${rowsNamed(table, [name])} m join ${sql.table(table)} t on t.id = m.id
    limit 1`.execute(db);
  return rows[0];
}

/**
 * The 409 for a taken name, naming the row that has it when that row writes it otherwise:
 * `Ingredient name 'Eggs' already exists as 'Egg' (ID 3).`, and carrying its id (`existing_id`), so
 * a client uses that row instead of guessing how the database spells it.
 */
export async function nameTaken(
  db: Db,
  table: NamedTable,
  thing: "Ingredient" | "Category",
  name: string,
): Promise<AppError> {
  const existing = await findByName(db, table, name);
  const details = existing ? { existingId: existing.id } : {};
  if (!existing || existing.name.toLowerCase() === name.toLowerCase()) {
    return new AppError("conflict", `${thing} name '${name}' already exists.`, details);
  }
  return new AppError(
    "conflict",
    `${thing} name '${name}' already exists as '${existing.name}' (ID ${existing.id}).`,
    details,
  );
}
