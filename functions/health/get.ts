import * as z from "zod/mini";
import { checkHealth } from "../../core/health.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

const Part = z.enum(["ok", "unavailable"]);
export const HealthRead = z.object({ status: Part, database: Part, storage: Part, version: z.string() });

export const handler = endpoint("health/get", {
  summary: "Service health",
  description: "Checks the database and the object storage. 503 names the part that is down.",
  response: { status: 200, schema: HealthRead, description: "Every part is reachable." },
  also: [{ status: 503, schema: HealthRead, description: "A part is down: the report names it." }],
  handle: async () => {
    const health = await checkHealth();
    return health.status === "ok" ? ok(health) : { status: 503, body: health };
  },
});
