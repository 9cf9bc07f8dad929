/**
 * How a list or a planned meal says whom it is shared with and who made it, from the households the
 * person is in (lib/api/households.ts). A household one is not in (an admin looking at another's
 * list) or not loaded yet (offline) still reads as a sentence.
 */
import { t } from "../i18n/index.ts";
import type { Household } from "./api/households.ts";
import type { Session } from "./auth.ts";
import { mayEdit } from "./may-edit.ts";

/** The household's name, or "household ID 3" when it is not one of the person's households. */
export function householdName(households: readonly Household[], id: number): string {
  return households.find((h) => h.id === id)?.name ?? t("lib.householdId", { id });
}

/** "Shared with Smiths", or null for something private. */
export function sharedWithText(households: readonly Household[], id: number | null): string | null {
  return id === null ? null : t("lib.sharedWith", { household: householdName(households, id) });
}

/** Every member's username by user id, across the person's households. */
export function memberNames(households: readonly Household[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const household of households) {
    for (const member of household.members) names.set(member.user_id, member.username);
  }
  return names;
}

/**
 * "made by anna" for what another member made, null for one's own. Someone who has left since is no
 * longer among the members: "made by another member".
 */
export function madeByText(names: ReadonlyMap<number, string>, userId: number, me: number | undefined) {
  if (userId === me) return null;
  const name = names.get(userId);
  return name ? t("lib.madeBy", { name }) : t("lib.madeByAnotherMember");
}

type Shared = { household_id: number | null; user_id: number };

/** "Shared with Smiths · made by anna" for a list or a planned meal; "" for one's own private one. */
export function sharingText(
  households: readonly Household[],
  names: ReadonlyMap<number, string>,
  row: Shared,
  me: number | undefined,
): string {
  return [sharedWithText(households, row.household_id), madeByText(names, row.user_id, me)]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Whether the person may move a list or a planned meal between their households and "only me": its
 * maker or an admin, when there is somewhere to move it (a household, or out of the one it is in).
 */
export const mayMove = (session: Session | null, row: Shared, households: readonly Household[]): boolean =>
  mayEdit(session, row.user_id) && (households.length > 0 || row.household_id !== null);
