/**
 * The web app's security headers, defined once for the three places that serve it: the Vite dev
 * server and `vite preview` (vite.config.ts) and, on AWS, the static site's CloudFront response
 * headers policy (stacks/recipe-service.ts). Each place passes only the origins it knows.
 *
 * The session token lives in localStorage (README, "The session token"), so the policy's job is to
 * keep any script but the app's own files from running: `script-src 'self'`, never 'unsafe-inline'
 * or 'unsafe-eval' (the dev server alone adds the hash of one inline script it writes itself).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";

/** The full URL is sent to the app's own origin only; other origins see the origin, never the path. */
export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** HSTS on AWS (HTTPS only; browsers ignore it over plain http, so local servers leave it out). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

export type CspSources = {
  /** Origins fetched besides the app's own: the API's when it is elsewhere, storage's signed links. */
  connect: readonly string[];
  /**
   * Where pictures come from besides the app's own files, data: and blob: (a chosen file's
   * preview). Any https: host, not only storage: the import review shows the source page's own
   * picture, and an imported archive may keep a picture URL that was never this bucket's.
   */
  img: readonly string[];
  /**
   * Inline scripts allowed by hash (`scriptHash`): the dev server's React preamble, and the built
   * page's first-screen script (first-screen.ts; `inlineHashes` reads them from the built page).
   */
  scriptHashes?: readonly string[];
  /** Inline <style> elements allowed by hash: the built page's inlined stylesheet (`inlineHashes`). */
  styleHashes?: readonly string[];
  /**
   * 'unsafe-inline' styles, for the dev server only: it injects every CSS module as a <style>
   * element. Built pages inline only their first stylesheet, allowed by its hash, and React's `style`
   * props are set through the CSSOM, which style-src does not govern.
   */
  inlineStyles?: boolean;
};

/** `'sha256-…'`: the CSP source that lets exactly this inline script run. */
export const scriptHash = (code: string): string =>
  `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

/**
 * The hashes of a page's inline scripts and styles (the built index.html: first-screen.ts), for
 * the servers that send it: `vite preview`, `npm start` (scripts/lib/web-server.ts) and CloudFront
 * (stacks/site.ts). A page without inline code gives none.
 */
export function inlineHashes(html: string): Pick<CspSources, "scriptHashes" | "styleHashes"> {
  const bodies = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => scriptHash(m[1] ?? ""));
  return { scriptHashes: bodies("script"), styleHashes: bodies("style") };
}

/** `inlineHashes` of a built page, the file at `page` (web/dist/index.html); none before a build. */
export const builtPageHashes = (page: URL | string): Pick<CspSources, "scriptHashes" | "styleHashes"> =>
  existsSync(page) ? inlineHashes(readFileSync(page, "utf8")) : {};

/** The Content-Security-Policy value. */
export function contentSecurityPolicy(sources: CspSources): string {
  const directives: Record<string, readonly string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(sources.scriptHashes ?? [])],
    "style-src": ["'self'", ...(sources.inlineStyles ? ["'unsafe-inline'"] : (sources.styleHashes ?? []))],
    "img-src": ["'self'", "data:", "blob:", ...sources.img],
    "connect-src": ["'self'", ...sources.connect],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values)].join(" "))
    .join("; ");
}

/** Every header but HSTS, as the local servers send them (CloudFront has a field for each). */
export function securityHeaders(sources: CspSources): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(sources),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    // frame-ancestors 'none' says the same to browsers that read CSP; this one is for those that do not.
    "X-Frame-Options": "DENY",
  };
}

/** The origin of a URL (`http://127.0.0.1:9000/recipes` → `http://127.0.0.1:9000`). */
export const originOf = (url: string): string => new URL(url).origin;

/**
 * connect-src sources for the live socket (`/api/v1/live`, README "Live updates"). 'self' covers a
 * WebSocket to the page's own host in Chromium, Firefox and Safari 16 or later; Safari before 16 wants
 * it named, so each origin the app is served from is named as ws: (from http:) or wss: (from https:).
 * `liveUrl` is VITE_LIVE_URL when the live API is elsewhere (on AWS, the WebSocket API's wss:// address).
 */
export function liveSocketSources({
  pages,
  liveUrl,
}: {
  pages: readonly string[];
  liveUrl?: string;
}): string[] {
  const sockets = pages.map((page) => {
    const url = new URL(page);
    return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  });
  return liveUrl ? [...sockets, originOf(liveUrl)] : sockets;
}

/**
 * A host as a request names it (`Host: example.org:8000`), if it is one: a name, IPv4 or bracketed
 * IPv6 address and a port, nothing that could end a CSP source or directive.
 */
export function plainHost(host: string | undefined): string | null {
  return host && /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host) ? host : null;
}
