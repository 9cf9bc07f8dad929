/**
 * Sign-in with an OpenID Connect provider (issue 38, CONTRACT.md: Authentication, "Signing in with
 * another account (OIDC)"). Frozen in time like every migration.
 * - `user_identities`: which account a provider's user signs in to, by the provider's `iss` and
 *   `sub` (the pair OpenID Connect promises never to reuse). Made at the first sign-in (a new account,
 *   or the account whose e-mail the provider says is verified); it goes with its account.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  const statements = `
    create table user_identities (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      issuer text not null check (char_length(issuer) between 1 and 2048),
      subject text not null check (char_length(subject) between 1 and 255),
      created_at timestamptz not null default now()
    );
    create unique index user_identities_issuer_subject_key on user_identities (issuer, subject);
    create index user_identities_user_id_idx on user_identities (user_id)`;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table user_identities`.execute(db);
}
