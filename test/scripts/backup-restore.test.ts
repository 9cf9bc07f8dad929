/**
 * The round trip, as an operator runs it: an instance (its own database and bucket, served by
 * `scripts/dev.ts` in a child process) seeded with users, recipes with pictures, categories,
 * ingredients with weights, stores with shelves, shopping lists and a meal plan → `npm run backup`
 * → `npm run restore` into a fresh database and a fresh bucket → a second instance serves every
 * read identically: bodies compared (picture URLs differ only by the bucket's address), picture
 * bytes compared by SHA-256. On PGlite (data directories) or on the run's PostgreSQL (new databases).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { freshBucket } from "../fixtures/archives/helpers.ts";
import { onServer, withDatabase } from "../helpers/databases.ts";
import { unique } from "../helpers/factories.ts";
import { makeImage } from "../helpers/image-fixtures.ts";
import { freePort } from "../helpers/ports.ts";

const run = promisify(execFile);
const JWT_SECRET = "round-trip-secret-round-trip-secret-0123456789";

type Instance = { env: NodeJS.ProcessEnv; publicUrl: string; drop: () => Promise<void> };

/** Settings of one instance: its own database (PGlite directory or PostgreSQL database) and bucket. */
async function instance(dir: string, name: string): Promise<Instance> {
  const bucket = await freshBucket();
  await mkdir(join(dir, name), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATA_DIR: join(dir, name),
    STORAGE_URL: config.storage.url,
    PUBLIC_STORAGE_URL: bucket.publicUrl,
    S3_BUCKET: bucket.name,
    JWT_SECRET,
    LOG_LEVEL: "silent",
    BCRYPT_COST: "4",
    PGLITE_SNAPSHOT: "",
  };
  let drop = async () => {};
  if (config.databaseUrl) {
    const database = unique(`rt_${name}`)
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, "_");
    const serverUrl = config.databaseUrl;
    await onServer(serverUrl, `create database ${database}`);
    env.DATABASE_URL = withDatabase(serverUrl, database);
    drop = () => onServer(serverUrl, `drop database if exists ${database} with (force)`);
  } else {
    env.DATABASE_URL = "";
    env.PGLITE_DATA_DIR = join(dir, name, "pglite");
  }
  return { env, publicUrl: bucket.publicUrl, drop };
}

/** `scripts/dev.ts` on a free port with the instance's settings; resolves once it listens. */
async function serve(
  env: NodeJS.ProcessEnv,
  production: boolean,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn("node_modules/.bin/node", ["--import", "tsx", "scripts/dev.ts"], {
    env: { ...env, PORT: String(port), ...(production ? { NODE_ENV: "production", BCRYPT_COST: "10" } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening on")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`dev server exited (${code}):\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    // SIGTERM: the server closes PGlite cleanly, so its files are whole for the next process.
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.removeAllListeners("exit");
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: Buffer; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  if (options.type) headers["content-type"] = options.type;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : undefined;
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return body;
}

const login = async (base: string, username: string, password: string): Promise<string> =>
  (await call(base, "POST", "/auth/token", { json: { username, password } })).access_token;

const PASSWORDS = {
  "dev-user": "dev-user-password",
  "dev-admin": "dev-admin-password",
  carol: "carol's long password",
};

/** On top of the development seed: a third user, pictures on every kind of row, weights, a store, lists and a meal plan. */
async function seed(base: string): Promise<void> {
  await call(base, "POST", "/users/", {
    json: { username: "carol", email: "carol@example.com", password: PASSWORDS.carol },
  });
  const user = await login(base, "dev-user", PASSWORDS["dev-user"]);
  const admin = await login(base, "dev-admin", PASSWORDS["dev-admin"]);
  const carol = await login(base, "carol", PASSWORDS.carol);
  const carolId = (await call(base, "GET", "/users/me", { token: carol })).id;
  const jpeg = async () => ({ body: await makeImage("jpeg"), type: "image/jpeg" });

  const recipes = (await call(base, "GET", "/recipes/?limit=100")).items;
  const category = (await call(base, "GET", "/categories/?limit=1")).items[0];
  const ingredients = (await call(base, "GET", "/ingredients/?limit=3")).items;
  await call(base, "PUT", `/recipes/${recipes[0].id}/image`, { token: admin, ...(await jpeg()) });
  await call(base, "PUT", `/recipes/${recipes[1].id}/image`, { token: admin, ...(await jpeg()) });
  await call(base, "PUT", `/categories/${category.id}/image`, { token: admin, ...(await jpeg()) });
  await call(base, "PUT", `/ingredients/${ingredients[0].id}/image`, { token: admin, ...(await jpeg()) });
  await call(base, "PUT", `/users/${carolId}/image`, { token: carol, ...(await jpeg()) });

  const leek = await call(base, "POST", "/ingredients/", {
    token: carol,
    json: { name: "Round-trip leek", grams_per_ml: 0.55, grams_per_piece: 180.5 },
  });
  const soup = await call(base, "POST", "/recipes/", {
    token: carol,
    json: {
      title: "Leek soup",
      description: "Green and smooth.",
      servings: 3,
      cook_time_sec: 1500,
      prep_time_sec: 300,
      source_url: "https://example.com/leek-soup",
      category_ids: [category.id],
      ingredients: [
        { ingredient_id: leek.id, amount_grams: 541.5, amount_readable: "3 leeks" },
        { ingredient_id: ingredients[1].id, amount_grams: 0.333, amount_readable: "a pinch" },
      ],
      steps: [{ description: "Sweat." }, { description: "Blend." }],
    },
  });
  await call(base, "PUT", `/recipes/${soup.id}/image`, { token: carol, ...(await jpeg()) });
  const store = await call(base, "POST", "/stores/", {
    token: carol,
    json: { name: "Carol's market", latitude: 48.8566, longitude: 2.3522, address: "1 Rue de Rivoli" },
  });
  await call(base, "POST", `/stores/${store.id}/shelves/`, {
    token: carol,
    json: { name: "Aisle 2: vegetables", position: 2, ingredient_ids: [leek.id] },
  });
  const list = await call(base, "POST", "/shopping-lists/", {
    token: carol,
    json: { name: "This week", store_id: store.id },
  });
  await call(base, "POST", `/shopping-lists/${list.id}/recipes`, {
    token: carol,
    json: { recipe_id: soup.id, servings: 6 },
  });
  await call(base, "POST", `/shopping-lists/${list.id}/recipes`, {
    token: carol,
    json: { recipe_id: recipes[0].id },
  });
  const paper = await call(base, "POST", `/shopping-lists/${list.id}/items`, {
    token: carol,
    json: { name: "Kitchen roll" },
  });
  await call(base, "PUT", `/shopping-lists/${list.id}/items/${paper.id}`, {
    token: carol,
    json: { checked: true },
  });
  await call(base, "POST", "/shopping-lists/", { token: user, json: { name: "Dev's list" } });
  await call(base, "POST", "/meal-plan/", {
    token: carol,
    json: { date: "2026-12-01", meal: "dinner", recipe_id: soup.id },
  });
  await call(base, "POST", "/meal-plan/", {
    token: carol,
    json: { date: "2026-12-02", meal: "lunch", recipe_id: recipes[2].id, servings: 2, note: "leftovers" },
  });
  await call(base, "POST", "/meal-plan/", {
    token: user,
    json: { date: "2026-12-01", meal: "breakfast", recipe_id: recipes[3].id },
  });
}

/** Every read of every row, by path: lists page by page, then each row and its sub-resources. */
async function readEverything(base: string): Promise<Map<string, unknown>> {
  const reads = new Map<string, unknown>();
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(PASSWORDS).map(async ([name, pw]) => [name, await login(base, name, pw)]),
    ),
  ) as Record<keyof typeof PASSWORDS, string>;
  const get = async (path: string, token?: string) => {
    const body = await call(base, "GET", path, { token });
    reads.set(
      `${path}${token ? ` as ${Object.keys(tokens).find((k) => tokens[k as keyof typeof tokens] === token)}` : ""}`,
      body,
    );
    return body;
  };
  const all = async (path: string, token?: string, limit = 100) => {
    const items: { id: number }[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes("?") ? "&" : "?";
      const page: { items: { id: number }[]; next_cursor: string | null } = await get(
        `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        token,
      );
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  };
  for (const user of await all("/users/", tokens["dev-admin"])) await get(`/users/${user.id}`);
  for (const c of await all("/categories/")) await get(`/categories/${c.id}`);
  for (const i of await all("/ingredients/")) {
    await get(`/ingredients/${i.id}`);
    await all(`/ingredients/${i.id}/stores`);
  }
  for (const s of await all("/stores/")) {
    await get(`/stores/${s.id}`);
    await all(`/stores/${s.id}/shelves/`);
  }
  // Small pages here, so that the cursors themselves are compared too.
  for (const r of await all("/recipes/", undefined, 5)) await get(`/recipes/${r.id}`);
  await all("/recipes/?sort=title", undefined, 5);
  await all("/recipes/?q=soup");
  for (const token of Object.values(tokens)) {
    await get("/users/me", token);
    for (const l of await all("/shopping-lists/", token)) await get(`/shopping-lists/${l.id}`, token);
    await get("/meal-plan/?from=2026-11-15&to=2026-12-15", token);
  }
  return reads;
}

/** Every picture URL in the reads. */
const pictureUrls = (reads: Map<string, unknown>, publicUrl: string): string[] => {
  const text = JSON.stringify([...reads.values()]);
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...new Set(text.match(new RegExp(`${escaped}/[^"]+`, "g")) ?? [])].sort();
};

const sha = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return createHash("sha256")
    .update(Buffer.from(await res.arrayBuffer()))
    .digest("hex");
};

describe(`npm run backup → npm run restore (${config.databaseUrl ? "PostgreSQL" : "PGlite"})`, () => {
  let dir: string;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "round-trip-"));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it("restores an instance that answers every read exactly as the original did", async () => {
    const source = await instance(dir, "source");
    const target = await instance(dir, "target");
    cleanups.push(source.drop, target.drop);

    const original = await serve(source.env, false);
    cleanups.push(original.stop);
    await seed(original.base);
    const before = await readEverything(original.base);
    await original.stop();

    const file = join(dir, "backup.zip");
    const started = performance.now();
    const backup = await run("npm", ["run", "--silent", "backup", "--", file], { env: source.env });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    expect(backup.stdout).toMatch(/^Backup written to .*backup\.zip: \d+ bytes/m);
    expect(backup.stderr).toMatch(/recipes: \d+ rows/); // the progress lines
    console.log(
      `seeded instance: ${(await stat(file)).size} bytes; npm run backup took ${seconds} s wall clock`,
    );
    console.log(backup.stdout.trim());

    const restore = await run("npm", ["run", "--silent", "restore", "--", file], { env: target.env });
    expect(restore.stdout).toMatch(/^Restored .*backup\.zip in/m);
    // A second restore into the now full database is refused, and changes nothing.
    await expect(
      run("npm", ["run", "--silent", "restore", "--", file], { env: target.env }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(
        "The database already holds rows (table 'users'); restore only into an empty database.",
      ),
    });

    // Production mode: nothing is seeded at start-up, so what it serves is what was restored.
    const restored = await serve(target.env, true);
    cleanups.push(restored.stop);
    const after = await readEverything(restored.base);

    const moved = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replaceAll(source.publicUrl, target.publicUrl));
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [path, body] of before) expect(after.get(path), path).toEqual(moved(body));
    expect(before.size).toBeGreaterThan(100);

    const urls = pictureUrls(before, source.publicUrl);
    expect(urls.length).toBeGreaterThanOrEqual(12); // six pictures, each with a preview
    for (const url of urls)
      expect(await sha(url.replace(source.publicUrl, target.publicUrl))).toBe(await sha(url));

    // Ids were kept and sequences moved past them: the next row gets a fresh id.
    const carol = await login(restored.base, "carol", PASSWORDS.carol);
    const next = await call(restored.base, "POST", "/recipes/", {
      token: carol,
      json: { title: "After the restore" },
    });
    const highest = Math.max(
      ...[...before.keys()].flatMap((k) => /^\/recipes\/(\d+)$/.exec(k)?.[1] ?? []).map(Number),
    );
    expect(next.id).toBeGreaterThan(highest);
    await restored.stop();
  }, 900_000);
});
