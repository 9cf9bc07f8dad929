/**
 * Rules of the users service that need a database state the shared test database cannot offer
 * through the API: exactly one admin. Each case runs in a transaction that is rolled back, in
 * which every other admin is demoted, so parallel test files never see the change.
 */
import { describe, expect, it } from "vitest";
import type { Caller } from "../../core/auth/caller.ts";
import { type Db, getDb, transaction } from "../../core/db.ts";
import type { AppError } from "../../core/errors.ts";
import { changeRole, createUser, removeUser } from "../../core/user/service.ts";
import { makeUser, unique } from "../helpers/factories.ts";

class Rollback extends Error {}

/** Runs `fn` with `admin` as the only admin, then rolls everything back. */
async function asOnlyAdmin(admin: Caller, fn: (trx: Db) => Promise<void>): Promise<void> {
  await expect(
    // The services join this transaction (core/db.ts), so rolling it back undoes them too.
    transaction(getDb(), async (trx) => {
      // Lock in id order first, as the service does, so this cannot deadlock with a parallel test.
      await trx
        .selectFrom("users")
        .select("id")
        .where("role", "=", "admin")
        .orderBy("id")
        .forUpdate()
        .execute();
      await trx
        .updateTable("users")
        .set({ role: "user" })
        .where("role", "=", "admin")
        .where("id", "<>", admin.id)
        .execute();
      await fn(trx);
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
}

const conflict = (message: string) => expect.objectContaining({ kind: "conflict", message }) as AppError;

describe("the last admin", () => {
  it("cannot be demoted or deleted, by themselves", async () => {
    const admin = await makeUser({ role: "admin" });
    const caller: Caller = { id: admin.id, username: admin.username, role: "admin" };
    await asOnlyAdmin(caller, async (trx) => {
      await expect(changeRole(trx, admin.id, "user", caller)).rejects.toEqual(
        conflict(`User ID ${admin.id} is the last admin and cannot be demoted.`),
      );
      await expect(removeUser(trx, admin.id, caller)).rejects.toEqual(
        conflict(`User ID ${admin.id} is the last admin and cannot be deleted.`),
      );
      // Setting the role it already has is no demotion.
      await expect(changeRole(trx, admin.id, "admin", caller)).resolves.toMatchObject({ role: "admin" });
    });
    const row = await getDb()
      .selectFrom("users")
      .select("role")
      .where("id", "=", admin.id)
      .executeTakeFirst();
    expect(row?.role).toBe("admin");
  });

  it("can go once there is another admin", async () => {
    const admin = await makeUser({ role: "admin" });
    const user = await makeUser();
    const caller: Caller = { id: admin.id, username: admin.username, role: "admin" };
    await asOnlyAdmin(caller, async (trx) => {
      await changeRole(trx, user.id, "admin", caller);
      await expect(changeRole(trx, admin.id, "user", caller)).resolves.toMatchObject({ role: "user" });
    });
  });
});

describe("createUser, as the development seed calls it (no request schema in between)", () => {
  it("holds the password to the same rules as a sign-up", async () => {
    const username = unique("seed").toLowerCase();
    const account = { username, email: `${username}@example.com` };
    const invalid = (message: string) =>
      expect.objectContaining({ kind: "invalid", details: { errors: [{ path: "password", message }] } });
    await expect(createUser(getDb(), { ...account, password: "short pass" }, "admin")).rejects.toEqual(
      invalid("Must be at least 12 characters long."),
    );
    await expect(createUser(getDb(), { ...account, password: "passwordpassword" })).rejects.toEqual(
      invalid("Must not be one of the most commonly used passwords."),
    );
    await expect(createUser(getDb(), { ...account, password: "a seeded password" })).resolves.toMatchObject(
      account,
    );
  });
});
