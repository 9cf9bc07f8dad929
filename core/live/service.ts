/**
 * The live API's rules: a connection is recorded when it opens and forgotten when it closes; a
 * subscribe (read and checked by functions/live/subscribe.ts: a good token, lists the caller may read)
 * follows the lists, within the cap of connections per user. The connection is closed (4001) when
 * the token expires.
 */
import { decodeJwt } from "jose";
import type { Caller } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { TooManyRequests } from "../errors.ts";
import { LIVE_CLOSE, type LiveSubscribed } from "./messages.ts";
import { liveConnections } from "./port.ts";
import {
  countUserConnections,
  deleteConnections,
  deleteStaleConnections,
  insertConnection,
  lockUserConnections,
  subscribeConnection,
} from "./repository.ts";

/** Connections one user may have following lists at once: every phone and tab of a household's cook. */
export const MAX_CONNECTIONS_PER_USER = 20;

/**
 * A connection opened: recorded, so the fan-out can forget it when it is gone; and the connections
 * nobody will close any more are forgotten (deleteStaleConnections), so that they cannot pile up.
 */
export async function openConnection(db: Db, connectionId: string): Promise<void> {
  await insertConnection(db, connectionId);
  await deleteStaleConnections(db);
}

/** A connection closed: it follows nothing any more. */
export async function closeConnection(db: Db, connectionId: string): Promise<void> {
  await deleteConnections(db, [connectionId]);
}

/**
 * Subscribes the connection of `caller` (authenticated by `token`, which may read every one of
 * `lists`: the route checks both) to the lists; 429 when the caller already follows lists on
 * MAX_CONNECTIONS_PER_USER other connections. The connection is closed when the token expires.
 */
export async function subscribe(
  db: Db,
  connectionId: string,
  caller: Caller,
  token: string,
  lists: number[],
): Promise<LiveSubscribed> {
  // The route authenticated the token, its expiry included: this only reads when that is.
  const expiresAt = new Date((decodeJwt(token).exp ?? 0) * 1000);
  await transaction(db, async (trx) => {
    // Counted and recorded under a lock of the user's connections: two subscribes at once (a Lambda
    // each on AWS) cannot both pass the cap.
    await lockUserConnections(trx, caller.id);
    if ((await countUserConnections(trx, caller.id, connectionId)) >= MAX_CONNECTIONS_PER_USER) {
      throw TooManyRequests(
        `Too many live connections for this account (at most ${MAX_CONNECTIONS_PER_USER}): close one on another tab or device.`,
        60,
      );
    }
    await subscribeConnection(trx, connectionId, caller.id, expiresAt, lists);
  });
  liveConnections()?.closeAt(connectionId, expiresAt, LIVE_CLOSE.tokenExpired, "Token expired.");
  return { type: "subscribed", lists };
}
