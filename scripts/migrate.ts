/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded PGlite in .data/). */
import { closeDb, migrateToLatest } from "../core/db.ts";

const applied = await migrateToLatest();
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
await closeDb();
