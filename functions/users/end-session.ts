import { getDb } from "../../core/db.ts";
import { endSession } from "../../core/session/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("users/end-session", {
  summary: "Sign a device out",
  description:
    "Ends one of the caller's sessions (its refresh token and access tokens stop at once); another " +
    "user's session, or one that has ended, is 404.",
  response: { status: 204, description: "The session has ended." },
  errors: ["not_found"],
  handle: async ({ params, caller }) => {
    await endSession(getDb(), caller, params.session_id);
    return noContent();
  },
});
