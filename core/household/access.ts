/**
 * The sharing rule, in one place: a shopping list or a meal plan entry is read and written by its
 * creator, by every member of its household, and by an admin. Every shopping list and meal plan
 * route, the live subscribe and the live fan-out ask `mayUse` (through `assertMayUse` where a
 * refusal is an answer); the membership half is one SQL expression (isMemberSql). And who may put a
 * list or an entry in a household: its members (checkHouseholdChoice).
 */
import { type Caller, isAdmin } from "../auth/caller.ts";
import type { Db } from "../db.ts";
import { belongsToAnother, Forbidden, missingReference, notFound } from "../errors.ts";
import { findMemberRole, householdExists } from "./repository.ts";

/** A shared row as the rule sees it: its creator, and whether the user asking is in its household. */
export type SharedRow = { user_id: number; member: boolean };

export type SharedThing = "Shopping list" | "Meal plan entry";

/** Whether `who` may read and write the row: its creator, a member of its household, or an admin. */
export function mayUse(row: SharedRow, who: Pick<Caller, "id" | "role">): boolean {
  return who.role === "admin" || row.user_id === who.id || row.member;
}

/**
 * The row, if `caller` may use it: 404 `Shopping list ID 5 was not found.` when there is none, 403
 * `Shopping list ID 5 belongs to another user.` when the rule refuses.
 */
export function assertMayUse<R extends SharedRow>(
  row: R | undefined,
  thing: SharedThing,
  id: number,
  caller: Caller,
): R {
  if (!row) throw notFound(thing, id);
  if (!mayUse(row, caller)) throw belongsToAnother(thing, id);
  return row;
}

/** 403 for a household the caller is not in. */
export const householdOfOthers = (id: number) => Forbidden(`Household ID ${id} belongs to other users.`);

/**
 * A household named by a list or meal plan entry (`household_id` of a body, or of a query: `path`
 * names it): 422 when there is none, 403 when the caller is not in it (an admin may name any).
 */
export async function checkHouseholdChoice(db: Db, id: number, caller: Caller, path: string): Promise<void> {
  if (!(await householdExists(db, id))) throw missingReference("Household", id, path);
  if (!isAdmin(caller) && (await findMemberRole(db, id, caller.id)) === undefined)
    throw householdOfOthers(id);
}

/**
 * A list or entry moved to household `to` (or out of one, `null`): only its creator or an admin
 * moves it, into a household they may name. Answers whether it is a move at all (`to` given and not
 * where it is already), so that only then is `household_id` written.
 */
export async function checkMove(
  db: Db,
  row: { user_id: number; household_id: number | null },
  to: number | null | undefined,
  thing: SharedThing,
  id: number,
  caller: Caller,
): Promise<boolean> {
  if (to === undefined || to === row.household_id) return false;
  if (row.user_id !== caller.id && !isAdmin(caller))
    throw Forbidden(`Only the creator of ${thing.toLowerCase()} ID ${id} or an admin may move it.`);
  if (to !== null) await checkHouseholdChoice(db, to, caller, "household_id");
  return true;
}
