import { z } from "zod";
import { checkHealth } from "../../core/health.ts";
import { endpoint } from "../lib/endpoint.ts";

const Part = z.enum(["ok", "unavailable"]);
export const HealthRead = z.object({ status: Part, database: Part, storage: Part, version: z.string() });

export const handler = endpoint({
  summary: "Service health",
  description: "Checks the database and the object storage. 503 names the part that is down.",
  response: { status: 200, schema: HealthRead, description: "Every part is reachable." },
  errors: [503],
  handle: async () => {
    const health = await checkHealth();
    return { status: health.status === "ok" ? 200 : 503, body: health };
  },
});
