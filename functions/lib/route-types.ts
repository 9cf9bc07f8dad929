/**
 * The shape of one line of the route table. Plain data: the stack reads the table to create the
 * functions, their permissions and the API Gateway routes, so nothing here imports a handler.
 */
/**
 * Who may call a route: anyone; any signed-in account (a session's token or an API token); `account`:
 * a signed-in person changing their own account (e-mail, password, sessions, tokens, deleting it),
 * which no API token may do; admins only.
 */
export type Access = "public" | "user" | "account" | "admin";
export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * What a route's function may do in the bucket. Each grant is a fixed list of S3 actions
 * (`STORAGE_ACTIONS`): the stack gives the function exactly those, and outside AWS the storage
 * client refuses any other (core/storage.ts), so a route that needs more fails its tests the way
 * it would fail in AWS.
 */
export type StorageGrant = "check" | "delete" | "pictures" | "archives";

export const STORAGE_ACTIONS: Record<StorageGrant, readonly string[]> = {
  /** The health check: is the bucket there? */
  check: ["s3:ListBucket"],
  /** Row deletes: the row's picture objects go with it (and the cleanup outbox is retried). */
  delete: ["s3:DeleteObject"],
  /** Picture uploads and removals. */
  pictures: ["s3:ListBucket", "s3:PutObject", "s3:DeleteObject"],
  /** Exports and imports: archives and the pictures they carry, written, read back, signed, deleted. */
  archives: ["s3:ListBucket", "s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload"],
};

/**
 * What a route needs from the cloud beyond every route's share: each function reads the database
 * and holds the JWT secret (a sent token is checked, and the caller read, on every route).
 */
export type Needs = {
  storage?: StorageGrant;
  /** Decodes images with sharp: the native module is installed beside the bundle, 1024 MB. */
  sharp?: true;
  /** Streams archives: API Gateway's longest timeout (30 s) and 1024 MB for the zip streams. */
  long?: true;
  /**
   * Fetches public web pages (a recipe import, a picture by URL). With the Aurora database the
   * functions sit in a VPC, and only these get a route out through a NAT gateway.
   */
  internet?: true;
  /**
   * Parses web pages or ingredient lines (an HTML parser, the line parser, the food table): its
   * bundle may be 500 KB instead of 300 (`npm run bundle-size`).
   */
  parses?: true;
  /**
   * May e-mail through SMTP_URL (a password-reset link): nodemailer (about 240 KB minified) is
   * installed beside the bundle and loaded on first use (core/mail.ts). Reaching the SMTP server
   * takes `internet` too.
   */
  mail?: true;
  /** Files the handler reads at run time (some written by `npm run openapi`), copied beside its bundle. */
  files?: readonly string[];
  /**
   * Changes shopping lists (a list route, or an ingredient merge joining items), so tells the lists'
   * live subscribers (core/live/fan-out.ts): on AWS it
   * may post to the live API's connections (`execute-api:ManageConnections` on that API alone) and
   * carries the API Gateway Management API client.
   */
  live?: true;
  /**
   * Talks to the OpenID Connect provider (core/oidc): carries openid-client installed beside its
   * bundle (stacks/bundle.ts EXTERNAL), imported only when a sign-in or the provider list needs it.
   */
  oidc?: true;
};

/** A route as written in the table: `"GET /recipes/{recipe_id}"`, who may call it, what it needs. */
export type RouteLine = {
  method: Method;
  /** Below /api/v1, no trailing slash, parameters as `{name}` (API Gateway syntax). */
  path: string;
  access: Access;
  needs: Needs;
};

export type Route = RouteLine & {
  /** Handler file below functions/, without extension; it exports `handler`. Also the table's key. */
  handler: string;
};

type PathOf<S> = S extends `${Method} ${infer P}` ? P : never;
type MethodOf<S> = S extends `${infer M extends Method} ${string}` ? M : never;

/** One line of the table: `line("GET /recipes/{recipe_id}", "public")`. */
export function line<const S extends `${Method} /${string}`, const A extends Access>(
  route: S,
  access: A,
  needs: Needs = {},
): { method: MethodOf<S>; path: PathOf<S>; access: A; needs: Needs } {
  const [method, path] = route.split(" ") as [MethodOf<S>, PathOf<S>];
  return { method, path, access, needs };
}

/** The names of a path's parameters: `"/stores/{store_id}/shelves/{shelf_id}"` → `"store_id" | "shelf_id"`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

export const pathParams = (path: string): string[] =>
  [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] ?? "");

export const API_PREFIX = "/api/v1";

/** The API Gateway route key, e.g. `GET /api/v1/recipes/{recipe_id}`. */
export const routeKey = (route: Pick<Route, "method" | "path">): string =>
  `${route.method} ${API_PREFIX}${route.path}`;
