/**
 * Hardening (issue 11). Frozen in time like every migration.
 * - `users.token_valid_after`: tokens issued (iat) before this second are refused; a password change sets it.
 * - `login_throttles.username` becomes `key`: counters are kept per (account, client address), per
 *   client address and per sign-up address, each under its own key. Old counters are dropped (they
 *   only ever live 15 minutes).
 * - `storage_cleanups`: an outbox of object keys whose deletion failed (storage down after a row went),
 *   retried until storage answers, so no object is orphaned for good.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column token_valid_after timestamptz`.execute(db);
  await sql`delete from login_throttles`.execute(db);
  await sql`alter table login_throttles rename column username to key`.execute(db);
  await sql`
    create table storage_cleanups (
      key text primary key,
      attempts integer not null default 0 check (attempts >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create trigger storage_cleanups_set_updated_at before update on storage_cleanups
    for each row execute function set_updated_at()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table storage_cleanups`.execute(db);
  await sql`delete from login_throttles`.execute(db);
  await sql`alter table login_throttles rename column key to username`.execute(db);
  await sql`alter table users drop column token_valid_after`.execute(db);
}
