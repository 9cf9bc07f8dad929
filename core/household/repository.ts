/** SQL for households: a household is read whole (its members with their names) in one statement. */
import { type Expression, type RawBuilder, sql } from "kysely";
import type { Db } from "../db.ts";
import { isoTimestampSql } from "../timestamps.ts";
import type { HouseholdRead } from "./schemas.ts";
import type { HouseholdRole } from "./table.ts";

/**
 * SQL: whether user `userId` (an id, or a column) is a member of the household `householdId` names (a
 * column such as `l.household_id`; null, a private row, is nobody's household). The membership half of the sharing
 * rule (core/household/access.ts).
 */
export const isMemberSql = (
  householdId: Expression<number | null> | RawBuilder<unknown>,
  userId: number | RawBuilder<unknown>,
) =>
  sql<boolean>`exists (select 1 from household_members hm where hm.household_id = ${householdId} and hm.user_id = ${userId})`;

/** The households of `where` (alias `h`) as the API reads them, for the caller `callerId`. */
function householdQuery(callerId: number, where: RawBuilder<unknown>, tail: RawBuilder<unknown> = sql``) {
  return sql<HouseholdRead>`
    select h.id, h.name,
      coalesce((
        select json_agg(json_build_object('user_id', m.user_id, 'username', u.username, 'role', m.role,
            'joined_at', ${isoTimestampSql(sql`m.joined_at`)}) order by m.joined_at, m.user_id)
        from household_members m join users u on u.id = m.user_id
        where m.household_id = h.id), '[]'::json) as members,
      (select m.role from household_members m where m.household_id = h.id and m.user_id = ${callerId}) as role,
      ${isoTimestampSql(sql`h.created_at`)} as created_at, ${isoTimestampSql(sql`h.updated_at`)} as updated_at
    from households h
    where ${where}
    ${tail}`;
}

/** The household as `callerId` reads it, or undefined. */
export async function findHousehold(
  db: Db,
  id: number,
  callerId: number,
): Promise<HouseholdRead | undefined> {
  const result = await householdQuery(callerId, sql`h.id = ${id}`).execute(db);
  return result.rows[0];
}

/** One page of the households `userId` is a member of, in (name, id) order after the given key. */
export async function selectHouseholdsOfUser(
  db: Db,
  userId: number,
  page: { limit: number; after?: readonly [string, number] },
): Promise<HouseholdRead[]> {
  const after = page.after ? sql`and (h.name, h.id) > (${page.after[0]}, ${page.after[1]})` : sql``;
  const result = await householdQuery(
    userId,
    sql`h.id in (select household_id from household_members where user_id = ${userId}) ${after}`,
    sql`order by h.name, h.id limit ${page.limit}`,
  ).execute(db);
  return result.rows;
}

export async function householdExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom("households").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** The household's id, locked until the transaction ends (membership changes take turns), or undefined. */
export async function lockHouseholdById(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("households")
    .select("id")
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

export async function insertHousehold(db: Db, name: string): Promise<number> {
  const row = await db.insertInto("households").values({ name }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHouseholdName(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable("households").set({ name }).where("id", "=", id).execute();
}

/** Deletes the household; its lists and meal plan entries stay, private again (`on delete set null`). */
export async function deleteHouseholdById(db: Db, id: number): Promise<void> {
  await db.deleteFrom("households").where("id", "=", id).execute();
}

/** The user's role in the household, or undefined when they are not a member. */
export async function findMemberRole(
  db: Db,
  householdId: number,
  userId: number,
): Promise<HouseholdRole | undefined> {
  const row = await db
    .selectFrom("household_members")
    .select("role")
    .where("household_id", "=", householdId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role;
}

/** How many members the household has, and how many of them are owners. */
export async function countMembers(
  db: Db,
  householdId: number,
): Promise<{ members: number; owners: number }> {
  const row = await db
    .selectFrom("household_members")
    .select((eb) => [
      eb.fn.countAll<number>().as("members"),
      eb.fn.count<number>("user_id").filterWhere("role", "=", "owner").as("owners"),
    ])
    .where("household_id", "=", householdId)
    .executeTakeFirstOrThrow();
  return { members: Number(row.members), owners: Number(row.owners) };
}

export async function insertMember(
  db: Db,
  householdId: number,
  userId: number,
  role: HouseholdRole,
): Promise<void> {
  await db
    .insertInto("household_members")
    .values({ household_id: householdId, user_id: userId, role })
    .execute();
}

export async function updateMemberRole(
  db: Db,
  householdId: number,
  userId: number,
  role: HouseholdRole,
): Promise<void> {
  await db
    .updateTable("household_members")
    .set({ role })
    .where("household_id", "=", householdId)
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Ends a membership, and the unused invitations the member made to the household: someone removed
 * must not let themself back in with a code they kept.
 */
export async function deleteMember(db: Db, householdId: number, userId: number): Promise<void> {
  await db
    .deleteFrom("household_invitations")
    .where("household_id", "=", householdId)
    .where("created_by", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await db
    .deleteFrom("household_members")
    .where("household_id", "=", householdId)
    .where("user_id", "=", userId)
    .execute();
}

/** Stores an invitation by the SHA-256 of its code; returns its id and when it expires. */
export async function insertInvitation(
  db: Db,
  values: { household_id: number; code_hash: string; created_by: number; expires_at: Date },
): Promise<{ id: number; expires_at: Date }> {
  return db
    .insertInto("household_invitations")
    .values(values)
    .returning(["id", "expires_at"])
    .executeTakeFirstOrThrow();
}

/** The household's invitations that are unused and unexpired, of `createdBy` only when given. */
function openInvitations(db: Db, householdId: number, createdBy?: number) {
  let query = db
    .selectFrom("household_invitations as i")
    .where("i.household_id", "=", householdId)
    .where("i.used_at", "is", null)
    .where("i.expires_at", ">", sql<Date>`now()`);
  if (createdBy !== undefined) query = query.where("i.created_by", "=", createdBy);
  return query;
}

/** How many open invitations `userId` has made to the household. */
export async function countOpenInvitations(db: Db, householdId: number, userId: number): Promise<number> {
  const row = await openInvitations(db, householdId, userId)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The open invitations (of `createdBy` when given), newest first, with their makers' names. */
export async function selectOpenInvitations(db: Db, householdId: number, createdBy?: number) {
  const rows = await openInvitations(db, householdId, createdBy)
    .leftJoin("users as u", "u.id", "i.created_by")
    .select(["i.id", "i.created_by", "u.username", "i.created_at", "i.expires_at"])
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    created_by:
      row.created_by === null || row.username === null
        ? null
        : { user_id: row.created_by, username: row.username },
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  }));
}

/** The open invitation `id` of the household, with its maker, locked until the transaction ends. */
export async function lockOpenInvitation(db: Db, householdId: number, id: number) {
  return openInvitations(db, householdId)
    .select(["i.id", "i.created_by"])
    .where("i.id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes an invitation: its code lets nobody in any more. */
export async function deleteInvitation(db: Db, id: number): Promise<void> {
  await db.deleteFrom("household_invitations").where("id", "=", id).execute();
}

/** Deletes the unused invitations a user made, to every household: an account that goes lets nobody in. */
export async function deleteUnusedInvitationsBy(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom("household_invitations")
    .where("created_by", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

/** The unused, unexpired invitation with this code hash, locked until the transaction ends. */
export async function lockValidInvitation(db: Db, codeHash: string) {
  return db
    .selectFrom("household_invitations")
    .select(["id", "household_id"])
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks the invitation used by `userId`: it lets nobody else in. */
export async function markInvitationUsed(db: Db, id: number, userId: number): Promise<void> {
  await db
    .updateTable("household_invitations")
    .set({ used_at: sql<Date>`now()`, used_by: userId })
    .where("id", "=", id)
    .execute();
}
