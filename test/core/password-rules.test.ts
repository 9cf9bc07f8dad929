/**
 * Issue 26, item 9: what a new password must not be (core/user/password-rules.ts), and the list of
 * common passwords it is checked against, read from a file that only the routes setting passwords ship.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORDS_FILE,
  commonPasswords,
  newPasswordProblem,
} from "../../core/user/password-rules.ts";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_CHARACTERS } from "../../core/user/schemas.ts";
import { ROUTES } from "../../functions/routes.ts";

const account = { username: "marguerite.b", email: "Chef.Marguerite@Example.org" };

describe("the common password list", () => {
  it("holds at least 10,000 passwords that the length rule alone would let through, lower-cased", async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    const misfits = [...list].filter(
      (password) =>
        password !== password.toLowerCase() ||
        [...password].length < PASSWORD_MIN_CHARACTERS ||
        Buffer.byteLength(password) > PASSWORD_MAX_BYTES,
    );
    expect(misfits).toEqual([]);
    for (const common of ["123qweasdzxc", "1qaz2wsx3edc", "qwertyqwerty", "passwordpassword"]) {
      expect(list.has(common), common).toBe(true);
    }
  });

  it("is the file the route lines of the functions that set passwords copy beside their bundle", () => {
    expect(readFileSync(COMMON_PASSWORDS_FILE, "utf8").split("\n").length).toBeGreaterThan(10_000);
    for (const name of ["users/create", "users/update-password"] as const) {
      const needs = ROUTES[name].needs as { files?: readonly string[] };
      expect(needs.files, name).toContain(COMMON_PASSWORDS_FILE);
    }
  });
});

describe("a new password", () => {
  it.each([
    ["11 characters", "abcdefghijk", "Must be at least 12 characters long."],
    ["11 characters of two bytes each", "é".repeat(11), "Must be at least 12 characters long."],
    ["73 bytes", `${"é".repeat(36)}x`, "Must be at most 72 bytes long (UTF-8)."],
    ["the username, in other case", "MARGUERITE.B", "Must not be the same as the username."],
    ["the email, in other case", "chef.marguerite@example.org", "Must not be the same as the email address."],
    [
      "the email's part before '@'",
      "CHEF.MARGUERITE",
      "Must not be the same as the part of the email address before '@'.",
    ],
    ["a common one, in other case", "QwertyQwerty", "Must not be one of the most commonly used passwords."],
    ["another common one", "123qweasdzxc", "Must not be one of the most commonly used passwords."],
  ])("is refused when it is %s", async (_, password, message) => {
    expect(await newPasswordProblem(password, account)).toBe(message);
  });

  it.each(["a good long password", "é".repeat(12), "marguerite.b!", "correct horse battery staple"])(
    "'%s' is accepted",
    async (password) => {
      expect(await newPasswordProblem(password, account)).toBeUndefined();
    },
  );
});
