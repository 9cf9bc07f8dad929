import type { Kysely } from "kysely";

/**
 * The database as Kysely sees it: each resource declares its own tables beside its code (the
 * `declare module "../db/database.ts"` block of every core/<resource>/table.ts), so this file, which every
 * repository imports, imports none of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the table.ts files' declarations
export interface Database {}

export type Db = Kysely<Database>;
