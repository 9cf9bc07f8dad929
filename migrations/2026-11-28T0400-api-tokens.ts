/**
 * API tokens for scripts and home automation (issue 38, CONTRACT.md: Authentication, "API tokens").
 * Frozen in time like every migration. A token is `rst_` and 256 random bits, kept only as its
 * SHA-256 (`token_hash`); `scope` `read` (GET only) or `write`; `expires_at` null: until deleted.
 * Tokens go with their user. They are not sessions: a password change leaves them.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  const statements = `
    create table api_tokens (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      name text not null check (char_length(name) between 1 and 80),
      scope text not null check (scope in ('read', 'write')),
      token_hash text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      expires_at timestamptz
    );
    create unique index api_tokens_token_hash_key on api_tokens (token_hash);
    create index api_tokens_user_id_idx on api_tokens (user_id)`;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table api_tokens`.execute(db);
}
