import { describe, expect, it } from "vitest";
import type { Household, HouseholdRole } from "../../../lib/api/households.ts";
import type { Session } from "../../../lib/auth.ts";
import { leaving, mayInvite, mayManage, memberCount, ownerCount } from "./roles.ts";

const member = (user_id: number, role: HouseholdRole) => ({
  user_id,
  username: `user${user_id}`,
  role,
  joined_at: "2026-11-01T10:00:00Z",
});

const household = (
  role: HouseholdRole | null,
  members = [member(1, "owner"), member(2, "member")],
): Household => ({
  id: 3,
  name: "Smiths",
  members,
  role,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
});

const session = (userId: number, role: Session["role"] = "user"): Session => ({
  token: "t",
  refreshToken: "r",
  userId,
  role,
  expiresAt: Date.now() + 60_000,
  refreshAt: Date.now() + 30_000,
});

describe("who may do what", () => {
  it("owners and admins manage; every member and admins invite", () => {
    expect(mayManage(household("owner"), session(1))).toBe(true);
    expect(mayManage(household("member"), session(2))).toBe(false);
    expect(mayManage(household(null), session(9, "admin"))).toBe(true);
    expect(mayManage(household("owner"), null)).toBe(false);

    expect(mayInvite(household("member"), session(2))).toBe(true);
    expect(mayInvite(household(null), session(9, "admin"))).toBe(true);
    expect(mayInvite(household(null), session(9))).toBe(false);
  });
});

describe("leaving", () => {
  it("alone deletes the household; the only owner with others cannot go; anyone else may", () => {
    expect(leaving(household("owner", [member(1, "owner")]), 1)).toBe("alone");
    expect(leaving(household("owner"), 1)).toBe("only-owner");
    expect(leaving(household("member"), 2)).toBe("free");
    const twoOwners = household("owner", [member(1, "owner"), member(2, "owner"), member(3, "member")]);
    expect(ownerCount(twoOwners)).toBe(2);
    expect(leaving(twoOwners, 1)).toBe("free");
  });
});

describe("memberCount", () => {
  it("says one member or several", () => {
    expect(memberCount(1)).toBe("1 member");
    expect(memberCount(3)).toBe("3 members");
  });
});
