/**
 * How every Lambda is bundled. The stack passes these to SST (`nodejs` props), and
 * `npm run bundle-size` rebuilds each function with the same options to measure it.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
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
 * core/db.ts gets a stub instead. Zod's classic `z` namespace re-exports every locale (about
 * 230 KB); messages are English only, so the locale index keeps just `en`. `pg` reaches its native
 * client (about 8 KB) only through `pg.native`, which needs `pg-native`: never installed beside a
 * bundle, so the stub fails the way that require would.
 *
 * Two library parts that no route runs get stand-ins whose exports throw "… is not part of a Lambda
 * bundle: …" if anything ever calls them:
 * - Kysely's schema builder (`db.schema`, kysely/dist/schema/: about 22 KB). The `Kysely` class
 *   reaches it through its `schema` getter, so esbuild cannot drop it. Only migrations build the
 *   schema: the functions named in SCHEMA_BUILDERS (the migrate function) keep the real one. The
 *   plugin tells them apart by the build's entry point, so the one `nodejsProps` serves every
 *   function, in the stack and in `npm run bundle-size` alike.
 * - Zod's JSON Schema conversion (zod/v4/core/to-json-schema.js and json-schema-processors.js:
 *   about 18 KB). Every zod schema refers to it, but only to convert itself (`toJSONSchema()`,
 *   `~standard.jsonSchema`, `_zod.processJSONSchema`), and nothing converts schemas in a Lambda: the
 *   API reference is prebuilt (functions/docs/openapi.ts). zod imports these modules by name and as
 *   a namespace, so each stand-in exports exactly the names its real module does, read from the file
 *   at build time: a zod update that adds a processor needs no change here, and one that changes the
 *   shape of those files fails the build. `aggregateChecks` is the exception: it is not conversion
 *   but the read side of checks (`z.string().max(5).maxLength`, `minValue`, `isInt`…), so the stand-in
 *   re-exports the real function (about 2 KB with its helpers).
 *
 * Importing `node:http` or `node:https` as ES modules makes Node build their module facade, which
 * reads every export, lazy getters included: `http.WebSocket` and friends load undici (fetch,
 * zlib…), several milliseconds of every cold start whether or not anything fetches. The packages
 * that import them that way (Middy for its status texts, the S3 client's HTTP handler, the EC2
 * metadata credential provider) get a CommonJS require of the same module instead, which reads nothing.
 */
const HTTP_IMPORTERS =
  /[\\/](@middy[\\/]util[\\/]index|@smithy[\\/]node-http-handler[\\/]dist-es[\\/]node-https|@smithy[\\/]credential-provider-imds[\\/]dist-es[\\/]remoteProvider[\\/]node-http)\.js$/;

/** The functions that build the database schema (`db.schema`): their bundles keep Kysely's schema builder. */
const SCHEMA_BUILDERS = ["migrate"];

const KYSELY_SCHEMA_MODULE = /[\\/]kysely[\\/]dist[\\/]schema[\\/]schema-module\.js$/;
const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
/** Names the JSON Schema stand-ins take from the real module instead (see above). */
const ZOD_KEPT = ["aggregateChecks"];
/** The namespace of a real module a stand-in re-exports from, so the stand-in's onLoad does not catch it again. */
const REAL = "lambda-real";

/** The message of every stand-in's error, as a JavaScript string literal. */
const notInLambda = (what: string, why: string): string =>
  JSON.stringify(`${what} is not part of a Lambda bundle: ${why}`);

/**
 * The names an ES module exports, read from its source (`export const|let|var|function|class NAME`,
 * `export { a as b }`). Throws on any other form of export (a default, a re-export), so that a
 * stand-in never silently lacks a name its real module has.
 */
function exportNames(file: string, source: string): string[] {
  const names: string[] = [];
  for (const [line] of source.matchAll(/^export\b.*$/gm)) {
    const declared =
      /^export\s+(?:\/\*.*?\*\/\s*)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/.exec(line);
    const listed = /^export\s*\{([^}]*)\};?$/.exec(line);
    // `export { a as b, c }`: the exported name is the last word of each part.
    const parts = listed?.[1]?.split(",").map((part) => part.trim().split(/\s+/).at(-1) ?? "");
    if (declared?.[1]) names.push(declared[1]);
    else if (parts) names.push(...parts.filter(Boolean));
    else throw new Error(`${file}: cannot mirror this export in a Lambda stand-in: ${line}`);
  }
  return names;
}

/**
 * A stand-in for zod's to-json-schema.js or json-schema-processors.js with every export of the real
 * module: those in ZOD_KEPT re-exported from it, the others functions that throw when called. The
 * `create…Method` factories are called whenever a schema's `~standard` is read (they only build the
 * method), so theirs return a function that throws instead.
 */
async function zodJsonSchemaStandIn(file: string): Promise<string> {
  const names = exportNames(file, await readFile(file, "utf8"));
  const kept = names.filter((name) => ZOD_KEPT.includes(name));
  const why =
    "nothing converts schemas to JSON Schema in a Lambda (the API reference is prebuilt: functions/docs/openapi.ts; see stacks/bundle.ts)";
  return [
    `const fail = (name) => () => { throw new Error(${notInLambda("zod's JSON Schema conversion (NAME)", why)}.replace("NAME", name)); };`,
    `const factory = (name) => () => fail(name);`,
    ...(kept.length ? [`export { ${kept.join(", ")} } from ${JSON.stringify(`${REAL}:${file}`)};`] : []),
    ...names
      .filter((name) => !kept.includes(name))
      .map(
        (name, i) =>
          `const s${i} = /* @__PURE__ */ ${/^create\w*Method$/.test(name) ? "factory" : "fail"}(${JSON.stringify(name)}); export { s${i} as ${name} };`,
      ),
  ].join("\n");
}

const lambdaOnly: Plugin = {
  name: "lambda-only",
  setup(build) {
    const stub = resolve("stacks/lambda/no-pglite.ts");
    build.onResolve({ filter: /^(@electric-sql\/pglite|kysely-pglite-dialect)$/ }, () => ({ path: stub }));
    build.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
      resolveDir: join(args.path, ".."),
    }));
    build.onLoad({ filter: HTTP_IMPORTERS }, async (args) => ({
      contents: (await readFile(args.path, "utf8")).replace(
        /^import (\w+|\{[\w\s,]+\}) from "(node:https?)";$/gm,
        'const $1 = require("$2");',
      ),
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
    const buildsSchema = entries.some((entry) =>
      SCHEMA_BUILDERS.some((name) => resolve(entry) === resolve(`functions/${name}.ts`)),
    );
    if (!buildsSchema)
      build.onLoad({ filter: KYSELY_SCHEMA_MODULE, namespace: "file" }, () => ({
        contents: `export class SchemaModule { constructor() { throw new Error(${notInLambda(
          "Kysely's schema builder (db.schema)",
          `only the ${SCHEMA_BUILDERS.join(", ")} function builds the schema (SCHEMA_BUILDERS in stacks/bundle.ts)`,
        )}); } }`,
        loader: "js",
      }));
    build.onLoad({ filter: ZOD_JSON_SCHEMA, namespace: "file" }, async (args) => ({
      contents: await zodJsonSchemaStandIn(args.path),
      loader: "js",
      resolveDir: dirname(args.path),
    }));
    // The real module behind a stand-in's re-export: read as it is, and as free of side effects as zod
    // declares it (package.json `sideEffects`), so that only what the stand-in re-exports is kept.
    build.onResolve({ filter: new RegExp(`^${REAL}:`) }, (args) => ({
      path: args.path.slice(REAL.length + 1),
      namespace: REAL,
      sideEffects: false,
    }));
    build.onLoad({ filter: /.*/, namespace: REAL }, async (args) => ({
      contents: await readFile(args.path, "utf8"),
      loader: "js",
      resolveDir: dirname(args.path),
    }));
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
