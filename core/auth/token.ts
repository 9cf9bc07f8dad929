/** Access tokens: HS256 JWTs that live 30 minutes. The two constants are defined here and nowhere else. */
import { webcrypto } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { config } from "../config.ts";
import { invalidToken } from "../errors.ts";
import { MAX_INT } from "../ids.ts";
import type { Role } from "./roles.ts";

export const JWT_ALGORITHM = "HS256";
export const ACCESS_TOKEN_EXPIRE_MINUTES = 30;
/** How far ahead of this machine's clock another machine's `iat` may be. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * The secret as a WebCrypto key, imported once: given the bytes, jose imports them again on every
 * sign and verify, about a quarter of a verify's CPU time.
 */
let key: Promise<webcrypto.CryptoKey> | undefined;
const signingKey = (): Promise<webcrypto.CryptoKey> => {
  key ??= webcrypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(config.jwtSecret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return key;
};

export type AccessToken = { access_token: string; token_type: "bearer"; expires_in: number };

/** What a checked token says: the user, its session, and when it was issued (seconds since the epoch). */
export type TokenClaims = { userId: number; sessionId: number; issuedAt: number };

/**
 * Signs a token for a user's session (core/session/service.ts starts them): `sub` is the user id as a
 * string, `role` the role at login time, `sid` the session, which must still be open for the token to work.
 */
export async function issueAccessToken(
  user: { id: number; role: Role },
  sessionId: number,
): Promise<AccessToken> {
  const expiresIn = ACCESS_TOKEN_EXPIRE_MINUTES * 60;
  const accessToken = await new SignJWT({ role: user.role, sid: sessionId })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_EXPIRE_MINUTES}m`)
    .sign(await signingKey());
  return { access_token: accessToken, token_type: "bearer", expires_in: expiresIn };
}

/**
 * Checks the signature (HS256 only), expiry, `iat` (not in the future beyond the clock skew) and the
 * lifetime (`exp - iat` at most 30 minutes: even a token signed with the secret cannot live longer),
 * that `sub` is the decimal string of a user id and `sid` a session id. Role, existence, whether the
 * session is still open and whether the token was issued before a password change are decided by the
 * database (see authenticate(), core/authenticate.ts).
 */
export async function verifyAccessToken(token: string): Promise<TokenClaims> {
  let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
  try {
    ({ payload } = await jwtVerify(token, await signingKey(), {
      algorithms: [JWT_ALGORITHM],
      requiredClaims: ["exp", "iat", "sub", "sid"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw invalidToken();
    throw error;
  }
  const { sub, iat, exp, sid } = payload as { sub: unknown; iat: unknown; exp: unknown; sid: unknown };
  if (typeof sub !== "string" || !/^[1-9][0-9]{0,9}$/.test(sub) || Number(sub) > MAX_INT)
    throw invalidToken();
  if (typeof sid !== "number" || !Number.isInteger(sid) || sid < 1 || sid > MAX_INT) throw invalidToken();
  if (typeof iat !== "number" || typeof exp !== "number") throw invalidToken();
  const now = Math.floor(Date.now() / 1000);
  if (iat > now + CLOCK_SKEW_SECONDS || exp - iat > ACCESS_TOKEN_EXPIRE_MINUTES * 60) throw invalidToken();
  return { userId: Number(sub), sessionId: sid, issuedAt: iat };
}
