import { getDb } from "../../core/db.ts";
import { logout } from "../../core/session/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("auth/logout", {
  summary: "Log out",
  description:
    "Ends the caller's session: its refresh token and every access token of it stop working at once.",
  response: { status: 204, description: "The session has ended." },
  errors: [],
  handle: async ({ caller }) => {
    await logout(getDb(), caller);
    return noContent();
  },
});
