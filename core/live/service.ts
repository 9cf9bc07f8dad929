/**
 * The live API's rules: a connection is recorded when it opens and forgotten when it closes; a
 * subscribe names an access token and lists, and follows them only if the token is good and the
 * caller may read every one of them (the REST rule, core/household/access.ts), else none. The
 * connection is closed (4001) when the token expires.
 */
import { decodeJwt } from "jose";
import { authenticate } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { BadRequest, Invalid } from "../errors.ts";
import { checkListsAccess } from "../shopping-list/service.ts";
import { liveConnections, TOKEN_EXPIRED_CODE } from "./port.ts";
import {
  deleteConnections,
  deleteStaleConnections,
  insertConnection,
  subscribeConnection,
} from "./repository.ts";
import { LiveSubscribe, type LiveSubscribed } from "./schemas.ts";

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

/** The message as JSON checked against LiveSubscribe: 400 when it is not JSON, 422 when it is not a subscribe. */
function readSubscribe(body: string | undefined): LiveSubscribe {
  let message: unknown;
  try {
    message = JSON.parse(body ?? "");
  } catch {
    throw BadRequest("Message is not valid JSON.");
  }
  const parsed = LiveSubscribe.safeParse(message);
  if (!parsed.success) {
    throw Invalid(
      'Message is invalid: send {"action": "subscribe", "token": "<access token>", "lists": [<list id>, …]}.',
      parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    );
  }
  return parsed.data;
}

/**
 * Subscribes the connection to the lists of the message: 401 for a bad token, 404 or 403 for the
 * first list refused (`Shopping list ID 5 was not found.`), and then none of them. The connection is
 * closed when the token expires.
 */
export async function subscribe(
  db: Db,
  connectionId: string,
  body: string | undefined,
): Promise<LiveSubscribed> {
  const message = readSubscribe(body);
  const caller = await authenticate(db, message.token);
  const lists = [...new Set(message.lists)];
  await checkListsAccess(db, lists, caller);
  // authenticate() checked the token, its expiry included: this only reads when that is.
  const expiresAt = new Date((decodeJwt(message.token).exp ?? 0) * 1000);
  await transaction(db, (trx) => subscribeConnection(trx, connectionId, caller.id, expiresAt, lists));
  liveConnections()?.closeAt(connectionId, expiresAt, TOKEN_EXPIRED_CODE, "Token expired.");
  return { type: "subscribed", lists };
}
