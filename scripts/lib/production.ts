/** What `npm start` (scripts/start.ts) cannot run without, checked before anything starts. */

/** The settings production needs (README, "Run it in production"); the rest have defaults. */
export const REQUIRED_SETTINGS = ["JWT_SECRET", "DATABASE_URL", "STORAGE_URL"];

/** The sentence that names the required settings `env` lacks (an empty value counts), if any. */
export function missingSettings(env: NodeJS.ProcessEnv): string | undefined {
  const missing = REQUIRED_SETTINGS.filter((name) => !env[name]);
  if (!missing.length) return undefined;
  return (
    `${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not set. In production the service needs ` +
    "JWT_SECRET (at least 32 characters), DATABASE_URL (PostgreSQL) and STORAGE_URL (S3-compatible " +
    'storage): see "Run it in production" in README.md.'
  );
}
