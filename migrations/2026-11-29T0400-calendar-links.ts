/**
 * The meal plan in any calendar (issue 42, CONTRACT.md: "cooking: timers in the steps, the meal plan
 * in any calendar"). Frozen in time like every migration.
 * - `calendar_links`: a secret address of one person's meal plan (`household_id` null: what they plan,
 *   their own entries and their households') or of one household's, read by calendar apps without a
 *   token. Kept like API tokens: only the secret's SHA-256 (`secret_hash`, one index probe per read),
 *   never the secret; `last_read_at`, when a calendar last read it (so a person sees which links are
 *   still in use). A link goes with its user and with its household (on delete cascade).
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  const statements = `
    create table calendar_links (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      household_id integer references households (id) on delete cascade,
      secret_hash text not null,
      created_at timestamptz not null default now(),
      last_read_at timestamptz
    );
    create unique index calendar_links_secret_hash_key on calendar_links (secret_hash);
    create index calendar_links_user_id_idx on calendar_links (user_id);
    create index calendar_links_household_id_idx on calendar_links (household_id)`;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table calendar_links`.execute(db);
}
