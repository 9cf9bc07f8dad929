/**
 * The migration that ends the invitations of deleted accounts (migrations/2026-11-28T0100-orphan-invitations.ts),
 * run on a database whose deleted member left an unused code: that code goes; a used one (the
 * history of who joined) and a living member's code stay.
 */
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../core/db.ts";
import { migrationProvider, migrations } from "../../migrations/index.ts";
import { type FreshDatabase, freshDatabase } from "../fixtures/archives/helpers.ts";

const NAME = "2026-11-28T0100-orphan-invitations";
const names = Object.keys(migrations).sort();
const BEFORE = names[names.indexOf(NAME) - 1] as string;

let fresh: FreshDatabase;
// biome-ignore lint/suspicious/noExplicitAny: rows are written in the schema before the migration
let db: Kysely<any>;

beforeAll(async () => {
  fresh = await freshDatabase((db) => new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE));
  db = fresh.db;
  const [owner, gone] = (await db
    .insertInto("users")
    .values([
      { username: "owner", email: "owner@example.com", password_hash: "x" },
      { username: "gone", email: "gone@example.com", password_hash: "x" },
    ])
    .returning("id")
    .execute()) as [{ id: number }, { id: number }];
  const household = await db
    .insertInto("households")
    .values({ name: "Home" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const expires_at = new Date(Date.now() + 86_400_000);
  await db
    .insertInto("household_invitations")
    .values([
      { household_id: household.id, code_hash: "kept", created_by: owner.id, expires_at },
      { household_id: household.id, code_hash: "orphan", created_by: gone.id, expires_at },
      {
        household_id: household.id,
        code_hash: "used",
        created_by: gone.id,
        expires_at,
        used_at: new Date(),
        used_by: owner.id,
      },
    ])
    .execute();
  // Deleted as the service did before: the invitations lose their maker and stay.
  await db.deleteFrom("users").where("id", "=", gone.id).execute();
  await migrateToLatest(db);
});

afterAll(() => fresh.close());

describe(NAME, () => {
  it("deletes the unused codes of deleted accounts, and only those", async () => {
    const rows = await db
      .selectFrom("household_invitations")
      .select("code_hash")
      .orderBy("code_hash")
      .execute();
    expect(rows.map((row) => row.code_hash)).toEqual(["kept", "used"]);
  });
});
