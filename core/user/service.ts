/** Accounts: sign-up, profiles, email/password/role changes and deletion, with their ownership rules. */

import * as z from "zod/mini";
import { type Caller, isAdmin } from "../auth/caller.ts";
import { takeLoginAttempt, takeSignupAttempt } from "../auth/throttle.ts";
import { afterCommit, type Db, isUniqueViolation, transaction } from "../db.ts";
import { adminRequired, belongsToAnother, Conflict, Forbidden, Invalid, notFound } from "../errors.ts";
import { deleteUnusedInvitationsBy } from "../household/repository.ts";
import { removePictures } from "../image/cleanup.ts";
import { publishTouched } from "../live/list-changes.ts";
import { decodeCursor, type Page, toPage } from "../pagination.ts";
import { deleteSessionsOfUser } from "../session/repository.ts";
import { withIsoDates } from "../timestamps.ts";
import { checkPassword, hashPassword } from "./password.ts";
import { checkNewPassword } from "./password-rules.ts";
import {
  deleteLiveConnectionsOfUser,
  deleteUserById,
  findPasswordHashById,
  findUserById,
  findUserPictureUrls,
  insertUser,
  listUsersAfter,
  lockAdminsAndUser,
  type UserChanges,
  type UserRow,
  updateUserById,
} from "./repository.ts";
import type {
  Role,
  UserCreate,
  UserEmailUpdate,
  UserPasswordUpdate,
  UserPreferencesUpdate,
  UserRead,
} from "./schemas.ts";

const wrongPassword = () => Forbidden("Current password is incorrect.");

/** Row → UserRead; `full` adds what only the account itself and admins may see. */
function toUserRead(row: UserRow, full: boolean): UserRead {
  const { created_at, updated_at } = withIsoDates(row);
  const profile = {
    id: row.id,
    username: row.username,
    img: row.img,
    preview_img: row.preview_img,
    created_at,
  };
  if (!full) return profile;
  return {
    ...profile,
    email: row.email,
    role: row.role,
    language: row.language,
    units: row.units,
    updated_at,
  };
}

const seesEverything = (caller: Caller | null, id: number) => caller?.id === id || isAdmin(caller);

/** Maps a unique violation (also one lost to a concurrent request) to the contract's 409. */
function conflictOf(error: unknown, values: { username?: string; email?: string }): unknown {
  if (isUniqueViolation(error, "users_username_key")) {
    return Conflict(`User name '${values.username}' already exists.`);
  }
  if (isUniqueViolation(error, "users_email_key")) return Conflict(`Email '${values.email}' already exists.`);
  return error;
}

/**
 * Signs up a new account. The role is `user` unless a trusted caller (the dev seed) says otherwise;
 * a weak password is a 422 (password-rules.ts), a username or email already taken (ignoring case) a 409.
 */
export async function createUser(db: Db, input: UserCreate, role: Role = "user"): Promise<UserRead> {
  const values = { username: input.username, email: input.email };
  await checkNewPassword(input.password, values, "password");
  try {
    const row = await insertUser(db, { ...values, role, password_hash: await hashPassword(input.password) });
    return toUserRead(row, true);
  } catch (error) {
    throw conflictOf(error, values);
  }
}

/** `POST /users/`: a sign-up from a client address, throttled per address (429 with Retry-After). */
export async function signUp(db: Db, input: UserCreate, clientAddress: string): Promise<UserRead> {
  await takeSignupAttempt(db, clientAddress);
  return createUser(db, input);
}

/** One account: the public profile, or everything for the account itself and admins. 404 when missing. */
export async function getUser(db: Db, id: number, caller: Caller | null): Promise<UserRead> {
  const row = await findUserById(db, id);
  if (!row) throw notFound("User", id);
  return toUserRead(row, seesEverything(caller, id));
}

const UserCursor = z.tuple([z.number().check(z.int(), z.gte(0))]);

/** Every account in id order, keyset-paginated (admins only). */
export async function listUsers(
  db: Db,
  page: { limit: number; cursor?: string | undefined },
  caller: Caller,
): Promise<Page<UserRead>> {
  if (!isAdmin(caller)) throw adminRequired();
  const [afterId] = page.cursor ? decodeCursor(page.cursor, UserCursor) : [0];
  const rows = await listUsersAfter(db, afterId, page.limit + 1);
  const result = toPage(rows, page.limit, (row) => [row.id]);
  return { ...result, items: result.items.map((row) => toUserRead(row, true)) };
}

/**
 * Resolves whose account a change is for: oneself (then the current password must be given and
 * right), or, for an admin, any account named by `user_id` (no password needed).
 */
async function authorizeChange(
  db: Db,
  caller: Caller,
  userId: number | undefined,
  password: { field: string; value: string | undefined },
  clientAddress: string,
): Promise<number> {
  const id = userId ?? caller.id;
  if (id !== caller.id) {
    if (!isAdmin(caller)) throw belongsToAnother("User", id);
    return id;
  }
  if (password.value === undefined) {
    throw Invalid("Request body is invalid.", [
      { path: password.field, message: "Required: your current password." },
    ]);
  }
  // Guessing the current password with a stolen token counts against the same limit as logins.
  const attempt = await takeLoginAttempt(db, caller.username, clientAddress);
  if (!(await checkPassword(password.value, await findPasswordHashById(db, id)))) throw wrongPassword();
  await attempt.succeeded();
  return id;
}

async function updateUser(db: Db, id: number, changes: UserChanges): Promise<UserRow> {
  try {
    const row = await updateUserById(db, id, changes);
    if (!row) throw notFound("User", id);
    return row;
  } catch (error) {
    throw conflictOf(error, changes);
  }
}

/** `PUT /users/email`: changes one's own email (current password required) or, as admin, anyone's. */
export async function changeEmail(
  db: Db,
  input: UserEmailUpdate,
  caller: Caller,
  clientAddress: string,
): Promise<UserRead> {
  const field = { field: "password", value: input.password };
  const id = await authorizeChange(db, caller, input.user_id, field, clientAddress);
  return toUserRead(await updateUser(db, id, { email: input.email }), true);
}

/**
 * `PUT /users/password`: changes one's own password (current one required) or, as admin, anyone's
 * (storePassword). With a password-reset link's code as the credential the route goes to
 * core/password-reset/service.ts instead.
 */
export async function changePassword(
  db: Db,
  input: UserPasswordUpdate,
  caller: Caller,
  clientAddress: string,
): Promise<void> {
  const field = { field: "current_password", value: input.current_password };
  const id = await authorizeChange(db, caller, input.user_id, field, clientAddress);
  await storePassword(db, id, input.new_password, id === caller.id ? caller.sessionId : undefined);
}

/**
 * Sets account `id`'s password, held to the rules of password-rules.ts against its name and email
 * (422, `new_password`). Every token the account was issued before stops working, and every session
 * of the account ends but `keepSession` (the caller's own, whose refresh gives a token past the
 * change). `alongside` runs first in the same transaction (a reset link spent: if it throws, nothing
 * changes).
 */
export async function storePassword(
  db: Db,
  id: number,
  newPassword: string,
  keepSession?: number,
  alongside?: (trx: Db) => Promise<void>,
): Promise<void> {
  const account = await findUserById(db, id);
  if (!account) throw notFound("User", id);
  await checkNewPassword(newPassword, account, "new_password");
  const password_hash = await hashPassword(newPassword);
  await transaction(db, async (trx) => {
    await alongside?.(trx);
    // The app's clock, like the tokens' iat it is compared with.
    await updateUser(trx, id, { password_hash, token_valid_after: new Date() });
    await deleteSessionsOfUser(trx, id, keepSession);
    // What the old tokens subscribed to live stops too (the REST routes already refuse them).
    await deleteLiveConnectionsOfUser(trx, id);
  });
}

/**
 * `PUT /users/preferences`: the caller's language and measures, which follow them to every device;
 * a field left out stays as it is (`{}` changes nothing).
 */
export async function changePreferences(
  db: Db,
  input: UserPreferencesUpdate,
  caller: Caller,
): Promise<UserRead> {
  // A JSON body cannot say `undefined`: a field left out is a key left out.
  if (Object.keys(input).length === 0) {
    const row = await findUserById(db, caller.id);
    if (!row) throw notFound("User", caller.id);
    return toUserRead(row, true);
  }
  return toUserRead(await updateUser(db, caller.id, input), true);
}

/**
 * Checks, inside a transaction, that taking the admin role away from `id` leaves another admin.
 * The admin rows stay locked until the transaction ends, so two admins cannot remove each other.
 */
async function lockAndCheckLastAdmin(trx: Db, id: number, action: string): Promise<Role> {
  const rows = await lockAdminsAndUser(trx, id);
  const target = rows.find((row) => row.id === id);
  if (!target) throw notFound("User", id);
  if (target.role === "admin" && rows.filter((row) => row.role === "admin").length === 1) {
    throw Conflict(`User ID ${id} is the last admin and cannot be ${action}.`);
  }
  return target.role;
}

/** `PUT /users/<id>/role` (admins only): demoting the last admin is a 409. */
export async function changeRole(db: Db, id: number, role: Role, caller: Caller): Promise<UserRead> {
  if (!isAdmin(caller)) throw adminRequired();
  const row = await transaction(db, async (trx) => {
    if (role !== "admin") await lockAndCheckLastAdmin(trx, id, "demoted");
    return updateUser(trx, id, { role });
  });
  return toUserRead(row, true);
}

/**
 * Deletes an account (oneself, or anyone as admin). Its recipes go with it; its stores and
 * ingredients stay with user_id null; the last admin cannot go (409). Pictures of the account and
 * of its recipes are removed from storage after the commit.
 */
export async function removeUser(db: Db, id: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    const row = await findUserById(trx, id);
    if (!row) throw notFound("User", id);
    if (id !== caller.id && !isAdmin(caller)) throw belongsToAnother("User", id);
    await lockAndCheckLastAdmin(trx, id, "deleted");
    const urls = await findUserPictureUrls(trx, id);
    // Their lists go (the household's members hear it); their recipes leave others' lists, and items
    // they last changed there lose their name: those lists' followers read them again.
    await publishTouched(db, trx, "owner", id, true);
    await publishTouched(db, trx, "user", id);
    // The codes they handed out let nobody in once they are gone (the rows would only lose their maker).
    await deleteUnusedInvitationsBy(trx, id);
    if (!(await deleteUserById(trx, id))) throw notFound("User", id);
    afterCommit(() => removePictures(urls));
  });
}
