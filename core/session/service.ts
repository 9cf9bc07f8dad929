/**
 * Staying signed in (CONTRACT.md: Authentication): each login starts a session and answers, beside
 * the 30-minute access token that names it (`sid`), a refresh token: 256 random bits, kept only as
 * its SHA-256. A refresh spends the token and gives a new one (and 60 more days); a spent token
 * presented again ends the whole session, since only a copy can still hold it once its owner has
 * refreshed. A session ends at logout, from another device, at a password change (the others) and
 * with the account; its access tokens stop at once (authenticate() asks for the session).
 */
import { randomBytes } from "node:crypto";
import type { Caller } from "../auth/caller.ts";
import type { Role } from "../auth/roles.ts";
import { clientNetwork, type ThrottleLimit, take } from "../auth/throttle.ts";
import { type AccessToken, issueAccessToken } from "../auth/token.ts";
import { type Db, transaction } from "../db.ts";
import { invalidToken, notFound } from "../errors.ts";
import { secretHash } from "../secret-hash.ts";
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionById,
  deleteSessionOfToken,
  insertRefreshToken,
  insertSession,
  selectSessionsOfUser,
  spendRefreshToken,
  touchSession,
} from "./repository.ts";
import type { SessionVia } from "./table.ts";

/** A session runs out after this long without a refresh. */
export const REFRESH_EXPIRE_DAYS = 60;
const REFRESH_EXPIRE_SECONDS = REFRESH_EXPIRE_DAYS * 24 * 60 * 60;
/** 256 bits. */
const REFRESH_BYTES = 32;
/**
 * Refreshes from one client network, whatever the account: a household's phones behind one router
 * refresh about twice an hour each; a guesser gets nowhere (the tokens are 256 bits) and is slowed.
 */
export const REFRESH_LIMIT: ThrottleLimit = { max: 100, windowMinutes: 15 };
/** The most of a User-Agent a session keeps. */
const MAX_USER_AGENT = 300;

/** What a login or a refresh answers. */
export type SessionTokens = AccessToken & { refresh_token: string; refresh_expires_in: number };

const expiry = () => new Date(Date.now() + REFRESH_EXPIRE_SECONDS * 1000);

/** A new refresh token for the session, and an access token naming it. */
async function tokensFor(
  db: Db,
  user: { id: number; role: Role },
  sessionId: number,
): Promise<SessionTokens> {
  const refreshToken = randomBytes(REFRESH_BYTES).toString("base64url");
  await insertRefreshToken(db, sessionId, secretHash(refreshToken));
  return {
    ...(await issueAccessToken(user, sessionId)),
    refresh_token: refreshToken,
    refresh_expires_in: REFRESH_EXPIRE_SECONDS,
  };
}

/** Starts a session for a user who has just proved who they are (the user's run-out sessions go). */
export async function startSession(
  db: Db,
  user: { id: number; role: Role },
  via: SessionVia,
  userAgent: string | undefined,
): Promise<SessionTokens> {
  return transaction(db, async (trx) => {
    await deleteExpiredSessions(trx, user.id);
    const id = await insertSession(trx, {
      user_id: user.id,
      via,
      user_agent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
      expires_at: expiry(),
    });
    return tokensFor(trx, user, id);
  });
}

/**
 * `grant_type=refresh_token`: a new access token and a new refresh token for the session, the old
 * one spent; 401 `Token is invalid or has expired.` for an unknown, spent, run-out or ended one (a
 * spent one ends its session first). Throttled per client network (REFRESH_LIMIT).
 */
export async function refreshSession(
  db: Db,
  refreshToken: string,
  clientAddress: string,
): Promise<SessionTokens> {
  await take(
    db,
    `refresh:${clientNetwork(clientAddress)}`,
    REFRESH_LIMIT,
    "Too many token refreshes. Try again in {s} seconds.",
  );
  const hash = secretHash(refreshToken);
  // A refusal ends a session, and that must be committed: so the transaction answers, and the 401 follows it.
  const tokens = await transaction(db, async (trx) => {
    const session = await spendRefreshToken(trx, hash);
    if (!session) {
      await deleteSessionOfToken(trx, hash); // a spent token came back: its session ends
      return undefined;
    }
    if (session.expires_at <= new Date()) {
      await deleteSessionById(trx, session.id);
      return undefined;
    }
    await touchSession(trx, session.id, expiry());
    return tokensFor(trx, { id: session.user_id, role: session.role }, session.id);
  });
  if (!tokens) throw invalidToken();
  return tokens;
}

/** The caller's sessions, newest use first; `current` marks the one the request came with. */
export async function listSessions(db: Db, caller: Caller) {
  const rows = await selectSessionsOfUser(db, caller.id);
  return { items: rows.map((row) => ({ ...row, current: row.id === caller.sessionId })) };
}

/** Ends one of the caller's sessions; 404 for one that is not theirs (or not at all). */
export async function endSession(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await deleteSession(db, caller.id, id))) throw notFound("Session", id);
}

/** `POST /auth/logout`: the caller's session ends. */
export async function logout(db: Db, caller: Caller): Promise<void> {
  if (caller.sessionId !== undefined) await deleteSession(db, caller.id, caller.sessionId);
}
