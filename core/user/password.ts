/**
 * bcrypt hashing. The cost comes from config (≥ 10 in production; tests may lower it).
 * By default a password is hashed in the calling thread: a Lambda instance serves one request at a
 * time, so nothing else waits, and its bundle carries no worker code. A server that serves many
 * requests at once (the local server, scripts/lib/http-server.ts) hands the work to the worker pool
 * of hash-pool.ts with `hashPasswordsWith`, which keeps its event loop free and answers 503 busy when full.
 */
import bcrypt from "bcryptjs";
import { config } from "../config.ts";

/** Where bcrypt runs. */
export type PasswordHasher = {
  hash(password: string, cost: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
};

let hasher: PasswordHasher = bcrypt;

/** Runs every later hash and comparison of this process with `next` (the local server's worker pool). */
export function hashPasswordsWith(next: PasswordHasher): void {
  hasher = next;
}

export const hashPassword = (password: string): Promise<string> => hasher.hash(password, config.bcryptCost);

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  hasher.compare(password, hash);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against an account's hash, or against a dummy hash made once at the same cost
 * when there is no account, so an unknown name and a wrong password take the same time.
 * A password over 72 bytes never matches: bcrypt would only read its first 72 bytes.
 */
export async function checkPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (hash === undefined && !dummyHash) {
    const making = hashPassword("no account has this password");
    // A refused attempt (503 busy) is not kept: the next login makes it again.
    making.catch(() => {
      if (dummyHash === making) dummyHash = undefined;
    });
    dummyHash = making;
  }
  const matches = await verifyPassword(password, hash ?? (await (dummyHash as Promise<string>)));
  return matches && hash !== undefined && !bcrypt.truncates(password);
}
