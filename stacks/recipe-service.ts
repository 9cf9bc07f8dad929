/**
 * The whole service on AWS, one room per concern: the picture bucket behind CloudFront
 * (pictures.ts), the database (database.ts, or an SST secret), one Lambda per route of the route
 * table with the migration step that runs on every deploy before them (functions.ts), the HTTP API
 * (here), the live API (live.ts) and the web app's static site (site.ts).
 *
 * Two CloudFormation stacks, because one holds at most 500 resources and a route takes six (its
 * function, the function's secret prefetcher and its policy, the API route, its integration and the
 * permission to call the function): `RecipeService` holds everything but the routes of a
 * household's shopping and cooking (`inListsStack`), which `Lists` adds to the same HTTP API.
 * `Lists` only uses what `RecipeService` made, so it is deployed after it.
 */
import { existsSync } from "node:fs";
import type { Stack } from "aws-cdk-lib";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Api, Config, type Function as SstFunction, type StackContext, use } from "sst/constructs";
import { API_PREFIX, type Route, routeKey, routes } from "../functions/routes.ts";
import { auroraDatabase } from "./database.ts";
import { type Integrations, serviceFunctions } from "./functions.ts";
import { liveApi, reachLiveApi } from "./live.ts";
import { pictureStorage } from "./pictures.ts";
import { webSite } from "./site.ts";

export { ARCHIVE_KEY_PREFIXES } from "./pictures.ts";

export type DatabaseMode = "secret" | "aurora";

export type RecipeServiceOptions = {
  /** "secret": DATABASE_URL is an SST secret (any PostgreSQL); "aurora": the stack creates one. */
  database: DatabaseMode;
  /**
   * The frontend's origin, allowed by CORS and used in links; unset → the web app's own site
   * (the StaticSite below), so a deploy needs no FRONTEND_URL unless the app has a domain of its own.
   */
  frontendUrl?: string;
  /**
   * Password-reset links are also e-mailed (`RECIPES_MAIL=on` in the environment of `sst deploy`):
   * through the SMTP server of the SMTP_URL secret (it holds the server's password), from SMTP_FROM.
   */
  mail?: { from?: string };
  /**
   * Sign-in with an OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_NAME in the
   * environment of `sst deploy`; the client's secret is the OIDC_CLIENT_SECRET secret).
   */
  oidc?: { issuer: string; clientId: string; name?: string };
};

/** Stages whose data outlives `sst remove`: the bucket and the database are kept. */
export const PRODUCTION_STAGES = ["prod", "production"];

/** Same default as core/config.ts: the frontend when the stack does not deploy the site itself. */
const DEFAULT_FRONTEND_URL = "http://localhost:8000";

/** Reads the deploy-time options from the environment of `sst deploy` (see README, Deploy to AWS). */
export function optionsFromEnv(
  // Every stage is deployed the same way now that the site is the default origin; kept for callers.
  _app: { stage: string; mode: string },
  env: NodeJS.ProcessEnv = process.env,
): RecipeServiceOptions {
  const database = env.RECIPES_DATABASE ?? "secret";
  if (database !== "secret" && database !== "aurora") {
    throw new Error(`RECIPES_DATABASE must be 'secret' or 'aurora', not '${database}'.`);
  }
  const frontendUrl = env.FRONTEND_URL?.replace(/\/+$/, "");
  if (env.RECIPES_MAIL !== undefined && env.RECIPES_MAIL !== "on") {
    throw new Error(`RECIPES_MAIL must be 'on' or unset, not '${env.RECIPES_MAIL}'.`);
  }
  if (Boolean(env.OIDC_ISSUER) !== Boolean(env.OIDC_CLIENT_ID)) {
    throw new Error("OIDC_ISSUER and OIDC_CLIENT_ID are set together.");
  }
  return {
    database,
    ...(frontendUrl ? { frontendUrl } : {}),
    ...(env.RECIPES_MAIL === "on" ? { mail: env.SMTP_FROM ? { from: env.SMTP_FROM } : {} } : {}),
    ...(env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          oidc: {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            ...(env.OIDC_NAME ? { name: env.OIDC_NAME } : {}),
          },
        }
      : {}),
  };
}

/**
 * The optional integrations a deploy turns on, each for the functions whose route line needs it:
 * its settings in their environment, its secret bound to them alone (set with `npx sst secrets set`).
 */
function integrations(stack: Stack, options: RecipeServiceOptions): Integrations {
  const { mail, oidc } = options;
  return {
    ...(mail && {
      mail: {
        environment: mail.from ? { SMTP_FROM: mail.from } : {},
        secrets: [new Config.Secret(stack, "SMTP_URL")],
      },
    }),
    ...(oidc && {
      oidc: {
        environment: {
          OIDC_ISSUER: oidc.issuer,
          OIDC_CLIENT_ID: oidc.clientId,
          ...(oidc.name ? { OIDC_NAME: oidc.name } : {}),
        },
        secrets: [new Config.Secret(stack, "OIDC_CLIENT_SECRET")],
      },
    }),
  };
}

/**
 * The routes the `Lists` stack holds: a household's shopping and cooking (shopping lists, stores and
 * their shelves, the meal plan, what was cooked, households).
 */
export const inListsStack = (route: Route): boolean =>
  /^(shopping-lists|stores|shelves|meal-plan|cooked|households)\//.test(route.handler);

/**
 * The stacks, configured, in the order they are added; `sst.config.ts` passes `optionsFromEnv()`,
 * the tests pass both database modes.
 */
export function recipeService(options: RecipeServiceOptions) {
  function RecipeService({ stack, app }: StackContext) {
    const production = PRODUCTION_STAGES.includes(app.stage);
    const missing = routes.flatMap((route) => route.needs.files ?? []).filter((file) => !existsSync(file));
    if (missing.length && app.mode === "deploy")
      throw new Error(`${missing.join(", ")} missing: run \`npm run openapi\` before deploying.`);

    const { bucket, cdn, publicStorageUrl } = pictureStorage(stack, app, production);
    const database =
      options.database === "aurora" ? auroraDatabase(stack, production) : { environment: {}, network: {} };
    const { routeFunction, liveFunctions, liveRoles, notFound, migrateFunction, migrate } = serviceFunctions(
      stack,
      app,
      {
        production,
        bucket,
        environment: {
          NODE_ENV: "production",
          LOG_LEVEL: "info",
          S3_BUCKET: bucket.bucketName,
          S3_REGION: stack.region,
          PUBLIC_STORAGE_URL: publicStorageUrl,
          // FRONTEND_URL: added below, once the site (and so its address) exists.
          APP_VERSION: process.env.npm_package_version ?? "1.0.0",
        },
        databaseEnvironment: database.environment,
        integrations: integrations(stack, options),
        network: database.network,
        // Values set with `npx sst secrets set NAME value --stage <stage>`.
        secrets: {
          JWT_SECRET: new Config.Secret(stack, "JWT_SECRET"),
          DATABASE_URL: options.database === "secret" ? new Config.Secret(stack, "DATABASE_URL") : undefined,
        },
      },
    );

    // --- The API -----------------------------------------------------------------------------------
    const routeFunctions = new Map<Route, SstFunction>(
      routes.filter((route) => !inListsStack(route)).map((route) => [route, routeFunction(stack, route)]),
    );
    const apiRoutes: Record<string, SstFunction> = { $default: notFound };
    // No `/`-suffixed twins: API Gateway (and CDK) refuse route paths that end with a slash.
    for (const [route, fn] of routeFunctions) apiRoutes[routeKey(route)] = fn;
    const api = new Api(stack, "Api", {
      routes: apiRoutes,
      // No API Gateway CORS: the handlers send the CORS headers for FRONTEND_URL themselves (the same
      // code as the local server) and the $default function answers preflights. An API-level CORS
      // setting naming the site would make a cycle: the site is built with the API's address.
      cors: false,
      accessLog: { retention: "one_month" },
      defaults: { throttle: { burst: 200, rate: 100 } },
    });

    // --- The live API: list changes as they happen ---------------------------------------------------
    const live = liveApi(stack, { liveFunctions, liveRoles });
    for (const [route, fn] of routeFunctions) reachLiveApi(route, fn, live);

    // --- The web app, and what it and the API learn of each other ---------------------------------
    const site = webSite(stack, app, api.url, live.url);
    // The API's CORS origin and links: the configured frontend, else this site's address.
    const frontendUrl = options.frontendUrl ?? site.url ?? DEFAULT_FRONTEND_URL;
    for (const fn of [...routeFunctions.values(), ...liveFunctions.values(), notFound, migrateFunction]) {
      fn.addEnvironment("FRONTEND_URL", frontendUrl);
    }
    // The app uploads an archive to import, and downloads an export, straight from the bucket through
    // the signed links the archive routes give: the browser needs CORS for that origin.
    bucket.addCorsRule({
      allowedOrigins: [frontendUrl],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.PUT],
      allowedHeaders: ["*"],
      exposedHeaders: ["ETag"],
      maxAge: 600,
    });

    stack.addOutputs({
      SiteUrl: site.url ?? frontendUrl,
      ApiUrl: `${api.url}${API_PREFIX}`,
      LiveUrl: live.url,
      PublicStorageUrl: publicStorageUrl,
      Bucket: bucket.bucketName,
      Database: options.database,
    });
    return { api, live, bucket, cdn, migrate, site, routeFunction, frontendUrl };
  }

  /** The routes of shopping lists, the meal plan and households, on RecipeService's HTTP API. */
  function Lists({ stack }: StackContext) {
    const main = use(RecipeService);
    const apiRoutes: Record<string, SstFunction> = {};
    for (const route of routes.filter(inListsStack)) {
      const fn = main.routeFunction(stack, route);
      fn.addEnvironment("FRONTEND_URL", main.frontendUrl);
      reachLiveApi(route, fn, main.live);
      apiRoutes[routeKey(route)] = fn;
    }
    main.api.addRoutes(stack, apiRoutes);
  }

  return [RecipeService, Lists] as const;
}
