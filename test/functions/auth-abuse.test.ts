/**
 * Issue 11, points 7 and 8: what a token must be to be accepted, password changes ending earlier
 * tokens, and throttles that count per client address (the address API Gateway saw).
 */
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_ADDRESS_LIMIT,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  SIGNUP_LIMIT,
} from "../../core/auth/throttle.ts";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { dispatch } from "../../functions/lib/local.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, unique } from "../helpers/factories.ts";

const key = new TextEncoder().encode(config.jwtSecret);
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the service's own secret, with exactly the claims given. */
const sign = (claims: Record<string, unknown>) =>
  new SignJWT({ role: "user", ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);

const me = (token: string) => api("GET", "/users/me", { token });

let addressCounter = 0;
/** An address no other test uses (TEST-NET-3 plus a per-run part), as API Gateway would report it. */
const newAddress = () => `203.0.${process.pid % 256}.${++addressCounter}`;

/** A request from a given client address, through the same pipeline as api(). */
async function from(address: string, method: string, path: string, json: unknown) {
  const res = await dispatch({
    method,
    url: `/api/v1${path}`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
    sourceIp: address,
  });
  return { status: res.status, headers: res.headers, body: JSON.parse(res.body.toString("utf8") || "null") };
}
const login = (address: string, username: string, password: string) =>
  from(address, "POST", "/auth/token", { username, password });

describe("tokens", () => {
  it("accepts a well-formed token of the service's own", async () => {
    const user = await makeUser();
    const token = await sign({ sub: String(user.id), sid: user.sessionId, iat: now(), exp: now() + 1800 });
    expect((await me(token)).status).toBe(200);
  });

  it.each([
    [
      "a 100-year lifetime",
      (id: number) => ({ sub: String(id), iat: now(), exp: now() + 100 * 365 * 86400 }),
    ],
    [
      "a lifetime of 30 minutes and one second",
      (id: number) => ({ sub: String(id), iat: now(), exp: now() + 1801 }),
    ],
    [
      "an iat an hour ahead",
      (id: number) => ({ sub: String(id), iat: now() + 3600, exp: now() + 3600 + 60 }),
    ],
    ["no iat", (id: number) => ({ sub: String(id), exp: now() + 600 })],
    ["a numeric sub", (id: number) => ({ sub: id, iat: now(), exp: now() + 600 })],
    ["a sub with a leading zero", (id: number) => ({ sub: `0${id}`, iat: now(), exp: now() + 600 })],
    ["a sub written as a decimal", (id: number) => ({ sub: `${id}.0`, iat: now(), exp: now() + 600 })],
    ["a sub in exponent form", (id: number) => ({ sub: `${id}e0`, iat: now(), exp: now() + 600 })],
    ["no sub", () => ({ iat: now(), exp: now() + 600 })],
  ])("refuses a token with %s (401)", async (_, claims) => {
    const user = await makeUser();
    const res = await me(await sign({ sid: user.sessionId, ...claims(user.id) }));
    expect(problem(res, 401).detail).toBe("Token is invalid or has expired.");
  });

  it("allows a minute of clock skew on iat", async () => {
    const user = await makeUser();
    const token = await sign({
      sub: String(user.id),
      sid: user.sessionId,
      iat: now() + 30,
      exp: now() + 30 + 1800,
    });
    expect((await me(token)).status).toBe(200);
  });

  it("ends the account's earlier tokens when it changes its own password; new logins work", async () => {
    const user = await makeUser();
    const earlier = await sign({
      sub: String(user.id),
      sid: user.sessionId,
      iat: now() - 5,
      exp: now() + 1000,
    });
    expect((await me(earlier)).status).toBe(200);
    const change = await api("PUT", "/users/password", {
      token: earlier,
      json: { current_password: user.password, new_password: "a brand new secret" },
    });
    expect(change.status).toBe(204);
    problem(await me(earlier), 401);
    const fresh = await api("POST", "/auth/token", {
      json: { username: user.username, password: "a brand new secret" },
    });
    expect((await me(fresh.body.access_token)).status).toBe(200);
  });

  it("keeps a token issued in the very second of the change, after it", async () => {
    const user = await makeUser();
    const earlier = await sign({
      sub: String(user.id),
      sid: user.sessionId,
      iat: now() - 5,
      exp: now() + 1000,
    });
    await api("PUT", "/users/password", {
      token: earlier,
      json: { current_password: user.password, new_password: "a brand new secret" },
    });
    const row = await getDb()
      .selectFrom("users")
      .select("token_valid_after")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const second = Math.floor((row.token_valid_after?.getTime() ?? 0) / 1000);
    const sameSecond = await sign({
      sub: String(user.id),
      sid: user.sessionId,
      iat: second,
      exp: second + 1800,
    });
    expect((await me(sameSecond)).status).toBe(200);
  });

  it("ends the account's earlier tokens when an admin resets its password, and only that account's", async () => {
    const admin = await makeUser({ role: "admin" });
    const user = await makeUser();
    const bystander = await makeUser();
    const earlier = await sign({
      sub: String(user.id),
      sid: user.sessionId,
      iat: now() - 5,
      exp: now() + 1000,
    });
    const reset = await api("PUT", "/users/password", {
      token: admin.token,
      json: { user_id: user.id, new_password: "set by the admin" },
    });
    expect(reset.status).toBe(204);
    problem(await me(earlier), 401);
    expect((await me(admin.token)).status).toBe(200);
    expect((await me(bystander.token)).status).toBe(200);
  });
});

describe("login throttling per client address", () => {
  it("does not let a stranger lock the owner out of the owner's own address", async () => {
    const user = await makeUser();
    const stranger = newAddress();
    const owner = newAddress();
    for (let i = 0; i < 10; i++)
      expect((await login(stranger, user.username, "wrong password")).status).toBe(401);
    const locked = await login(stranger, user.username, user.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.body.detail).toBe(
      `Too many failed logins. Try again in ${locked.headers["retry-after"]} seconds.`,
    );
    expect((await login(owner, user.username, user.password)).status).toBe(200);
  });

  it("limits the failures of one address over many accounts", async () => {
    const address = newAddress();
    // A few failures per name, always under the per-account limit.
    for (let i = 0; i < ADDRESS_LIMIT.max; i++) {
      expect((await login(address, unique(`ghost${i % 20}`), "wrong password")).status).toBe(401);
    }
    const user = await makeUser();
    const res = await login(address, user.username, user.password);
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    expect((await login(newAddress(), user.username, user.password)).status).toBe(200);
  });

  it("counts only failures against an address: successful logins give their slot back", async () => {
    const user = await makeUser();
    const address = newAddress();
    for (let i = 0; i < ADDRESS_LIMIT.max + 5; i++) {
      expect((await login(address, user.username, user.password)).status).toBe(200);
    }
  });
});

describe("login throttling per account, across addresses", () => {
  it(`answers at most ${ACCOUNT_LIMIT.max} guesses an hour from many addresses, while the owner's usual address still logs in`, async () => {
    const user = await makeUser();
    const home = newAddress();
    expect((await login(home, user.username, user.password)).status).toBe(200); // the owner's address

    // 250 guesses from 25 addresses, 10 each (under the per-address and per-pair limits).
    const statuses: number[] = [];
    for (let a = 0; a < 25; a++) {
      const address = newAddress();
      for (let i = 0; i < 10; i++)
        statuses.push((await login(address, user.username, `guess ${a}-${i}`)).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_LIMIT.max);
    expect(statuses.slice(ACCOUNT_LIMIT.max).every((s) => s === 429)).toBe(true);

    // Even the right password from an unknown address waits: that is what stops the guessing.
    const refused = await login(newAddress(), user.email, user.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(55 * 60);
    expect(refused.body.detail).toBe(
      `Too many failed logins. Try again in ${refused.headers["retry-after"]} seconds.`,
    );
    // The owner, at home, is not locked out.
    expect((await login(home, user.username, user.password)).status).toBe(200);
    // Another account is untouched.
    const other = await makeUser();
    expect((await login(newAddress(), other.username, "wrong")).status).toBe(401);
  });

  it("counts an IPv6 client by its /64", async () => {
    const user = await makeUser();
    const block = `2001:db8:${(process.pid % 65535).toString(16)}:${(++addressCounter).toString(16)}`;
    for (let i = 1; i <= ACCOUNT_ADDRESS_LIMIT.max; i++) {
      expect((await login(`${block}::${i.toString(16)}`, user.username, "wrong")).status).toBe(401);
    }
    // Another address of the same /64 is the same client.
    expect((await login(`${block}:ffff:ffff:ffff:ffff`, user.username, "wrong")).status).toBe(429);
    // The neighbouring /64 is another client.
    const neighbour = `2001:db8:${(process.pid % 65535).toString(16)}:${(++addressCounter).toString(16)}::1`;
    expect((await login(neighbour, user.username, user.password)).status).toBe(200);
  });
});

describe("sign-up throttling", () => {
  const account = () => {
    const username = unique("s").toLowerCase().slice(0, 32);
    return { username, email: `${username}@example.com`, password: "a good password" };
  };

  it(`takes ${SIGNUP_LIMIT.max} sign-ups an hour from one address, then 429 with Retry-After`, async () => {
    const address = newAddress();
    for (let i = 0; i < SIGNUP_LIMIT.max; i++) {
      expect((await from(address, "POST", "/users/", account())).status).toBe(201);
    }
    const refused = account();
    const res = await from(address, "POST", "/users/", refused);
    expect(res.status).toBe(429);
    const seconds = Number(res.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(59 * 60);
    expect(res.body.detail).toBe(`Too many sign-ups. Try again in ${seconds} seconds.`);
    const row = await getDb()
      .selectFrom("users")
      .select("id")
      .where("username", "=", refused.username)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await from(newAddress(), "POST", "/users/", account())).status).toBe(201);
  });
});
