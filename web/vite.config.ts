/**
 * The web app's build and dev server. In development the app is served on port 8000 and /api is
 * proxied to the API (API_PROXY_TARGET, default port 7000), so the browser sees one origin and CORS
 * never comes into play. A production build is the static folder dist/, pointed at the API by
 * VITE_API_URL at build time (empty: the same origin).
 */
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const port = Number(process.env.WEB_PORT ?? 8000);
const proxy = { "/api": { target: process.env.API_PROXY_TARGET ?? "http://localhost:7000" } };

export default defineConfig({
  plugins: [react()],
  server: { port, strictPort: true, proxy },
  preview: { port, strictPort: true, proxy },
  // Pre-bundle every dependency at start-up: a dependency discovered on the first page load makes
  // Vite reload the page, which confuses a person and an end-to-end test alike.
  optimizeDeps: {
    include: [
      "react",
      "react-dom/client",
      "react/jsx-runtime",
      "@tanstack/react-router",
      "@tanstack/react-query",
      "openapi-fetch",
    ],
  },
  build: { target: "es2022" },
});
