import { defineConfig } from "vitest/config";

// The fault suite (test/faults) starts its own PostgreSQL cluster and API process: it runs on its
// own, with `FAULT_TESTS=1 npx vitest run`, once per CI run rather than in each `npm test`.
const faults = process.env.FAULT_TESTS === "1";
// `*.pg.test.ts` test what only PostgreSQL has (a connection pool): they run with DATABASE_URL set
// (CI's second run), and are not part of the PGlite run at all rather than skipped there.
const postgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: faults ? ["test/faults/**/*.test.ts"] : ["test/**/*.test.ts"],
    exclude: faults
      ? []
      : ["test/faults/**", "**/node_modules/**", ...(postgres ? [] : ["test/**/*.pg.test.ts"])],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      BCRYPT_COST: "4",
      PGLITE_DATA_DIR: "memory://",
    },
    testTimeout: faults ? 90_000 : 20_000,
    hookTimeout: 60_000,
  },
});
