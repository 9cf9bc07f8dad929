/** The users routes through the real pipeline: every role, the errors, and what is stored. */
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { getStorage, publicUrl } from "../../core/storage.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { loginJson, userRow } from "../helpers/user-factories.ts";

const newAccount = () => {
  const username = unique("su").toLowerCase().slice(0, 32);
  return { username, email: `${username}@example.com`, password: "a good password" };
};

type Account = ReturnType<typeof newAccount>;

const MISSING_ID = 2_000_000_000;
const PROFILE_KEYS = ["created_at", "id", "img", "preview_img", "username"];
const FULL_KEYS = [...PROFILE_KEYS, "email", "role", "language", "units", "updated_at"].sort();

describe("POST /users", () => {
  it("signs up a user: 201, Location, no password, a bcrypt hash stored", async () => {
    const input = newAccount();
    const res = await api("POST", "/users/", { json: input });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/users/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username: input.username,
      email: input.email,
      role: "user",
      language: null,
      units: "as_written",
      img: null,
      preview_img: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(res.raw.toString()).not.toContain(input.password);
    const row = await userRow(res.body.id);
    expect(row?.password_hash).toMatch(/^\$2[ab]\$/);
    expect(row?.password_hash).not.toContain(input.password);
    expect(await bcrypt.compare(input.password, row?.password_hash ?? "")).toBe(true);
    expect(bcrypt.getRounds(row?.password_hash ?? "")).toBe(config.bcryptCost);
    expect((await loginJson(input.username, input.password)).status).toBe(200);
  });

  it("lower-cases the username", async () => {
    const input = newAccount();
    const res = await api("POST", "/users", { json: { ...input, username: input.username.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(input.username);
  });

  it("makes a user even when an admin signs someone up (the role is always user)", async () => {
    const admin = await makeUser({ role: "admin" });
    const res = await api("POST", "/users", { token: admin.token, json: newAccount() });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("user");
  });

  it("accepts a 72-byte password of multi-byte characters", async () => {
    const res = await api("POST", "/users", { json: { ...newAccount(), password: "é".repeat(36) } });
    expect(res.status).toBe(201);
  });

  it.each([
    ["an unknown field such as role", { role: "admin" }, "role"],
    ["a short password", { password: "1234567" }, "password"],
    ["an 11-character password", { password: "abcdefghijk" }, "password"],
    ["a 73-byte password", { password: `${"é".repeat(36)}x` }, "password"],
    ["a bad email", { email: "not-an-email" }, "email"],
    ["a short username", { username: "ab" }, "username"],
    ["a username with a space", { username: "bob smith" }, "username"],
    ["a username with other characters", { username: "bob@home" }, "username"],
    ["a 33-character username", { username: "a".repeat(33) }, "username"],
  ])("answers 422 for %s and stores nothing", async (_, change, path) => {
    const input = { ...newAccount(), ...change };
    const res = await api("POST", "/users", { json: input });
    const body = problem(res, 422);
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors).toContainEqual(expect.objectContaining({ path }));
    const stored = await getDb()
      .selectFrom("users")
      .select("id")
      .where("email", "=", String(input.email))
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it.each([
    ["11 characters", () => "Eleven char", "Must be at least 12 characters long."],
    [
      "the username, in other case",
      (a: Account) => a.username.toUpperCase(),
      "Must not be the same as the username.",
    ],
    ["the email", (a: Account) => a.email.toUpperCase(), "Must not be the same as the email address."],
    [
      "the email's part before '@'",
      (a: Account) => a.email.split("@")[0]?.toUpperCase() ?? "",
      "Must not be the same as the part of the email address before '@'.",
    ],
    ["a common password", () => "QWERTYqwerty", "Must not be one of the most commonly used passwords."],
    ["another common one", () => "1q2w3e4r5t6y", "Must not be one of the most commonly used passwords."],
  ])("refuses a password that is %s: 422 on `password`, nothing stored", async (_, passwordOf, message) => {
    // An email whose part before '@' is not the username, so each rule answers for itself.
    const account = { ...newAccount(), email: `${unique("mail").toLowerCase()}@example.com` };
    const res = await api("POST", "/users", { json: { ...account, password: passwordOf(account) } });
    const body = problem(res, 422);
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors).toEqual([{ path: "password", message }]);
    const stored = await getDb()
      .selectFrom("users")
      .select("id")
      .where("username", "=", account.username)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it("accepts exactly 12 characters", async () => {
    const res = await api("POST", "/users", { json: { ...newAccount(), password: "plum tart 12" } });
    expect(res.status).toBe(201);
  });

  it("still logs in an account whose stored password predates the rules", async () => {
    const old = await makeUser({ password: "password" });
    expect((await loginJson(old.username, "password")).status).toBe(200);
  });

  it("answers 422 for a missing field", async () => {
    const { username, email } = newAccount();
    expect(problem(await api("POST", "/users", { json: { username, email } }), 422).errors).toEqual([
      { path: "password", message: expect.any(String) },
    ]);
  });

  it("answers 409 for a username or email already taken, ignoring case", async () => {
    const taken = await makeUser();
    const byName = await api("POST", "/users", {
      json: { ...newAccount(), username: taken.username.toUpperCase() },
    });
    expect(problem(byName, 409).detail).toBe(`User name '${taken.username}' already exists.`);
    const email = taken.email.toUpperCase();
    const byEmail = await api("POST", "/users", { json: { ...newAccount(), email } });
    expect(problem(byEmail, 409).detail).toBe(`Email '${email}' already exists.`);
  });

  it("answers 409, not 500, to the loser of two concurrent sign-ups", async () => {
    const input = newAccount();
    const results = await Promise.all([
      api("POST", "/users", { json: input }),
      api("POST", "/users", { json: { ...input, email: `x${input.email}` } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe("GET /users/me", () => {
  it("answers the caller's own account with email and role", async () => {
    for (const role of ["user", "admin"] as const) {
      const user = await makeUser({ role });
      const res = await api("GET", "/users/me", { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, username: user.username, email: user.email, role });
      expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    }
  });

  it("answers 401 without a token", async () => {
    expect(problem(await api("GET", "/users/me"), 401).detail).toBe("Not authenticated.");
  });
});

describe("GET /users/<user_id>", () => {
  it("shows the public profile to the public and to other users", async () => {
    const target = await makeUser();
    const other = await makeUser();
    for (const token of [undefined, other.token]) {
      const res = await api("GET", `/users/${target.id}`, token ? { token } : {});
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(PROFILE_KEYS);
      expect(res.body).toMatchObject({ id: target.id, username: target.username, img: null });
    }
  });

  it("adds email and role for the account itself and for admins", async () => {
    const target = await makeUser();
    const admin = await makeUser({ role: "admin" });
    for (const token of [target.token, admin.token]) {
      const res = await api("GET", `/users/${target.id}`, { token });
      expect(res.body).toMatchObject({ id: target.id, email: target.email, role: "user" });
      expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    }
  });

  it("answers 404 for a missing account", async () => {
    expect(problem(await api("GET", `/users/${MISSING_ID}`), 404).detail).toBe(
      `User ID ${MISSING_ID} was not found.`,
    );
    expect(problem(await api("GET", "/users/abc"), 404).detail).toBe("User ID 'abc' was not found.");
  });
});

describe("GET /users", () => {
  it("pages through every account in id order for an admin", async () => {
    const admin = await makeUser({ role: "admin" });
    const made = [await makeUser(), await makeUser(), await makeUser()];
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const res = await api("GET", `/users/${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(FULL_KEYS);
      seen.push(...res.body.items.map((u: { id: number }) => u.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    for (const user of [admin, ...made]) expect(seen).toContain(user.id);
    const all = await api("GET", "/users?limit=100", { token: admin.token });
    expect(all.body.items[0]).not.toHaveProperty("password_hash");
  });

  it("answers 401 to the public and 403 to a user", async () => {
    const user = await makeUser();
    problem(await api("GET", "/users"), 401);
    expect(problem(await api("GET", "/users", { token: user.token }), 403).detail).toBe(
      "This action requires the admin role.",
    );
  });

  it("answers 400 for a bad cursor or limit", async () => {
    const admin = await makeUser({ role: "admin" });
    expect(problem(await api("GET", "/users?cursor=nonsense", { token: admin.token }), 400).detail).toBe(
      "Cursor is invalid.",
    );
    problem(await api("GET", "/users?limit=0", { token: admin.token }), 400);
    problem(await api("GET", "/users?limit=101", { token: admin.token }), 400);
  });
});

describe("PUT /users/email", () => {
  it("changes one's own email with the current password", async () => {
    const user = await makeUser();
    const email = `${unique("new")}@example.org`;
    const res = await api("PUT", "/users/email", {
      token: user.token,
      json: { email, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email, role: "user" });
    expect((await userRow(user.id))?.email).toBe(email);
    expect((await loginJson(email, user.password)).status).toBe(200);
  });

  it("accepts one's own id as user_id", async () => {
    const user = await makeUser();
    const email = `${unique("own")}@example.org`;
    const res = await api("PUT", "/users/email", {
      token: user.token,
      json: { user_id: user.id, email, password: user.password },
    });
    expect(res.status).toBe(200);
  });

  it("answers 403 for a wrong current password and 422 without one, changing nothing", async () => {
    const user = await makeUser();
    const email = `${unique("nope")}@example.org`;
    const wrong = await api("PUT", "/users/email", {
      token: user.token,
      json: { email, password: "wrong pass" },
    });
    expect(problem(wrong, 403).detail).toBe("Current password is incorrect.");
    const missing = await api("PUT", "/users/email", { token: user.token, json: { email } });
    expect(problem(missing, 422).errors).toEqual([
      { path: "password", message: "Required: your current password." },
    ]);
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it("answers 403 to a user naming another account", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const res = await api("PUT", "/users/email", {
      token: user.token,
      json: { user_id: other.id, email: `${unique("x")}@example.org`, password: user.password },
    });
    expect(problem(res, 403).detail).toBe(`User ID ${other.id} belongs to another user.`);
    expect((await userRow(other.id))?.email).toBe(other.email);
  });

  it("lets an admin change anyone's email without a password", async () => {
    const admin = await makeUser({ role: "admin" });
    const other = await makeUser();
    const email = `${unique("adm")}@example.org`;
    const res = await api("PUT", "/users/email", { token: admin.token, json: { user_id: other.id, email } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.id, email });
    expect((await userRow(other.id))?.email).toBe(email);
  });

  it("still asks an admin for the password on their own account", async () => {
    const admin = await makeUser({ role: "admin" });
    const res = await api("PUT", "/users/email", {
      token: admin.token,
      json: { email: `${unique("a")}@example.org` },
    });
    problem(res, 422);
  });

  it("answers 404 to an admin naming a missing account", async () => {
    const admin = await makeUser({ role: "admin" });
    const res = await api("PUT", "/users/email", {
      token: admin.token,
      json: { user_id: MISSING_ID, email: `${unique("m")}@example.org` },
    });
    expect(problem(res, 404).detail).toBe(`User ID ${MISSING_ID} was not found.`);
  });

  it("answers 409 for an email taken ignoring case", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const email = other.email.toUpperCase();
    const res = await api("PUT", "/users/email", {
      token: user.token,
      json: { email, password: user.password },
    });
    expect(problem(res, 409).detail).toBe(`Email '${email}' already exists.`);
  });

  it("answers 422 for a bad email or an unknown field, and 401 without a token", async () => {
    const user = await makeUser();
    problem(
      await api("PUT", "/users/email", { token: user.token, json: { email: "x", password: user.password } }),
      422,
    );
    const extra = await api("PUT", "/users/email", {
      token: user.token,
      json: { email: `${unique("e")}@example.org`, password: user.password, role: "admin" },
    });
    expect(problem(extra, 422).errors).toEqual([{ path: "role", message: "Unknown field." }]);
    problem(await api("PUT", "/users/email", { json: { email: "a@b.co", password: "whatever1" } }), 401);
  });
});

describe("PUT /users/password", () => {
  it("changes one's own password with the current one", async () => {
    const user = await makeUser();
    const before = (await userRow(user.id))?.password_hash;
    const res = await api("PUT", "/users/password", {
      token: user.token,
      json: { current_password: user.password, new_password: "a brand new secret" },
    });
    expect(res.status).toBe(204);
    expect(res.raw.length).toBe(0);
    const after = (await userRow(user.id))?.password_hash ?? "";
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\$2[ab]\$/);
    expect(await bcrypt.compare("a brand new secret", after)).toBe(true);
    expect((await loginJson(user.username, user.password)).status).toBe(401);
    expect((await loginJson(user.username, "a brand new secret")).status).toBe(200);
  });

  it("answers 403 for a wrong current password and 422 without one, changing nothing", async () => {
    const user = await makeUser();
    const before = (await userRow(user.id))?.password_hash;
    const wrong = await api("PUT", "/users/password", {
      token: user.token,
      json: { current_password: "wrong pass", new_password: "a brand new secret" },
    });
    expect(problem(wrong, 403).detail).toBe("Current password is incorrect.");
    const missing = await api("PUT", "/users/password", {
      token: user.token,
      json: { new_password: "a brand new secret" },
    });
    expect(problem(missing, 422).errors).toEqual([
      { path: "current_password", message: "Required: your current password." },
    ]);
    expect((await userRow(user.id))?.password_hash).toBe(before);
  });

  it("throttles current-password guesses with the login counter of the account", async () => {
    const user = await makeUser();
    const guess = () =>
      api("PUT", "/users/password", {
        token: user.token,
        json: { current_password: "wrong pass", new_password: "a brand new secret" },
      });
    for (let i = 0; i < 10; i++) problem(await guess(), 403);
    const throttled = await guess();
    expect(problem(throttled, 429).detail).toMatch(/^Too many failed logins\. Try again in \d+ seconds\.$/);
    problem(await loginJson(user.username, user.password), 429);
  });

  it.each([
    ["short", () => "1234567", "Must be at least 12 characters long."],
    ["73 bytes", () => `${"€".repeat(24)}x`, "Must be at most 72 bytes long (UTF-8)."],
    ["the username", (u: TestUser) => u.username.toUpperCase(), "Must not be the same as the username."],
    ["the email", (u: TestUser) => u.email, "Must not be the same as the email address."],
    ["common", () => "123qweasdzxc", "Must not be one of the most commonly used passwords."],
  ])("answers 422 for a %s new password and keeps the old one", async (_, newPasswordOf, message) => {
    const user = await makeUser();
    const before = (await userRow(user.id))?.password_hash;
    const res = await api("PUT", "/users/password", {
      token: user.token,
      json: { current_password: user.password, new_password: newPasswordOf(user) },
    });
    expect(problem(res, 422).errors).toEqual([{ path: "new_password", message }]);
    expect((await userRow(user.id))?.password_hash).toBe(before);
    expect((await loginJson(user.username, user.password)).status).toBe(200);
  });

  it("holds an admin's new password for another account to that account's name", async () => {
    const admin = await makeUser({ role: "admin" });
    const other = await makeUser();
    const res = await api("PUT", "/users/password", {
      token: admin.token,
      json: { user_id: other.id, new_password: other.username },
    });
    expect(problem(res, 422).errors).toEqual([
      { path: "new_password", message: "Must not be the same as the username." },
    ]);
    // The admin's own name is no concern of the other account.
    const byAdminName = await api("PUT", "/users/password", {
      token: admin.token,
      json: { user_id: other.id, new_password: admin.username },
    });
    expect(byAdminName.status).toBe(204);
  });

  it("answers 403 to a user naming another account", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const res = await api("PUT", "/users/password", {
      token: user.token,
      json: { user_id: other.id, current_password: user.password, new_password: "a brand new secret" },
    });
    expect(problem(res, 403).detail).toBe(`User ID ${other.id} belongs to another user.`);
    expect((await loginJson(other.username, other.password)).status).toBe(200);
  });

  it("lets an admin set anyone's password without theirs", async () => {
    const admin = await makeUser({ role: "admin" });
    const other = await makeUser();
    const res = await api("PUT", "/users/password", {
      token: admin.token,
      json: { user_id: other.id, new_password: "set by the admin" },
    });
    expect(res.status).toBe(204);
    expect((await loginJson(other.username, "set by the admin")).status).toBe(200);
  });

  it("answers 404 to an admin naming a missing account and 401 without a token", async () => {
    const admin = await makeUser({ role: "admin" });
    const res = await api("PUT", "/users/password", {
      token: admin.token,
      json: { user_id: MISSING_ID, new_password: "set by the admin" },
    });
    problem(res, 404);
    problem(await api("PUT", "/users/password", { json: { new_password: "whatever12" } }), 401);
  });
});

describe("PUT /users/preferences", () => {
  const put = (token: string, json: unknown) => api("PUT", "/users/preferences", { token, json });

  it("starts as the browser's language and amounts as written", async () => {
    const user = await makeUser();
    expect((await api("GET", "/users/me", { token: user.token })).body).toMatchObject({
      language: null,
      units: "as_written",
    });
  });

  it("sets one's own language and measures, one field or both, and they follow to every device", async () => {
    const user = await makeUser();
    const res = await put(user.token, { language: "de", units: "metric" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, language: "de", units: "metric" });
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect((await put(user.token, { units: "us" })).body).toMatchObject({ language: "de", units: "us" });
    expect((await put(user.token, { language: null })).body).toMatchObject({ language: null, units: "us" });
    expect((await put(user.token, {})).body).toMatchObject({ language: null, units: "us" });
    const other = await loginJson(user.username, user.password);
    const me = await api("GET", "/users/me", { token: other.body.access_token });
    expect(me.body).toMatchObject({ language: null, units: "us" });
    expect(await userRow(user.id)).toMatchObject({ language: null, units: "us" });
  });

  it("shows them to admins, never to others", async () => {
    const user = await makeUser();
    await put(user.token, { language: "fr" });
    const admin = await makeUser({ role: "admin" });
    expect((await api("GET", `/users/${user.id}`, { token: admin.token })).body.language).toBe("fr");
    const stranger = await makeUser();
    const seen = await api("GET", `/users/${user.id}`, { token: stranger.token });
    expect(Object.keys(seen.body).sort()).toEqual(PROFILE_KEYS);
  });

  it("answers 422 naming a language or measures it does not know, or an unknown field, changing nothing", async () => {
    const user = await makeUser();
    await put(user.token, { language: "sv" });
    for (const [json, path, message] of [
      [
        { language: "no" },
        "language",
        "Must be one of 'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'nb'.",
      ],
      [{ units: "imperial" }, "units", "Must be one of 'as_written', 'metric', 'us'."],
      [{ theme: "dark" }, "theme", undefined],
    ] as const) {
      const res = await put(user.token, json);
      const body = problem(res, 422);
      expect(body.errors).toEqual([expect.objectContaining({ path, ...(message ? { message } : {}) })]);
    }
    expect(await userRow(user.id)).toMatchObject({ language: "sv", units: "as_written" });
  });

  it("is one's own: 401 without a token, 403 with an API token", async () => {
    problem(await api("PUT", "/users/preferences", { json: { language: "de" } }), 401);
    const user = await makeUser();
    const token = await api("POST", "/users/me/tokens", {
      token: user.token,
      json: { name: "ha", scope: "write" },
    });
    const res = await put(token.body.token, { language: "de" });
    expect(problem(res, 403).detail).toBe("API tokens cannot change the account.");
    expect(await userRow(user.id)).toMatchObject({ language: null });
  });
});

describe("PUT /users/<user_id>/role", () => {
  it("lets an admin promote a user, which takes effect on the user's existing token", async () => {
    const admin = await makeUser({ role: "admin" });
    const user = await makeUser();
    expect((await api("GET", "/users", { token: user.token })).status).toBe(403);
    const res = await api("PUT", `/users/${user.id}/role`, { token: admin.token, json: { role: "admin" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, role: "admin", email: user.email });
    expect((await userRow(user.id))?.role).toBe("admin");
    expect((await api("GET", "/users", { token: user.token })).status).toBe(200);
  });

  it("takes admin routes away from a demoted admin's existing token at once", async () => {
    const admin = await makeUser({ role: "admin" });
    const demoted = await makeUser({ role: "admin" });
    expect((await api("GET", "/users", { token: demoted.token })).status).toBe(200);
    const res = await api("PUT", `/users/${demoted.id}/role`, { token: admin.token, json: { role: "user" } });
    expect(res.body.role).toBe("user");
    const after = await api("GET", "/users", { token: demoted.token });
    expect(problem(after, 403).detail).toBe("This action requires the admin role.");
  });

  it("answers 401 to the public and 403 to a user, even on themselves", async () => {
    const user = await makeUser();
    problem(await api("PUT", `/users/${user.id}/role`, { json: { role: "admin" } }), 401);
    problem(await api("PUT", `/users/${user.id}/role`, { token: user.token, json: { role: "admin" } }), 403);
    expect((await userRow(user.id))?.role).toBe("user");
  });

  it("answers 404 for a missing account and 422 for a bad role", async () => {
    const admin = await makeUser({ role: "admin" });
    const res = await api("PUT", `/users/${MISSING_ID}/role`, { token: admin.token, json: { role: "user" } });
    expect(problem(res, 404).detail).toBe(`User ID ${MISSING_ID} was not found.`);
    const user = await makeUser();
    problem(await api("PUT", `/users/${user.id}/role`, { token: admin.token, json: { role: "root" } }), 422);
    problem(
      await api("PUT", `/users/${user.id}/role`, { token: admin.token, json: { role: "user", x: 1 } }),
      422,
    );
  });
});

/** Puts an object into the test bucket and returns its public URL. */
async function storeObject(key: string): Promise<string> {
  await getStorage().send(
    new PutObjectCommand({ Bucket: config.storage.bucket, Key: key, Body: "img", ContentType: "image/png" }),
  );
  return publicUrl(key);
}

const objectExists = async (key: string) => {
  try {
    await getStorage().send(new HeadObjectCommand({ Bucket: config.storage.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
};

describe("DELETE /users/<user_id>", () => {
  it("deletes one's own account; its token stops working at once", async () => {
    const user = await makeUser();
    const res = await api("DELETE", `/users/${user.id}`, { token: user.token });
    expect(res.status).toBe(204);
    expect(await userRow(user.id)).toBeUndefined();
    const after = await api("GET", "/users/me", { token: user.token });
    expect(problem(after, 401).detail).toBe("Token is invalid or has expired.");
    expect((await loginJson(user.username, user.password)).status).toBe(401);
  });

  it("takes the recipes, keeps stores and ingredients with user_id null, and removes the pictures", async () => {
    const db = getDb();
    const user = await makeUser();
    const other = await makeUser();
    const prefix = unique("del");
    const avatar = await storeObject(`${prefix}/avatar.png`);
    const recipeImg = await storeObject(`${prefix}/recipe.png`);
    await db.updateTable("users").set({ img: avatar }).where("id", "=", user.id).execute();
    const ingredient = await db
      .insertInto("ingredients")
      .values({ user_id: user.id, name: prefix })
      .returning("id")
      .executeTakeFirstOrThrow();
    const store = await db
      .insertInto("stores")
      .values({ user_id: user.id, name: prefix })
      .returning("id")
      .executeTakeFirstOrThrow();
    const recipe = await db
      .insertInto("recipes")
      .values({ user_id: user.id, title: prefix, img: recipeImg })
      .returning("id")
      .executeTakeFirstOrThrow();
    const othersRecipe = await db
      .insertInto("recipes")
      .values({ user_id: other.id, title: prefix })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const r of [recipe, othersRecipe]) {
      await db
        .insertInto("recipe_ingredients")
        .values({
          recipe_id: r.id,
          ingredient_id: ingredient.id,
          position: 0,
          amount_grams: 5,
          amount_readable: "1 tsp",
        })
        .execute();
    }
    await db
      .insertInto("recipe_steps")
      .values({ recipe_id: recipe.id, step_number: 1, description: "Mix." })
      .execute();

    expect((await api("DELETE", `/users/${user.id}`, { token: user.token })).status).toBe(204);

    const recipes = await db.selectFrom("recipes").select("id").where("title", "=", prefix).execute();
    expect(recipes).toEqual([{ id: othersRecipe.id }]);
    const steps = await db
      .selectFrom("recipe_steps")
      .select("id")
      .where("recipe_id", "=", recipe.id)
      .execute();
    expect(steps).toEqual([]);
    const lines = await db
      .selectFrom("recipe_ingredients")
      .select("recipe_id")
      .where("ingredient_id", "=", ingredient.id)
      .execute();
    expect(lines).toEqual([{ recipe_id: othersRecipe.id }]);
    const keptIngredient = await db
      .selectFrom("ingredients")
      .select("user_id")
      .where("id", "=", ingredient.id)
      .executeTakeFirst();
    expect(keptIngredient).toEqual({ user_id: null });
    const keptStore = await db
      .selectFrom("stores")
      .select("user_id")
      .where("id", "=", store.id)
      .executeTakeFirst();
    expect(keptStore).toEqual({ user_id: null });
    expect(await objectExists(`${prefix}/avatar.png`)).toBe(false);
    expect(await objectExists(`${prefix}/recipe.png`)).toBe(false);
  });

  it("answers 403 to a user deleting someone else, and deletes nothing", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const res = await api("DELETE", `/users/${other.id}`, { token: user.token });
    expect(problem(res, 403).detail).toBe(`User ID ${other.id} belongs to another user.`);
    expect(await userRow(other.id)).toBeDefined();
  });

  it("lets an admin delete a user and another admin", async () => {
    const admin = await makeUser({ role: "admin" });
    const user = await makeUser();
    const otherAdmin = await makeUser({ role: "admin" });
    expect((await api("DELETE", `/users/${user.id}`, { token: admin.token })).status).toBe(204);
    expect((await api("DELETE", `/users/${otherAdmin.id}`, { token: admin.token })).status).toBe(204);
    expect(await userRow(user.id)).toBeUndefined();
    expect(await userRow(otherAdmin.id)).toBeUndefined();
  });

  it("answers 404 for a missing account and 401 without a token", async () => {
    const admin = await makeUser({ role: "admin" });
    const user = await makeUser();
    for (const token of [admin.token, user.token]) {
      const res = await api("DELETE", `/users/${MISSING_ID}`, { token });
      expect(problem(res, 404).detail).toBe(`User ID ${MISSING_ID} was not found.`);
    }
    problem(await api("DELETE", `/users/${user.id}`), 401);
    expect(await userRow(user.id)).toBeDefined();
  });
});
