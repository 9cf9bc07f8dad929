/** The two development accounts of the spec. Idempotent; never run in production. */
import { config } from "../config.ts";
import type { Db } from "../db.ts";
import { isAppError } from "../errors.ts";
import { findUserByLogin } from "../user/repository.ts";
import { createUser } from "../user/service.ts";

export const DEV_ACCOUNTS = [
  { username: "dev-user", email: "dev-user@example.com", role: "user" as const },
  { username: "dev-admin", email: "dev-admin@example.com", role: "admin" as const },
];

export async function seedAccounts(db: Db): Promise<void> {
  for (const { role, ...account } of DEV_ACCOUNTS) {
    if (await findUserByLogin(db, account.username)) continue;
    const password = role === "admin" ? config.devAccounts.adminPassword : config.devAccounts.userPassword;
    try {
      await createUser(db, { ...account, password }, role);
    } catch (error) {
      // Another process seeding at the same moment made it first: that is the wanted state.
      if (!(isAppError(error) && error.kind === "conflict")) throw error;
    }
  }
}
