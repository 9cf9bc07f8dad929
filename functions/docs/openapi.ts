/**
 * `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the API.
 *
 * In AWS this Lambda serves the document `npm run openapi` wrote to .build/openapi.json before the
 * deploy; esbuild inlines that file into the bundle, so the generator (which imports every handler,
 * sharp included) stays out of it. Everywhere else (local server, tests) the document is generated
 * live from the current code, so it is never stale.
 */
import * as z from "zod/mini";
import { config } from "../../core/config.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const OpenApiDocument = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .register(z.globalRegistry, { description: "An OpenAPI 3.1 document." });

let document: Promise<z.output<typeof OpenApiDocument>> | undefined;

/** The document this process serves: the build's in AWS, the live one elsewhere. */
export function apiDocument(): Promise<z.output<typeof OpenApiDocument>> {
  document ??= config.inLambda ? builtDocument() : liveDocument();
  return document;
}

async function builtDocument(): Promise<z.output<typeof OpenApiDocument>> {
  // Written by `npm run openapi`, absent until then (the deploy runs that script first): the directive
  // must hold both with and without the file, which @ts-expect-error cannot.
  // biome-ignore lint/suspicious/noTsIgnore: see above
  // @ts-ignore
  const built = await import("../../.build/openapi.json", { with: { type: "json" } });
  return built.default;
}

async function liveDocument(): Promise<z.output<typeof OpenApiDocument>> {
  // A computed specifier, so that esbuild leaves the generator out of this Lambda's bundle.
  const generator = new URL("../lib/openapi.ts", import.meta.url).href;
  const { generateOpenApiDocument } = (await import(/* @vite-ignore */ generator)) as {
    generateOpenApiDocument: () => Promise<z.output<typeof OpenApiDocument>>;
  };
  return generateOpenApiDocument();
}

export const handler = endpoint("docs/openapi", {
  summary: "API reference (OpenAPI 3.1)",
  description:
    "This document: every route with its access, parameters, bodies and responses. Feed it to a client " +
    "generator, or read it at `/api/v1/docs`.",
  response: { status: 200, schema: OpenApiDocument, description: "The OpenAPI 3.1 document." },
  handle: async () => ok(await apiDocument()),
});
