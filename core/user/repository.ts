/** SQL for users. Never selects password_hash unless the function says so. */
import type { ExpressionBuilder } from "kysely";
import { type Database, type Db, executePrepared } from "../db.ts";
import type { Language, Units } from "../languages.ts";
import type { Role } from "./schemas.ts";

/** The columns safe to return to anyone who may see the row. */
export const userColumns = [
  "id",
  "username",
  "email",
  "role",
  "img",
  "preview_img",
  "language",
  "units",
  "created_at",
  "updated_at",
] as const;

/** Runs on every read of an account (`/users/me` above all), so it is prepared. */
export async function findUserById(db: Db, id: number) {
  const [user] = await executePrepared(db, db.selectFrom("users").select(userColumns).where("id", "=", id));
  return user;
}

export type NewUser = { username: string; email: string; password_hash: string; role: Role };

export async function insertUser(db: Db, user: NewUser) {
  return db.insertInto("users").values(user).returning(userColumns).executeTakeFirstOrThrow();
}

/** `lower(username) = $1 or lower(email) = $1`: both sides use the unique indexes on lower(). */
const matchesLogin = (login: string) => {
  const needle = login.toLowerCase();
  return (eb: ExpressionBuilder<Database, "users">) =>
    eb.or([eb(eb.fn("lower", ["username"]), "=", needle), eb(eb.fn("lower", ["email"]), "=", needle)]);
};

/** Finds a user by username or email, ignoring case. */
export async function findUserByLogin(db: Db, login: string) {
  return db.selectFrom("users").select(userColumns).where(matchesLogin(login)).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** The id, role and password hash for a login name (username or email, ignoring case). */
export async function findCredentialsByLogin(db: Db, login: string) {
  return db
    .selectFrom("users")
    .select(["id", "username", "role", "password_hash"])
    .where(matchesLogin(login))
    .executeTakeFirst();
}

/** The password hash of one account, for checking a current password. */
export async function findPasswordHashById(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirst();
  return row?.password_hash;
}

/** One page of users in id order, starting after `afterId`; fetches `limit` rows. */
export async function listUsersAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom("users")
    .select(userColumns)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export type UserChanges = Partial<{
  email: string;
  password_hash: string;
  role: Role;
  token_valid_after: Date;
  language: Language | null;
  units: Units;
}>;

/** Updates one account; undefined when it does not exist. */
export async function updateUserById(db: Db, id: number, changes: UserChanges) {
  return db.updateTable("users").set(changes).where("id", "=", id).returning(userColumns).executeTakeFirst();
}

/**
 * Locks the admin rows and the given account until the transaction ends and returns them, so that
 * two requests cannot both remove "one of two" admins at once.
 */
export async function lockAdminsAndUser(db: Db, id: number) {
  return db
    .selectFrom("users")
    .select(["id", "role"])
    .where((eb) => eb.or([eb("role", "=", "admin"), eb("id", "=", id)]))
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** The picture URLs of an account and of every recipe it owns (these go when the account goes). */
export async function findUserPictureUrls(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select(["img", "preview_img"])
    .where("id", "=", id)
    .unionAll(db.selectFrom("recipes").select(["img", "preview_img"]).where("user_id", "=", id))
    .execute();
  return rows.flatMap((row) => [row.img, row.preview_img].filter((url): url is string => url !== null));
}

/** Deletes an account: its recipes go by cascade, its stores and ingredients stay with user_id null. */
export async function deleteUserById(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Forgets the live API connections a user subscribed on (core/live): their tokens stopped working (a new password), so
 * the fan-out tells them nothing more; their sockets stay open, silent, until they subscribe again.
 */
export async function deleteLiveConnectionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("live_connections").where("user_id", "=", userId).execute();
}
