/**
 * Household rules: members read a household and invite; owners (and admins) rename it, delete it
 * and manage its members; a household always keeps an owner while it has members, and goes with its
 * last member. Invitations are single use and expire after 7 days; their codes are 128 random bits,
 * stored only as a SHA-256, and failed joins count like failed logins (core/auth/throttle.ts).
 */
import { randomBytes } from "node:crypto";
import { type Caller, isAdmin } from "../auth/caller.ts";
import { takeJoinAttempt } from "../auth/throttle.ts";
import { type Db, transaction } from "../db.ts";
import { AppError, Conflict, Forbidden, Invalid, NotFound, notFound } from "../errors.ts";
import { publishListChanges, selectListsTouchedBy } from "../live/list-changes.ts";
import { type Page, pageByNameAndId } from "../pagination.ts";
import { secretHash } from "../secret-hash.ts";
import { householdOfOthers } from "./access.ts";
import {
  countMembers,
  countOpenInvitations,
  deleteHouseholdById,
  deleteInvitation,
  deleteMember,
  findHousehold,
  findMemberRole,
  insertHousehold,
  insertInvitation,
  insertMember,
  lockHouseholdById,
  lockOpenInvitation,
  lockValidInvitation,
  markInvitationUsed,
  selectHouseholdsOfUser,
  selectOpenInvitations,
  updateHouseholdName,
  updateMemberRole,
} from "./repository.ts";
import type {
  HouseholdCreate,
  HouseholdJoin,
  HouseholdListQuery,
  HouseholdMemberUpdate,
  HouseholdRead,
  HouseholdUpdate,
  InvitationRead,
  OpenInvitation,
} from "./schemas.ts";
import type { HouseholdRole } from "./table.ts";

/** How long an invitation lets someone in. */
export const INVITATION_DAYS = 7;
/**
 * Open (unused, unexpired) invitations one member may have to one household: enough for a family,
 * and a member cannot mint codes without end.
 */
export const MAX_OPEN_INVITATIONS = 10;
/** Random bytes of an invitation code: 128 bits, 22 base64url characters. */
const CODE_BYTES = 16;

/** 403 for a member asking what only an owner may do. */
const ownersOnly = (id: number, what: string) =>
  Forbidden(`Only an owner of household ID ${id} may ${what}.`);

/** 409: the last owner cannot go, nor step down, while the household has members. */
const needsAnOwner = (id: number) => Conflict(`Household ID ${id} needs an owner.`);

/**
 * Locks the household (404 when there is none) and returns the caller's role in it: undefined for an
 * admin who is not a member; anyone else who is not a member gets 403.
 */
async function enter(trx: Db, id: number, caller: Caller): Promise<HouseholdRole | undefined> {
  if ((await lockHouseholdById(trx, id)) === undefined) throw notFound("Household", id);
  const role = await findMemberRole(trx, id, caller.id);
  if (role === undefined && !isAdmin(caller)) throw householdOfOthers(id);
  return role;
}

/** As enter(), for what only an owner (or an admin) may do: `what` names it in the 403. */
async function enterAsOwner(trx: Db, id: number, caller: Caller, what: string): Promise<void> {
  const role = await enter(trx, id, caller);
  if (role !== "owner" && !isAdmin(caller)) throw ownersOnly(id, what);
}

async function read(db: Db, id: number, caller: Caller): Promise<HouseholdRead> {
  const household = await findHousehold(db, id, caller.id);
  if (!household) throw notFound("Household", id);
  return household;
}

/** A page of the caller's households in (name, id) order. */
export async function listHouseholds(
  db: Db,
  query: HouseholdListQuery,
  caller: Caller,
): Promise<Page<HouseholdRead>> {
  return pageByNameAndId(query, (page) => selectHouseholdsOfUser(db, caller.id, page));
}

/** The household (member or admin). */
export async function getHousehold(db: Db, id: number, caller: Caller): Promise<HouseholdRead> {
  const household = await read(db, id, caller);
  if (household.role === null && !isAdmin(caller)) throw householdOfOthers(id);
  return household;
}

/** A new household with the caller as its owner. */
export async function createHousehold(
  db: Db,
  input: HouseholdCreate,
  caller: Caller,
): Promise<HouseholdRead> {
  return transaction(db, async (trx) => {
    const id = await insertHousehold(trx, input.name);
    await insertMember(trx, id, caller.id, "owner");
    return read(trx, id, caller);
  });
}

/** Renames the household (owner or admin). */
export async function renameHousehold(
  db: Db,
  id: number,
  input: HouseholdUpdate,
  caller: Caller,
): Promise<HouseholdRead> {
  return transaction(db, async (trx) => {
    await enterAsOwner(trx, id, caller, "rename it");
    await updateHouseholdName(trx, id, input.name);
    return read(trx, id, caller);
  });
}

/** Deletes the household (owner or admin); its lists and meal plan entries stay, each its creator's own. */
export async function removeHousehold(db: Db, id: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    await enterAsOwner(trx, id, caller, "delete it");
    // Its lists become their makers' own: the makers' phones read them again, the others hear no more.
    for (const list of await selectListsTouchedBy(trx, "household", id)) {
      publishListChanges(db, { ...list, household_id: null }, [{ type: "list", deleted: false }]);
    }
    await deleteHouseholdById(trx, id);
  });
}

/**
 * A single-use code that lets one person join within INVITATION_DAYS (any member, or an admin);
 * 409 once the caller has MAX_OPEN_INVITATIONS open ones to the household.
 */
export async function createInvitation(db: Db, id: number, caller: Caller): Promise<InvitationRead> {
  return transaction(db, async (trx) => {
    await enter(trx, id, caller);
    if ((await countOpenInvitations(trx, id, caller.id)) >= MAX_OPEN_INVITATIONS) {
      throw Conflict(
        `You have ${MAX_OPEN_INVITATIONS} open invitations to household ID ${id}: revoke one before making another.`,
      );
    }
    const code = randomBytes(CODE_BYTES).toString("base64url");
    const invitation = await insertInvitation(trx, {
      household_id: id,
      code_hash: secretHash(code),
      created_by: caller.id,
      expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    return { id: invitation.id, code, expires_at: invitation.expires_at.toISOString() };
  });
}

/** The open invitations of a household: every one for an owner or an admin, a member's own for a member. */
export async function listInvitations(
  db: Db,
  id: number,
  caller: Caller,
): Promise<{ items: OpenInvitation[] }> {
  return transaction(db, async (trx) => {
    const role = await enter(trx, id, caller);
    const everyone = role === "owner" || isAdmin(caller);
    return { items: await selectOpenInvitations(trx, id, everyone ? undefined : caller.id) };
  });
}

/**
 * Revokes an open invitation (its maker, an owner, or an admin): its code lets nobody in from then
 * on. 404 for an invitation of the household that is used, expired or unknown.
 */
export async function revokeInvitation(
  db: Db,
  id: number,
  invitationId: number,
  caller: Caller,
): Promise<void> {
  await transaction(db, async (trx) => {
    const role = await enter(trx, id, caller);
    const invitation = await lockOpenInvitation(trx, id, invitationId);
    if (!invitation) throw notFound("Invitation", invitationId);
    if (invitation.created_by !== caller.id && role !== "owner" && !isAdmin(caller)) {
      throw ownersOnly(id, "revoke another member's invitation");
    }
    await deleteInvitation(trx, invitationId);
  });
}

/**
 * Joins the household of a valid invitation, which is used up. Every attempt counts against the
 * caller like a login (429 past the limit, a valid code included); one that works is given back.
 */
export async function joinHousehold(db: Db, input: HouseholdJoin, caller: Caller): Promise<HouseholdRead> {
  const attempt = await takeJoinAttempt(db, caller.id);
  try {
    const household = await transaction(db, async (trx) => {
      const invitation = await lockValidInvitation(trx, secretHash(input.code));
      if (!invitation) {
        throw Invalid("Invitation code is not valid.", [
          { path: "code", message: "Invitation code is not valid." },
        ]);
      }
      const id = invitation.household_id;
      await lockHouseholdById(trx, id);
      if ((await findMemberRole(trx, id, caller.id)) !== undefined) {
        throw Conflict(`User ID ${caller.id} is already a member of household ID ${id}.`);
      }
      await markInvitationUsed(trx, invitation.id, caller.id);
      await insertMember(trx, id, caller.id, "member");
      return read(trx, id, caller);
    });
    await attempt.succeeded();
    return household;
  } catch (error) {
    // A valid code for a household one is already in is not a guess.
    if (error instanceof AppError && error.kind === "conflict") await attempt.succeeded();
    throw error;
  }
}

/** The member's role (404 for someone who is not a member). */
async function memberRole(trx: Db, id: number, userId: number): Promise<HouseholdRole> {
  const role = await findMemberRole(trx, id, userId);
  if (role === undefined) throw NotFound(`User ID ${userId} is not a member of household ID ${id}.`);
  return role;
}

/** Makes a member an owner or a member (owner or admin); the last owner cannot step down. */
export async function setMemberRole(
  db: Db,
  id: number,
  userId: number,
  input: HouseholdMemberUpdate,
  caller: Caller,
): Promise<HouseholdRead> {
  return transaction(db, async (trx) => {
    await enterAsOwner(trx, id, caller, "change roles");
    const current = await memberRole(trx, id, userId);
    if (current === "owner" && input.role === "member" && (await countMembers(trx, id)).owners === 1) {
      throw needsAnOwner(id);
    }
    await updateMemberRole(trx, id, userId, input.role);
    return read(trx, id, caller);
  });
}

/**
 * A member leaves (themself) or is removed (by an owner or an admin). The last owner cannot go while
 * others remain; the last member going deletes the household. Lists and entries the member made stay
 * theirs and stay in the household; the others' lists are no longer theirs to read from then on.
 */
export async function removeMember(db: Db, id: number, userId: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    const own = await enter(trx, id, caller);
    if (userId !== caller.id && own !== "owner" && !isAdmin(caller))
      throw ownersOnly(id, "remove other members");
    const role = await memberRole(trx, id, userId);
    const { members, owners } = await countMembers(trx, id);
    if (members === 1) {
      await deleteHouseholdById(trx, id);
      return;
    }
    if (role === "owner" && owners === 1) throw needsAnOwner(id);
    await deleteMember(trx, id, userId);
    // The others' lists are no longer theirs: their open screens learn it now.
    // Told to the leaver's connections alone: they hear `list`, read it, are refused, and follow it no more.
    for (const list of await selectListsTouchedBy(trx, "household", id)) {
      if (list.user_id !== userId) publishListChanges(db, list, [{ type: "list", deleted: false }], userId);
    }
  });
}
