/** SQL for users. Never selects password_hash unless the function says so. */
import type { Db } from "../db.ts";

/** The columns safe to return to anyone who may see the row. */
export const userColumns = [
  "id",
  "username",
  "email",
  "role",
  "img",
  "preview_img",
  "created_at",
  "updated_at",
] as const;

export async function findUserById(db: Db, id: number) {
  return db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst();
}

export type NewUser = { username: string; email: string; password_hash: string; role: "user" | "admin" };

export async function insertUser(db: Db, user: NewUser) {
  return db.insertInto("users").values(user).returning(userColumns).executeTakeFirstOrThrow();
}

/** Finds a user by username or email, ignoring case. */
export async function findUserByLogin(db: Db, login: string) {
  const needle = login.toLowerCase();
  return db
    .selectFrom("users")
    .select(userColumns)
    .where((eb) =>
      eb.or([eb(eb.fn("lower", ["username"]), "=", needle), eb(eb.fn("lower", ["email"]), "=", needle)]),
    )
    .executeTakeFirst();
}
