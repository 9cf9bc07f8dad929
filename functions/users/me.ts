import { getDb } from "../../core/db.ts";
import { UserRead } from "../../core/user/schemas.ts";
import { getUser } from "../../core/user/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("users/me", {
  summary: "Your own account",
  response: { status: 200, schema: UserRead, description: "The caller's account, with email and role." },
  handle: async ({ caller }) => {
    // The route is for users only, so the pipeline has already checked there is a caller.
    const me = caller;
    return ok(await getUser(getDb(), me.id, me));
  },
});
