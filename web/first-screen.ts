/**
 * The first screen in the built page (issue 40): a phone paints the page's frame from the HTML
 * alone, before a byte of the app's code has arrived.
 *
 * At build time this plugin renders the app's first screens with the app's own components
 * (src/app/first-screen.tsx: the browse page, a recipe page and a shopping list, before anything is
 * read; for a visitor and for someone signed in) and writes them into index.html as <template>s,
 * with a small script that picks the one for the address and this device (signed in or not, its
 * language) and puts it into #root before the first paint. The app then renders the same markup in
 * its place. Pre-rendered at build time rather than by the API: the page is a static file on AWS
 * (S3 + CloudFront), under `vite preview` and `npm start` alike, and the service worker serves that
 * same file to a list opened offline.
 *
 * The stylesheet the first screen needs is inlined too (a <style> in place of the <link>), so no
 * second request stands before the paint. The inline script and style are allowed by their hashes
 * (security-headers.ts: builtPageHashes), never by 'unsafe-inline'.
 */
import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { createServer, type Plugin, type Rollup } from "vite";
import { foodNames } from "./food-names.ts";
import { linguiCatalogues } from "./lingui-catalogues.ts";
import type { FirstScreen } from "./src/app/first-screen.tsx";
import { FIRST_PARTS, LANGUAGES, type Language } from "./src/i18n/languages.ts";

const MESSAGES = new URL("./src/i18n/messages/", import.meta.url);
/** The parts whose words the first screens show (the shell's and the browse page's). */
const PARTS = ["common", "app", "recipes"];

/** Renders the first screens in Node through Vite's SSR loader (the app's modules as the build sees them). */
async function renderScreens(root: string): Promise<FirstScreen[]> {
  const kept = new Map<string, string>();
  // The app's modules read the device's storage and language; the build has neither.
  globalThis.localStorage ??= {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
    clear: () => kept.clear(),
    key: () => null,
    length: 0,
  } as Storage;
  const server = await createServer({
    root,
    configFile: false,
    logLevel: "error",
    plugins: [linguiCatalogues(), foodNames(), react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule("/src/app/first-screen.tsx")) as {
      renderFirstScreens: () => Promise<FirstScreen[]>;
    };
    return await module.renderFirstScreens();
  } finally {
    await server.close();
  }
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * For each language but English, the first screens' words in it: each plain message (no
 * placeholder) whose English text the screens show, as text or as an aria-label, title or
 * placeholder. Two messages with the same English words keep the first one's translation.
 */
function translations(screens: FirstScreen[]): Record<string, Record<string, string>> {
  const read = (language: string, part: string): Record<string, string> =>
    JSON.parse(readFileSync(new URL(`${language}/${part}.json`, MESSAGES), "utf8"));
  const shown = new Set<string>();
  for (const { html } of screens) {
    for (const m of html.matchAll(/>([^<]+)</g)) shown.add(decode(m[1] ?? "").trim());
    for (const m of html.matchAll(/(?:aria-label|title|placeholder)="([^"]*)"/g))
      shown.add(decode(m[1] ?? ""));
  }
  const english = Object.assign({}, ...PARTS.map((part) => read("en", part))) as Record<string, string>;
  const used = Object.entries(english).filter(([, text]) => shown.has(text) && !text.includes("{"));
  return Object.fromEntries(
    LANGUAGES.filter((language) => language !== "en").map((language) => {
      const messages = Object.assign({}, ...PARTS.map((part) => read(language, part))) as Record<
        string,
        string
      >;
      const words: Record<string, string> = {};
      for (const [key, text] of used) {
        const translated = messages[key];
        if (translated && !(text in words)) words[text] = translated;
      }
      return [language, words];
    }),
  );
}

/**
 * The script that puts the right first screen into #root, before the first paint: the page by the
 * address, signed in when this device keeps a session (lib/auth.ts's key), the language as the app
 * chooses it before reading the account (i18n/languages.ts: this device's choice, else the
 * browser's), and that language's words in place of English ones. Any other page shows nothing
 * until the app draws it, as before. Then, once that frame is painted (at once in a tab not shown),
 * it asks for the app's code: the entry module and the modules it imports, all at once, and for
 * a recipe or a list, that page's own modules too (else fetched only once the router gets there).
 */
function pickerScript(
  words: Record<string, Record<string, string>>,
  supported: readonly Language[],
  code: {
    entry: string;
    preloads: string[];
    languages: Record<string, { first: string[]; all: string[] }>;
    pages: Record<string, string[]>;
  },
): string {
  return `(function(){
var page="",lang="en";
function start(){var parts=${JSON.stringify(code.languages)}[lang];
${JSON.stringify(code.preloads)}.concat(${JSON.stringify(code.pages)}[page]||[],page==="browse"?parts.first:page?parts.all:[]).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)});
var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(code.entry)};document.head.appendChild(s)}
function show(){
var p=location.pathname;page=p==="/"?"browse":/^\\/recipes\\/\\d+\\/?$/.test(p)?"recipe":/^\\/lists\\/\\d+\\/?$/.test(p)?"list":"";
var signed=!!localStorage.getItem("recipes.session");
var supported=${JSON.stringify(supported)},wanted=[localStorage.getItem("recipes.language")].concat(navigator.languages||[navigator.language]);
for(var i=0;i<wanted.length;i++){var c=String(wanted[i]||"").toLowerCase().split("-")[0];if(c==="no")c="nb";if(supported.indexOf(c)>=0){lang=c;break}}
document.documentElement.lang=lang;
var t=document.querySelector('template[data-page="'+page+'"][data-signed-in="'+signed+'"]');
if(!t)return;
var screen=t.content.cloneNode(true),words=${JSON.stringify(words)}[lang];
if(words){var w=document.createTreeWalker(screen,NodeFilter.SHOW_ELEMENT|NodeFilter.SHOW_TEXT),n;
while((n=w.nextNode())){if(n.nodeType===3){var s=n.nodeValue.trim();if(words[s])n.nodeValue=n.nodeValue.replace(s,words[s])}
else["aria-label","title","placeholder"].forEach(function(a){var v=n.getAttribute(a);if(v&&words[v])n.setAttribute(a,words[v])})}}
document.getElementById("root").replaceChildren(screen)}
try{show()}catch(e){}
if(document.visibilityState==="visible")requestAnimationFrame(function(){setTimeout(start,0)});else start();
})();`;
}

/** The modules of the pages with a first screen whose code loads on first visit (router.tsx). */
const PAGE_MODULES: Record<string, RegExp> = {
  recipe: /[\\/]src[\\/]app[\\/]routes[\\/]recipe\.tsx$/,
  list: /[\\/]src[\\/]features[\\/]shopping-lists[\\/]routes[\\/]list\.tsx$/,
};

/** The files of a page's chunk and of every chunk it imports, as the page asks for them (`/assets/…`). */
function pageChunks(bundle: Rollup.OutputBundle, module: RegExp): string[] {
  const start = Object.values(bundle).find(
    (chunk): chunk is Rollup.OutputChunk => chunk.type === "chunk" && module.test(chunk.facadeModuleId ?? ""),
  );
  if (!start) throw new Error(`first-screen: no chunk is built from ${module}.`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type === "chunk") for (const imported of chunk.imports) visit(imported);
  };
  visit(start.fileName);
  return [...files].map((file) => `/${file}`);
}

/**
 * Each language's chunks a page waits for (src/i18n/index.ts): `first`, the parts of the first
 * pages, and `all`, every part and the foods' names
 * (food-names.ts), which every other page waits for. The picker script asks for the device's
 * language's with the app's code, so they do not wait until the router asks.
 */
function languageChunks(bundle: Rollup.OutputBundle): Record<string, { first: string[]; all: string[] }> {
  const chunks = new Map(
    LANGUAGES.map((language) => [language, { first: new Set<string>(), all: new Set<string>() }]),
  );
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk") continue;
    const file = `/${chunk.fileName}`;
    for (const id of chunk.moduleIds) {
      const part = /[\\/]i18n[\\/]messages[\\/]([a-z]{2})[\\/]([a-z-]+)\.json$/.exec(id);
      const foods = /food-names-([a-z]{2})$/.exec(id);
      const files = chunks.get((part?.[1] ?? foods?.[1]) as Language);
      if (!files || chunk.isEntry) continue;
      files.all.add(file);
      if (part?.[2] && FIRST_PARTS.includes(part[2])) files.first.add(file);
    }
  }
  return Object.fromEntries(
    [...chunks].map(([language, files]) => [language, { first: [...files.first], all: [...files.all] }]),
  );
}

export function firstScreen(): Plugin {
  let root = "";
  return {
    name: "first-screen",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        if (!context.bundle) return html;
        // The stylesheet, inline: the first paint waits for no second file.
        const inlined = html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = context.bundle?.[file];
            if (asset?.type !== "asset") return tag;
            return `<style>${String(asset.source).replace(/<\/style/gi, "<\\/style")}</style>`;
          },
        );
        // The app's code is asked for after the first screen is painted (the script below), not by
        // the head: nothing the first paint does not need stands before it.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(inlined);
        if (!entry?.[1]) throw new Error("first-screen: the built page has no module script.");
        const preloads = [...inlined.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let page = inlined.replace(entry[0], "");
        for (const preload of preloads) page = page.replace(preload[0], "");
        const first = preloads.map((m) => m[1] ?? "");
        const code = {
          entry: entry[1],
          preloads: first,
          languages: languageChunks(context.bundle ?? {}),
          pages: Object.fromEntries(
            Object.entries(PAGE_MODULES).map(([name, module]) => [
              name,
              pageChunks(context.bundle ?? {}, module).filter((file) => !first.includes(file)),
            ]),
          ),
        };
        const screens = await renderScreens(root);
        const templates = screens
          .map((s) => `<template data-page="${s.page}" data-signed-in="${s.signedIn}">${s.html}</template>`)
          .join("");
        const script = `<script>${pickerScript(translations(screens), LANGUAGES, code)}</script>`;
        return page.replace('<div id="root"></div>', `${templates}<div id="root"></div>${script}`);
      },
    },
  };
}
