/**
 * The web app's build and dev server. In development the app is served on port 8000 and /api is
 * proxied to the API (API_PROXY_TARGET, default port 7000), so the browser sees one origin and CORS
 * never comes into play; the proxy forwards WebSocket upgrades too (`ws`), so the live list's socket
 * (/api/v1/live) reaches the API the same way, under `vite` and `vite preview` alike. A production
 * build is the static folder dist/, pointed at the API by VITE_API_URL and at the live API by
 * VITE_LIVE_URL at build time (empty: the same origin).
 */

import { join, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstScreen } from "./first-screen.ts";
import { foodNames } from "./food-names.ts";
import { linguiCatalogues } from "./lingui-catalogues.ts";
import {
  builtPageHashes,
  type CspSources,
  liveSocketSources,
  originOf,
  scriptHash,
  securityHeaders,
} from "./security-headers.ts";
import { FIRST_PARTS } from "./src/i18n/languages.ts";

const port = Number(process.env.WEB_PORT ?? 8000);
/**
 * Vite answers only to localhost, IP addresses and these names (its DNS rebinding guard), as the
 * API on loopback does (scripts/lib/host-check.ts): ALLOWED_HOSTS adds names.
 */
const allowedHosts = (process.env.ALLOWED_HOSTS ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const proxy = { "/api": { target: process.env.API_PROXY_TARGET ?? "http://localhost:7000", ws: true } };

/**
 * Security headers (security-headers.ts) for `vite` and `vite preview`. The API is the same origin
 * through the proxy. Storage is the API's (core/config.ts, same defaults): the browser PUTs an
 * archive to a signed link at STORAGE_URL and shows pictures from PUBLIC_STORAGE_URL.
 */
const storageUrl = process.env.STORAGE_URL ?? "http://127.0.0.1:9000";
const pictureUrl = process.env.PUBLIC_STORAGE_URL ?? `${storageUrl}/${process.env.S3_BUCKET ?? "recipes"}`;

/**
 * The policy's sources for the mode's VITE_ settings (the shell's, or web/.env*): the live socket
 * on the page's own origin (named for Safari before 16, see liveSocketSources), or at VITE_LIVE_URL,
 * or beside an API at VITE_API_URL.
 */
function cspSources(mode: string): { builtApp: CspSources; devServer: CspSources } {
  const env = loadEnv(mode, import.meta.dirname, "VITE_");
  // Only addresses: the AWS build (stacks/site.ts) gives deploy-time tokens (`{{ VITE_API_URL }}`),
  // and its policy is the site's own, not this one.
  const address = (value: string | undefined) => (value && URL.canParse(value) ? value : undefined);
  const apiUrl = address(env.VITE_API_URL);
  const live = liveSocketSources({
    pages: [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...(apiUrl ? [apiUrl] : [])],
    liveUrl: address(env.VITE_LIVE_URL),
  });
  const builtApp: CspSources = {
    // The signed links of exports and archive uploads (core/config.ts: STORAGE_LINK_URL).
    connect: [
      originOf(process.env.STORAGE_LINK_URL ?? storageUrl),
      ...(apiUrl ? [originOf(apiUrl)] : []),
      ...live,
    ],
    // Plain http too: on a laptop, storage and the pages a recipe is imported from are http.
    img: [originOf(pictureUrl), "http:", "https:"],
  };
  /**
   * The dev server writes two things a built page does not have. React's Fast Refresh preamble, an
   * inline module script in index.html: allowed by its hash, so 'unsafe-inline' stays out even here.
   * Every CSS import as a <style> element: inline styles are allowed in development only. The HMR
   * websocket shares the page's host and port, as the live socket does (named above).
   */
  const devServer: CspSources = {
    connect: builtApp.connect,
    img: builtApp.img,
    scriptHashes: [scriptHash(react.preambleCode.replace("__BASE__", "/"))],
    inlineStyles: true,
  };
  return { builtApp, devServer };
}

/**
 * `vite preview`'s policy also allows the built page's inline first-screen script and stylesheet
 * (first-screen.ts) by their hashes, read from the page in the folder it serves (`--outDir`).
 */
function previewPolicy(sources: CspSources): Plugin {
  return {
    name: "preview-policy",
    configurePreviewServer(server) {
      const page = join(resolve(server.config.root, server.config.build.outDir), "index.html");
      Object.assign(
        server.config.preview.headers ?? {},
        securityHeaders({ ...sources, ...builtPageHashes(page) }),
      );
    },
  };
}

/**
 * The app is installable (manifest, icons) and works offline: a Workbox service worker precaches the
 * shell and keeps the last shopping lists read (network first, so a connection always wins). It is
 * registered by production builds only: the dev server never has one, so it cannot serve stale code.
 */
function pwa() {
  return VitePWA({
    registerType: "autoUpdate",
    injectRegister: "script-defer",
    includeAssets: ["favicon.svg"],
    manifest: {
      name: "Recipes",
      short_name: "Recipes",
      description:
        "Find, cook and shop for recipes; shopping lists that walk your store in order, offline too.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      // "Share" → Recipes on a phone opens the import page with the shared link filled in.
      share_target: {
        action: "/recipes/import",
        method: "GET",
        params: { title: "title", text: "text", url: "url" },
      },
      background_color: "#fbf7f2",
      theme_color: "#c2410c",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      // A tap on a cook-mode timer's notification opens the app (public/timer-notifications.js).
      importScripts: ["timer-notifications.js"],
      navigateFallbackDenylist: [/^\/api\//],
      runtimeCaching: [
        {
          // The lists (and a whole list) as last read: the kept query cache (lib/offline.ts) is the
          // first copy offline, this one serves a list read by a page that has no kept copy yet.
          urlPattern: ({ url, request }) =>
            request.method === "GET" && /\/api\/v1\/shopping-lists(\/|$)/.test(url.pathname),
          handler: "NetworkFirst",
          options: {
            cacheName: "shopping-lists", // lib/offline.ts (LIST_CACHE) empties it at log-out
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 30 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

/**
 * Fewer, larger files where nothing is gained by many small ones (a phone fetches a few at a time):
 * React and the router and query libraries, which every page runs, are one file; each language's
 * words are two, the parts of the first pages (English's come with the app's code) and the rest,
 * which every other page waits for at once (src/i18n/index.ts).
 */
const CHUNK_GROUPS = [
  {
    name: "framework",
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/,
  },
  {
    name: (id: string) => {
      const part = /[\\/]src[\\/]i18n[\\/]messages[\\/]([a-z]{2})[\\/]([a-z-]+)\.json$/.exec(id);
      if (!part?.[1] || !part[2]) return null;
      return `words-${part[1]}-${FIRST_PARTS.includes(part[2]) ? "first" : "rest"}`;
    },
  },
];

export default defineConfig(({ mode }) => {
  const { builtApp, devServer } = cspSources(mode);
  return {
    plugins: [linguiCatalogues(), foodNames(), react(), pwa(), firstScreen(), previewPolicy(builtApp)],
    server: { port, strictPort: true, proxy, allowedHosts, headers: securityHeaders(devServer) },
    preview: { port, strictPort: true, proxy, allowedHosts, headers: securityHeaders(builtApp) },
    // Pre-bundle every dependency at start-up: a dependency discovered on the first page load makes
    // Vite reload the page, which confuses a person and an end-to-end test alike.
    optimizeDeps: {
      include: [
        "react",
        "react-dom/client",
        "react/jsx-runtime",
        "@tanstack/react-router",
        "@tanstack/react-query",
        "@tanstack/react-query-persist-client",
        "idb-keyval",
        "openapi-fetch",
      ],
    },
    build: { target: "es2022", rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } } },
  };
});
