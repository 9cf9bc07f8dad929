/**
 * What a route's handler file declares and answers, as types: its definition (summary, schemas,
 * statuses, errors), the request its `handle` gets and the replies it may give, each body exactly its
 * status's schema. The pipeline that runs a definition is functions/lib/endpoint.ts; the API reference
 * (functions/lib/openapi.ts) reads definitions through these types without importing Middy.
 */
import type * as z from "zod/mini";
import type { Caller } from "../../core/auth/caller.ts";
import type { ErrorKind } from "../../core/errors.ts";
import type { Access } from "./route-types.ts";

/** The size limit of a body, for a definition that sets no `maxBodyBytes`. */
export const JSON_BODY_LIMIT = 1_048_576;

/** How a route reads its body: JSON, the auth form (urlencoded or JSON), raw bytes, or none. */
export type BodyKind = "none" | "json" | "form-or-json" | "raw";

/** A success the route documents: its status, the schema of its body (none for 204), and what it means. */
export type Success = {
  /** 304: Not Modified, for a route that answers `ETag`s (no body, like 204). */
  status: 200 | 201 | 204 | 304 | 503;
  schema?: z.ZodMiniType;
  description: string;
  /** The body's media type when it is not JSON: a string body is then sent as it is (the docs page's HTML). */
  mediaType?: string;
  /** Other media types the same status can be answered in (content negotiation), with what they hold. */
  alternatives?: Readonly<Record<string, string>>;
};

/** The answer a handler gives for one documented status: its body is checked against that status's schema. */
export type Reply<S extends Success = Success> = S extends { status: infer Status; schema: infer Z }
  ?
      | {
          status: Status;
          body: Z extends z.ZodMiniType ? z.output<Z> : never;
          headers?: Record<string, string>;
        }
      | (S["alternatives"] extends Readonly<Record<string, string>>
          ? {
              status: Status;
              body: unknown;
              mediaType: keyof S["alternatives"] & string;
              headers?: Record<string, string>;
            }
          : never)
  : { status: S["status"]; body?: undefined; headers?: Record<string, string> };

/**
 * `Actual` with every field `Expected` does not have turned into `never`, at any depth: a reply whose
 * body carries a field its schema lacks (a row's `password_hash`) is then not assignable and fails to
 * compile, where TypeScript alone lets an object carry extra fields.
 */
export type Exactly<Actual, Expected> = unknown extends Expected
  ? Actual // a schema that says nothing of its shape (z.unknown())
  : Actual extends readonly (infer A)[]
    ? NonNullable<Expected> extends readonly (infer E)[]
      ? readonly Exactly<A, E>[]
      : Actual
    : Actual extends Date
      ? Actual
      : Actual extends object
        ? NonNullable<Expected> extends object
          ? {
              [K in keyof Actual]: K extends keyof NonNullable<Expected>
                ? Exactly<Actual[K], NonNullable<Expected>[K]>
                : never;
            }
          : Actual
        : Actual;

/** A handler's replies, each JSON body exactly its status's schema (see Exactly). */
export type ExactReply<R, S extends Success> = R extends { mediaType: string }
  ? R // another media type (JSON-LD): its body is the route's own business
  : R extends { status: infer Status; body: infer Body }
    ? Omit<R, "body"> & {
        body: Exactly<Body, Exclude<Extract<Reply<S>, { status: Status }>, { mediaType: string }>["body"]>;
      }
    : R;

/** The caller a route's handler sees: always someone on user and admin routes. */
export type CallerFor<A extends Access> = A extends "public" ? Caller | null : Caller;

export type EndpointRequest<P extends string, Q, B, C extends Caller | null = Caller | null> = {
  /** Path parameters, every one an id already checked to be a positive integer. */
  params: Record<P, number>;
  query: Q;
  body: B;
  /** Raw bytes of the body, for `bodyKind: "raw"`. */
  rawBody: Buffer;
  contentType: string | undefined;
  /** The Accept header, for routes that answer in more than one media type. */
  accept: string | undefined;
  caller: C;
  /** The client's address as API Gateway (or the local server) saw it: what throttles count by. */
  clientAddress: string;
  /** The User-Agent header: what a new session remembers, so a person can tell their devices apart. */
  userAgent: string | undefined;
  /** Any request header by name, any case (`If-None-Match` for a route that answers 304). */
  header: (name: string) => string | undefined;
};

/** A body the pipeline passes through as bytes: what the API reference says it may be. */
export type RawBody = {
  mediaTypes: readonly string[];
  description: string;
  /** The `multipart/form-data` field that may carry the bytes instead. */
  formField?: string;
  /** A JSON body the handler also reads from the bytes (a picture named by URL), for the reference. */
  json?: z.ZodMiniType;
};

export type EndpointDefinition<
  P extends string,
  Q,
  B,
  C extends Caller | null,
  S extends Success,
  R extends Reply<S> = Reply<S>,
> = {
  summary: string;
  /** Longer description for the API reference. */
  description?: string;
  query?: z.ZodMiniType<Q>;
  body?: z.ZodMiniType<B>;
  /** Bytes instead of JSON: the pipeline checks only the size, the handler reads `rawBody`. */
  raw?: RawBody;
  /** The urlencoded login form as well as JSON (the OAuth2 password flow). */
  form?: true;
  maxBodyBytes?: number;
  /** The success answer, for the API reference and the type of the reply. */
  response: S;
  /** Other answers the handler gives itself with a body of their own (a 200 beside a 201, a 503 with a report). */
  also?: readonly S[];
  /** The errors the handler (its services) may answer, beyond those the pipeline answers itself. */
  errors?: readonly ErrorKind[];
  /** Its replies are typed exactly: a body with a field its schema lacks does not compile. */
  handle: (request: EndpointRequest<P, Q, B, C>) => Promise<R & ExactReply<R, S>>;
};

/** How a definition's body is read. */
export const bodyKindOf = (definition: { body?: unknown; raw?: RawBody; form?: true }): BodyKind =>
  definition.raw ? "raw" : definition.form ? "form-or-json" : definition.body ? "json" : "none";

// biome-ignore lint/suspicious/noExplicitAny: the API reference reads definitions of every shape
export type AnyDefinition = EndpointDefinition<string, any, any, any, Success>;
