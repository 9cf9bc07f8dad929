/** Access tokens: HS256 JWTs that live 30 minutes. The two constants are defined here and nowhere else. */
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { config } from "../config.ts";
import { Unauthenticated } from "../errors.ts";
import { MAX_INT } from "../ids.ts";
import type { Role } from "../user/table.ts";

export const JWT_ALGORITHM = "HS256";
export const ACCESS_TOKEN_EXPIRE_MINUTES = 30;

const key = new TextEncoder().encode(config.jwtSecret);

export type AccessToken = { access_token: string; token_type: "bearer"; expires_in: number };

/** Signs a token for a user: `sub` is the id as a string, `role` the role at login time. */
export async function issueAccessToken(user: { id: number; role: Role }): Promise<AccessToken> {
  const expiresIn = ACCESS_TOKEN_EXPIRE_MINUTES * 60;
  const accessToken = await new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_EXPIRE_MINUTES}m`)
    .sign(key);
  return { access_token: accessToken, token_type: "bearer", expires_in: expiresIn };
}

/**
 * Checks signature (HS256 only), expiry and the subject; returns the user id it names.
 * Role and existence are decided by the database, not by the token (see authenticate()).
 */
export async function verifyAccessToken(token: string): Promise<number> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [JWT_ALGORITHM], requiredClaims: ["exp"] });
    const id = Number(payload.sub);
    if (!payload.sub || !Number.isInteger(id) || id < 1 || id > MAX_INT) throw new Error("bad subject");
    return id;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof Error) {
      throw Unauthenticated("Token is invalid or has expired.");
    }
    throw error;
  }
}
