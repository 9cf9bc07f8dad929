import { belongsToAnother, type Thing } from "../errors.ts";
import type { Role } from "./roles.ts";

/**
 * Who is making a request: read from the database on every request, so deletes, role changes and
 * ended sessions apply at once; `sessionId` is the session its token belongs to.
 */
export type Caller = {
  id: number;
  username: string;
  role: Role;
  sessionId?: number;
  /** Set when the request came with an API token rather than a session's access token. */
  apiToken?: { scope: "read" | "write" };
  /** Set when the request came with a password-reset link's code (id: the link's row). */
  passwordReset?: { id: number };
};

export const isAdmin = (caller: Caller | null): boolean => caller?.role === "admin";

/**
 * The ownership rule of every user-created row: its creator or an admin may change it; anyone else
 * gets 403 in the spec's wording (`Recipe ID 5 belongs to another user.`).
 */
export function assertOwnerOrAdmin(caller: Caller, ownerId: number | null, thing: Thing, id: number): void {
  if (!isAdmin(caller) && ownerId !== caller.id) throw belongsToAnother(thing, id);
}
