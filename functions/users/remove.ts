import { getDb } from "../../core/db.ts";
import { removeUser } from "../../core/user/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("users/remove", {
  summary: "Delete an account",
  description:
    "Yourself, or anyone as admin. The account's recipes and their pictures go with it; stores and " +
    "ingredients it created stay, with `user_id` null. The last admin cannot be deleted (409). " +
    "Its tokens stop working at once.",
  response: { status: 204, description: "The account was deleted." },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ params, caller }) => {
    await removeUser(getDb(), params.user_id, caller);
    return noContent();
  },
});
