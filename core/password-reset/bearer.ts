/**
 * Reading a password-reset code off a request: what authenticate() (core/authenticate.ts) asks when
 * a bearer token starts with `reset_`. The code is a credential for one route alone, `PUT
 * /users/password` with `{new_password}` (CONTRACT.md: users), and works once.
 */
import type { Db } from "../db.ts";
import { secretHash } from "../secret-hash.ts";
import { findUsablePasswordReset } from "./repository.ts";

/** What every reset code starts with, so it is told apart from the other bearer tokens. */
export const RESET_CODE_PREFIX = "reset_";

/** The one route a reset code opens. */
export const RESET_ROUTE = { method: "PUT", path: "/users/password" } as const;

export const isResetCode = (token: string): boolean => token.startsWith(RESET_CODE_PREFIX);

/** The account a usable code is for, marked with the link's id; undefined for an unknown, used or expired code. */
export async function callerOfResetCode(db: Db, code: string) {
  const row = await findUsablePasswordReset(db, secretHash(code));
  return row && { id: row.id, username: row.username, role: row.role, passwordReset: { id: row.reset_id } };
}
