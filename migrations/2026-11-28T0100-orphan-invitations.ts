/**
 * Invitations outlive no account (issue 36): a deleted user's unused codes used to keep working,
 * their `created_by` set to null. Deleting an account now deletes them (core/user/service.ts); this
 * deletes the ones such deletions left before. Frozen in time like every migration.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from household_invitations where created_by is null and used_at is null`.execute(db);
}

/** Nothing to put back: the deleted codes were only ever stored as hashes. */
export async function down(): Promise<void> {}
