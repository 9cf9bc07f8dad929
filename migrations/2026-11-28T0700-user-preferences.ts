/**
 * The cook's language and measures on the account (issue 39, CONTRACT.md: users, `language` and
 * `units`). Frozen in time like every migration. `language` null: the browser's; `units`
 * `as_written` (amounts as the recipe's author wrote them), `metric` or `us`.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users
    add column language text check (language in ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'nb')),
    add column units text not null default 'as_written' check (units in ('as_written', 'metric', 'us'))`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column language, drop column units`.execute(db);
}
