/**
 * The whole service on AWS: one HTTP API whose routes come from the route table, one Lambda per
 * route, the picture bucket behind CloudFront, the secrets, the database wiring and the migration
 * step that runs on every deploy before the routes change.
 */
import { existsSync } from "node:fs";
import { Annotations, Duration, Fn, RemovalPolicy, type SecretValue } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as ec2 from "aws-cdk-lib/aws-ec2";
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import * as rds from "aws-cdk-lib/aws-rds";
import * as s3 from "aws-cdk-lib/aws-s3";
import {
  Api,
  Bucket,
  Config,
  type FunctionProps,
  Script,
  Function as SstFunction,
  type StackContext,
  StaticSite,
} from "sst/constructs";
import { PICTURE_KEY_PREFIXES } from "../core/image/repository.ts";
import {
  API_PREFIX,
  type Needs,
  type Route,
  routeKey,
  routes,
  STORAGE_ACTIONS,
  type StorageGrant,
} from "../functions/routes.ts";
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from "../web/security-headers.ts";
import { handlerPath, installSharp, nodejsProps, RUNTIME } from "./bundle.ts";

export type DatabaseMode = "secret" | "aurora";

export type RecipeServiceOptions = {
  /** "secret": DATABASE_URL is an SST secret (any PostgreSQL); "aurora": the stack creates one. */
  database: DatabaseMode;
  /**
   * The frontend's origin, allowed by CORS and used in links; unset → the web app's own site
   * (the StaticSite below), so a deploy needs no FRONTEND_URL unless the app has a domain of its own.
   */
  frontendUrl?: string;
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
  return frontendUrl ? { database, frontendUrl } : { database };
}

/** `recipes/get` → `RecipesGet`: the construct id of a route's function. */
const functionId = (handler: string): string =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** Export archives and uploads for import: read only through their 15-minute signed links. */
export const ARCHIVE_KEY_PREFIXES = ["exports/", "imports/"];

// Generated database passwords end up inside a URL: leave out every character that needs escaping.
const URL_UNSAFE_CHARACTERS = " %+~`#$&*()|[]{}:;<>?!'/@\"\\=,^";

/** The stack, configured; `sst.config.ts` passes `optionsFromEnv()`, the tests pass both database modes. */
export function recipeService(options: RecipeServiceOptions) {
  return function RecipeService({ stack, app }: StackContext) {
    const production = PRODUCTION_STAGES.includes(app.stage);
    const missing = routes.flatMap((route) => route.needs.files ?? []).filter((file) => !existsSync(file));
    if (missing.length && app.mode === "deploy")
      throw new Error(`${missing.join(", ")} missing: run \`npm run openapi\` before deploying.`);

    // --- Secrets (values set with `npx sst secrets set NAME value --stage <stage>`) ---------------
    const JWT_SECRET = new Config.Secret(stack, "JWT_SECRET");
    const DATABASE_URL = options.database === "secret" ? new Config.Secret(stack, "DATABASE_URL") : undefined;

    // --- Pictures: a private bucket, read publicly only through CloudFront ------------------------
    const pictures = new Bucket(stack, "Pictures", {
      // SST's default CORS rule lets any origin use every method; the site's origin gets its own below.
      cors: false,
      cdk: {
        bucket: {
          blockPublicAccess: {
            blockPublicAcls: true,
            blockPublicPolicy: true,
            ignorePublicAcls: true,
            restrictPublicBuckets: true,
          },
          enforceSSL: true,
          removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
          autoDeleteObjects: !production,
          // Archives are written for one signed link (15 minutes): S3 removes them a day later, and
          // parts of uploads that never completed with them.
          lifecycleRules: ARCHIVE_KEY_PREFIXES.map((prefix) => ({
            prefix,
            expiration: Duration.days(1),
            abortIncompleteMultipartUploadAfter: Duration.days(1),
          })),
        },
      },
    });
    // Created here (not imported), so the construct is a full s3.Bucket.
    const bucket = pictures.cdk.bucket as s3.Bucket;
    // The CDN reads pictures only. CDK's origin access control would grant CloudFront every object
    // (`bucket/*`): an export would then stay public through the CDN, and cached there, long after its
    // signed link expired. So the origin gets a view of the bucket that CDK cannot write a policy for,
    // and the policy below grants the picture prefixes alone and denies the archives outright.
    const cdnOrigin = s3.Bucket.fromBucketAttributes(stack, "PicturesCdnOrigin", {
      bucketArn: bucket.bucketArn,
      bucketName: bucket.bucketName,
      bucketRegionalDomainName: bucket.bucketRegionalDomainName,
    });
    const cdn = new cloudfront.Distribution(stack, "PicturesCdn", {
      comment: `${app.name} ${app.stage} pictures`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(cdnOrigin),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      },
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    });
    Annotations.of(cdn).acknowledgeWarning(
      "@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac",
      "The pictures bucket's policy below grants this distribution the picture prefixes.",
    );
    const cloudFront = new ServicePrincipal("cloudfront.amazonaws.com");
    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: "CdnReadsPicturesOnly",
        effect: Effect.ALLOW,
        principals: [cloudFront],
        actions: ["s3:GetObject"],
        resources: PICTURE_KEY_PREFIXES.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
        conditions: { StringEquals: { "AWS:SourceArn": cdn.distributionArn } },
      }),
    );
    // Never, whatever a later statement or behaviour says: any CloudFront distribution is refused.
    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: "CdnNeverReadsArchives",
        effect: Effect.DENY,
        principals: [cloudFront],
        actions: ["s3:*"],
        resources: ARCHIVE_KEY_PREFIXES.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    const publicStorageUrl = `https://${cdn.distributionDomainName}`;

    // --- Database ----------------------------------------------------------------------------------
    let databaseEnv: Record<string, string> = {};
    let network: Pick<FunctionProps, "vpc" | "vpcSubnets" | "securityGroups"> = {};
    if (options.database === "aurora") {
      // The functions reach S3 through a gateway endpoint. Routes whose line needs the internet (a
      // recipe import, a picture by URL) sit in subnets with a route out through one NAT gateway;
      // every other function and the database stay in isolated subnets.
      const vpc = new ec2.Vpc(stack, "Vpc", {
        maxAzs: 2,
        natGateways: 1,
        subnetConfiguration: [
          { name: "public", subnetType: ec2.SubnetType.PUBLIC, cidrMask: 26 },
          { name: "egress", subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 24 },
          { name: "private", subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
        ],
        gatewayEndpoints: { S3: { service: ec2.GatewayVpcEndpointAwsService.S3 } },
      });
      const vpcSubnets = { subnetType: ec2.SubnetType.PRIVATE_ISOLATED };
      const functionsSecurityGroup = new ec2.SecurityGroup(stack, "FunctionsSecurityGroup", {
        vpc,
        description: "Lambda functions of the API",
      });
      const cluster = new rds.DatabaseCluster(stack, "Database", {
        engine: rds.DatabaseClusterEngine.auroraPostgres({
          version: rds.AuroraPostgresEngineVersion.VER_17_5,
        }),
        credentials: rds.Credentials.fromGeneratedSecret("recipes", {
          excludeCharacters: URL_UNSAFE_CHARACTERS,
        }),
        defaultDatabaseName: "recipes",
        writer: rds.ClusterInstance.serverlessV2("Writer"),
        serverlessV2MinCapacity: 0.5,
        serverlessV2MaxCapacity: 4,
        vpc,
        vpcSubnets,
        storageEncrypted: true,
        removalPolicy: production ? RemovalPolicy.SNAPSHOT : RemovalPolicy.DESTROY,
      });
      const secret = cluster.secret;
      if (!secret) throw new Error("The Aurora cluster has no generated secret.");
      const proxy = cluster.addProxy("Proxy", {
        secrets: [secret],
        vpc,
        vpcSubnets,
        requireTLS: true,
      });
      cluster.connections.allowDefaultPortFrom(proxy, "RDS Proxy to the cluster");
      proxy.connections.allowFrom(
        functionsSecurityGroup,
        ec2.Port.tcp(5432),
        "Lambda functions to RDS Proxy",
      );
      // CloudFormation resolves the password at deploy time; it never appears in the template.
      const field = (name: string): SecretValue => secret.secretValueFromJson(name);
      databaseEnv = {
        DATABASE_URL: Fn.join("", [
          "postgres://",
          field("username").unsafeUnwrap(),
          ":",
          field("password").unsafeUnwrap(),
          "@",
          proxy.endpoint,
          ":5432/recipes?sslmode=verify-full",
        ]),
      };
      network = { vpc, vpcSubnets, securityGroups: [functionsSecurityGroup] };
    }

    // --- Functions -------------------------------------------------------------------------------
    const environment: Record<string, string> = {
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      S3_BUCKET: bucket.bucketName,
      S3_REGION: stack.region,
      PUBLIC_STORAGE_URL: publicStorageUrl,
      // FRONTEND_URL: added below, once the site (and so its address) exists.
      APP_VERSION: process.env.npm_package_version ?? "1.0.0",
    };

    // --- Roles: one per set of permissions, not one per function --------------------------------
    // CloudFormation allows 500 resources per stack and each function brings ~7; sharing the roles
    // keeps ~90 roles and policies out of the template while every function keeps exactly the
    // permissions of its group.
    const managedPolicies = [
      ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole"),
      ...(options.database === "aurora"
        ? [ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaVPCAccessExecutionRole")]
        : []),
    ];
    const role = (id: string, description: string, statements: PolicyStatement[] = []) => {
      const r = new Role(stack, id, {
        assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
        description,
        managedPolicies,
      });
      for (const statement of statements) r.addToPolicy(statement);
      return r;
    };
    // A role per storage grant of the route table (functions/routes.ts), holding exactly its actions:
    // listing is granted on the bucket, everything else on its objects.
    const grantStatement = (actions: readonly string[]) => {
      const onBucket = actions.filter((a) => a === "s3:ListBucket");
      const onObjects = actions.filter((a) => a !== "s3:ListBucket");
      return [
        ...(onBucket.length
          ? [new PolicyStatement({ effect: Effect.ALLOW, actions: onBucket, resources: [bucket.bucketArn] })]
          : []),
        ...(onObjects.length
          ? [
              new PolicyStatement({
                effect: Effect.ALLOW,
                actions: onObjects,
                resources: [bucket.arnForObjects("*")],
              }),
            ]
          : []),
      ];
    };
    const grantRoles = Object.fromEntries(
      (Object.entries(STORAGE_ACTIONS) as [StorageGrant, readonly string[]][]).map(([grant, actions]) => [
        grant,
        role(
          `Storage${grant.charAt(0).toUpperCase()}${grant.slice(1)}Role`,
          `Routes with the '${grant}' storage grant`,
          grantStatement(actions),
        ),
      ]),
    ) as Record<StorageGrant, Role>;
    const roles = {
      route: role("RouteRole", "API routes that do not touch the bucket"),
      notFound: role("NotFoundRole", "The $default route's 404/405 answers"),
      migrate: role("MigrateRole", "Database migrations on deploy"),
    };
    const roleOf = (needs: Needs): Role => (needs.storage ? grantRoles[needs.storage] : roles.route);

    // --- Functions -------------------------------------------------------------------------------
    // One log group for every function, kept a month: a per-function retention setting is a
    // custom resource each, which took the stack past CloudFormation's 500 resources. Each request's
    // log line names its route, so the functions' lines stay apart.
    const functionLogs = new logs.LogGroup(stack, "FunctionLogs", {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    /** `database`: the function reaches PostgreSQL (DATABASE_URL, and the VPC with Aurora). */
    const defineFunction = (
      id: string,
      handler: string,
      role: Role,
      database: boolean,
      needs: Needs = {},
      extra: FunctionProps = {},
    ) =>
      new SstFunction(stack, id, {
        handler: handlerPath(handler),
        runtime: RUNTIME,
        architecture: "x86_64",
        memorySize: needs.sharp || needs.long ? "1024 MB" : "512 MB",
        // Longer than the database bounds (core/db.ts: 3 s for a connection, 10 s per statement, 2 s
        // of grace), so a slow or frozen database gives the client a 503, not API Gateway's timeout.
        // Archives stream for as long as API Gateway waits (30 s).
        timeout: needs.long ? "30 seconds" : "20 seconds",
        logGroup: functionLogs,
        role,
        environment: database ? { ...environment, ...databaseEnv } : environment,
        bind: database && DATABASE_URL ? [JWT_SECRET, DATABASE_URL] : [JWT_SECRET],
        // Secrets are written into the environment on deploy (see SECRETS_BANNER in stacks/bundle.ts).
        prefetchSecrets: true,
        // Nothing binds to the functions: no SSM parameter per function (the 500-resource limit).
        _doNotAllowOthersToBind: true,
        nodejs: nodejsProps,
        ...(needs.sharp && !app.isRunningSSTTest()
          ? { hooks: { afterBuild: async (_props, out) => installSharp(out) } }
          : {}),
        ...(database ? network : {}),
        ...(database && needs.internet && network.vpc
          ? { vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS } }
          : {}),
        ...(needs.files ? { copyFiles: needs.files.map((from) => ({ from })) } : {}),
        ...extra,
      });

    // Migrations first: the Script runs on every deploy, and the route functions wait for it.
    const migrateFunction = defineFunction(
      "Migrate",
      "migrate",
      roles.migrate,
      true,
      {},
      {
        timeout: "5 minutes",
        enableLiveDev: false,
      },
    );
    const migrate = new Script(stack, "Migrations", { onCreate: migrateFunction, onUpdate: migrateFunction });
    // The Script must not call the function before its secrets have been written into it.
    const prefetcher = migrateFunction.node.tryFindChild("SecretPrefetcher");
    if (prefetcher) migrate.node.addDependency(prefetcher);

    const routeFunctions = new Map<Route, SstFunction>();
    for (const route of routes) {
      // Every endpoint verifies a bearer token when one is sent (a bad one is a 401 on any route)
      // and reads the caller from the database, so every route needs both secrets.
      const fn = defineFunction(
        functionId(route.handler),
        route.handler,
        roleOf(route.needs),
        true,
        route.needs,
      );
      // New code must not meet an old schema: each route's function changes after the migrations ran.
      fn.node.addDependency(migrate);
      routeFunctions.set(route, fn);
    }
    // core/config.ts refuses to start in production without JWT_SECRET, so the 404/405 function
    // gets it too; it never touches the database (no DATABASE_URL, outside the VPC).
    const notFound = defineFunction("NotFound", "not-found", roles.notFound, false);

    // --- The API -----------------------------------------------------------------------------------
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

    // --- The web app: a static site (S3 + CloudFront), built with the API's address -----------------
    // Its security headers (web/security-headers.ts, the same policy `vite preview` sends): the API is
    // another origin here. The archive's signed links go to the bucket's regional host, which the
    // policy can only name by wildcard: naming the bucket (or the picture CDN) would make a cycle, as
    // the bucket's CORS rule names this site. Pictures, the CDN's included, come under img-src https:.
    const webHeaders = new cloudfront.ResponseHeadersPolicy(stack, "WebSecurityHeaders", {
      comment: `${app.name} ${app.stage} web app security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            connect: [api.url, `https://*.s3.${stack.region}.${stack.urlSuffix}`],
            img: ["https:"],
          }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
      },
    });
    // VITE_API_URL is a deploy-time token: SST builds with a placeholder and writes the real address
    // into the uploaded files. Every path falls back to index.html, where the app's router takes over.
    const site = new StaticSite(stack, "Web", {
      path: "web",
      buildCommand: "npm run build",
      buildOutput: "dist",
      errorPage: "redirect_to_index_page",
      environment: { VITE_API_URL: api.url },
      cdk: { distribution: { defaultBehavior: { responseHeadersPolicy: webHeaders } } },
    });
    // The API's CORS origin and links: the configured frontend, else this site's address.
    const frontendUrl = options.frontendUrl ?? site.url ?? DEFAULT_FRONTEND_URL;
    for (const fn of [...routeFunctions.values(), notFound, migrateFunction]) {
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
      PublicStorageUrl: publicStorageUrl,
      Bucket: bucket.bucketName,
      Database: options.database,
    });
    return { api, bucket, cdn, migrate, site };
  };
}
