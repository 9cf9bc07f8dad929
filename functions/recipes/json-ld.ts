/**
 * Content negotiation for `GET /recipes/<id>`: `Accept: application/ld+json` turns the recipe the
 * handler read into schema.org JSON-LD (core/recipe/json-ld.ts). A Middy `after` step, because the
 * endpoint's handlers see no request headers.
 */
import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { getDb } from "../../core/db.ts";
import { JSON_LD_MEDIA_TYPE, prefersJsonLd, recipeJsonLdOf } from "../../core/recipe/json-ld.ts";
import { RecipeRead } from "../../core/recipe/schemas.ts";
import type { HttpResponse } from "../lib/problem.ts";

const acceptOf = (event: APIGatewayProxyEventV2): string | undefined =>
  Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === "accept")?.[1];

export function jsonLdWhenAccepted(): MiddlewareObj<APIGatewayProxyEventV2, HttpResponse> {
  return {
    after: async ({ event, response }) => {
      if (response?.statusCode !== 200 || !prefersJsonLd(acceptOf(event))) return;
      const recipe = RecipeRead.parse(JSON.parse(response.body));
      response.body = JSON.stringify(await recipeJsonLdOf(getDb(), recipe));
      response.headers["content-type"] = JSON_LD_MEDIA_TYPE;
    },
  };
}
