/**
 * The container image, checked without a Docker engine: the Dockerfile's stages, command, ports,
 * environment and healthcheck agree with package.json's start script, the compose file's `app`
 * service and the README's "Run it in production"; and what `npm start` loads is in the image and
 * needs production dependencies only (`npm ci --omit=dev`).
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { resolve } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { API_PREFIX, ROUTES } from "../../functions/routes.ts";
import { REQUIRED_SETTINGS } from "../../scripts/lib/production.ts";

const root = resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(resolve(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions = read("Dockerfile")
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => {
    const [op = "", ...rest] = line.split(/\s+/);
    return { op: op.toUpperCase(), args: rest.join(" ") };
  });
const stages = instructions.filter((i) => i.op === "FROM").map((i) => i.args);
const final = instructions.slice(instructions.findLastIndex((i) => i.op === "FROM"));
const args = (op: string) => final.filter((i) => i.op === op).map((i) => i.args);
const env = Object.fromEntries(args("ENV").flatMap((a) => a.split(/\s+/).map((pair) => pair.split("="))));
const exposed = args("EXPOSE").flatMap((a) => a.split(/\s+/));

const app = (
  parse(read("docker-compose.yml")) as {
    services: { app: { build: string; ports: string[]; environment: Record<string, string> } };
  }
).services.app;

const readme = read("README.md");
const production = readme.slice(
  readme.indexOf("## Run it in production"),
  readme.indexOf("\n## ", readme.indexOf("## Run it in production") + 1),
);

describe("Dockerfile", () => {
  it("builds in one stage and runs in another, both on the project's Node 22 minor", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const [major, minor] = pkg.devDependencies.node?.split(".") ?? [];
    for (const stage of stages)
      expect(stage).toMatch(new RegExp(`^node:${major}\\.${minor}-[a-z-]+( AS \\w+)?$`));
    expect(major).toBe("22");
    expect(final.some((i) => i.op === "COPY" && /^--from=\w+ \/app\/web\/dist web\/dist$/.test(i.args))).toBe(
      true,
    );
  });

  it("installs production dependencies only and runs as a user that is not root", () => {
    expect(args("RUN").some((a) => a.startsWith("npm ci --omit=dev"))).toBe(true);
    const [user] = args("USER");
    expect(user).toBeDefined();
    expect(["root", "0"]).not.toContain(user);
  });

  it("runs npm start, the script that starts scripts/start.ts with a loader it installs", () => {
    expect(args("CMD").map((a) => JSON.parse(a))).toEqual([["npm", "start"]]);
    expect(pkg.scripts.start).toMatch(/^exec node .*scripts\/start\.ts$/);
    const loaders = [...(pkg.scripts.start ?? "").matchAll(/--import (\S+)/g)].map((m) => m[1] ?? "");
    expect(loaders).toEqual(["tsx"]);
    for (const loader of loaders) expect(pkg.dependencies[loader]).toBeDefined();
    expect(pkg.scripts.build).toBe("npm run build --prefix web");
  });

  it("exposes the API's and the app's ports, set as PORT and WEB_PORT, in production on every interface", () => {
    expect(env).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", PORT: "7000", WEB_PORT: "8000" });
    expect(exposed).toEqual([env.PORT, env.WEB_PORT]);
  });

  it("checks health at the API's health route", () => {
    const [healthcheck = ""] = args("HEALTHCHECK");
    expect(healthcheck).toContain(`${API_PREFIX}/health`);
    expect(healthcheck).toContain("process.env.PORT");
    expect(ROUTES["health/get"]).toMatchObject({ method: "GET", path: "/health" });
  });

  it("leaves local state, secrets and installed packages out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", "web/node_modules", ".env", ".data"])
      expect(ignored).toContain(entry);
  });
});

describe("the compose file's app service", () => {
  it("builds this Dockerfile and publishes the ports it exposes", () => {
    expect(app.build).toBe(".");
    expect(app.ports.map((p) => p.split(":").at(-1))).toEqual(exposed);
  });

  it("gives the settings production requires and keeps the image's own", () => {
    for (const name of REQUIRED_SETTINGS) expect(Object.keys(app.environment)).toContain(name);
    for (const name of ["NODE_ENV", "HOST", "PORT", "WEB_PORT"]) {
      expect(app.environment[name] ?? env[name]).toBe(env[name]);
    }
  });
});

describe("README, Run it in production", () => {
  it("gives both ways, the commands, the ports and the required settings", () => {
    for (const text of [
      "npm run deploy",
      "npm run build",
      "npm start",
      "docker compose --profile app up",
      ...exposed,
      ...REQUIRED_SETTINGS,
      "archived",
    ]) {
      expect([text, production.includes(text)]).toEqual([text, true]);
    }
  });
});

describe("what npm start loads", () => {
  it("is in the image and needs production dependencies only", { timeout: 60_000 }, async () => {
    // The handlers are loaded by their path from the route table (functions/lib/local.ts), and the
    // live API document by a computed specifier: entry points of their own here.
    const result = await build({
      absWorkingDir: root,
      entryPoints: [
        "scripts/start.ts",
        "functions/lib/openapi.ts",
        ...Object.keys(ROUTES).map((handler) => `functions/${handler}.ts`),
      ],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      outdir: "out",
      packages: "external",
      logLevel: "silent",
      plugins: [
        {
          // What `npm run openapi` writes for the Lambdas' bundles; read only in AWS.
          name: "deploy-files",
          setup: (b) => b.onResolve({ filter: /\/\.build\// }, (a) => ({ path: a.path, external: true })),
        },
      ],
    });
    const inputs = Object.values(result.metafile.inputs);
    const packages = new Set(
      inputs
        .flatMap((input) => input.imports)
        .filter((i) => i.external && !i.path.startsWith("node:") && !builtinModules.includes(i.path))
        .filter((i) => !i.path.includes("/.build/"))
        .map((i) =>
          i.path
            .split("/")
            .slice(0, i.path.startsWith("@") ? 2 : 1)
            .join("/"),
        ),
    );
    expect([...packages].filter((name) => !pkg.dependencies[name])).toEqual([]);
    expect(packages.size).toBeGreaterThan(5);

    const copied = args("COPY")
      .filter((a) => !a.startsWith("--from"))
      .map((a) => a.split(/\s+/)[0] ?? "");
    const files = Object.keys(result.metafile.inputs);
    expect(files).toContain("scripts/start.ts");
    expect(
      files.filter((file) => !copied.some((source) => file === source || file.startsWith(`${source}/`))),
    ).toEqual([]);
  });
});
