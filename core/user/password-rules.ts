/**
 * What a new password must not be, beyond its length: the account's username, its email address
 * or the email's part before '@', or one of the most common passwords of core/user/common-passwords.txt
 * (10,000 lines, see scripts/common-passwords.ts), all ignoring case. Only routes that set a
 * password read the list, on their first use of it: it is a file, not a module, so no Lambda
 * bundle carries it; the route lines of the functions that set passwords copy it beside their
 * bundle (`files` in functions/routes.ts).
 */
// node:fs, not node:fs/promises: a bundle that carries this module (every one with the users
// service) must not load fs/promises on a cold start (test/stacks/bundle.test.ts).
import { existsSync, readFile } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Invalid } from "../errors.ts";
import { passwordLengthProblem } from "./schemas.ts";

/** The list's path in the repository, and in a Lambda below its root (the working directory there). */
export const COMMON_PASSWORDS_FILE = "core/user/common-passwords.txt";

let common: Promise<ReadonlySet<string>> | undefined;

/** Beside this module when it runs from source; else copied below the working directory (a Lambda's root). */
function listPath(): string {
  const beside = fileURLToPath(new URL("./common-passwords.txt", import.meta.url));
  return existsSync(beside) ? beside : resolve(COMMON_PASSWORDS_FILE);
}

/** The list as a set of lower-cased passwords, read once per process (again after a failed read). */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  if (!common) {
    const reading = new Promise<ReadonlySet<string>>((done, fail) =>
      readFile(listPath(), "utf8", (error, text) => {
        if (error) fail(error);
        else done(new Set(text.split("\n").filter((line) => line !== "" && !line.startsWith("#"))));
      }),
    );
    reading.catch(() => {
      if (common === reading) common = undefined;
    });
    common = reading;
  }
  return common;
}

/** The sentence for what is wrong with `password` as the new password of `account`, or undefined. */
export async function newPasswordProblem(
  password: string,
  account: { username: string; email: string },
): Promise<string | undefined> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const folded = password.toLowerCase();
  if (folded === account.username.toLowerCase()) return "Must not be the same as the username.";
  const email = account.email.toLowerCase();
  if (folded === email) return "Must not be the same as the email address.";
  const at = email.lastIndexOf("@");
  if (at > 0 && folded === email.slice(0, at)) {
    return "Must not be the same as the part of the email address before '@'.";
  }
  if ((await commonPasswords()).has(folded)) return "Must not be one of the most commonly used passwords.";
  return undefined;
}

/**
 * Refuses a new password with a 422 naming `path` (`password` on sign-up, `new_password` on a change).
 * Stored passwords are never held to these rules: a login compares, it does not come here.
 */
export async function checkNewPassword(
  password: string,
  account: { username: string; email: string },
  path: string,
): Promise<void> {
  const message = await newPasswordProblem(password, account);
  if (message) throw Invalid("Request body is invalid.", [{ path, message }]);
}
