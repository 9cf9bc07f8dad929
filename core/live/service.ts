/**
 * The live API's rules: a connection is recorded when it opens and forgotten when it closes; a
 * subscribe names an access token and lists, and follows them only if the token is good and the
 * caller may read every one of them (the REST rule, core/household/access.ts), else none. The
 * connection is closed (4001) when the token expires.
 */
import { decodeJwt } from "jose";
import { authenticate } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { BadRequest, Invalid, TooManyRequests, Unauthenticated } from "../errors.ts";
import { checkListsAccess } from "../shopping-list/service.ts";
import { liveConnections, TOKEN_EXPIRED_CODE } from "./port.ts";
import {
  countUserConnections,
  deleteConnections,
  deleteStaleConnections,
  insertConnection,
  lockUserConnections,
  subscribeConnection,
} from "./repository.ts";
import { LiveSubscribe, type LiveSubscribed } from "./schemas.ts";

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
 * The message as JSON checked against LiveSubscribe: 400 when it is not JSON, 401 when a subscribe
 * names no token (like any request without one), 422 when it is not a subscribe.
 */
function readSubscribe(body: string | undefined): LiveSubscribe {
  let message: unknown;
  try {
    message = JSON.parse(body ?? "");
  } catch {
    throw BadRequest("Message is not valid JSON.");
  }
  if (isSubscribeWithoutToken(message)) throw Unauthenticated();
  const parsed = LiveSubscribe.safeParse(message);
  if (!parsed.success) {
    throw Invalid(
      'Message is invalid: send {"action": "subscribe", "token": "<access token>", "lists": [<list id>, …]}.',
      parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    );
  }
  return parsed.data;
}

/** `{"action": "subscribe", …}` whose `token` is missing, null or empty. */
function isSubscribeWithoutToken(message: unknown): boolean {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const { action, token } = message as { action?: unknown; token?: unknown };
  return action === "subscribe" && (token === undefined || token === null || token === "");
}

/**
 * Subscribes the connection to the lists of the message: 401 for a bad token, 404 or 403 for the
 * first list refused (`Shopping list ID 5 was not found.`), and then none of them; 429 when the
 * caller already follows lists on MAX_CONNECTIONS_PER_USER other connections. The connection is
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
  liveConnections()?.closeAt(connectionId, expiresAt, TOKEN_EXPIRED_CODE, "Token expired.");
  return { type: "subscribed", lists };
}
