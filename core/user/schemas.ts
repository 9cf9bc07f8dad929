/**
 * Request and response shapes of the users routes. Request schemas are strict: an unknown field
 * (say `role` in a sign-up) is a 422, never ignored. No schema here ever carries a password hash.
 */
import * as z from "zod/mini";
import { Role } from "../auth/roles.ts";
import { RowId } from "../ids.ts";
import { Language, Units } from "../languages.ts";
import { pageOf } from "../pagination.ts";

/** A new password's least length, in characters (Unicode code points) as a person counts them. */
export const PASSWORD_MIN_CHARACTERS = 12;
/** bcrypt reads at most 72 bytes; a longer password would be silently cut, so it is refused. */
export const PASSWORD_MAX_BYTES = 72;

/**
 * What is wrong with a new password's length, as the field's sentence, or undefined. Stored
 * passwords set under older rules keep working: only a password being set is held to this.
 */
export function passwordLengthProblem(password: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_CHARACTERS) {
    return `Must be at least ${PASSWORD_MIN_CHARACTERS} characters long.`;
  }
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) {
    return `Must be at most ${PASSWORD_MAX_BYTES} bytes long (UTF-8).`;
  }
  return undefined;
}

// Under the users' schemas in the API reference; declared with who is calling (core/auth/roles.ts).
export { Role };

/**
 * 3–32 characters of `a-z 0-9 _ . -`. Input is lower-cased first, so `Bob` signs up as `bob`:
 * names are unique ignoring case anyway, and a login ignores case too.
 */
export const Username = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_.-]{3,32}$/, "Must be 3–32 characters of a-z, 0-9, '_', '.' and '-'."),
    z.toLowerCase(),
  )
  .register(z.globalRegistry, {
    description: "3–32 characters of a-z 0-9 _ . - (upper case is lower-cased); unique ignoring case.",
  });

export const Email = z.email("Must be a valid email address.").check(z.maxLength(254));

/**
 * A new password: its length here; the service then refuses the account's own name or email and the
 * most common passwords (core/user/password-rules.ts), which need the account and a list.
 */
export const Password = z
  .string()
  .check(
    z.superRefine((value, ctx) => {
      const problem = passwordLengthProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  )
  .register(z.globalRegistry, {
    description:
      `${PASSWORD_MIN_CHARACTERS}+ characters, at most ${PASSWORD_MAX_BYTES} bytes (UTF-8); not the ` +
      "username, the email or its part before '@', nor a common password (ignoring case).",
  });

const Timestamp = z.iso.datetime();

export const UserBase = z.object({ username: Username, email: Email });
export type UserBase = z.infer<typeof UserBase>;

/** `POST /users`: the role is always `user`, so there is no field for it. */
export const UserCreate = z.strictObject({ ...UserBase.shape, password: Password });
export type UserCreate = z.infer<typeof UserCreate>;

/**
 * An account as a client sees it. `email`, `role`, `language`, `units` and `updated_at` are there
 * only for the account itself and for admins; anyone else gets the public profile
 * `{id, username, img, preview_img, created_at}`.
 */
export const UserRead = z.object({
  id: z.number().check(z.int()),
  username: z.string(),
  email: z.optional(z.string()),
  role: z.optional(Role),
  /** The app's language; null: the browser's. */
  language: z.optional(z.nullable(Language)),
  /** How amounts are written for this person. */
  units: z.optional(Units),
  img: z.nullable(z.string()),
  preview_img: z.nullable(z.string()),
  created_at: Timestamp,
  updated_at: z.optional(Timestamp),
});
export type UserRead = z.infer<typeof UserRead>;

export const UserPage = pageOf(UserRead);

/**
 * `PUT /users/email`. For oneself: `{email, password}` with the current password. An admin may
 * send `{user_id, email}` for any account; `password` is then needed only when `user_id` is their own.
 */
export const UserEmailUpdate = z.strictObject({
  user_id: z.optional(RowId),
  email: Email,
  password: z.optional(z.string().check(z.maxLength(1024))),
});
export type UserEmailUpdate = z.infer<typeof UserEmailUpdate>;

/**
 * `PUT /users/password`. For oneself: `{current_password, new_password}`. An admin may send
 * `{user_id, new_password}` for another account.
 */
export const UserPasswordUpdate = z.strictObject({
  user_id: z.optional(RowId),
  current_password: z.optional(z.string().check(z.maxLength(1024))),
  new_password: Password,
});
export type UserPasswordUpdate = z.infer<typeof UserPasswordUpdate>;

/** `PUT /users/preferences`: the caller's own; a field left out stays as it is. */
export const UserPreferencesUpdate = z.strictObject({
  language: z.optional(z.nullable(Language)),
  units: z.optional(Units),
});
export type UserPreferencesUpdate = z.infer<typeof UserPreferencesUpdate>;

/** `PUT /users/<user_id>/role`. */
export const UserRoleUpdate = z.strictObject({ role: Role });
export type UserRoleUpdate = z.infer<typeof UserRoleUpdate>;
