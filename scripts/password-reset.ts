/**
 * `npm run password-reset -- <username or e-mail>`: prints a one-time link with which that account
 * sets a new password (README: A way back into a forgotten account). For the operator of the
 * installation: the way back in for an admin whom no other admin can help. It uses the database the
 * server uses (DATABASE_URL, else the embedded one in PGLITE_DATA_DIR: stop `npm run dev` first, one
 * process at a time opens it). With SMTP_URL set the link is also e-mailed.
 */
import { closeDb, getDb, migrateToLatest } from "../core/db.ts";
import { isAppError } from "../core/errors.ts";
import { createPasswordResetFor } from "../core/password-reset/service.ts";

const login = process.argv[2];
if (!login || process.argv.length > 3) {
  console.error("Usage: npm run password-reset -- <username or e-mail>");
  process.exit(2);
}

let failed = false;
try {
  const db = getDb();
  await migrateToLatest(db);
  const link = await createPasswordResetFor(db, login);
  console.log(
    `A link for ${link.username} to choose a new password (it works once, until ${link.expires_at.toISOString()}):`,
  );
  console.log(link.url);
  if (link.emailed) console.log("It was also e-mailed to the account's address.");
} catch (error) {
  failed = true;
  console.error(isAppError(error) ? error.message : error);
} finally {
  await closeDb();
}
process.exit(failed ? 1 : 0);
