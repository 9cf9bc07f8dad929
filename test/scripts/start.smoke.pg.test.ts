/**
 * `npm start` for real: the production entry on a fresh PostgreSQL database (created here on the
 * server of DATABASE_URL, so this file runs in the PostgreSQL run only) and an S3 server started for
 * it (the embedded one, with its own key). It migrates, signs up, creates a recipe with a picture
 * through the app's origin, serves the app's page and a deep link, and stops cleanly on SIGTERM with a
 * request in flight. The web app's build (web/dist) is reused when there is one, else made once.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedS3, startEmbeddedS3 } from "../../scripts/lib/embedded-s3.ts";
import { IMMUTABLE, REVALIDATE } from "../../scripts/lib/web-server.ts";
import { inlineHashes } from "../../web/security-headers.ts";
import { onServer, withDatabase } from "../helpers/databases.ts";
import { makeImage } from "../helpers/image-fixtures.ts";
import { freePort } from "../helpers/ports.ts";

const root = resolve(import.meta.dirname, "../..");
const indexFile = join(root, "web/dist/index.html");
const bucket = "recipes-start";
const password = `pw-${randomBytes(12).toString("hex")}`;
const username = `cook_${randomBytes(4).toString("hex")}`;

let databaseUrl = "";
let storageDir = "";
let s3: EmbeddedS3;
let child: ChildProcess;
let output = "";
let api = "";
let web = "";

/** Resolves once `npm start` has written `text`; rejects if it exits first. */
function printed(text: string): Promise<void> {
  return new Promise((done, fail) => {
    const check = () => {
      if (output.includes(text)) done();
      else if (child.exitCode !== null || child.signalCode !== null) {
        fail(new Error(`npm start exited before printing '${text}':\n${output}`));
      } else setTimeout(check, 50);
    };
    check();
  });
}

beforeAll(async () => {
  // `npm run build` writes web/dist, what npm start serves; an existing build is used as it is.
  if (!existsSync(indexFile)) {
    const build = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const server = process.env.DATABASE_URL ?? "";
  const name = `recipes_start_${randomBytes(4).toString("hex")}`;
  await onServer(server, `create database ${name}`);
  databaseUrl = withDatabase(server, name);
  storageDir = mkdtempSync(join(tmpdir(), "recipes-start-s3-"));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  api = `http://127.0.0.1:${apiPort}/api/v1`;
  web = `http://127.0.0.1:${webPort}`;
  s3 = await startEmbeddedS3({ port: 0, directory: storageDir, bucket, allowedOrigin: web });
  // Only what production is given: nothing of this test run's own environment (NODE_ENV=test,
  // BCRYPT_COST=4, LOG_LEVEL=silent…) and every rule a developer's .env could change, stated.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    JWT_SECRET: randomBytes(48).toString("base64url"),
    DATABASE_URL: databaseUrl,
    STORAGE_URL: s3.url,
    PUBLIC_STORAGE_URL: `${s3.url}/${bucket}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    HOST: "127.0.0.1",
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    FRONTEND_URL: web,
    BCRYPT_COST: "10",
    LOG_LEVEL: "info",
    IMPORT_ALLOW_PRIVATE_HOSTS: "false",
  };
  child = spawn("npm", ["start"], { cwd: root, env });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  await printed("Web app on http://");
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGKILL");
    await exited;
  }
  await s3?.close();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  if (databaseUrl)
    await onServer(
      databaseUrl,
      `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`,
    );
});

/** A request to the running server, with a JSON body when `json` is given; the answer's JSON read. */
async function call(
  method: string,
  url: string,
  options: { json?: unknown; token?: string; body?: Uint8Array; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined || options.type)
    headers["content-type"] = options.type ?? "application/json";
  const response = await fetch(url, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  const body: any = await response.json();
  return { status: response.status, body };
}

describe("npm start", () => {
  let token = "";
  let recipeId = 0;

  it("migrates the fresh database first and answers health on the API's port", async () => {
    expect(output).toMatch(/database: PostgreSQL \(DATABASE_URL\), applied \d{4}-/);
    const health = await call("GET", `${api}/health`);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: "ok", database: "ok", storage: "ok" });
  });

  it("creates no development account", async () => {
    const login = await call("POST", `${api}/auth/token`, {
      json: { username: "dev-user", password: "dev-user-password" },
    });
    expect(login.status).toBe(401);
    expect(login.body.detail).toBe("Incorrect username or password.");
  });

  it("signs up, logs in and creates a recipe with a picture through the app's origin", async () => {
    const signup = await call("POST", `${web}/api/v1/users/`, {
      json: { username, email: `${username}@example.com`, password },
    });
    expect(signup.status).toBe(201);
    const login = await call("POST", `${web}/api/v1/auth/token`, { json: { username, password } });
    expect(login.status).toBe(200);
    token = login.body.access_token;

    const created = await call("POST", `${web}/api/v1/recipes/`, {
      token,
      json: { title: "Smoke test soup", steps: [{ description: "Stir." }] },
    });
    expect(created.status).toBe(201);
    recipeId = created.body.id;

    const pictured = await call("PUT", `${web}/api/v1/recipes/${recipeId}/image`, {
      token,
      type: "image/png",
      body: new Uint8Array(await makeImage("png")),
    });
    expect(pictured.status).toBe(200);
    expect(pictured.body.img).toMatch(new RegExp(`^${s3.url}/${bucket}/`));
    const picture = await fetch(pictured.body.img);
    expect(picture.status).toBe(200);
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const read = await call("GET", `${api}/recipes/${recipeId}`);
    expect(read.body).toMatchObject({ title: "Smoke test soup", img: pictured.body.img });
  });

  it("refuses to import from a private address", async () => {
    const url = `${web}/`;
    const imported = await call("POST", `${web}/api/v1/recipes/import`, { token, json: { url } });
    expect(imported.status).toBe(422);
    expect(imported.body.detail).toBe(`Address '${url}' is not allowed.`);
  });

  it("serves the app's page and its deep links as index.html, with the site's headers", async () => {
    const index = readFileSync(indexFile, "utf8");
    for (const path of ["/", `/recipes/${recipeId}`, "/recipes/import?url=x"]) {
      const page = await fetch(`${web}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("cache-control")).toBe(REVALIDATE);
      // The page's own inline first-screen script and stylesheet, by their hashes (web/first-screen.ts).
      const { scriptHashes = [], styleHashes = [] } = inlineHashes(index);
      expect(page.headers.get("content-security-policy")).toContain(
        `script-src ${["'self'", ...scriptHashes].join(" ")};`,
      );
      expect(page.headers.get("content-security-policy")).toContain(
        `style-src ${["'self'", ...styleHashes].join(" ")};`,
      );
      expect(page.headers.get("content-security-policy")).toContain(`connect-src 'self' ${s3.url}`);
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await page.text()).toBe(index);
    }
    const again = await fetch(`${web}/recipes/${recipeId}`, {
      headers: { "if-none-match": (await fetch(`${web}/`)).headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("caches the hashed files for good and answers 404 for a missing one", async () => {
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(indexFile, "utf8"))?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${web}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe(IMMUTABLE);
    const missing = await fetch(`${web}/assets/missing-abc123.js`);
    expect(missing.status).toBe(404);
  });

  it("logs each request as one JSON line without a password or token", () => {
    const lines = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    for (const line of lines) {
      expect(Object.keys(line)).toEqual([
        "time",
        "level",
        "request_id",
        "method",
        "route",
        "status",
        "duration_ms",
      ]);
    }
    expect(lines).toContainEqual(
      expect.objectContaining({ method: "POST", status: 201, route: "POST /api/v1/users" }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ method: "PUT", status: 200, route: "PUT /api/v1/recipes/{recipe_id}/image" }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ method: "GET", status: 200, route: "web /index.html" }),
    );
    expect(output).not.toContain(password);
    expect(output).not.toContain(token);
  });

  it("stops on SIGTERM: the request in flight is answered, then the process exits with 0", async () => {
    const body = JSON.stringify({ username: `${username}_2`, email: `${username}_2@example.com`, password });
    // The server has the request (it answered 100 Continue) before the stop begins; its body comes after.
    const answered = new Promise<number>((done, fail) => {
      const req = request(`${web}/api/v1/users/`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          expect: "100-continue",
        },
      });
      req.on("continue", async () => {
        child.kill("SIGTERM");
        await printed("SIGTERM: shutting down");
        req.end(body);
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      });
      req.on("error", fail);
      req.flushHeaders();
    });
    const exited = new Promise<[number | null, string | null]>((done) =>
      child.once("exit", (code, signal) => done([code, signal])),
    );
    expect(await answered).toBe(201);
    expect(await exited).toEqual([0, null]);
  });
});
