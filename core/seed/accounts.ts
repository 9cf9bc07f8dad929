/** The two development accounts of the spec. Idempotent; never run in production. */
import { config } from "../config.ts";
import type { Db } from "../db.ts";
import { hashPassword } from "../user/password.ts";
import { findUserByLogin, insertUser } from "../user/repository.ts";

export const DEV_ACCOUNTS = [
  { username: "dev-user", email: "dev-user@example.com", role: "user" as const },
  { username: "dev-admin", email: "dev-admin@example.com", role: "admin" as const },
];

export async function seedAccounts(db: Db): Promise<void> {
  for (const account of DEV_ACCOUNTS) {
    if (await findUserByLogin(db, account.username)) continue;
    const password =
      account.role === "admin" ? config.devAccounts.adminPassword : config.devAccounts.userPassword;
    await insertUser(db, { ...account, password_hash: await hashPassword(password) });
  }
}
