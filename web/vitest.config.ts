import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { linguiCatalogues } from "./lingui-catalogues.ts";

export default defineConfig({
  plugins: [linguiCatalogues(), react()],
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
  },
});
