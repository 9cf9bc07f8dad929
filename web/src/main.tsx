import "./zod-jitless.ts"; // first: before any module that uses zod
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import "./app/styles.css";
import { activate, startingLanguage } from "./i18n/index.ts";

// The first page in this device's language: English is at hand, another language is its chunk.
await activate(startingLanguage()).catch(() => activate("en"));

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element.");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
