/**
 * A way back into a forgotten account (issue 38, item 5; CONTRACT.md: users): an admin's one-time
 * link (`POST /users/<user_id>/password-reset`), its code as the credential of one
 * `PUT /users/password`, e-mailed through a real SMTP server (smtp-server, in-process) when SMTP_URL
 * is set; and the throttle on bearer secrets (reset codes, API tokens) that match nothing.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_LIMIT } from "../../core/auth/throttle.ts";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { logger } from "../../core/log.ts";
import { createPasswordResetFor } from "../../core/password-reset/service.ts";
import { secretHash } from "../../core/secret-hash.ts";
import { dispatch } from "../../functions/lib/local.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { loginJson } from "../helpers/user-factories.ts";

const NEW_PASSWORD = "a kettle of fish and chips";

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ role: "admin" });
});

const makeLink = (userId: number, token = admin.token) =>
  api("POST", `/users/${userId}/password-reset`, { token, json: {} });
const setPassword = (code: string, json: unknown = { new_password: NEW_PASSWORD }) =>
  api("PUT", "/users/password", { token: code, json });
const codeOf = (url: string) => new URL(url).hash.slice(1);
const resetRows = (userId: number) =>
  getDb().selectFrom("password_resets").selectAll().where("user_id", "=", userId).execute();
const expectInvalid = (res: Awaited<ReturnType<typeof api>>) =>
  expect(problem(res, 401).detail).toBe("Token is invalid or has expired.");

/** A user with a fresh link: the code, as the person who opens the link has it. */
async function userWithLink() {
  const user = await makeUser();
  const res = await makeLink(user.id);
  expect(res.status).toBe(201);
  return { user, code: codeOf(res.body.url) };
}

describe("POST /users/{user_id}/password-reset", () => {
  it("makes a one-time link to the web app, valid 24 hours, kept only as a hash", async () => {
    const user = await makeUser();
    const before = Date.now();
    const res = await makeLink(user.id);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/users/${user.id}`);
    expect(res.body).toEqual({ url: expect.any(String), expires_at: expect.any(String), emailed: false });
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${config.frontendUrl}/reset-password`);
    const code = codeOf(res.body.url);
    expect(code).toMatch(/^reset_[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(res.body.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    const rows = await resetRows(user.id);
    expect(rows).toEqual([
      expect.objectContaining({ created_by: admin.id, code_hash: secretHash(code), used_at: null }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("replaces the account's earlier link: only the newest works", async () => {
    const { user, code: first } = await userWithLink();
    const second = codeOf((await makeLink(user.id)).body.url);
    expect(await resetRows(user.id)).toHaveLength(1);
    expectInvalid(await setPassword(first));
    expect((await setPassword(second)).status).toBe(204);
  });

  it("is for admins: 403 for a user (even for themselves), 401 without a token", async () => {
    const user = await makeUser();
    expect(problem(await makeLink(user.id, user.token), 403).detail).toBe(
      "This action requires the admin role.",
    );
    problem(await api("POST", `/users/${user.id}/password-reset`, { json: {} }), 401);
    expect(await resetRows(user.id)).toEqual([]);
  });

  it("answers 404 for an account that does not exist, 422 for a body with fields", async () => {
    expect(problem(await makeLink(2_000_000_000), 404).detail).toBe("User ID 2000000000 was not found.");
    const user = await makeUser();
    const res = await api("POST", `/users/${user.id}/password-reset`, {
      token: admin.token,
      json: { email: "x@example.com" },
    });
    problem(res, 422);
    expect(await resetRows(user.id)).toEqual([]);
  });
});

describe("npm run password-reset (createPasswordResetFor)", () => {
  it("makes the operator's link for an account named by username or e-mail, any case", async () => {
    const user = await makeUser();
    const byName = await createPasswordResetFor(getDb(), user.username.toUpperCase());
    expect(byName).toMatchObject({ username: user.username, emailed: false });
    expect((await resetRows(user.id))[0]?.created_by).toBeNull();
    const byEmail = await createPasswordResetFor(getDb(), user.email);
    expectInvalid(await setPassword(codeOf(byName.url))); // replaced by the second
    expect((await setPassword(codeOf(byEmail.url))).status).toBe(204);
  });

  it("names an account that does not exist", async () => {
    await expect(createPasswordResetFor(getDb(), "nobody-here")).rejects.toThrow(
      "User name 'nobody-here' was not found.",
    );
  });
});

describe("PUT /users/password with a reset link's code", () => {
  it("sets the new password once and ends every session of the account", async () => {
    const { user, code } = await userWithLink();
    const other = await loginJson(user.username, user.password);
    expect((await setPassword(code)).status).toBe(204);

    expect((await loginJson(user.username, NEW_PASSWORD)).status).toBe(200);
    problem(await loginJson(user.username, user.password), 401);
    expectInvalid(await api("GET", "/users/me", { token: user.token }));
    expectInvalid(await api("GET", "/users/me", { token: other.body.access_token }));
    const refresh = await api("POST", "/auth/token", {
      json: { grant_type: "refresh_token", refresh_token: user.refreshToken },
    });
    expectInvalid(refresh);
    const sessions = await getDb()
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(sessions).toHaveLength(1); // the login with the new password above
    expect((await resetRows(user.id))[0]?.used_at).toBeInstanceOf(Date);
  });

  it("refuses the code a second time, when run out, or forged (401, nothing changed)", async () => {
    const { user, code } = await userWithLink();
    expect((await setPassword(code)).status).toBe(204);
    expectInvalid(await setPassword(code, { new_password: "another kettle of fish" }));
    expect((await loginJson(user.username, NEW_PASSWORD)).status).toBe(200);

    const late = await userWithLink();
    await getDb()
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", late.user.id)
      .execute();
    expectInvalid(await setPassword(late.code));
    expect((await loginJson(late.user.username, late.user.password)).status).toBe(200);

    expectInvalid(await setPassword(`reset_${randomBytes(32).toString("base64url")}`));
  });

  it("lets one of two simultaneous uses win", async () => {
    const { code } = await userWithLink();
    const answers = await Promise.all([setPassword(code), setPassword(code)]);
    expect(answers.map((res) => res.status).sort()).toEqual([204, 401]);
  });

  it("opens no other route (401), not even the account's own", async () => {
    const { user, code } = await userWithLink();
    expectInvalid(await api("GET", "/users/me", { token: code }));
    expectInvalid(await api("PUT", "/users/email", { token: code, json: { email: "new@example.com" } }));
    expectInvalid(await api("DELETE", `/users/${user.id}`, { token: code }));
    expect((await setPassword(code)).status).toBe(204); // still unspent
  });

  it("takes {new_password} alone, held to the password rules; a refusal leaves the link usable (422)", async () => {
    const { user, code } = await userWithLink();
    const extra = await setPassword(code, {
      new_password: NEW_PASSWORD,
      current_password: user.password,
      user_id: admin.id,
    });
    expect(problem(extra, 422).errors).toEqual([
      { path: "user_id", message: "Not allowed with a password-reset link." },
      { path: "current_password", message: "Not allowed with a password-reset link." },
    ]);
    const weak = await setPassword(code, { new_password: "short" });
    expect(problem(weak, 422).errors).toEqual([expect.objectContaining({ path: "new_password" })]);
    expect((await resetRows(user.id))[0]?.used_at).toBeNull();
    expect((await setPassword(code)).status).toBe(204);
    // The admin's password was not the one changed.
    expect((await loginJson(admin.username, admin.password)).status).toBe(200);
  });

  it("stops when the account is deleted", async () => {
    const { user, code } = await userWithLink();
    expect((await api("DELETE", `/users/${user.id}`, { token: admin.token })).status).toBe(204);
    expectInvalid(await setPassword(code));
  });
});

describe("with SMTP_URL set", () => {
  type Received = { from: string; to: string[]; message: string };
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;
  const refused = new Set<string>();

  /** The message's text as a person reads it: quoted-printable soft breaks and escapes undone. */
  const decoded = (message: string) =>
    message
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) callback(new Error("Mailbox unavailable"));
        else callback();
      },
      onData(stream, session, callback) {
        let message = "";
        stream.on("data", (chunk: Buffer) => {
          message += chunk.toString("utf8");
        });
        stream.on("end", () => {
          const { mailFrom, rcptTo } = session.envelope;
          received.push({
            from: mailFrom ? mailFrom.address : "",
            to: rcptTo.map((r) => r.address),
            message: decoded(message),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
    (config.smtp as { url?: string }).url = `smtp://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    (config.smtp as { url?: string }).url = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("e-mails the link to the account's address, from SMTP_FROM's default", async () => {
    const user = await makeUser();
    const res = await makeLink(user.id);
    expect(res.status).toBe(201);
    expect(res.body.emailed).toBe(true);
    const mail = received.find((m) => m.to.includes(user.email));
    expect(mail?.from).toBe(`no-reply@${new URL(config.frontendUrl).hostname}`);
    expect(mail?.message).toContain("Subject: Set a new password");
    expect(mail?.message).toContain(`Hello ${user.username},`);
    expect(mail?.message).toContain(res.body.url);
    expect((await setPassword(codeOf(res.body.url))).status).toBe(204);
  });

  it("still answers the link when the mail server refuses it, and logs the reason without the link", async () => {
    const user = await makeUser();
    refused.add(user.email);
    const lines: string[] = [];
    const write = logger.write;
    logger.write = (line) => void lines.push(line);
    try {
      const res = await makeLink(user.id);
      expect(res.status).toBe(201);
      expect(res.body.emailed).toBe(false);
      const failure = lines
        .map((line) => JSON.parse(line))
        .find((l) => l.event === "password_reset_mail_failed");
      expect(failure).toMatchObject({ level: "error", user_id: user.id });
      expect(lines.join("\n")).not.toContain(codeOf(res.body.url));
    } finally {
      logger.write = write;
    }
  });

  it("still answers the link when no mail server listens", async () => {
    const user = await makeUser();
    (config.smtp as { url?: string }).url = "smtp://127.0.0.1:9"; // the discard port: nothing listens
    try {
      const res = await makeLink(user.id);
      expect(res.status).toBe(201);
      expect(res.body.emailed).toBe(false);
    } finally {
      (config.smtp as { url?: string }).url = `smtp://127.0.0.1:${port}`;
    }
  });
});

describe("bearer secrets that match nothing", () => {
  let addressCounter = 0;
  /** An address no other test uses (TEST-NET-2 plus a per-run part), as API Gateway would report it. */
  const newAddress = () => `198.51.${process.pid % 256}.${++addressCounter}`;
  const me = async (address: string, token: string) =>
    (
      await dispatch({
        method: "GET",
        url: "/api/v1/users/me",
        headers: { authorization: `Bearer ${token}` },
        sourceIp: address,
      })
    ).status;
  const forged = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

  it("are throttled per client network like failed logins: API tokens and reset codes alike (429 with Retry-After)", async () => {
    const address = newAddress();
    const user = await makeUser();
    const token = await api("POST", "/users/me/tokens", {
      token: user.token,
      json: { name: "ha", scope: "read" },
    });
    for (let i = 0; i < SECRET_LIMIT.max; i++) expect(await me(address, forged("rst_"))).toBe(401);
    const res = await dispatch({
      method: "GET",
      url: "/api/v1/users/me",
      headers: { authorization: `Bearer ${forged("rst_")}` },
      sourceIp: address,
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(res.body.toString("utf8")).detail).toMatch(
      /^Too many invalid tokens\. Try again in \d+ seconds\.$/,
    );
    // The whole network waits, real tokens included; another network and session tokens go on.
    expect(await me(address, token.body.token)).toBe(429);
    expect(await me(newAddress(), token.body.token)).toBe(200);
    expect(await me(address, user.token)).toBe(200);
  });

  it("count reset codes on the one route they open alike", async () => {
    const address = newAddress();
    const put = (code: string) =>
      dispatch({
        method: "PUT",
        url: "/api/v1/users/password",
        headers: { authorization: `Bearer ${code}`, "content-type": "application/json" },
        body: JSON.stringify({ new_password: NEW_PASSWORD }),
        sourceIp: address,
      });
    for (let i = 0; i < SECRET_LIMIT.max; i++) expect((await put(forged("reset_"))).status).toBe(401);
    expect((await put(forged("reset_"))).status).toBe(429);
  });
});
