import { getDb } from "../../core/db.ts";
import { UserRead, UserRoleUpdate } from "../../core/user/schemas.ts";
import { changeRole } from "../../core/user/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("users/update-role", {
  summary: "Change an account's role",
  description: "Admins only. Takes effect at once on existing tokens; demoting the last admin is a 409.",
  body: UserRoleUpdate,
  response: { status: 200, schema: UserRead, description: "The updated account." },
  errors: ["not_found", "conflict", "invalid"],
  handle: async ({ params, body, caller }) =>
    ok(await changeRole(getDb(), params.user_id, body.role, caller)),
});
