/** POST /auth/token: the password grant, as form and JSON, with throttling (the refresh grant: sessions.test.ts). */
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_EXPIRE_MINUTES } from "../../core/auth/token.ts";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { DEV_ACCOUNTS, seedAccounts } from "../../core/seed/accounts.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, unique } from "../helpers/factories.ts";
import { loginForm, loginJson } from "../helpers/user-factories.ts";

/** The (account, address) counter of a name; the handler tests' address is their process's own. */
const throttleRow = (username: string) =>
  getDb()
    .selectFrom("login_throttles")
    .selectAll()
    .where("key", "like", `login:${username}@%`)
    .executeTakeFirst();

describe("POST /auth/token", () => {
  it("answers a bearer token for JSON credentials, usable at once", async () => {
    const user = await makeUser();
    const res = await loginJson(user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      expires_in: 1800,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refresh_expires_in: 60 * 24 * 60 * 60,
    });
    const claims = decodeJwt(res.body.access_token);
    expect(claims).toMatchObject({ sub: String(user.id), role: "user", sid: expect.any(Number) });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(ACCESS_TOKEN_EXPIRE_MINUTES * 60);
    const me = await api("GET", "/users/me", { token: res.body.access_token });
    expect(me.body.id).toBe(user.id);
  });

  it("accepts the OAuth2 password form, with and without grant_type", async () => {
    const user = await makeUser({ role: "admin" });
    const plain = await loginForm({ username: user.username, password: user.password });
    expect(plain.status).toBe(200);
    const full = await loginForm({
      grant_type: "password",
      username: user.username,
      password: user.password,
      scope: "",
    });
    expect(full.status).toBe(200);
    expect(decodeJwt(full.body.access_token).role).toBe("admin");
  });

  it("accepts the email instead of the username, and ignores case in both", async () => {
    const user = await makeUser();
    expect((await loginJson(user.email, user.password)).status).toBe(200);
    expect((await loginJson(user.email.toUpperCase(), user.password)).status).toBe(200);
    expect((await loginJson(user.username.toUpperCase(), user.password)).status).toBe(200);
  });

  it("gives the same 401 for a wrong password and an unknown user", async () => {
    const user = await makeUser();
    const wrong = await loginJson(user.username, "not the password");
    const unknown = await loginJson(unique("nobody"), user.password);
    for (const res of [wrong, unknown]) {
      expect(problem(res, 401)).toEqual({
        type: "about:blank",
        title: "Unauthorized",
        status: 401,
        detail: "Incorrect username or password.",
      });
    }
  });

  it("is case-sensitive for the password and refuses a longer password that bcrypt would cut", async () => {
    const password = "x".repeat(72);
    const user = await makeUser({ password });
    expect((await loginJson(user.username, password.toUpperCase())).status).toBe(401);
    expect((await loginJson(user.username, `${password}y`)).status).toBe(401);
    expect((await loginJson(user.username, password)).status).toBe(200);
  });

  it("answers 400 for another grant type", async () => {
    const user = await makeUser();
    const res = await loginForm({ grant_type: "client_credentials", username: user.username, password: "x" });
    expect(problem(res, 400).detail).toBe(
      "Grant type 'client_credentials' is not supported; use 'password' or 'refresh_token'.",
    );
  });

  it.each([
    ["a missing password", { username: "someone" }, "password"],
    ["an empty username", { username: "", password: "secret-password" }, "username"],
    ["an unknown field", { username: "someone", password: "secret-password", role: "admin" }, "role"],
  ])("answers 422 for %s", async (_, json, path) => {
    const res = await api("POST", "/auth/token", { json });
    expect(problem(res, 422).errors).toContainEqual(expect.objectContaining({ path }));
  });

  it("answers 415 for a body that is neither form nor JSON", async () => {
    const res = await api("POST", "/auth/token", {
      body: "username=a&password=b",
      headers: { "content-type": "text/plain" },
    });
    problem(res, 415);
  });

  it("lets the development accounts log in with the configured passwords", async () => {
    await seedAccounts(getDb());
    await seedAccounts(getDb()); // idempotent
    for (const account of DEV_ACCOUNTS) {
      const password =
        account.role === "admin" ? config.devAccounts.adminPassword : config.devAccounts.userPassword;
      const res = await loginForm({ username: account.username, password });
      expect(res.status).toBe(200);
      expect(decodeJwt(res.body.access_token).role).toBe(account.role);
    }
  });
});

describe("login throttling", () => {
  it("answers 429 with Retry-After after 10 failures, even for the right password", async () => {
    const user = await makeUser();
    for (let i = 0; i < 10; i++) {
      expect((await loginJson(user.username, "wrong password")).status).toBe(401);
    }
    const res = await loginJson(user.username, user.password);
    const body = problem(res, 429);
    const seconds = Number(res.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(body.detail).toBe(`Too many failed logins. Try again in ${seconds} seconds.`);
    // The same name in other case or through the form is the same counter.
    expect((await loginForm({ username: user.username.toUpperCase(), password: user.password })).status).toBe(
      429,
    );
  });

  it("counts failures by username and by email against one account", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) expect((await loginJson(user.username, "wrong password")).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await loginJson(user.email, "wrong password")).status).toBe(401);
    problem(await loginJson(user.email.toUpperCase(), user.password), 429);
    problem(await loginJson(user.username, user.password), 429);
  });

  it("throttles unknown names the same way, so 429 tells nothing about accounts", async () => {
    const name = unique("ghost");
    for (let i = 0; i < 10; i++) expect((await loginJson(name, "wrong password")).status).toBe(401);
    expect((await loginJson(name, "wrong password")).status).toBe(429);
  });

  it("lets the name in again once the window has passed", async () => {
    const user = await makeUser();
    for (let i = 0; i < 11; i++) await loginJson(user.username, "wrong password");
    expect((await loginJson(user.username, user.password)).status).toBe(429);
    await getDb()
      .updateTable("login_throttles")
      .set({ window_started_at: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where("key", "like", `login:${user.username}@%`)
      .execute();
    expect((await loginJson(user.username, user.password)).status).toBe(200);
    expect(await throttleRow(user.username)).toBeUndefined();
  });

  it("starts a new window with one failure after an old one passed", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) await loginJson(user.username, "wrong password");
    await getDb()
      .updateTable("login_throttles")
      .set({ window_started_at: new Date(Date.now() - 16 * 60_000) })
      .where("key", "like", `login:${user.username}@%`)
      .execute();
    await loginJson(user.username, "wrong password");
    const row = await throttleRow(user.username);
    expect(row?.failures).toBe(1);
    expect(Date.now() - (row?.window_started_at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("resets the count on a successful login", async () => {
    const user = await makeUser();
    for (let i = 0; i < 9; i++) await loginJson(user.username, "wrong password");
    expect((await throttleRow(user.username))?.failures).toBe(9);
    expect((await loginJson(user.username, user.password)).status).toBe(200);
    expect(await throttleRow(user.username)).toBeUndefined();
    for (let i = 0; i < 10; i++) {
      expect((await loginJson(user.username, "wrong password")).status).toBe(401);
    }
    expect((await loginJson(user.username, "wrong password")).status).toBe(429);
  });
});
