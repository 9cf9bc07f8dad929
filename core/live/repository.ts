/** SQL for the live API's connections and what they follow. */
import { sql } from "kysely";
import type { Role } from "../auth/roles.ts";
import type { Db } from "../db.ts";
import { isMemberSql } from "../household/repository.ts";

export async function insertConnection(db: Db, connectionId: string): Promise<void> {
  await db
    .insertInto("live_connections")
    .values({ connection_id: connectionId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Forgets the connections no process will close: those whose token expired over a minute ago (the
 * local server closed them then; on AWS the next change would) and those that never subscribed in 2
 * hours (API Gateway's longest connection): what a process that died, or a `$disconnect` that lost
 * the race with a subscribe, left behind.
 */
export async function deleteStaleConnections(db: Db): Promise<void> {
  await sql`delete from live_connections
    where expires_at < now() - interval '1 minute'
      or (expires_at is null and created_at < now() - interval '2 hours')`.execute(db);
}

/** Holds the user's row until the transaction ends, so that their connections are counted one subscribe at a time. */
export async function lockUserConnections(db: Db, userId: number): Promise<void> {
  await sql`select id from users where id = ${userId} for no key update`.execute(db);
}

/** The user's connections other than `exceptId` whose token has not expired. */
export async function countUserConnections(db: Db, userId: number, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom("live_connections")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", userId)
    .where("connection_id", "<>", exceptId)
    .where("expires_at", ">", new Date())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets connections (their subscriptions go with them). */
export async function deleteConnections(db: Db, connectionIds: readonly string[]): Promise<void> {
  if (connectionIds.length === 0) return;
  await db.deleteFrom("live_connections").where("connection_id", "in", connectionIds).execute();
}

/** Records who subscribed on the connection, until when, and the lists it follows from now on. */
export async function subscribeConnection(
  db: Db,
  connectionId: string,
  userId: number,
  expiresAt: Date,
  listIds: readonly number[],
): Promise<void> {
  await db
    .insertInto("live_connections")
    .values({ connection_id: connectionId, user_id: userId, expires_at: expiresAt })
    .onConflict((oc) => oc.column("connection_id").doUpdateSet({ user_id: userId, expires_at: expiresAt }))
    .execute();
  await db
    .insertInto("live_subscriptions")
    .values(listIds.map((list_id) => ({ list_id, connection_id: connectionId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A connection following a list, with what the sharing rule needs to decide whether it still may. */
export type Subscriber = {
  connection_id: string;
  user_id: number;
  role: Role;
  expired: boolean;
  /** Whether the subscriber is in the list's household. */
  member: boolean;
};

/** The connections (whose id starts with `prefix`) following the list of `householdId`, in one statement. */
export async function selectSubscribers(
  db: Db,
  listId: number,
  householdId: number | null,
  prefix: string,
): Promise<Subscriber[]> {
  const member = isMemberSql(sql`${householdId}::integer`, sql`c.user_id`);
  const result = await sql<Subscriber>`select s.connection_id, c.user_id, u.role,
    c.expires_at <= now() as expired, ${member} as member
    from live_subscriptions s join live_connections c using (connection_id) join users u on u.id = c.user_id
    where s.list_id = ${listId} and starts_with(s.connection_id, ${prefix})`.execute(db);
  return result.rows;
}

/** Stops the connections following the list. */
export async function deleteSubscriptions(
  db: Db,
  listId: number,
  connectionIds?: readonly string[],
): Promise<void> {
  let query = db.deleteFrom("live_subscriptions").where("list_id", "=", listId);
  if (connectionIds) {
    if (connectionIds.length === 0) return;
    query = query.where("connection_id", "in", connectionIds);
  }
  await query.execute();
}
