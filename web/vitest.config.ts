import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { foodNames } from "./food-names.ts";
import { linguiCatalogues } from "./lingui-catalogues.ts";

export default defineConfig({
  plugins: [linguiCatalogues(), foodNames(), react()],
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
  },
});
