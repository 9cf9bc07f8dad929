/**
 * The route table is the one place a route is declared: every line has its handler file, each
 * handler is bound to its own line, and what a line grants in storage is what its handler may do.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { getDb, transaction } from "../../core/db.ts";
import { withGrants } from "../../core/grants.ts";
import { publishListChanges } from "../../core/live/list-changes.ts";
import { fetchSafely } from "../../core/net/safe-fetch.ts";
import { deleteObjects, putPublicObject } from "../../core/storage.ts";
import { loadHandlerModule } from "../../functions/lib/openapi.ts";
import { routes, STORAGE_ACTIONS } from "../../functions/routes.ts";
import { unique } from "../helpers/factories.ts";

describe("the route table", () => {
  it.each(routes.map((route) => [route.handler, route] as const))(
    "%s: its handler file exists and is bound to this very line",
    async (_, route) => {
      const module = (await loadHandlerModule(route.handler)) as { handler?: { route?: unknown } };
      expect(module?.handler?.route).toEqual(route);
    },
  );

  it("declares each path parameter with one name only, so every 404 names its row the same way", () => {
    const params = new Set(
      routes.flatMap((route) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])),
    );
    expect([...params].sort()).toEqual([
      "category_id",
      "cooked_id",
      "entry_id",
      "household_id",
      "ingredient_id",
      "invitation_id",
      "item_id",
      "link_id",
      "list_id",
      "recipe_id",
      "revision",
      "session_id",
      "shelf_id",
      "store_id",
      "token_id",
      "user_id",
    ]);
  });
});

/** The grants of a line with this storage grant and no internet. */
const grant = (storage?: keyof typeof STORAGE_ACTIONS) => ({
  storage: new Set(storage ? STORAGE_ACTIONS[storage] : []),
  internet: false,
  live: false,
});

describe("a route's storage grant", () => {
  const key = () => `recipes/grant-test/${unique("object")}.txt`;

  it("refuses, as IAM would, a command the running route's grant does not cover", async () => {
    await expect(
      withGrants(grant("delete"), () => putPublicObject(key(), Buffer.from("x"), "text/plain")),
    ).rejects.toMatchObject({ name: "AccessDenied", message: expect.stringContaining("s3:PutObject") });
    await expect(withGrants(grant(), () => deleteObjects([key()]))).rejects.toMatchObject({
      name: "AccessDenied",
      message: expect.stringContaining("s3:DeleteObject"),
    });
  });

  it("allows what the grant covers, and everything outside a route (scripts, seeding)", async () => {
    const written = key();
    await withGrants(grant("pictures"), () => putPublicObject(written, Buffer.from("x"), "text/plain"));
    await withGrants(grant("delete"), () => deleteObjects([written]));
    await putPublicObject(written, Buffer.from("x"), "text/plain");
    await deleteObjects([written]);
  });
});

describe("a route's grants on Lambda, where a process serves one route", () => {
  const key = () => `recipes/grant-test/${unique("object")}.txt`;
  const mutable = config as { inLambda: boolean };
  beforeEach(() => {
    mutable.inLambda = true;
  });
  afterEach(() => {
    mutable.inLambda = false;
  });

  it("are the process's: they hold for the route's request and after it, with no per-request context", async () => {
    await expect(
      withGrants(grant("delete"), () => putPublicObject(key(), Buffer.from("x"), "text/plain")),
    ).rejects.toMatchObject({ name: "AccessDenied", message: expect.stringContaining("s3:PutObject") });
    // The next work of this process is the same route's, so its grants still apply.
    await expect(putPublicObject(key(), Buffer.from("x"), "text/plain")).rejects.toMatchObject({
      name: "AccessDenied",
    });
    const written = key();
    await withGrants(grant("pictures"), () => putPublicObject(written, Buffer.from("x"), "text/plain"));
    await withGrants(grant("delete"), () => deleteObjects([written]));
  });
});

describe("a route's internet need", () => {
  it("is refused before any connection when the line does not say it", async () => {
    await expect(
      withGrants(grant(), () =>
        fetchSafely("http://127.0.0.1:9/", { accept: ["text/html"], expected: "a web page" }),
      ),
    ).rejects.toMatchObject({
      name: "AccessDenied",
      message: expect.stringContaining("does not reach the internet"),
    });
  });
});

describe("a route's live need", () => {
  /** Publishes that list 1 changed, in a transaction of its own (nothing follows it here). */
  const publish = () =>
    transaction(getDb(), async () =>
      publishListChanges(getDb(), { id: 1, user_id: 1, household_id: null }, [
        { type: "list", deleted: false },
      ]),
    );

  it("is required to tell a list's followers of a change, as the AWS role would be", async () => {
    await expect(withGrants(grant(), publish)).rejects.toMatchObject({
      name: "AccessDenied",
      message: expect.stringContaining("no live need"),
    });
    await withGrants({ ...grant(), live: true }, publish);
    await publish(); // outside a route (scripts, seeding, tests calling services)
  });
});
