import type { Session } from "./auth.ts";

/** The API's rule for writes (CONTRACT.md): the owner, or an admin. Controls show only to them. */
export const mayEdit = (session: Session | null, ownerId: number | null | undefined): boolean =>
  session !== null && (session.role === "admin" || session.userId === ownerId);
