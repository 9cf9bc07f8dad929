/** The caller's account, read on every authenticated request (core/auth/caller.ts). */
import { type Db, executePrepared } from "../db.ts";

/**
 * The account behind a token, and whether the token's session (`sessionId`) is one of its open ones:
 * read on every authenticated request, so it is prepared too.
 */
export async function findCallerById(db: Db, id: number, sessionId: number) {
  const [user] = await executePrepared(
    db,
    db
      .selectFrom("users")
      .select((eb) => [
        "id",
        "username",
        "role",
        "token_valid_after",
        eb
          .exists(
            eb
              .selectFrom("sessions")
              .select("sessions.id")
              .where("sessions.id", "=", sessionId)
              .whereRef("sessions.user_id", "=", "users.id"),
          )
          .as("in_session"),
      ])
      .where("id", "=", id),
  );
  return user;
}
