import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      BCRYPT_COST: "4",
      PGLITE_DATA_DIR: "memory://",
    },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
