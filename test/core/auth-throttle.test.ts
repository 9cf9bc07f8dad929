/** The login throttle itself: atomic under concurrency, and the password check behind login. */
import { describe, expect, it } from "vitest";
import {
  clientNetwork,
  MAX_FAILED_LOGINS,
  takeLoginAttempt,
  throttleKeys,
} from "../../core/auth/throttle.ts";
import { getDb } from "../../core/db.ts";
import { isAppError } from "../../core/errors.ts";
import { checkPassword, hashPassword } from "../../core/user/password.ts";
import { unique } from "../helpers/factories.ts";

describe("takeLoginAttempt", () => {
  it("lets exactly 10 of 25 concurrent attempts through", async () => {
    const name = unique("burst");
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => takeLoginAttempt(getDb(), name, "192.0.2.1")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_FAILED_LOGINS);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(isAppError(r.reason) && r.reason.kind).toBe("too_many_requests");
        expect(r.reason.details.retryAfterSeconds).toBeGreaterThan(0);
      }
    }
  });

  it("keys names without case", async () => {
    const name = unique("Case").toUpperCase();
    await takeLoginAttempt(getDb(), name, "192.0.2.2");
    const row = await getDb()
      .selectFrom("login_throttles")
      .select("failures")
      .where("key", "=", throttleKeys.account(name.toLowerCase(), "192.0.2.2"))
      .executeTakeFirst();
    expect(row?.failures).toBe(1);
  });
});

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002::ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:1::", "2001:db8:1:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1:2:3:4", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("counts %s as %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});

describe("checkPassword", () => {
  it("matches only the right password, never a missing account or a cut one", async () => {
    const password = "p".repeat(72);
    const hash = await hashPassword(password);
    expect(await checkPassword(password, hash)).toBe(true);
    expect(await checkPassword(`${password}!`, hash)).toBe(false);
    expect(await checkPassword("something else", hash)).toBe(false);
    expect(await checkPassword(password, undefined)).toBe(false);
  });
});
