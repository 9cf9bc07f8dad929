import { getDb } from "../../core/db.ts";
import { UserCreate, UserRead } from "../../core/user/schemas.ts";
import { createUser } from "../../core/user/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Sign up",
  description:
    "Creates an account with the role `user`. The username is lower-cased, then must be 3–32 characters of " +
    "`a-z 0-9 _ . -`; the password must be 8–72 bytes (UTF-8). Username and email are unique ignoring case.",
  body: UserCreate,
  response: { status: 201, schema: UserRead, description: "The new account; Location names it." },
  errors: [409, 422],
  handle: async ({ body }) => {
    const user = await createUser(getDb(), body);
    return created(user, `/api/v1/users/${user.id}`);
  },
});
