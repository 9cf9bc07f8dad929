import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { activate, loadAllParts } from "../i18n/index.ts";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Every English message, as the app has them once a page beyond the first ones opened.
await loadAllParts();
await activate("en");
