import { getDb } from "../../core/db.ts";
import { UserPreferencesUpdate, UserRead } from "../../core/user/schemas.ts";
import { changePreferences } from "../../core/user/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("users/preferences", {
  summary: "Set one's language and measures",
  description:
    "For oneself: `language` (`en` `de` `fr` `es` `it` `nl` `pt` `sv` `da` `nb`, or null: the " +
    "browser's) and `units` (`as_written`, `metric` or `us`), which follow the person to every device; " +
    "a field left out stays as it is. Not with an API token (403).",
  body: UserPreferencesUpdate,
  response: { status: 200, schema: UserRead, description: "The account, with its preferences." },
  errors: ["invalid"],
  handle: async ({ body, caller }) => ok(await changePreferences(getDb(), body, caller)),
});
