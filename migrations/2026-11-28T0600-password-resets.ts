/**
 * One-time password-reset links an admin makes for a user (issue 38, CONTRACT.md: users,
 * `POST /users/<user_id>/password-reset`). Frozen in time like every migration. A link's code is
 * `reset_` and 256 random bits, kept only as its SHA-256 (`code_hash`); it works once (`used_at`)
 * within 24 hours (`expires_at`). Links go with their user; the admin who made one may go first.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  const statements = `
    create table password_resets (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      created_by integer references users (id) on delete set null,
      code_hash text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create unique index password_resets_code_hash_key on password_resets (code_hash);
    create index password_resets_user_id_idx on password_resets (user_id)`;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table password_resets`.execute(db);
}
