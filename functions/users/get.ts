import { getDb } from "../../core/db.ts";
import { UserRead } from "../../core/user/schemas.ts";
import { getUser } from "../../core/user/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("users/get", {
  summary: "One account",
  description:
    "The public profile `{id, username, img, preview_img, created_at}`; the account itself and admins " +
    "also get `email`, `role` and `updated_at`.",
  response: { status: 200, schema: UserRead, description: "The account." },
  errors: ["not_found"],
  handle: async ({ params, caller }) => ok(await getUser(getDb(), params.user_id, caller)),
});
