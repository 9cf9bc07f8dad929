/** SQL for the links between accounts and the OpenID Connect provider's users. */
import type { Db } from "../db.ts";

/** The account linked to the provider's user `iss` + `sub`, with its role. */
export async function findUserByIdentity(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom("user_identities as i")
    .innerJoin("users as u", "u.id", "i.user_id")
    .select(["u.id", "u.role"])
    .where("i.issuer", "=", issuer)
    .where("i.subject", "=", subject)
    .executeTakeFirst();
}

/** The account with this e-mail, ignoring case (the unique index on lower(email)). */
export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "role"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}

/** Which of `names` (lower case) an account already has, ignoring case. */
export async function selectTakenUsernames(db: Db, names: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom("users")
    .select((eb) => eb.fn<string>("lower", ["username"]).as("name"))
    .where((eb) => eb(eb.fn("lower", ["username"]), "in", names))
    .execute();
  return new Set(rows.map((row) => row.name));
}

export async function insertIdentity(
  db: Db,
  identity: { user_id: number; issuer: string; subject: string },
): Promise<void> {
  await db.insertInto("user_identities").values(identity).execute();
}
