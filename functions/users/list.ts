import { getDb } from "../../core/db.ts";
import { PageQuery } from "../../core/pagination.ts";
import { UserPage } from "../../core/user/schemas.ts";
import { listUsers } from "../../core/user/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("users/list", {
  summary: "List accounts",
  description: "Every account in id order, with email and role; keyset pagination with `limit` and `cursor`.",
  query: PageQuery,
  response: { status: 200, schema: UserPage, description: "One page of accounts." },
  handle: async ({ query, caller }) => ok(await listUsers(getDb(), query, caller)),
});
