import { ApiTokenList } from "../../core/api-token/schemas.ts";
import { listApiTokens } from "../../core/api-token/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("users/tokens", {
  summary: "My API tokens",
  description: "The caller's API tokens, newest first: their names, scopes and last use, never the tokens.",
  response: { status: 200, schema: ApiTokenList, description: "The tokens." },
  errors: [],
  handle: async ({ caller }) => ok(await listApiTokens(getDb(), caller)),
});
