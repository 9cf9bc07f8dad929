import { getDb } from "../../core/db.ts";
import { UserCreate, UserRead } from "../../core/user/schemas.ts";
import { signUp } from "../../core/user/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("users/create", {
  summary: "Sign up",
  description:
    "Creates an account with the role `user`. The username is lower-cased, then must be 3–32 characters of " +
    "`a-z 0-9 _ . -`; the password must be at least 12 characters and at most 72 bytes (UTF-8), and not the username, the email (or its part before '@') or one of the 10,000 most common passwords. Username and email are unique ignoring case. " +
    "Sign-ups are throttled per client address: 20 an hour, then 429 with Retry-After.",
  body: UserCreate,
  response: { status: 201, schema: UserRead, description: "The new account; Location names it." },
  errors: ["conflict", "invalid", "too_many_requests"],
  handle: async ({ body, clientAddress }) => {
    const user = await signUp(getDb(), body, clientAddress);
    return created(user, `${API_PREFIX}/users/${user.id}`);
  },
});
