import { requireCaller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { removeUser } from "../../core/user/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Delete an account",
  description:
    "Yourself, or anyone as admin. The account's recipes and their pictures go with it; stores and " +
    "ingredients it created stay, with `user_id` null. The last admin cannot be deleted (409). " +
    "Its tokens stop working at once.",
  params: ["user_id"],
  response: { status: 204, description: "The account was deleted." },
  errors: [403, 404, 409],
  handle: async ({ params, caller }) => {
    await removeUser(getDb(), params.user_id, requireCaller(caller));
    return noContent();
  },
});
