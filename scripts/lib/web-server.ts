/**
 * The built web app (web/dist, `npm run build`) on a Node HTTP server, as `npm start` serves it:
 * - `/api/…` is the API itself (the API server's own request listener), so the app, built without
 *   VITE_API_URL, talks to its own origin as it does behind `npm run dev`'s proxy;
 * - Vite's hashed files under `/assets/` are cached for a year (`immutable`); everything else
 *   (index.html, the service worker, the manifest, icons) is revalidated on every load (`no-cache`
 *   with an ETag), so a new build is seen at once;
 * - a path without a file extension that is not a file (`/recipes/1`) answers with index.html,
 *   where the app's router takes over; a missing file (`/assets/gone.js`) is a 404;
 * - every answer carries the app's security headers (web/security-headers.ts), as `vite preview`
 *   and the AWS site send them, its connect-src naming the live socket on the host the page was
 *   asked from (ws: and wss:, since a TLS proxy may stand in front), which Safari before 16 needs;
 * - a WebSocket upgrade of `/api/…` (the live list, `/api/v1/live`) goes to the API's server, which
 *   upgrades it (or refuses it with its own status); any other upgrade is a 404;
 * - on loopback it answers only to loopback's names (host-check.ts: DNS rebinding), else 421;
 * - one JSON log line per request (core/log.ts), as the API writes for its own.
 * The files are read into memory once, at start: a request names a key of that map, never a path
 * on disk, so nothing outside web/dist can be reached.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { logger } from "../../core/log.ts";
import {
  type CspSources,
  inlineHashes,
  liveSocketSources,
  plainHost,
  securityHeaders,
} from "../../web/security-headers.ts";
import { type HostCheck, misdirected } from "./host-check.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** What the API answers on the app's own origin. */
const API_PATH = /^\/api(\/|\?|$)/;

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

type File = { body: Buffer; headers: Record<string, string> };

/** Every file under `dist` (scripts/start.ts made sure it holds index.html), by its URL path. */
function readBuild(dist: string): Map<string, File> {
  const files = new Map<string, File>();
  for (const name of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const full = join(name.parentPath, name.name);
    const path = `/${relative(dist, full).split(sep).join("/")}`;
    const body = readFileSync(full);
    files.set(path, {
      body,
      headers: {
        "content-type": CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
        "content-length": String(body.length),
        "cache-control": path.startsWith("/assets/") ? IMMUTABLE : REVALIDATE,
        etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
      },
    });
  }
  return files;
}

/** The file a GET names, index.html for an app route, or none. */
function lookUp(files: Map<string, File>, url: string): { path: string; file: File } | undefined {
  let path = url.split("?")[0] ?? "/";
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (path === "/") path = "/index.html";
  const file = files.get(path);
  if (file) return { path, file };
  const index = files.get("/index.html");
  // The app's routes have no extension; a missing script or picture stays a 404.
  if (index && !extname(path)) return { path: "/index.html", file: index };
  return undefined;
}

type Answer = { status: number; headers: Record<string, string>; body?: Buffer | string; route: string };

/** The answer to a request for the app's files: the file, index.html, 304, 404, 405 or 421. */
function answerFor(files: Map<string, File>, req: IncomingMessage, hostAllowed?: HostCheck): Answer {
  const plain = { "content-type": "text/plain; charset=utf-8" };
  if (hostAllowed && !hostAllowed(req.headers.host)) {
    return { status: 421, headers: plain, body: `${misdirected(req.headers.host)}\n`, route: "web" };
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    return {
      status: 405,
      headers: { ...plain, allow: "GET, HEAD" },
      body: "Method not allowed.\n",
      route: "web",
    };
  }
  const found = lookUp(files, req.url ?? "/");
  if (!found) return { status: 404, headers: plain, body: "Not found.\n", route: "web" };
  const route = `web ${found.path}`;
  if (req.headers["if-none-match"] === found.file.headers.etag) {
    return { status: 304, headers: found.file.headers, route };
  }
  return {
    status: 200,
    headers: found.file.headers,
    body: req.method === "GET" ? found.file.body : undefined,
    route,
  };
}

/**
 * The web app's server for `npm start`: the files of `dist`, `/api/…` handed to `api`'s own request
 * listener, the security headers of `csp` (none without) on every answer of its own.
 */
export function createWebServer(options: {
  dist: string;
  api: Server;
  csp?: CspSources;
  hostAllowed?: HostCheck | undefined;
}): Server {
  const files = readBuild(options.dist);
  // The built page's inline first-screen script and stylesheet, allowed by their hashes.
  const page = files.get("/index.html")?.body;
  const csp = options.csp && { ...options.csp, ...(page ? inlineHashes(page.toString("utf8")) : {}) };
  /** The security headers, the live socket on the request's own host named in connect-src. */
  const securityHeadersFor = (req: IncomingMessage): Record<string, string> => {
    if (!csp) return {};
    const host = plainHost(req.headers.host);
    const sockets = host ? liveSocketSources({ pages: [`http://${host}`, `https://${host}`] }) : [];
    return securityHeaders({ ...csp, connect: [...csp.connect, ...sockets] });
  };
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const { status, headers, body, route } = answerFor(files, req, options.hostAllowed);
    res.writeHead(status, { ...securityHeadersFor(req), ...headers });
    res.end(body);
    logger.request({
      level: "info",
      request_id: randomUUID(),
      method: req.method ?? "",
      route,
      status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
  const server = createServer((req, res) => {
    // The API answers, and logs, its own requests: the same listener as on its own port.
    if (API_PATH.test(req.url ?? "")) options.api.emit("request", req, res);
    else serve(req, res);
  });
  // An upgrade (a WebSocket: the live API) under /api goes to the API's server, as on its own port.
  server.on("upgrade", (req, socket, head) => {
    if (API_PATH.test(req.url ?? "") && options.api.emit("upgrade", req, socket, head)) return;
    socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });
  return server;
}
