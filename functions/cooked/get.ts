import { CookedRead } from "../../core/cooked/schemas.ts";
import { getCooked } from "../../core/cooked/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("cooked/get", {
  summary: "Read an entry of the log",
  description: "Its maker, the members of the household it is shared with, or an admin.",
  response: { status: 200, schema: CookedRead, description: "The entry." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => ok(await getCooked(getDb(), params.cooked_id, caller)),
});
