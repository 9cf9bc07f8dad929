/**
 * Staying signed in (issue 38, item 1; CONTRACT.md: Authentication): sessions with rotating refresh
 * tokens through the real pipeline: `POST /auth/token` with `grant_type=refresh_token`, reuse ending
 * the session, `POST /auth/logout`, `GET/DELETE /users/me/sessions`, and the ends a password change
 * and an account's deletion bring.
 */
import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { REFRESH_LIMIT } from "../../core/session/service.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const me = (token: string) => api("GET", "/users/me", { token });
const refresh = (refresh_token: string) =>
  api("POST", "/auth/token", { json: { grant_type: "refresh_token", refresh_token } });
const refreshForm = (refresh_token: string) =>
  api("POST", "/auth/token", {
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const sessionRow = (id: number) =>
  getDb().selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
const sessionsOf = (userId: number) =>
  getDb().selectFrom("sessions").select("id").where("user_id", "=", userId).orderBy("id").execute();
const expectInvalid = (res: Awaited<ReturnType<typeof api>>) =>
  expect(problem(res, 401).detail).toBe("Token is invalid or has expired.");

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

/** A second login of `user`: another device, a phone's browser. */
async function secondDevice(user: TestUser) {
  const res = await api("POST", "/auth/token", {
    json: { username: user.username, password: user.password },
    headers: { "user-agent": PHONE },
  });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

describe("POST /auth/token with grant_type=refresh_token", () => {
  it("answers a new pair for the same session and spends the old refresh token (JSON and form)", async () => {
    const user = await makeUser();
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      expires_in: 1800,
      refresh_token: expect.any(String),
      refresh_expires_in: 5_184_000,
    });
    expect(first.body.refresh_token).not.toBe(user.refreshToken);
    expect(decodeJwt(first.body.access_token)).toMatchObject({ sub: String(user.id), sid: user.sessionId });
    expect((await me(first.body.access_token)).body.id).toBe(user.id);
    const second = await refreshForm(first.body.refresh_token);
    expect(second.status).toBe(200);
    // Only hashes are stored: three tokens, two spent.
    const tokens = await getDb()
      .selectFrom("session_refresh_tokens")
      .selectAll()
      .where("session_id", "=", user.sessionId)
      .execute();
    expect(tokens).toHaveLength(3);
    const hash = (token: string) => createHash("sha256").update(token).digest("hex");
    expect(tokens.map((t) => t.token_hash).sort()).toEqual(
      [user.refreshToken, first.body.refresh_token, second.body.refresh_token].map(hash).sort(),
    );
    expect(tokens.filter((t) => t.spent_at === null).map((t) => t.token_hash)).toEqual([
      hash(second.body.refresh_token),
    ]);
    // Each refresh moves the session's last use and its end 60 days on.
    const row = await sessionRow(user.sessionId);
    expect(row?.expires_at.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
  });

  it("ends the whole session when a spent refresh token comes back: a stolen copy is worth nothing", async () => {
    const user = await makeUser();
    const owner = await refresh(user.refreshToken);
    expectInvalid(await refresh(user.refreshToken)); // the thief, with the copy
    // The session is gone: the owner's new tokens stop too, and so does the first access token.
    expect(await sessionRow(user.sessionId)).toBeUndefined();
    expectInvalid(await refresh(owner.body.refresh_token));
    expectInvalid(await me(owner.body.access_token));
    expectInvalid(await me(user.token));
  });

  it("refuses an unknown or run-out refresh token with 401, and a run-out session goes", async () => {
    expectInvalid(await refresh("not-a-token-of-this-service"));
    const user = await makeUser();
    await getDb()
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", user.sessionId)
      .execute();
    expectInvalid(await refresh(user.refreshToken));
    expect(await sessionRow(user.sessionId)).toBeUndefined();
  });

  it("answers 422 naming what a grant lacks, and 400 for another grant", async () => {
    const noToken = await api("POST", "/auth/token", { json: { grant_type: "refresh_token" } });
    expect(problem(noToken, 422).errors).toEqual([{ path: "refresh_token", message: "Required." }]);
    const noPassword = await api("POST", "/auth/token", { json: { username: "someone" } });
    expect(problem(noPassword, 422).errors).toEqual([{ path: "password", message: "Required." }]);
    const other = await api("POST", "/auth/token", { json: { grant_type: "implicit" } });
    expect(problem(other, 400).detail).toBe(
      "Grant type 'implicit' is not supported; use 'password' or 'refresh_token'.",
    );
  });

  it(`throttles refreshes from one network: ${REFRESH_LIMIT.max} in ${REFRESH_LIMIT.windowMinutes} minutes, then 429`, async () => {
    const key = "refresh:%";
    await getDb().deleteFrom("login_throttles").where("key", "like", key).execute();
    try {
      for (let i = 0; i < REFRESH_LIMIT.max; i += 1) expectInvalid(await refresh(`guess-${i}`));
      const refused = await refresh("guess-one-more");
      expect(problem(refused, 429).detail).toMatch(/^Too many token refreshes\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await getDb().deleteFrom("login_throttles").where("key", "like", key).execute();
    }
  });
});

describe("POST /auth/logout", () => {
  it("ends the caller's session at once: its access and refresh tokens stop, other devices go on", async () => {
    const user = await makeUser();
    const other = await secondDevice(user);
    const res = await api("POST", "/auth/logout", { token: user.token });
    expect(res.status).toBe(204);
    expectInvalid(await me(user.token));
    expectInvalid(await refresh(user.refreshToken));
    expect((await me(other.access_token)).status).toBe(200);
    expect(await sessionRow(user.sessionId)).toBeUndefined();
  });

  it("is for signed-in callers (401 without a token)", async () => {
    problem(await api("POST", "/auth/logout"), 401);
  });
});

describe("GET /users/me/sessions", () => {
  it("lists the caller's own sessions, newest use first, the current one marked; never a token", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const other = await secondDevice(user);
    const res = await api("GET", "/users/me/sessions", { token: other.access_token });
    expect(res.status).toBe(200);
    const otherId = decodeJwt(other.access_token).sid;
    expect(res.body.items).toEqual([
      {
        id: otherId,
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        expires_at: expect.any(String),
        user_agent: PHONE,
        via: "password",
        current: true,
      },
      expect.objectContaining({ id: user.sessionId, user_agent: "vitest", current: false }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(user.refreshToken);
    expect(res.body.items.map((s: { id: number }) => s.id)).not.toContain(stranger.sessionId);
  });

  it("is for signed-in callers (401 without a token)", async () => {
    problem(await api("GET", "/users/me/sessions"), 401);
  });
});

describe("DELETE /users/me/sessions/{session_id}", () => {
  it("signs another device out at once; this one goes on", async () => {
    const user = await makeUser();
    const other = await secondDevice(user);
    const otherId = decodeJwt(other.access_token).sid as number;
    const res = await api("DELETE", `/users/me/sessions/${otherId}`, { token: user.token });
    expect(res.status).toBe(204);
    expectInvalid(await me(other.access_token));
    expectInvalid(await refresh(other.refresh_token));
    expect((await me(user.token)).status).toBe(200);
    expect(await sessionsOf(user.id)).toEqual([{ id: user.sessionId }]);
  });

  it("answers 404 for another user's session (which goes on), an unknown one and a bad id", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const theirs = await api("DELETE", `/users/me/sessions/${stranger.sessionId}`, { token: user.token });
    expect(problem(theirs, 404).detail).toBe(`Session ID ${stranger.sessionId} was not found.`);
    expect((await me(stranger.token)).status).toBe(200);
    expect(
      problem(await api("DELETE", "/users/me/sessions/2147483647", { token: user.token }), 404).detail,
    ).toBe("Session ID 2147483647 was not found.");
    expect(problem(await api("DELETE", "/users/me/sessions/abc", { token: user.token }), 404).detail).toBe(
      "Session ID 'abc' was not found.",
    );
    // An admin too signs out only their own devices here.
    const admin = await makeUser({ role: "admin" });
    problem(await api("DELETE", `/users/me/sessions/${stranger.sessionId}`, { token: admin.token }), 404);
  });

  it("is for signed-in callers (401 without a token)", async () => {
    problem(await api("DELETE", "/users/me/sessions/1"), 401);
  });
});

describe("what else ends sessions", () => {
  it("a password change ends the account's other sessions; its own refreshes to a token past the change", async () => {
    const user = await makeUser();
    const other = await secondDevice(user);
    const change = await api("PUT", "/users/password", {
      token: user.token,
      json: { current_password: user.password, new_password: "a brand new secret phrase" },
    });
    expect(change.status).toBe(204);
    expectInvalid(await refresh(other.refresh_token));
    expect(await sessionsOf(user.id)).toEqual([{ id: user.sessionId }]);
    // The session goes on: its refresh gives a token issued after the change.
    const renewed = await refresh(user.refreshToken);
    expect((await me(renewed.body.access_token)).status).toBe(200);
  });

  it("an admin's reset of a password ends every session of that account, and only that account's", async () => {
    const admin = await makeUser({ role: "admin" });
    const user = await makeUser();
    const bystander = await makeUser();
    const reset = await api("PUT", "/users/password", {
      token: admin.token,
      json: { user_id: user.id, new_password: "set by the admin, long" },
    });
    expect(reset.status).toBe(204);
    expect(await sessionsOf(user.id)).toEqual([]);
    expectInvalid(await refresh(user.refreshToken));
    expect((await me(bystander.token)).status).toBe(200);
    expect((await me(admin.token)).status).toBe(200);
  });

  it("deleting the account ends its sessions and forgets them", async () => {
    const user = await makeUser();
    await secondDevice(user);
    expect((await api("DELETE", `/users/${user.id}`, { token: user.token })).status).toBe(204);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(
      await getDb()
        .selectFrom("session_refresh_tokens")
        .select("session_id")
        .where("session_id", "=", user.sessionId)
        .execute(),
    ).toEqual([]);
    expectInvalid(await refresh(user.refreshToken));
  });
});
