/**
 * Who may do what in a household, as the API decides it (CONTRACT.md, households), so that each
 * control shows only to those it would let through: owners and admins manage, every member invites
 * and may leave; a household keeps an owner while it has members.
 */

import { t } from "../../../i18n/index.ts";
import type { Household, HouseholdRole } from "../../../lib/api/households.ts";
import type { Session } from "../../../lib/auth.ts";
import { enumValues } from "../../../lib/enum.ts";

/** Every role, in the order a select offers them (the compiler holds the list to the API's enum). */
export const ROLES = enumValues<HouseholdRole>()(["owner", "member"]);

/** "Owner", "Member", in the active language. */
export const roleName = (role: HouseholdRole): string => t("households.role", { role });

/** Rename, delete, change roles, remove others: an owner of it, or an admin. */
export const mayManage = (household: Household, session: Session | null): boolean =>
  session !== null && (household.role === "owner" || session.role === "admin");

/** Invite someone: any member, or an admin. */
export const mayInvite = (household: Household, session: Session | null): boolean =>
  session !== null && (household.role !== null || session.role === "admin");

export const ownerCount = (household: Household): number =>
  household.members.filter((m) => m.role === "owner").length;

/**
 * What leaving means for this member: `alone` deletes the household; `only-owner` is refused while
 * others remain (409 "needs an owner": another member must become an owner first); `free` otherwise.
 */
export function leaving(household: Household, userId: number): "alone" | "only-owner" | "free" {
  if (household.members.length <= 1) return "alone";
  const me = household.members.find((m) => m.user_id === userId);
  return me?.role === "owner" && ownerCount(household) === 1 ? "only-owner" : "free";
}

/** "3 members", "1 member". */
export const memberCount = (n: number): string => t("households.memberCount", { count: n });
