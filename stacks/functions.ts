/**
 * The Lambda functions: one per route of the route table (functions/routes.ts, made by
 * `routeFunction` in the stack that holds the route), one per route of the live API (LIVE_ROUTES),
 * the $default 404/405 function, and the migration function that a Script runs on every deploy
 * before the route functions change. Their roles are shared per set of permissions, their logs go
 * to one group.
 */
import { RemovalPolicy, type Stack } from "aws-cdk-lib";
import * as ec2 from "aws-cdk-lib/aws-ec2";
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import type * as s3 from "aws-cdk-lib/aws-s3";
import { type App, type Config, type FunctionProps, Script, Function as SstFunction } from "sst/constructs";
import {
  LIVE_ROUTES,
  type LiveRouteName,
  type Needs,
  type Route,
  routes,
  STORAGE_ACTIONS,
  type StorageGrant,
} from "../functions/routes.ts";
import {
  handlerPath,
  installBeside,
  MAILER,
  MANAGEMENT_API_CLIENT,
  nodejsProps,
  OIDC_CLIENT,
  RUNTIME,
} from "./bundle.ts";
import type { DatabaseNetwork } from "./database.ts";

/** What the functions of an integration get on top: its settings, and its secrets bound to them. */
export type Integration = { environment: Record<string, string>; secrets: Config.Secret[] };
/** Integrations by the route-line need that asks for them. */
export type Integrations = Partial<Record<"mail" | "oidc", Integration>>;

export type FunctionSettings = {
  production: boolean;
  bucket: s3.Bucket;
  /** Every function's environment (FRONTEND_URL is added once the site exists). */
  environment: Record<string, string>;
  /** What a function that reaches the database gets on top: DATABASE_URL with Aurora. */
  databaseEnvironment: Record<string, string>;
  /** The optional integrations the deploy turned on (stacks/recipe-service.ts `integrations`). */
  integrations: Integrations;
  network: DatabaseNetwork;
  secrets: { JWT_SECRET: Config.Secret; DATABASE_URL: Config.Secret | undefined };
};

/** `recipes/get` → `RecipesGet`: the construct id of a route's function. */
const functionId = (handler: string): string =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

export function serviceFunctions(stack: Stack, app: App, settings: FunctionSettings) {
  const { bucket, environment } = settings;
  const { JWT_SECRET, DATABASE_URL } = settings.secrets;

  // --- Roles: one per set of permissions, not one per function --------------------------------
  // CloudFormation allows 500 resources per stack and each function brings ~7; sharing the roles
  // keeps ~90 roles and policies out of the template while every function keeps exactly the
  // permissions of its group.
  const managedPolicies = [
    ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole"),
    ...(settings.network.vpc
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
    // Granted its one permission by stacks/live.ts, once the live API exists.
    live: role("LiveRole", "Routes that tell the live API's subscribers of a change, and the live API's own"),
    notFound: role("NotFoundRole", "The $default route's 404/405 answers"),
    migrate: role("MigrateRole", "Database migrations on deploy"),
  };
  // A route with a storage grant that also tells live subscribers (an ingredient merge) gets a role
  // holding both: its grant's actions here, ManageConnections from stacks/live.ts. One per such grant
  // in the route table.
  const liveGrants = new Set(
    routes.flatMap((r) => (r.needs.live && r.needs.storage ? [r.needs.storage] : [])),
  );
  const storageLiveRoles = new Map(
    [...liveGrants].map((grant) => [
      grant,
      role(
        `Storage${grant.charAt(0).toUpperCase()}${grant.slice(1)}LiveRole`,
        `Routes with the '${grant}' storage grant that tell the live API's subscribers of a change`,
        grantStatement(STORAGE_ACTIONS[grant]),
      ),
    ]),
  );
  /** Every role whose functions post to the live API's connections: stacks/live.ts grants them that. */
  const liveRoles = [roles.live, ...storageLiveRoles.values()];
  const roleOf = (needs: Needs): Role => {
    if (needs.live && needs.storage) return storageLiveRoles.get(needs.storage) as Role;
    if (needs.live) return roles.live;
    return needs.storage ? grantRoles[needs.storage] : roles.route;
  };

  // One log group for every function, kept a month: a per-function retention setting is a
  // custom resource each, which took the stack past CloudFormation's 500 resources. Each request's
  // log line names its route, so the functions' lines stay apart.
  const functionLogs = new logs.LogGroup(stack, "FunctionLogs", {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: settings.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  /** What a function's line needs installed beside its bundle (stacks/bundle.ts EXTERNAL). */
  const besides = (needs: Needs): string[] => [
    ...(needs.sharp ? ["sharp"] : []),
    ...(needs.live ? [MANAGEMENT_API_CLIENT] : []),
    ...(needs.mail ? [MAILER] : []),
    ...(needs.oidc ? [OIDC_CLIENT] : []),
  ];
  /** `database`: the function reaches PostgreSQL (DATABASE_URL, and the VPC with Aurora). */
  const defineFunction = (
    scope: Stack,
    id: string,
    handler: string,
    role: Role,
    database: boolean,
    needs: Needs = {},
    extra: FunctionProps = {},
  ) => {
    const wanted = (["mail", "oidc"] as const).flatMap((need) => {
      const integration = needs[need] ? settings.integrations[need] : undefined;
      return integration ? [integration] : [];
    });
    return new SstFunction(scope, id, {
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
      environment: Object.assign(
        { ...environment },
        ...wanted.map((integration) => integration.environment),
        database ? settings.databaseEnvironment : {},
      ),
      bind: [
        JWT_SECRET,
        ...(database && DATABASE_URL ? [DATABASE_URL] : []),
        ...wanted.flatMap((integration) => integration.secrets),
      ],
      // Secrets are written into the environment on deploy (see SECRETS_BANNER in stacks/bundle.ts).
      prefetchSecrets: true,
      // Nothing binds to the functions: no SSM parameter per function (the 500-resource limit).
      _doNotAllowOthersToBind: true,
      nodejs: nodejsProps,
      ...(besides(needs).length > 0 && !app.isRunningSSTTest()
        ? { hooks: { afterBuild: async (_props, out) => installBeside(out, besides(needs)) } }
        : {}),
      ...(database ? settings.network : {}),
      ...(database && needs.internet && settings.network.vpc
        ? { vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS } }
        : {}),
      ...(needs.files ? { copyFiles: needs.files.map((from) => ({ from })) } : {}),
      ...extra,
    });
  };

  // Migrations first: the Script runs on every deploy, and the route functions wait for it.
  const migrateFunction = defineFunction(
    stack,
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

  /**
   * The function of a route, in `scope`: this stack, or another that holds some of the routes
   * (CloudFormation's 500 resources per stack: see recipe-service.ts).
   */
  const routeFunction = (scope: Stack, route: Route): SstFunction => {
    // Every endpoint verifies a bearer token when one is sent (a bad one is a 401 on any route)
    // and reads the caller from the database, so every route needs both secrets.
    const fn = defineFunction(
      scope,
      functionId(route.handler),
      route.handler,
      roleOf(route.needs),
      true,
      route.needs,
    );
    // New code must not meet an old schema: each route's function changes after the migrations ran
    // (in another stack: that stack is deployed after this one).
    fn.node.addDependency(migrate);
    return fn;
  };
  // The live API's routes read the database (connections, subscriptions, a subscriber's lists) and
  // check tokens like any route. SST's WebSocketApi lets every one of its route functions post to its
  // connections, so they share the role of the routes that do.
  const liveFunctions = new Map<LiveRouteName, SstFunction>();
  for (const name of Object.keys(LIVE_ROUTES) as LiveRouteName[]) {
    const fn = defineFunction(stack, functionId(name), name, roles.live, true);
    fn.node.addDependency(migrate);
    liveFunctions.set(name, fn);
  }

  // core/config.ts refuses to start in production without JWT_SECRET, so the 404/405 function
  // gets it too; it never touches the database (no DATABASE_URL, outside the VPC).
  const notFound = defineFunction(stack, "NotFound", "not-found", roles.notFound, false);

  return { routeFunction, liveFunctions, liveRoles, notFound, migrateFunction, migrate };
}
