/** CORS headers for the frontend's origin (FRONTEND_URL). API Gateway adds the same in the cloud. */
import { config } from "../../core/config.ts";
import type { HttpResponse } from "./problem.ts";

export const corsHeaders = (): Record<string, string> => ({
  "access-control-allow-origin": config.frontendUrl,
  "access-control-expose-headers": "Location, Retry-After",
  vary: "Origin",
});

export const corsPreflight = (allow: string[]): HttpResponse => ({
  statusCode: 204,
  headers: {
    ...corsHeaders(),
    "access-control-allow-methods": [...allow, "OPTIONS"].join(", "),
    "access-control-allow-headers": "Authorization, Content-Type",
    "access-control-max-age": "600",
  },
  body: "",
});
