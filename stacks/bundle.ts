/**
 * How every Lambda is bundled. The stack passes these to SST (`nodejs` props), and
 * `npm run bundle-size` rebuilds each function with the same options to measure it.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { FunctionProps } from "sst/constructs";

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
 * core/db.ts gets a stub instead. `pg` reaches its native client (about 8 KB) only through
 * `pg.native`, which needs `pg-native`: never installed beside a bundle, so the stub fails the way
 * that require would. `pg` reads ~/.pgpass (the `pgpass` package, about 4 KB, deprecated in pg)
 * only when the server asks for a password the URL does not give; a Lambda has no such file, so
 * its stand-in answers "no password" as the package would. The S3 client's default credential
 * chain gets the one link that answers on Lambda, the role's credentials in the environment
 * (stacks/lambda/env-credentials.ts).
 *
 * Two Kysely features are reached through methods, so esbuild cannot drop them, yet no route uses
 * them: the schema builder (`db.schema`, kysely/dist/schema/: about 22 KB), which only migrations
 * use, and `withSchema()` (its plugin and Kysely's whole node transformer: about 24 KB). Each gets a
 * stand-in whose constructor throws "… is not part of a Lambda bundle: …", except in the functions
 * named beside it (the migrate function keeps the schema builder). The plugin tells functions apart
 * by the build's entry point, so the one `nodejsProps` serves every function, in the stack and in
 * `npm run bundle-size` alike. (Zod needs no such help: the runtime code uses `zod/mini`, which
 * carries neither the JSON Schema conversion nor the other locales.)
 *
 * Importing `node:http` or `node:https` as ES modules makes Node build their module facade, which
 * reads every export, lazy getters included: `http.WebSocket` and friends load undici (fetch,
 * zlib…), several milliseconds of every cold start whether or not anything fetches. The packages
 * that import them that way (Middy for its status texts, the S3 client's HTTP handler, the EC2
 * metadata credential provider) get a CommonJS require of the same module instead, which reads nothing.
 */
const HTTP_IMPORTERS =
  /[\\/](@middy[\\/]util[\\/]index|@smithy[\\/]node-http-handler[\\/]dist-es[\\/]node-https|@smithy[\\/]credential-provider-imds[\\/]dist-es[\\/]remoteProvider[\\/]node-http)\.js$/;

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
];

const lambdaOnly: Plugin = {
  name: "lambda-only",
  setup(build) {
    const stub = resolve("stacks/lambda/no-pglite.ts");
    build.onResolve({ filter: /^(@electric-sql\/pglite|kysely-pglite-dialect)$/ }, () => ({ path: stub }));
    build.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({
      path: resolve("stacks/lambda/env-credentials.ts"),
    }));
    build.onLoad({ filter: HTTP_IMPORTERS }, async (args) => ({
      contents: (await readFile(args.path, "utf8")).replace(
        /^import (\w+|\{[\w\s,]+\}) from "(node:https?)";$/gm,
        'const $1 = require("$2");',
      ),
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
 * `pg-native` is an optional require inside `pg`: external, or SST npm-installs it into every
 * bundle. `sharp` is native: external, and installed for linux-x64 by `installSharp`.
 */
export const EXTERNAL = ["pg-native", "sharp"];

/** The `nodejs` props SST bundles each function with (ESM, minified, source maps). */
export const nodejsProps: NodejsProps = {
  format: "esm",
  minify: true,
  sourcemap: true,
  banner: SECRETS_BANNER,
  esbuild: { external: EXTERNAL, plugins: [lambdaOnly] },
};

/**
 * Installs the project's sharp version, with its prebuilt linux-x64 binaries, next to a picture
 * function's bundle. SST's own `nodejs.install: ["sharp"]` forces sharp 0.32.6 with
 * `--omit=optional` (an old cross-platform workaround), which is not the version the code is
 * written and tested against; sharp ≥ 0.33 ships its binaries as optional `@img/*` packages.
 */
export async function installSharp(out: string): Promise<void> {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  const version = pkg.dependencies.sharp;
  if (!version) throw new Error("package.json has no sharp dependency");
  // A package.json of its own keeps npm from walking up to the project's.
  writeFileSync(
    join(out, "package.json"),
    JSON.stringify({ private: true, dependencies: { sharp: version } }),
  );
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
