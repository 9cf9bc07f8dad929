/**
 * /households through the real pipeline: every route for each role (owner, member, another user,
 * admin, public), not found, conflicts, invalid input, and the database afterwards; invitations,
 * joins and their throttle; leaving and what it takes away.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { JOIN_LIMIT } from "../../core/auth/throttle.ts";
import { getDb } from "../../core/db.ts";
import { MAX_OPEN_INVITATIONS } from "../../core/household/service.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeEntry,
  makeHousehold,
  makeList,
  makeRecipe,
  makeUser,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { rowById } from "../helpers/rows.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const members = (householdId: number) =>
  getDb()
    .selectFrom("household_members")
    .select(["user_id", "role"])
    .where("household_id", "=", householdId)
    .orderBy("user_id")
    .execute();

const invite = (householdId: number, user: TestUser) =>
  api("POST", `/households/${householdId}/invitations`, { token: user.token, json: {} });

const join = (code: string, user: TestUser) =>
  api("POST", "/households/join", { token: user.token, json: { code } });

const othersSentence = (id: number) => `Household ID ${id} belongs to other users.`;

describe("POST /households", () => {
  it("creates a household with the caller as its owner and only member", async () => {
    const name = unique("Home");
    const res = await api("POST", "/households/", { token: owner.token, json: { name: `  ${name} ` } });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/households/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name,
      members: [
        {
          user_id: owner.id,
          username: owner.username,
          role: "owner",
          joined_at: expect.stringMatching(/Z$/),
        },
      ],
      role: "owner",
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(await rowById("households", res.body.id)).toMatchObject({ name });
    expect(await members(res.body.id)).toEqual([{ user_id: owner.id, role: "owner" }]);
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "   " }, "name"],
    [{ name: "x".repeat(81) }, "name"],
    [{ name: "Home", members: [] }, "members"],
  ])("refuses %j (422 at %s) and writes nothing", async (json, path) => {
    const before = await getDb().selectFrom("households").select("id").execute();
    const body = problem(await api("POST", "/households", { token: owner.token, json }), 422);
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await getDb().selectFrom("households").select("id").execute()).toEqual(before);
  });

  it("the name may be 80 characters; the public gets 401", async () => {
    expect(
      (await api("POST", "/households", { token: admin.token, json: { name: "x".repeat(80) } })).status,
    ).toBe(201);
    expect(problem(await api("POST", "/households", { json: { name: "Home" } }), 401).detail).toBe(
      "Not authenticated.",
    );
  });
});

describe("GET /households", () => {
  it("pages the caller's households in name order, each with its members and the caller's role", async () => {
    const user = await makeUser();
    const names = ["b", "a", "c"].map((n) => `${n}-${unique("h")}`);
    const made: { id: number; name: string }[] = [];
    for (const name of names) {
      const household = await makeHousehold(other, [user]);
      await getDb().updateTable("households").set({ name }).where("id", "=", household.id).execute();
      made.push({ ...household, name });
    }
    const own = await makeHousehold(user);
    made.push(own);
    await makeHousehold(other);
    const ids = await collectPages((cursor) =>
      api("GET", `/households?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: user.token }),
    );
    const expected = [...made].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.id - y.id));
    expect(ids).toEqual(expected.map((h) => h.id));
    const page = await api("GET", "/households?limit=100", { token: user.token });
    const shared = page.body.items.find((h: { id: number }) => h.id === made[0]?.id);
    expect(shared).toEqual({
      id: made[0]?.id,
      name: names[0],
      members: [
        { user_id: other.id, username: other.username, role: "owner", joined_at: expect.any(String) },
        { user_id: user.id, username: user.username, role: "member", joined_at: expect.any(String) },
      ],
      role: "member",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // An admin's list is theirs alone too.
    const adminPage = await api("GET", "/households?limit=100", { token: admin.token });
    expect(adminPage.body.items.every((h: { role: string }) => h.role !== null)).toBe(true);
  });

  it("needs a token; bad paging is a 400", async () => {
    problem(await api("GET", "/households"), 401);
    problem(await api("GET", "/households?limit=0", { token: owner.token }), 400);
    problem(await api("GET", "/households?cursor=nope", { token: owner.token }), 400);
  });
});

describe("GET /households/<id>", () => {
  it("members and admins read it; anyone else gets 403; an unknown one is a 404", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const path = `/households/${household.id}`;
    expect((await api("GET", path, { token: owner.token })).body).toMatchObject({ role: "owner" });
    expect((await api("GET", path, { token: member.token })).body).toMatchObject({
      id: household.id,
      role: "member",
      members: [{ user_id: owner.id }, { user_id: member.id, role: "member" }],
    });
    expect((await api("GET", path, { token: admin.token })).body).toMatchObject({ role: null });
    expect(problem(await api("GET", path, { token: other.token }), 403).detail).toBe(
      othersSentence(household.id),
    );
    expect(problem(await api("GET", path), 401).detail).toBe("Not authenticated.");
    expect(problem(await api("GET", "/households/2000000000", { token: admin.token }), 404).detail).toBe(
      "Household ID 2000000000 was not found.",
    );
    expect(problem(await api("GET", "/households/abc", { token: owner.token }), 404).detail).toBe(
      "Household ID 'abc' was not found.",
    );
  });
});

describe("PUT /households/<id>", () => {
  it("owners and admins rename it; a member or anyone else gets 403 and nothing changes", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const path = `/households/${household.id}`;
    const name = unique("Flat");
    const res = await api("PUT", path, { token: owner.token, json: { name } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: household.id, name, role: "owner" });
    expect(problem(await api("PUT", path, { token: member.token, json: { name: "x" } }), 403).detail).toBe(
      `Only an owner of household ID ${household.id} may rename it.`,
    );
    expect(problem(await api("PUT", path, { token: other.token, json: { name: "x" } }), 403).detail).toBe(
      othersSentence(household.id),
    );
    expect(await rowById("households", household.id)).toMatchObject({ name });
    const byAdmin = await api("PUT", path, { token: admin.token, json: { name: "Admin's" } });
    expect(byAdmin.body).toMatchObject({ name: "Admin's", role: null });
    expect(
      problem(await api("PUT", "/households/2000000000", { token: owner.token, json: { name } }), 404).detail,
    ).toBe("Household ID 2000000000 was not found.");
    const invalid = problem(await api("PUT", path, { token: owner.token, json: { name: "" } }), 422);
    expect(invalid.errors).toEqual([expect.objectContaining({ path: "name" })]);
    expect(await rowById("households", household.id)).toMatchObject({ name: "Admin's" });
  });
});

describe("DELETE /households/<id>", () => {
  it("owners delete it; its lists and meal plan entries stay, each its creator's own and private", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const list = await makeList(member, { household_id: household.id });
    const entry = await makeEntry(member, {
      date: "2026-12-01",
      meal: "dinner",
      recipe_id: (await makeRecipe(owner)).id,
      household_id: household.id,
    });
    await invite(household.id, member);
    const path = `/households/${household.id}`;
    expect(problem(await api("DELETE", path, { token: member.token }), 403).detail).toBe(
      `Only an owner of household ID ${household.id} may delete it.`,
    );
    expect(problem(await api("DELETE", path, { token: other.token }), 403).detail).toBe(
      othersSentence(household.id),
    );
    expect(await rowById("households", household.id)).toBeDefined();
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(204);
    expect(await rowById("households", household.id)).toBeUndefined();
    expect(await members(household.id)).toEqual([]);
    const invitations = await getDb()
      .selectFrom("household_invitations")
      .select("id")
      .where("household_id", "=", household.id)
      .execute();
    expect(invitations).toEqual([]);
    expect(await rowById("shopping_lists", list.id)).toMatchObject({
      user_id: member.id,
      household_id: null,
    });
    expect(await rowById("meal_plan_entries", entry.id)).toMatchObject({
      user_id: member.id,
      household_id: null,
    });
    // The owner reads the member's list no more.
    expect(problem(await api("GET", `/shopping-lists/${list.id}`, { token: owner.token }), 403).detail).toBe(
      `Shopping list ID ${list.id} belongs to another user.`,
    );
    expect(problem(await api("DELETE", path, { token: owner.token }), 404).detail).toBe(
      `Household ID ${household.id} was not found.`,
    );
  });

  it("an admin deletes anyone's", async () => {
    const household = await makeHousehold(owner);
    expect((await api("DELETE", `/households/${household.id}`, { token: admin.token })).status).toBe(204);
    expect(await rowById("households", household.id)).toBeUndefined();
  });
});

describe("invitations", () => {
  it("a member makes a single-use code of 128 bits that lasts 7 days; only its hash is stored", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const before = Date.now();
    const res = await invite(household.id, member);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      expires_at: expect.any(String),
    });
    const expiresIn = Date.parse(res.body.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    const rows = await getDb()
      .selectFrom("household_invitations")
      .selectAll()
      .where("household_id", "=", household.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        code_hash: createHash("sha256").update(res.body.code).digest("hex"),
        created_by: member.id,
        used_at: null,
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(res.body.code);
    const second = await invite(household.id, owner);
    expect(second.body.code).not.toBe(res.body.code);
  });

  it("another user gets 403, an unknown household 404; the body is {}", async () => {
    const household = await makeHousehold(owner);
    expect(problem(await invite(household.id, other), 403).detail).toBe(othersSentence(household.id));
    expect((await invite(household.id, admin)).status).toBe(201);
    expect(problem(await invite(2_000_000_000, owner), 404).detail).toBe(
      "Household ID 2000000000 was not found.",
    );
    const extra = await api("POST", `/households/${household.id}/invitations`, {
      token: owner.token,
      json: { days: 30 },
    });
    expect(problem(extra, 422).errors).toEqual([expect.objectContaining({ path: "days" })]);
    expect(problem(await api("POST", `/households/${household.id}/invitations`), 401).detail).toBe(
      "Not authenticated.",
    );
  });
});

describe("open invitations: listed, revoked, capped, and gone with their maker", () => {
  const list = (householdId: number, user?: TestUser) =>
    api("GET", `/households/${householdId}/invitations`, user ? { token: user.token } : {});
  const revoke = (householdId: number, id: number, user?: TestUser) =>
    api("DELETE", `/households/${householdId}/invitations/${id}`, user ? { token: user.token } : {});

  it("owners and admins list every open invitation, newest first, without codes; a member their own", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const mine = (await invite(household.id, owner)).body;
    const theirs = (await invite(household.id, member)).body;
    const used = (await invite(household.id, member)).body;
    expect((await join(used.code, await makeUser())).status).toBe(200);
    const expired = (await invite(household.id, owner)).body;
    await getDb()
      .updateTable("household_invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", expired.id)
      .execute();
    const all = await list(household.id, owner);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      items: [
        {
          id: theirs.id,
          created_by: { user_id: member.id, username: member.username },
          created_at: expect.any(String),
          expires_at: theirs.expires_at,
        },
        {
          id: mine.id,
          created_by: { user_id: owner.id, username: owner.username },
          created_at: expect.any(String),
          expires_at: mine.expires_at,
        },
      ],
    });
    expect(JSON.stringify(all.body)).not.toContain(mine.code);
    expect((await list(household.id, admin)).body.items).toHaveLength(2);
    expect((await list(household.id, member)).body.items.map((i: { id: number }) => i.id)).toEqual([
      theirs.id,
    ]);
    expect(problem(await list(household.id, other), 403).detail).toBe(othersSentence(household.id));
    expect(problem(await list(2_000_000_000, owner), 404).detail).toBe(
      "Household ID 2000000000 was not found.",
    );
    expect(problem(await list(household.id), 401).detail).toBe("Not authenticated.");
  });

  it("its maker, an owner or an admin revokes one: its code lets nobody in any more", async () => {
    const member = await makeUser();
    const second = await makeUser();
    const household = await makeHousehold(owner, [member, second]);
    const byMember = (await invite(household.id, member)).body;
    const byOwner = (await invite(household.id, owner)).body;
    const another = (await invite(household.id, member)).body;
    expect(problem(await revoke(household.id, byOwner.id, member), 403).detail).toBe(
      `Only an owner of household ID ${household.id} may revoke another member's invitation.`,
    );
    expect(problem(await revoke(household.id, byMember.id, second), 403).detail).toBe(
      `Only an owner of household ID ${household.id} may revoke another member's invitation.`,
    );
    expect(problem(await revoke(household.id, byMember.id, other), 403).detail).toBe(
      othersSentence(household.id),
    );
    expect(problem(await revoke(household.id, byMember.id), 401).detail).toBe("Not authenticated.");
    expect((await revoke(household.id, byMember.id, member)).status).toBe(204);
    expect((await revoke(household.id, byOwner.id, owner)).status).toBe(204);
    expect((await revoke(household.id, another.id, admin)).status).toBe(204);
    expect(problem(await revoke(household.id, byMember.id, member), 404).detail).toBe(
      `Invitation ID ${byMember.id} was not found.`,
    );
    // Another household's invitation is not this one's.
    const elsewhere = await makeHousehold(owner);
    const foreign = (await invite(elsewhere.id, owner)).body;
    expect((await revoke(household.id, foreign.id, owner)).status).toBe(404);
    expect(problem(await join(byMember.code, await makeUser()), 422).detail).toBe(
      "Invitation code is not valid.",
    );
    expect(await rowById("household_invitations", byMember.id)).toBeUndefined();
    expect(await rowById("household_invitations", foreign.id)).toBeDefined();
  });

  it(`a member has at most ${MAX_OPEN_INVITATIONS} open invitations to a household (409), and revoking makes room`, async () => {
    const household = await makeHousehold(owner);
    const made = [];
    for (let i = 0; i < MAX_OPEN_INVITATIONS; i++) made.push((await invite(household.id, owner)).body);
    expect(problem(await invite(household.id, owner), 409).detail).toBe(
      `You have ${MAX_OPEN_INVITATIONS} open invitations to household ID ${household.id}: revoke one before making another.`,
    );
    // Another member's count is their own.
    expect((await invite(household.id, admin)).status).toBe(201);
    expect((await revoke(household.id, made[0].id, owner)).status).toBe(204);
    expect((await invite(household.id, owner)).status).toBe(201);
  });

  it("a deleted account's open invitations go with it; the history of who joined stays", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const open = (await invite(household.id, member)).body;
    const used = (await invite(household.id, member)).body;
    const joiner = await makeUser();
    expect((await join(used.code, joiner)).status).toBe(200);
    expect((await api("DELETE", `/users/${member.id}`, { token: member.token })).status).toBe(204);
    expect(problem(await join(open.code, await makeUser()), 422).detail).toBe(
      "Invitation code is not valid.",
    );
    expect(await rowById("household_invitations", open.id)).toBeUndefined();
    expect(await rowById("household_invitations", used.id)).toMatchObject({
      used_by: joiner.id,
      created_by: null,
    });
  });
});

describe("POST /households/join", () => {
  it("makes the caller a member and uses the code up", async () => {
    const household = await makeHousehold(owner);
    const { code } = (await invite(household.id, owner)).body;
    const joiner = await makeUser();
    const res = await join(` ${code} `, joiner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: household.id,
      role: "member",
      members: [
        { user_id: owner.id, role: "owner" },
        { user_id: joiner.id, username: joiner.username, role: "member" },
      ],
    });
    expect(await members(household.id)).toEqual(
      [
        { user_id: owner.id, role: "owner" },
        { user_id: joiner.id, role: "member" },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    const invitation = await getDb()
      .selectFrom("household_invitations")
      .select(["used_by", "used_at"])
      .where("household_id", "=", household.id)
      .executeTakeFirstOrThrow();
    expect(invitation).toEqual({ used_by: joiner.id, used_at: expect.any(Date) });
    // Used up: nobody else gets in with it.
    const late = await makeUser();
    expect(problem(await join(code, late), 422)).toMatchObject({
      detail: "Invitation code is not valid.",
      errors: [{ path: "code", message: "Invitation code is not valid." }],
    });
    expect(await members(household.id)).toHaveLength(2);
  });

  it("an unknown or expired code is a 422; someone already in gets 409 and the code stays unused", async () => {
    const household = await makeHousehold(owner);
    const user = await makeUser();
    expect(problem(await join("A".repeat(22), user), 422).detail).toBe("Invitation code is not valid.");
    const { code } = (await invite(household.id, owner)).body;
    expect(problem(await join(code, owner), 409).detail).toBe(
      `User ID ${owner.id} is already a member of household ID ${household.id}.`,
    );
    await getDb()
      .updateTable("household_invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("household_id", "=", household.id)
      .execute();
    expect(problem(await join(code, user), 422).detail).toBe("Invitation code is not valid.");
    expect(await members(household.id)).toEqual([{ user_id: owner.id, role: "owner" }]);
    const empty = problem(await join("", user), 422);
    expect(empty.errors).toEqual([expect.objectContaining({ path: "code" })]);
    expect(problem(await api("POST", "/households/join", { json: { code } }), 401).detail).toBe(
      "Not authenticated.",
    );
  });

  it("failed joins count like failed logins: the 31st is a 429, a valid code included; successes do not count", async () => {
    const guesser = await makeUser();
    for (let i = 0; i < JOIN_LIMIT.max; i++) {
      expect(problem(await join(`guess-${i}`, guesser), 422).detail).toBe("Invitation code is not valid.");
    }
    const refused = await join("guess-again", guesser);
    expect(problem(refused, 429).detail).toMatch(/^Too many failed joins\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const household = await makeHousehold(owner);
    const { code } = (await invite(household.id, owner)).body;
    problem(await join(code, guesser), 429);
    expect(await members(household.id)).toEqual([{ user_id: owner.id, role: "owner" }]);

    // Someone else is not held up by it, and joining does not use up their attempts.
    const joiner = await makeUser();
    expect((await join(code, joiner)).status).toBe(200);
    const counted = await getDb()
      .selectFrom("login_throttles")
      .select("failures")
      .where("key", "=", `join:${joiner.id}`)
      .executeTakeFirstOrThrow();
    expect(counted.failures).toBe(0);
  });
});

describe("members", () => {
  it("owners and admins change roles; a household keeps an owner", async () => {
    const [a, b] = [await makeUser(), await makeUser()];
    const household = await makeHousehold(owner, [a, b]);
    const path = (user: TestUser) => `/households/${household.id}/members/${user.id}`;
    expect(
      problem(await api("PUT", path(owner), { token: owner.token, json: { role: "member" } }), 409).detail,
    ).toBe(`Household ID ${household.id} needs an owner.`);
    expect(problem(await api("PUT", path(b), { token: a.token, json: { role: "owner" } }), 403).detail).toBe(
      `Only an owner of household ID ${household.id} may change roles.`,
    );
    expect(
      problem(await api("PUT", path(b), { token: other.token, json: { role: "owner" } }), 403).detail,
    ).toBe(othersSentence(household.id));
    const promoted = await api("PUT", path(a), { token: owner.token, json: { role: "owner" } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.members).toContainEqual(expect.objectContaining({ user_id: a.id, role: "owner" }));
    // With a second owner the first may step down.
    expect((await api("PUT", path(owner), { token: owner.token, json: { role: "member" } })).status).toBe(
      200,
    );
    expect((await api("PUT", path(b), { token: admin.token, json: { role: "owner" } })).status).toBe(200);
    expect(await members(household.id)).toEqual(
      [
        { user_id: owner.id, role: "member" },
        { user_id: a.id, role: "owner" },
        { user_id: b.id, role: "owner" },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    expect(
      problem(await api("PUT", path(other), { token: a.token, json: { role: "owner" } }), 404).detail,
    ).toBe(`User ID ${other.id} is not a member of household ID ${household.id}.`);
    const invalid = problem(await api("PUT", path(b), { token: a.token, json: { role: "boss" } }), 422);
    expect(invalid.errors).toEqual([{ path: "role", message: "Must be 'owner' or 'member'." }]);
    expect(
      problem(
        await api("PUT", `/households/2000000000/members/${a.id}`, {
          token: a.token,
          json: { role: "owner" },
        }),
        404,
      ).detail,
    ).toBe("Household ID 2000000000 was not found.");
  });

  it("a member leaves; owners and admins remove anyone; other members may not", async () => {
    const [a, b, c] = [await makeUser(), await makeUser(), await makeUser()];
    const household = await makeHousehold(owner, [a, b, c]);
    const path = (user: TestUser) => `/households/${household.id}/members/${user.id}`;
    expect(problem(await api("DELETE", path(b), { token: a.token }), 403).detail).toBe(
      `Only an owner of household ID ${household.id} may remove other members.`,
    );
    expect(problem(await api("DELETE", path(b), { token: other.token }), 403).detail).toBe(
      othersSentence(household.id),
    );
    expect((await api("DELETE", path(a), { token: a.token })).status).toBe(204);
    expect((await api("DELETE", path(b), { token: owner.token })).status).toBe(204);
    expect((await api("DELETE", path(c), { token: admin.token })).status).toBe(204);
    expect(await members(household.id)).toEqual([{ user_id: owner.id, role: "owner" }]);
    expect(problem(await api("DELETE", path(a), { token: owner.token }), 404).detail).toBe(
      `User ID ${a.id} is not a member of household ID ${household.id}.`,
    );
    expect(problem(await api("DELETE", path(a), { token: a.token }), 403).detail).toBe(
      othersSentence(household.id),
    );
  });

  it("someone removed cannot come back with a code they made before; the others' codes still work", async () => {
    const [kept, removed] = [await makeUser(), await makeUser()];
    const household = await makeHousehold(owner, [kept, removed]);
    const theirs = (await invite(household.id, removed)).body.code;
    const owners = (await invite(household.id, owner)).body.code;
    expect(
      (await api("DELETE", `/households/${household.id}/members/${removed.id}`, { token: owner.token }))
        .status,
    ).toBe(204);
    expect(problem(await join(theirs, removed), 422).detail).toBe("Invitation code is not valid.");
    expect(await members(household.id)).not.toContainEqual(expect.objectContaining({ user_id: removed.id }));
    const newcomer = await makeUser();
    expect((await join(owners, newcomer)).status).toBe(200);
  });

  it("the only owner cannot leave while others remain; the last member leaving deletes the household", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const path = (user: TestUser) => `/households/${household.id}/members/${user.id}`;
    expect(problem(await api("DELETE", path(owner), { token: owner.token }), 409).detail).toBe(
      `Household ID ${household.id} needs an owner.`,
    );
    expect((await api("DELETE", path(member), { token: member.token })).status).toBe(204);
    expect((await api("DELETE", path(owner), { token: owner.token })).status).toBe(204);
    expect(await rowById("households", household.id)).toBeUndefined();
  });

  it("leaving takes away the lists and entries others made at once; one's own stay one's own, in the household", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const theirs = await makeList(owner, { household_id: household.id });
    const mine = await makeList(member, { household_id: household.id });
    const recipe = await makeRecipe(owner);
    const entry = await makeEntry(owner, {
      date: "2026-12-02",
      meal: "lunch",
      recipe_id: recipe.id,
      household_id: household.id,
    });
    expect((await api("GET", `/shopping-lists/${theirs.id}`, { token: member.token })).status).toBe(200);
    expect(
      (await api("DELETE", `/households/${household.id}/members/${member.id}`, { token: member.token }))
        .status,
    ).toBe(204);
    expect(
      problem(await api("GET", `/shopping-lists/${theirs.id}`, { token: member.token }), 403).detail,
    ).toBe(`Shopping list ID ${theirs.id} belongs to another user.`);
    expect(problem(await api("DELETE", `/meal-plan/${entry.id}`, { token: member.token }), 403).detail).toBe(
      `Meal plan entry ID ${entry.id} belongs to another user.`,
    );
    expect((await api("GET", `/shopping-lists/${mine.id}`, { token: member.token })).status).toBe(200);
    expect((await api("GET", `/shopping-lists/${mine.id}`, { token: owner.token })).status).toBe(200);
    expect(await rowById("shopping_lists", mine.id)).toMatchObject({
      user_id: member.id,
      household_id: household.id,
    });
    const lists = await api("GET", "/shopping-lists?limit=100", { token: member.token });
    expect(lists.body.items.map((l: { id: number }) => l.id)).toEqual([mine.id]);
  });
});
