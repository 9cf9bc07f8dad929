/**
 * `GET /api/v1/docs`: the API reference as a page (Swagger UI from the swagger-ui-dist package,
 * inlined: no CDN). It renders /api/v1/openapi.json; "Authorize" logs in with the OAuth2 password
 * flow against /api/v1/auth/token, and "Try it out" sends real requests.
 *
 * In AWS the renderer's files come from .build/docs-assets.json, written by `npm run openapi` and
 * inlined by esbuild (the Lambda has no node_modules); elsewhere they are read from the package.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as z from "zod/mini";
import { config } from "../../core/config.ts";
import { endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export type DocsAssets = { css: string; js: string };

/** Swagger UI's stylesheet and script, read from the installed package. */
export function readDocsAssets(): DocsAssets {
  const require = createRequire(import.meta.url);
  const read = (file: string) => readFileSync(require.resolve(`swagger-ui-dist/${file}`), "utf8");
  // A source map comment would make the browser ask for a file this route does not serve.
  const dropSourceMap = (text: string) => text.replace(/\n?\/[*/]# sourceMappingURL=\S+(\s*\*\/)?\s*$/, "");
  return { css: dropSourceMap(read("swagger-ui.css")), js: dropSourceMap(read("swagger-ui-bundle.js")) };
}

async function builtAssets(): Promise<DocsAssets> {
  // Written by `npm run openapi`, absent until then (the deploy runs that script first): the directive
  // must hold both with and without the file, which @ts-expect-error cannot.
  // biome-ignore lint/suspicious/noTsIgnore: see above
  // @ts-ignore
  const built = await import("../../.build/docs-assets.json", { with: { type: "json" } });
  return built.default as DocsAssets;
}

// Inline text must not close its own element early.
const safe = (text: string, tag: string) => text.replace(new RegExp(`</${tag}`, "gi"), `<\\/${tag}`);

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Every inline `<script>` and `<style>` element's text, in page order. */
export function inlineBlocks(html: string, tag: "script" | "style"): string[] {
  return [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1] ?? "");
}

/**
 * The page and its Content-Security-Policy: only the page's own inline scripts and styles run (by
 * their hashes, so nothing injected would), requests go to this origin only, pictures may also be
 * data: URLs (Swagger UI's icons), and no other site may frame it.
 */
export function docsPageWithPolicy(assets: DocsAssets): { html: string; csp: string } {
  const html = docsPage(assets);
  const csp = [
    "default-src 'none'",
    `script-src ${inlineBlocks(html, "script").map(sha256).join(" ")}`,
    `style-src ${inlineBlocks(html, "style").map(sha256).join(" ")}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return { html, csp };
}

/** The page: the renderer inlined, pointed at the document. */
export function docsPage(assets: DocsAssets): string {
  const options = {
    url: `${API_PREFIX}/openapi.json`,
    dom_id: "#swagger-ui",
    deepLinking: true,
    persistAuthorization: true,
    displayRequestDuration: true,
    tryItOutEnabled: true,
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recipe service API reference</title>
<style>${safe(assets.css, "style")}</style>
<style>body { margin: 0; }</style>
</head>
<body>
<noscript>This page needs JavaScript. The document itself is at <a href="${options.url}">${options.url}</a>.</noscript>
<div id="swagger-ui"></div>
<script>${safe(assets.js, "script")}</script>
<script>
window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(options)}, {
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  // The login form sends an empty client id as "Authorization: Basic", which the API refuses as a
  // token that is not Bearer: the password flow here has no client credentials, so drop it.
  requestInterceptor: function (request) {
    var auth = request.headers && request.headers.Authorization;
    if (/\\/auth\\/token\\/?$/.test(request.url.split("?")[0]) && /^Basic /.test(auth || "")) {
      delete request.headers.Authorization;
    }
    return request;
  },
}));
</script>
</body>
</html>
`;
}

let page: Promise<{ html: string; csp: string }> | undefined;

const loadPage = () => {
  page ??= (config.inLambda ? builtAssets() : Promise.resolve(readDocsAssets())).then(docsPageWithPolicy);
  return page;
};

export const handler = endpoint("docs/page", {
  summary: "API reference page",
  description:
    "A readable reference of every route (Swagger UI, served with the page: no CDN). Log in with " +
    "**Authorize** (username or email and password) and send requests with **Try it out**.",
  response: {
    status: 200,
    schema: z.string(),
    mediaType: "text/html",
    description: "The HTML page.",
  },
  handle: async () => {
    const { html, csp } = await loadPage();
    return {
      status: 200,
      body: html,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "public, max-age=300",
        "content-security-policy": csp,
        "x-frame-options": "DENY",
        "referrer-policy": "no-referrer",
      },
    };
  },
});
