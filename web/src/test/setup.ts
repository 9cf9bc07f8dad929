import "@testing-library/jest-dom/vitest";
// The English messages, as the app loads them at start (main.tsx), for every test.
import "../i18n/index.ts";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  localStorage.clear();
});
