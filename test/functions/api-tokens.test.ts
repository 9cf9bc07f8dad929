/**
 * API tokens for scripts and home automation (issue 38, item 4; CONTRACT.md: Authentication, "API
 * tokens", and `/users/me/tokens`): made, listed and deleted through the real pipeline; a token acts
 * as its user within its scope and never on the account routes; stored only as a hash.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const make = (user: TestUser, json: unknown) => api("POST", "/users/me/tokens", { token: user.token, json });
async function tokenOf(user: TestUser, scope: "read" | "write", extra: object = {}) {
  const res = await make(user, { name: `${scope} script`, scope, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: number; token: string };
}
const rowOf = (id: number) =>
  getDb().selectFrom("api_tokens").selectAll().where("id", "=", id).executeTakeFirst();
const expectInvalid = (res: Awaited<ReturnType<typeof api>>) =>
  expect(problem(res, 401).detail).toBe("Token is invalid or has expired.");

describe("POST /users/me/tokens", () => {
  it("makes a token shown this once, stored only as its hash", async () => {
    const user = await makeUser();
    const res = await make(user, { name: "  Home Assistant  ", scope: "write" });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe("/api/v1/users/me/tokens");
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Home Assistant",
      scope: "write",
      created_at: expect.any(String),
      last_used_at: null,
      expires_at: null,
      token: expect.stringMatching(/^rst_[A-Za-z0-9_-]{43}$/),
    });
    const row = await rowOf(res.body.id);
    expect(row).toMatchObject({ user_id: user.id, name: "Home Assistant", scope: "write", expires_at: null });
    expect(row?.token_hash).toBe(createHash("sha256").update(res.body.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(res.body.token.slice(4));
  });

  it("gives a token an end when asked: expires_in_days, 1 to 730", async () => {
    const user = await makeUser();
    const res = await make(user, { name: "A week", scope: "read", expires_in_days: 7 });
    expect(res.status).toBe(201);
    const ends = new Date(res.body.expires_at).getTime();
    expect(ends).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(ends).toBeLessThan(Date.now() + 7.1 * 86_400_000);
  });

  it.each([
    [{ scope: "read" }, "name"],
    [{ name: "   ", scope: "read" }, "name"],
    [{ name: "x".repeat(81), scope: "read" }, "name"],
    [{ name: "A", scope: "admin" }, "scope"],
    [{ name: "A", scope: "read", expires_in_days: 0 }, "expires_in_days"],
    [{ name: "A", scope: "read", expires_in_days: 731 }, "expires_in_days"],
    [{ name: "A", scope: "read", expires_in_days: 1.5 }, "expires_in_days"],
    [{ name: "A", scope: "read", user_id: 1 }, "user_id"],
  ])("refuses %j with 422 at '%s', and writes nothing", async (json, path) => {
    const user = await makeUser();
    const res = await make(user, json);
    expect(problem(res, 422).errors).toContainEqual(expect.objectContaining({ path }));
    expect(
      await getDb().selectFrom("api_tokens").select("id").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
  });

  it("is for signed-in people (401 without a token)", async () => {
    problem(await api("POST", "/users/me/tokens", { json: { name: "A", scope: "read" } }), 401);
  });
});

describe("a token at work", () => {
  it("acts as its user with write: reads and writes, and its last use is recorded", async () => {
    const user = await makeUser();
    const { id, token } = await tokenOf(user, "write");
    const me = await api("GET", "/users/me", { token });
    expect(me.body).toMatchObject({ id: user.id, username: user.username });
    const list = await api("POST", "/shopping-lists", { token, json: { name: "From a script" } });
    expect(list.status).toBe(201);
    const item = await api("POST", `/shopping-lists/${list.body.id}/items`, {
      token,
      json: { name: "milk" },
    });
    expect(item.status).toBe(201);
    expect((await rowOf(id))?.last_used_at).toBeInstanceOf(Date);
  });

  it("with read, only reads: anything else is 403 and changes nothing", async () => {
    const user = await makeUser();
    const { token } = await tokenOf(user, "read");
    expect((await api("GET", "/shopping-lists", { token })).status).toBe(200);
    const refused = await api("POST", "/shopping-lists", { token, json: { name: "Not from a reader" } });
    expect(problem(refused, 403).detail).toBe("This API token may only read.");
    const lists = await getDb()
      .selectFrom("shopping_lists")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(lists).toEqual([]);
  });

  it.each([
    [
      "PUT",
      "/users/password",
      { current_password: "correct horse battery", new_password: "another long phrase" },
    ],
    ["PUT", "/users/email", { email: "new@example.com", password: "correct horse battery" }],
    ["GET", "/users/me/sessions", undefined],
    ["GET", "/users/me/tokens", undefined],
    ["POST", "/users/me/tokens", { name: "Another", scope: "write" }],
    ["POST", "/auth/logout", undefined],
  ])("never changes the account: %s %s is 403", async (method, path, json) => {
    const user = await makeUser();
    const { token } = await tokenOf(user, "write");
    const res = await api(method, path, { token, ...(json ? { json } : {}) });
    expect(problem(res, 403).detail).toBe("API tokens cannot change the account.");
  });

  it("never deletes the account, nor, for an admin, another", async () => {
    const admin = await makeUser({ role: "admin" });
    const user = await makeUser();
    const { token } = await tokenOf(admin, "write");
    for (const id of [admin.id, user.id]) {
      expect(problem(await api("DELETE", `/users/${id}`, { token }), 403).detail).toBe(
        "API tokens cannot change the account.",
      );
    }
    expect(
      await getDb().selectFrom("users").select("id").where("id", "in", [admin.id, user.id]).execute(),
    ).toHaveLength(2);
  });

  it("refuses an unknown or run-out token with 401", async () => {
    expectInvalid(await api("GET", "/users/me", { token: "rst_not-a-token-of-this-service" }));
    const user = await makeUser();
    const { id, token } = await tokenOf(user, "read", { expires_in_days: 1 });
    await getDb()
      .updateTable("api_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    expectInvalid(await api("GET", "/users/me", { token }));
  });

  it("is no session: a password change leaves it working; the account's deletion ends it", async () => {
    const user = await makeUser();
    const { token } = await tokenOf(user, "write");
    const change = await api("PUT", "/users/password", {
      token: user.token,
      json: { current_password: user.password, new_password: "a new and longer secret" },
    });
    expect(change.status).toBe(204);
    expect((await api("GET", "/users/me", { token })).status).toBe(200);
    const renewed = await api("POST", "/auth/token", {
      json: { grant_type: "refresh_token", refresh_token: user.refreshToken },
    });
    expect((await api("DELETE", `/users/${user.id}`, { token: renewed.body.access_token })).status).toBe(204);
    expectInvalid(await api("GET", "/shopping-lists", { token }));
    expect(
      await getDb().selectFrom("api_tokens").select("id").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
  });
});

describe("GET /users/me/tokens", () => {
  it("lists the caller's own tokens, newest first, never the tokens themselves", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const first = await tokenOf(user, "read");
    const second = await tokenOf(user, "write");
    await tokenOf(stranger, "write");
    const res = await api("GET", "/users/me/tokens", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { id: number }) => t.id)).toEqual([second.id, first.id]);
    expect(res.body.items[0]).toEqual({
      id: second.id,
      name: "write script",
      scope: "write",
      created_at: expect.any(String),
      last_used_at: null,
      expires_at: null,
    });
    expect(JSON.stringify(res.body)).not.toContain("rst_");
  });

  it("is for signed-in people (401 without a token)", async () => {
    problem(await api("GET", "/users/me/tokens"), 401);
  });
});

describe("DELETE /users/me/tokens/{token_id}", () => {
  it("ends a token at once", async () => {
    const user = await makeUser();
    const { id, token } = await tokenOf(user, "write");
    expect((await api("DELETE", `/users/me/tokens/${id}`, { token: user.token })).status).toBe(204);
    expectInvalid(await api("GET", "/users/me", { token }));
    expect(await rowOf(id)).toBeUndefined();
  });

  it("answers 404 for another user's token (which goes on working), an unknown one and a bad id", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const theirs = await tokenOf(stranger, "read");
    const res = await api("DELETE", `/users/me/tokens/${theirs.id}`, { token: user.token });
    expect(problem(res, 404).detail).toBe(`API token ID ${theirs.id} was not found.`);
    expect((await api("GET", "/users/me", { token: theirs.token })).status).toBe(200);
    problem(await api("DELETE", "/users/me/tokens/2147483647", { token: user.token }), 404);
    expect(problem(await api("DELETE", "/users/me/tokens/x", { token: user.token }), 404).detail).toBe(
      "API token ID 'x' was not found.",
    );
  });

  it("is for signed-in people (401 without a token)", async () => {
    problem(await api("DELETE", "/users/me/tokens/1"), 401);
  });
});
