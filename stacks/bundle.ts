/**
 * How every Lambda is bundled. The stack passes these to SST (`nodejs` props), and
 * `npm run bundle-size` rebuilds each function with the same options to measure it.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { builtinModules, createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import type { FunctionProps } from "sst/constructs";
import { LIVE_ROUTES, ROUTES } from "../functions/routes.ts";

export const RUNTIME = "nodejs22.x";

// SST bundles with its own esbuild (0.18): plugins take the types of that copy.
type NodejsProps = NonNullable<FunctionProps["nodejs"]>;
type Plugin = NonNullable<NonNullable<NodejsProps["esbuild"]>["plugins"]>[number];
const run = promisify(execFile);

/** `functions/<handler>.ts` exporting `handler`, as SST names it. */
export const handlerPath = (handler: string): string => `functions/${handler}.handler`;

/**
 * SST's `prefetchSecrets` writes each bound secret's value into the function's environment on
 * deploy as `SST_Secret_value_<NAME>`. Copying them to `<NAME>` before any module runs lets
 * core/config.ts read JWT_SECRET and DATABASE_URL like everywhere else, with no SSM call and no
 * AWS SDK in the bundle. A value still holding SST's placeholder is left alone, so config fails
 * with its own clear message instead of using the placeholder.
 */
export const SECRETS_BANNER = [
  "for (const [k, v] of Object.entries(process.env))",
  '  if (k.startsWith("SST_Secret_value_") && v !== "__FETCH_FROM_SSM__") process.env[k.slice(17)] ??= v;',
].join("\n");

/**
 * Lambda always has DATABASE_URL, so the embedded PGlite (about 540 KB minified) never runs there:
 * core/db.ts imports it only when it opens PGlite, and the bundle leaves the package out (EXTERNAL).
 *
 * Four rules stand in for code of a package that a Lambda never runs but esbuild cannot drop. Each
 * saves what is measured beside it (bytes of the minified bundle, `recipes/get` unless said), and
 * test/stacks/bundle.test.ts fails when an upgrade moves what a rule names, so none stops working
 * unseen:
 * - `pg` reaches its native client only through `pg.native`, which needs `pg-native`: never
 *   installed beside a bundle, so the stand-in fails the way that require would (8,477 bytes).
 * - `pg` reads ~/.pgpass (the `pgpass` package, deprecated in pg) only when the server asks for a
 *   password the URL does not give; a Lambda has no such file, so its stand-in answers "no
 *   password" as the package would (4,083 bytes).
 * - The S3 client's default credential chain gets the one link that answers on Lambda, the role's
 *   credentials in the environment (stacks/lambda/env-credentials.ts): the STS and SSO clients of
 *   the other links stay out (136,687 bytes of `images/recipe-upload`).
 * - Two Kysely features are reached through methods, yet no route uses them: the schema builder
 *   (`db.schema`, kysely/dist/schema/), which only migrations use, and `withSchema()` (its plugin
 *   and Kysely's whole node transformer); and its PGlite dialect, which core/db.ts builds only
 *   without DATABASE_URL. Each gets a stand-in whose constructor throws "… is not part of a Lambda
 *   bundle: …", except in the functions named beside it (the migrate function keeps the schema
 *   builder): 54,003 bytes for the first two (2,750 in `migrate`), 1,905 for the dialect. The plugin tells functions
 *   apart by the build's entry point, so the one `nodejsProps` serves every function, in the stack
 *   and in `npm run bundle-size` alike. (Zod needs no such help: the runtime code uses `zod/mini`,
 *   which carries neither the JSON Schema conversion nor a locale: the messages are the service's own.)
 *
 * Importing a Node built-in as an ES module makes Node build its module facade, which reads every
 * export, lazy getters included: `node:fs` loads fs/promises, readline and the streams, `node:http`
 * loads undici (fetch, zlib…), milliseconds of every cold start whether or not they are used. So
 * every ES import of a built-in, in our code and in packages alike, becomes a CommonJS require of
 * the same module, which reads nothing until it is used. Middy's utilities take `node:http` for its
 * status texts alone, which only an error built by Middy (`createError`) reads: they load it then
 * (MIDDY_UTIL), so a function that never fetches never loads the HTTP stack (about 5 ms of a cold
 * start).
 */
const BUILTIN = new RegExp(
  `^(node:)?(${builtinModules.map((name) => name.replace(/[/]/g, "\\/")).join("|")})$`,
);
/**
 * The one rule that edits a package's source rather than replacing a module. @middy/util (which
 * @middy/core imports on every route, HTTP and live alike) reads `STATUS_CODES` of `node:http` at
 * its top level, for the message and name of an `HttpError` alone; Middy 7.9.2 (the latest release)
 * has no option or entry point without that import (earlier releases kept a table of their own),
 * and the BUILTIN rule keeps the require but cannot defer it. So the import becomes a function that
 * requires `node:http` when an HttpError is built. Guarded twice: the build stops when the import
 * line is gone or any other use of `STATUS_CODES` is left unrewritten, and test/stacks/bundle.test.ts
 * checks that no HTTP module loads on import and that Middy's HttpError still carries what
 * functions/lib/endpoint.ts reads (a `__proto__` key answered 422, not 400).
 */
const MIDDY_UTIL = /[\\/]@middy[\\/]util[\\/]index\.js$/;
const MIDDY_HTTP_IMPORT = 'import { STATUS_CODES } from "node:http";';
const MIDDY_LAZY_STATUS = 'const statusCodes = () => require("node:http").STATUS_CODES;';

/** @middy/util's source with `node:http` required on first use (see MIDDY_UTIL); throws when it no longer fits. */
export function deferMiddyHttp(source: string, path: string): string {
  if (!source.includes(MIDDY_HTTP_IMPORT)) {
    throw new Error(`${path} no longer has '${MIDDY_HTTP_IMPORT}': update stacks/bundle.ts`);
  }
  const patched = source
    .replace(MIDDY_HTTP_IMPORT, MIDDY_LAZY_STATUS)
    .replaceAll("STATUS_CODES[", "statusCodes()[");
  if (patched.replace(MIDDY_LAZY_STATUS, "").includes("STATUS_CODES")) {
    throw new Error(`${path} uses STATUS_CODES in a way stacks/bundle.ts does not rewrite: update it`);
  }
  return patched;
}

/** Kysely modules no route uses, each with the functions that keep the real one (see above). */
const KYSELY_STAND_INS = [
  {
    module: /[\\/]kysely[\\/]dist[\\/]schema[\\/]schema-module\.js$/,
    className: "SchemaModule",
    feature: "Kysely's schema builder (db.schema)",
    keptBy: ["migrate"],
  },
  {
    module: /[\\/]kysely[\\/]dist[\\/]plugin[\\/]with-schema[\\/]with-schema-plugin\.js$/,
    className: "WithSchemaPlugin",
    feature: "Kysely's withSchema()",
    keptBy: [],
  },
  {
    module: /[\\/]kysely[\\/]dist[\\/]dialect[\\/]pglite[\\/]pglite-dialect\.js$/,
    className: "PGliteDialect",
    feature: "Kysely's PGlite dialect (the embedded database, never used with DATABASE_URL)",
    keptBy: [],
  },
];

/**
 * The route table (functions/routes.ts) as one function sees it: its own line alone. Every handler
 * reads its line from the table, so without this each bundle would carry all ~110 lines (about 6 KB
 * minified). A function that is not a route (the $default `not-found`, `migrate`) keeps the whole
 * table. Anything else a bundle imports from the table fails the build ("No matching export"),
 * rather than reaching a line that is not there.
 */
export function ownRouteLine(name: string): string | undefined {
  const own = <T extends object>(table: T) => (name in table ? { [name]: table[name as keyof T] } : {});
  if (!(name in ROUTES) && !(name in LIVE_ROUTES)) return undefined;
  return [
    'export { API_PREFIX, routeKey, STORAGE_ACTIONS } from "./lib/route-types.ts";',
    `export const ROUTES = ${JSON.stringify(own(ROUTES))};`,
    `export const LIVE_ROUTES = ${JSON.stringify(own(LIVE_ROUTES))};`,
  ].join("\n");
}

const lambdaOnly: Plugin = {
  name: "lambda-only",
  setup(build) {
    build.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({
      path: resolve("stacks/lambda/env-credentials.ts"),
    }));
    build.onResolve({ filter: BUILTIN }, (args) => {
      if (args.namespace === "builtin") return { path: args.path, external: true };
      if (args.kind !== "import-statement") return undefined;
      return { path: args.path.replace(/^node:/, ""), namespace: "builtin" };
    });
    build.onLoad({ filter: /.*/, namespace: "builtin" }, (args) => ({
      contents: `module.exports = require("node:${args.path}");`,
      loader: "js",
    }));
    build.onLoad({ filter: MIDDY_UTIL }, async (args) => ({
      contents: deferMiddyHttp(await readFile(args.path, "utf8"), args.path),
      loader: "js",
    }));
    build.onLoad({ filter: /[\\/]pgpass[\\/]lib[\\/]index\.js$/ }, () => ({
      contents: "module.exports = (_connection, callback) => callback(undefined);",
      loader: "js",
    }));
    build.onLoad({ filter: /[\\/]pg[\\/]lib[\\/]native[\\/]index\.js$/ }, () => ({
      contents: `throw Object.assign(new Error("Cannot find module 'pg-native'"), { code: "MODULE_NOT_FOUND" });`,
      loader: "js",
    }));

    const { entryPoints = [] } = build.initialOptions;
    const entries = Array.isArray(entryPoints)
      ? entryPoints.map((entry) => (typeof entry === "string" ? entry : entry.in))
      : Object.values(entryPoints);
    const isFunction = (name: string) =>
      entries.some((entry) => resolve(entry) === resolve(`functions/${name}.ts`));
    const [entry] = entries;
    const handler = entry && relative(resolve("functions"), resolve(entry)).replace(/\.ts$/, "");
    const routeLine = entries.length === 1 && handler ? ownRouteLine(handler) : undefined;
    if (routeLine) {
      const table = resolve("functions/routes.ts");
      build.onLoad({ filter: /[\\/]functions[\\/]routes\.ts$/ }, (args) =>
        args.path === table
          ? { contents: routeLine, loader: "ts", resolveDir: resolve("functions") }
          : undefined,
      );
    }
    for (const { module, className, feature, keptBy } of KYSELY_STAND_INS) {
      if (keptBy.some(isFunction)) continue;
      const message = `${feature} is not part of a Lambda bundle${
        keptBy.length ? `: only the ${keptBy.join(", ")} function uses it` : ""
      } (KYSELY_STAND_INS in stacks/bundle.ts)`;
      build.onLoad({ filter: module, namespace: "file" }, () => ({
        contents: `export class ${className} { constructor() { throw new Error(${JSON.stringify(message)}); } }`,
        loader: "js",
      }));
    }
  },
};

/**
 * The API Gateway Management API client, with which a list write tells the live API's subscribers
 * (core/live/aws-connections.ts): 180 KB minified, loaded only when there is someone to tell. It is
 * installed beside the bundle (`installBeside`) rather than bundled, so the nine list writes stay
 * within their size targets and no cold start parses it.
 */
export const MANAGEMENT_API_CLIENT = "@aws-sdk/client-apigatewaymanagementapi";

/**
 * nodemailer, with which a password-reset link is e-mailed (core/mail.ts): about 240 KB minified,
 * for the one function that mails (`needs.mail`), so installed beside its bundle like the client above.
 */
export const MAILER = "nodemailer";

/**
 * The OpenID Connect client (core/oidc/provider.ts): openid-client with oauth4webapi adds 26 KB to a
 * minified bundle (oauth4webapi called alone, 18.5 KB), and `auth/token` (290 KB) has 10 KB left
 * under its 300 KB target. A password login or a refresh never needs it: installed beside the bundles
 * whose line says `oidc` and imported on the first sign-in or provider list, like the client above.
 */
export const OIDC_CLIENT = "openid-client";

/**
 * `pg-native` is an optional require inside `pg`: external, or SST npm-installs it into every
 * bundle. `sharp` is native: external, and installed for linux-x64 by `installBeside`, like the
 * Management API client; so is nodemailer. `@electric-sql/pglite` is imported only without DATABASE_URL
 * (core/db.ts), never in a Lambda.
 */
const EXTERNAL = ["pg-native", "sharp", "@electric-sql/pglite", MANAGEMENT_API_CLIENT, MAILER, OIDC_CLIENT];

/** The `nodejs` props SST bundles each function with (ESM, minified, source maps). */
export const nodejsProps: NodejsProps = {
  format: "esm",
  minify: true,
  sourcemap: true,
  banner: SECRETS_BANNER,
  esbuild: { external: EXTERNAL, plugins: [lambdaOnly] },
};

/**
 * Bundles `functions/<handler>.ts` into `outfile` the way `sst deploy` does: with the esbuild SST
 * ships (0.18, not the project's), the options of SST 2.49's node handler for an ESM function
 * (runtime/handlers/node.js) and the stack's `nodejsProps`. Returns esbuild's account of the bundle
 * (its bytes, and the bytes each input adds). `npm run bundle-size` measures these bundles and
 * test/stacks/bundle.test.ts runs them.
 */
export async function bundleFunction(handler: string, outfile: string) {
  const esbuild = createRequire(resolve("node_modules/sst/package.json"))(
    "esbuild",
  ) as typeof import("esbuild");
  const { external = [], ...override } = nodejsProps.esbuild ?? {};
  const result = await esbuild.build({
    entryPoints: [`functions/${handler}.ts`],
    outfile,
    platform: "node",
    bundle: true,
    keepNames: true,
    metafile: true,
    logLevel: "silent",
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    external: [...EXTERNAL, ...external],
    banner: {
      js: [
        `import { createRequire as topLevelCreateRequire } from 'module';`,
        `const require = topLevelCreateRequire(import.meta.url);`,
        `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
        `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
        nodejsProps.banner ?? "",
      ].join("\n"),
    },
    sourcemap: nodejsProps.sourcemap === true,
    minify: nodejsProps.minify,
    ...(override as import("esbuild").BuildOptions),
  });
  const output = Object.entries(result.metafile?.outputs ?? {}).find(([file]) => file.endsWith(".mjs"))?.[1];
  if (!output) throw new Error(`esbuild wrote no bundle for ${handler}`);
  return output;
}

/**
 * Installs packages the bundle leaves out (EXTERNAL) next to a function's bundle, at the versions
 * the project pins, for linux-x64: sharp with its prebuilt binaries (a picture function), the
 * Management API client (a list write). SST's own `nodejs.install: ["sharp"]` forces sharp 0.32.6
 * with `--omit=optional` (an old cross-platform workaround), which is not the version the code is
 * written and tested against; sharp ≥ 0.33 ships its binaries as optional `@img/*` packages.
 */
export async function installBeside(out: string, packages: readonly string[]): Promise<void> {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  const dependencies = Object.fromEntries(
    packages.map((name) => {
      const version = pkg.dependencies[name];
      if (!version) throw new Error(`package.json has no ${name} dependency`);
      return [name, version];
    }),
  );
  // A package.json of its own keeps npm from walking up to the project's.
  writeFileSync(join(out, "package.json"), JSON.stringify({ private: true, dependencies }));
  await run(
    "npm",
    [
      "install",
      "--omit=dev",
      "--os=linux",
      "--cpu=x64",
      "--libc=glibc",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
    ],
    { cwd: out },
  );
}
