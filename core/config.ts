/**
 * The service's configuration, read from the environment once per process and validated.
 * Every other module imports `config` from here; nothing else reads `process.env`.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
// zod/mini, like every schema in core/ and functions/: the same checks as the classic `z` at a
// fraction of the bundle size and of the cost of building schemas at cold start; the messages are
// the service's own (issue-messages.ts, installed on import).
import "./issue-messages.ts";
import { SR28_OFFICIAL_URL } from "./nutrition/official.ts";
import { randomS3Credentials, type S3Credentials } from "./storage-credentials.ts";

const optionalUrl = z.pipe(
  z.transform((v) => (v === "" ? undefined : v)),
  z.optional(z.url("Must be a URL.")),
);
const optionalText = z.pipe(
  z.transform((v) => (v === "" ? undefined : v)),
  z.optional(z.string()),
);
const integer = (min: number, max: number) => z.coerce.number().check(z.int(), z.gte(min), z.lte(max));

const Env = z.object({
  NODE_ENV: z._default(z.enum(["development", "production", "test"]), "development"),
  PORT: z._default(integer(1, 65535), 7000),
  /** The address the local servers (API, web app, embedded S3) listen on: loopback unless set. */
  HOST: z._default(z.string().check(z.minLength(1)), "127.0.0.1"),
  /**
   * The reverse proxies in front of the local servers, whose X-Forwarded-For names the client: a hop
   * count or their addresses (core/net/client-address.ts). Unset: the socket's address is the client.
   */
  TRUST_PROXY: optionalText,
  /**
   * Host names, besides localhost and loopback addresses, that servers listening on loopback answer
   * to (comma-separated): the name a proxy on this machine forwards with. Any other is 421.
   */
  ALLOWED_HOSTS: optionalText,
  /** PostgreSQL connection string; unset → embedded PGlite. */
  DATABASE_URL: optionalUrl,
  /** Where PGlite keeps its files when DATABASE_URL is unset; `memory://` keeps nothing. */
  PGLITE_DATA_DIR: z._default(z.string(), ".data/pglite"),
  /** A dumped, already migrated PGlite data directory (tar.gz) to start from; tests use it to skip migrating per file. */
  PGLITE_SNAPSHOT: z.optional(z.string()),
  /** Connections per process; a Lambda instance serves one request at a time, so it needs one. */
  DB_POOL_MAX: z.optional(integer(1, 100)),
  /** How long a request waits for a PostgreSQL connection (pool full, server down or frozen) before 503. */
  DB_CONNECT_TIMEOUT_MS: z._default(integer(100, 60_000), 3000),
  /** PostgreSQL's statement_timeout; a statement that has had no answer 2 s after it also ends its connection (503). */
  DB_STATEMENT_TIMEOUT_MS: z._default(integer(100, 120_000), 10_000),
  JWT_SECRET: z.optional(z.string()),
  /** Private S3 endpoint for writes; unset in development → the embedded S3 server; unset on AWS → S3 itself. */
  STORAGE_URL: optionalUrl,
  /** Public address of the bucket's objects, as clients see them. */
  PUBLIC_STORAGE_URL: optionalUrl,
  /**
   * The S3 endpoint as browsers reach it, for the signed links of exports and archive uploads, when
   * that is not STORAGE_URL (compose: `http://minio:9000` inside, `http://localhost:9000` outside).
   */
  STORAGE_LINK_URL: optionalUrl,
  S3_BUCKET: z._default(z.string().check(z.minLength(3)), "recipes"),
  S3_REGION: z._default(z.string(), "us-east-1"),
  S3_ACCESS_KEY_ID: z.optional(z.string()),
  S3_SECRET_ACCESS_KEY: z.optional(z.string()),
  FRONTEND_URL: z._default(z.url(), "http://localhost:8000"),
  /**
   * Sign-ups one client address may make in an hour (core/auth/throttle.ts). A household behind one
   * router signs up a few; the end-to-end suite, all from 127.0.0.1, signs up dozens.
   */
  SIGNUPS_PER_HOUR: z._default(integer(1, 100_000), 20),
  /** bcrypt cost; tests may lower it, production never goes below 10. */
  BCRYPT_COST: z._default(integer(4, 15), 10),
  DEV_USER_PASSWORD: z._default(z.string().check(z.minLength(12)), "dev-user-password"),
  DEV_ADMIN_PASSWORD: z._default(z.string().check(z.minLength(12)), "dev-admin-password"),
  /** Directory for development state (PGlite files, the generated JWT secret, embedded S3 objects). */
  DATA_DIR: z._default(z.string(), ".data"),
  LOG_LEVEL: z._default(z.enum(["silent", "info"]), "info"),
  /** `true` lets the import fetch loopback and private addresses: tests and private networks only. */
  IMPORT_ALLOW_PRIVATE_HOSTS: z.optional(z.enum(["true", "false"])),
  /**
   * The live API's connection management endpoint on AWS (`https://<id>.execute-api.<region>.amazonaws.com/<stage>`),
   * set by the stack on the functions that post to live connections; unset elsewhere.
   */
  LIVE_CONNECTIONS_URL: optionalUrl,
  /**
   * An OpenID Connect provider people may sign in with (CONTRACT.md: Signing in with another
   * account): its issuer URL, this service's client at it, and the name the log-in page shows.
   */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  /** `smtp://user:password@host:587` or `smtps://…`: password-reset links are also e-mailed. */
  SMTP_URL: optionalUrl,
  /** The From address of those e-mails; default `Recipes <no-reply@FRONTEND_URL's host>`. */
  SMTP_FROM: optionalText,
  /**
   * USDA's SR28 table of foods (core/nutrition): a path, or an https address to download and check
   * against its pinned SHA-256; imported at start while the foods table is empty. Unset: USDA's
   * official download in production, nothing in development and tests.
   */
  NUTRITION_TABLE: optionalText,
  /** The SHA-256 (hex) NUTRITION_TABLE's file must have, pinning a download core/nutrition/official.ts does not. */
  NUTRITION_TABLE_SHA256: z.pipe(
    z.transform((v) => (v === "" ? undefined : v)),
    z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, "Must be a SHA-256 in hex (64 characters)."))),
  ),
  AWS_LAMBDA_FUNCTION_NAME: z.optional(z.string()),
  APP_VERSION: z._default(z.string(), "1.0.0"),
});

export class ConfigError extends Error {}

function fail(message: string): never {
  throw new ConfigError(`Configuration error: ${message}`);
}

/**
 * A development secret kept in a file of DATA_DIR (readable by its owner only): read when it is
 * there and `usable`, else made once and written, so it survives a restart.
 */
function keptInDataDir(dataDir: string, name: string, usable: (text: string) => boolean, make: () => string) {
  const file = join(dataDir, name);
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (usable(kept)) return kept;
  } catch {
    // not created yet
  }
  const value = make();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** In development a random JWT secret is generated once and kept, so tokens survive a restart. */
const developmentSecret = (dataDir: string): string =>
  keptInDataDir(
    dataDir,
    "jwt-secret",
    (text) => text.length >= 32,
    () => randomBytes(48).toString("base64url"),
  );

/** A kept file of credentials: both keys are strings. */
function isCredentials(text: string): boolean {
  try {
    const kept = JSON.parse(text);
    return typeof kept.accessKeyId === "string" && typeof kept.secretAccessKey === "string";
  } catch {
    return false;
  }
}

/**
 * The embedded S3 server's access key, generated once and kept beside the JWT secret: the service
 * signs with it, and nobody without it may list, write or delete (scripts/lib/embedded-s3.ts).
 */
const developmentS3Credentials = (dataDir: string): S3Credentials =>
  JSON.parse(
    keptInDataDir(dataDir, "s3-credentials.json", isCredentials, () => JSON.stringify(randomS3Credentials())),
  );

/** Validates an environment into the service's settings; exported for tests, use `config` elsewhere. */
export function loadConfig(env: NodeJS.ProcessEnv) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`${String(issue?.path[0] ?? "environment")} is invalid: ${issue?.message ?? "unknown problem."}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";

  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret || jwtSecret.length < 32) {
    if (production) fail("JWT_SECRET must be set to at least 32 characters in production.");
    if (jwtSecret) fail("JWT_SECRET must be at least 32 characters long.");
    jwtSecret = e.NODE_ENV === "test" ? randomBytes(48).toString("base64url") : developmentSecret(e.DATA_DIR);
  }
  if (production && e.BCRYPT_COST < 10) fail("BCRYPT_COST must be at least 10 in production.");
  if (e.OIDC_ISSUER && !(e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET)) {
    fail("OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set with OIDC_ISSUER.");
  }

  const storageUrl = e.STORAGE_URL ?? (e.AWS_LAMBDA_FUNCTION_NAME ? undefined : "http://127.0.0.1:9000");
  const embeddedStorage = !e.STORAGE_URL && !e.AWS_LAMBDA_FUNCTION_NAME;
  const publicStorageUrl = e.PUBLIC_STORAGE_URL ?? (storageUrl ? `${storageUrl}/${e.S3_BUCKET}` : undefined);
  if (!publicStorageUrl) fail("PUBLIC_STORAGE_URL must be set when STORAGE_URL is not.");

  return {
    env: e.NODE_ENV,
    production,
    /** Running as an AWS Lambda function (its runtime sets AWS_LAMBDA_FUNCTION_NAME). */
    inLambda: e.AWS_LAMBDA_FUNCTION_NAME !== undefined,
    port: e.PORT,
    host: e.HOST,
    /**
     * TRUST_PROXY as set: the local servers read it (scripts/lib/http-server.ts, core/net/client-address.ts),
     * which no Lambda carries; on AWS the client is API Gateway's sourceIp.
     */
    trustProxy: e.TRUST_PROXY,
    /** Names besides localhost that loopback servers answer to, lower case (scripts/lib/host-check.ts). */
    allowedHosts: (e.ALLOWED_HOSTS ?? "")
      .split(",")
      // As a Host header names it: lower case, without a port or a final dot.
      .map((name) => name.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, ""))
      .filter(Boolean),
    databaseUrl: e.DATABASE_URL,
    pgliteDataDir: e.PGLITE_DATA_DIR,
    pgliteSnapshot: e.PGLITE_SNAPSHOT,
    dbPoolMax: e.DB_POOL_MAX ?? (e.AWS_LAMBDA_FUNCTION_NAME ? 1 : 10),
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    jwtSecret,
    storage: {
      /** undefined → the SDK's own AWS endpoint (in Lambda). */
      url: storageUrl,
      /** The endpoint signed links name (browsers use them): STORAGE_LINK_URL, else `url`. */
      linkUrl: e.STORAGE_LINK_URL ?? storageUrl,
      /** True when nothing was configured and the embedded S3 server should serve `url`. */
      embedded: embeddedStorage,
      publicUrl: publicStorageUrl.replace(/\/+$/, ""),
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : !embeddedStorage
            ? undefined
            : e.NODE_ENV === "test"
              ? randomS3Credentials()
              : developmentS3Credentials(e.DATA_DIR),
    },
    frontendUrl: e.FRONTEND_URL.replace(/\/+$/, ""),
    /** The OpenID Connect provider, when one is configured (core/oidc). */
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID ?? "",
          clientSecret: e.OIDC_CLIENT_SECRET ?? "",
          name: e.OIDC_NAME ?? new URL(e.OIDC_ISSUER).hostname,
        }
      : undefined,
    /** Where password-reset links are e-mailed from (core/mail.ts); no URL, no e-mail. */
    smtp: {
      url: e.SMTP_URL,
      from: e.SMTP_FROM ?? `Recipes <no-reply@${new URL(e.FRONTEND_URL).hostname}>`,
    },
    bcryptCost: e.BCRYPT_COST,
    signupsPerHour: e.SIGNUPS_PER_HOUR,
    devAccounts: { userPassword: e.DEV_USER_PASSWORD, adminPassword: e.DEV_ADMIN_PASSWORD },
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    // On a laptop (`npm run dev`) a page served on this machine imports; anywhere else only public
    // addresses do, unless the operator says otherwise.
    importAllowPrivateHosts:
      (e.IMPORT_ALLOW_PRIVATE_HOSTS ?? String(e.NODE_ENV === "development")) === "true",
    version: e.APP_VERSION,
    /** The foods table's source, imported at start while the table is empty (core/nutrition/import.ts). */
    nutritionTable: {
      source: e.NUTRITION_TABLE ?? (production ? SR28_OFFICIAL_URL : undefined),
      sha256: e.NUTRITION_TABLE_SHA256?.toLowerCase(),
    },
    /** Where a Lambda posts to the live API's connections (core/live/aws-connections.ts). */
    liveConnectionsUrl: e.LIVE_CONNECTIONS_URL,
  } as const;
}

export type Config = ReturnType<typeof loadConfig>;

export const config: Config = loadConfig(process.env);
