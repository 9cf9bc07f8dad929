/** bcrypt hashing. The cost comes from config (≥ 10 in production; tests may lower it). */
import bcrypt from "bcryptjs";
import { config } from "../config.ts";

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, config.bcryptCost);

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  bcrypt.compare(password, hash);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against an account's hash, or against a dummy hash made once at the same cost
 * when there is no account, so an unknown name and a wrong password take the same time.
 * A password over 72 bytes never matches: bcrypt would only read its first 72 bytes.
 */
export async function checkPassword(password: string, hash: string | undefined): Promise<boolean> {
  dummyHash ??= bcrypt.hash("no account has this password", config.bcryptCost);
  const matches = await verifyPassword(password, hash ?? (await dummyHash));
  return matches && hash !== undefined && !bcrypt.truncates(password);
}
