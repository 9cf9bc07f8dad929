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
 * The row whose name is `name` ignoring case and plural, if any; for an ingredient, also the one
 * that goes by it (its other names, core/ingredient: `Zucker` is Sugar's).
 */
export async function findByName(
  db: Db,
  table: NamedTable,
  name: string,
): Promise<{ id: number; name: string } | undefined> {
  const own = await db
    .selectFrom(table)
    .select(["id", "name"])
    .where(nameKey(sql.ref("name")), "=", nameKey(name))
    .executeTakeFirst();
  if (own || table !== "ingredients") return own;
  return db
    .selectFrom("ingredient_names as n")
    .innerJoin("ingredients as i", "i.id", "n.ingredient_id")
    .select(["i.id", "i.name"])
    .where(nameKey(sql.ref("n.name")), "=", nameKey(name))
    .executeTakeFirst();
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
