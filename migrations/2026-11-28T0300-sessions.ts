/**
 * Sessions (issue 38, CONTRACT.md: Authentication, "Staying signed in"). Frozen in time like every
 * migration.
 * - `sessions`: one per login (or OIDC sign-in), until it ends (logout, ended from another device,
 *   password changed, account deleted, a refresh token reused: the row is deleted) or goes 60 days
 *   without a refresh (`expires_at`, pushed on at each refresh). Access tokens name it (`sid`).
 * - `session_refresh_tokens`: each refresh token a session was given, kept only as its SHA-256;
 *   `spent_at` once it was exchanged. A spent one presented again ends the session.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  const statements = `
    create table sessions (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      via text not null check (via in ('password', 'oidc')),
      user_agent text check (char_length(user_agent) <= 300),
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index sessions_user_id_idx on sessions (user_id);

    create table session_refresh_tokens (
      token_hash text primary key,
      session_id integer not null references sessions (id) on delete cascade,
      spent_at timestamptz
    );
    create index session_refresh_tokens_session_id_idx on session_refresh_tokens (session_id)`;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table session_refresh_tokens`.execute(db);
  await sql`drop table sessions`.execute(db);
}
