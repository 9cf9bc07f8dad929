/**
 * Offline synthesis of the AWS stack (no credentials: SST skips its AWS lookups under
 * NODE_ENV=test). The default database option is synthesized for the production stage with every
 * function really bundled, so handlers and runtimes are the deployed ones; the Aurora option is
 * synthesized through sst.config.ts for a development stage as an inactive stack (no bundling).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Template } from "aws-cdk-lib/assertions";
import { App, Stack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { beforeAll, describe, expect, it } from "vitest";
import { PICTURE_KEY_PREFIXES } from "../../core/image/repository.ts";
import { API_PREFIX, LIVE_ROUTES, routeKey, routes, STORAGE_ACTIONS } from "../../functions/routes.ts";
import sstConfig from "../../sst.config.ts";
import { LIVE_MESSAGE_BURST, LIVE_MESSAGES_PER_SECOND } from "../../stacks/live.ts";
import {
  ARCHIVE_KEY_PREFIXES,
  inListsStack,
  optionsFromEnv,
  type RecipeServiceOptions,
  recipeService,
} from "../../stacks/recipe-service.ts";
import { builtPageHashes, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from "../../web/security-headers.ts";

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] } & Record<
  string,
  unknown
>;
type Statement = {
  Effect?: string;
  Principal?: { Service?: string };
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
};

/** A CloudFormation string as text, each intrinsic (Ref, GetAtt…) written as its JSON. */
function flatten(value: unknown): string {
  if (typeof value === "string") return value;
  const join = (value as { "Fn::Join"?: [string, unknown[]] })["Fn::Join"];
  if (join) return join[1].map(flatten).join(join[0]);
  return JSON.stringify(value);
}

/** Every logical id a resource's properties or DependsOn point at (Ref, Fn::GetAtt, Fn::Sub). */
function referencesOf(resource: Resource): Set<string> {
  const found = new Set(resource.DependsOn ?? []);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "Ref" && typeof value === "string") found.add(value);
        else if (key === "Fn::GetAtt")
          found.add(Array.isArray(value) ? String(value[0]) : (String(value).split(".")[0] ?? ""));
        else if (key === "Fn::Sub") {
          const text = Array.isArray(value) ? String(value[0]) : String(value);
          for (const [, id] of text.matchAll(/\$\{([^}.!]+)/g)) found.add(id as string);
          walk(value);
        } else walk(value);
      }
    }
  };
  walk(resource.Properties);
  return found;
}

/** A dependency cycle among the template's resources (CloudFormation refuses one), as ids; else []. */
function findCycle(resources: Record<string, Resource>): string[] {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (id: string): string[] => {
    if (state.get(id) === "done" || !resources[id]) return [];
    if (state.get(id) === "open") return [...path.slice(path.indexOf(id)), id];
    state.set(id, "open");
    path.push(id);
    for (const next of referencesOf(resources[id] as Resource)) {
      const cycle = visit(next);
      if (cycle.length) return cycle;
    }
    path.pop();
    state.set(id, "done");
    return [];
  };
  for (const id of Object.keys(resources)) {
    const cycle = visit(id);
    if (cycle.length) return cycle;
  }
  return [];
}

/** Synthesizes offline; without `bundle` the stacks are inactive, which skips building the functions. */
async function synth(stage: string, bundle: boolean, addStacks: (app: App) => unknown) {
  await initProject({ stage });
  const app = new App({
    mode: "deploy",
    name: "recipe-service",
    stage,
    region: "us-east-1",
    ...(bundle ? {} : { isActiveStack: () => false }),
  });
  await addStacks(app);
  await app.finish();
  const stacks = app.node.children.filter((child): child is Stack => child instanceof Stack);
  if (stacks.length === 0) throw new Error("No stack was added.");
  return stacks.map((stack) => ({ stack, template: Template.fromStack(stack) }));
}

/** The logical id a cross-stack import names (`…:ExportsOutputFnGetAttLiveRole1A2B3C4DArn5E6F7A8B`). */
const importedId = (value: unknown): string | undefined =>
  /ExportsOutput(?:FnGetAtt|Ref)(.+?)(?:Arn)?[0-9A-F]{8}$/.exec(
    String((value as { "Fn::ImportValue"?: unknown } | undefined)?.["Fn::ImportValue"] ?? ""),
  )?.[1];

/** Runs `fn` with extra environment variables, as the deploying shell would set them. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    process.env = saved;
  }
}

/** Plain-object views of the templates of an app's stacks, together, keyed by logical id. */
function inspect(stacks: { stack: Stack; template: Template }[]) {
  const templates = stacks.map(({ stack, template }) => ({ stack, json: template.toJSON() }));
  const resources = Object.assign(
    {},
    ...templates.map(({ json }) => json.Resources as Record<string, Resource>),
  ) as Record<string, Resource>;
  /** The stack a resource is in, and the stacks each stack depends on, by name. */
  const stackOf = (id: string) => templates.find(({ json }) => id in (json.Resources ?? {}))?.stack;
  /** `prod-recipe-service-Lists` → `Lists`: a stack by its function's name. */
  const nameOf = (stack: { node: { id: string } }) => stack.node.id.split("-").at(-1) as string;
  const counts = templates.map(({ stack, json }) => ({
    name: nameOf(stack),
    resources: Object.keys(json.Resources ?? {}).length,
    dependsOn: stack.dependencies.map(nameOf),
  }));
  const stackNameOf = (id: string) => {
    const stack = stackOf(id);
    return stack && nameOf(stack);
  };
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const functions = new Map(ofType("AWS::Lambda::Function"));
  const env = (id: string) =>
    ((functions.get(id)?.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables ??
      {}) as Record<string, unknown>;
  const roleOf = (id: string) => {
    const role = functions.get(id)?.Properties.Role as { "Fn::GetAtt"?: [string] } | undefined;
    return role?.["Fn::GetAtt"]?.[0] ?? importedId(role);
  };
  /** Every action the role of a function may take, with the resources as JSON. */
  const actionsOf = (id: string) => {
    const role = roleOf(id);
    return ofType("AWS::IAM::Policy")
      .filter(([, p]) =>
        (p.Properties.Roles as { Ref?: string }[]).some((r) => r.Ref === role || importedId(r) === role),
      )
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .flatMap((s) => [s.Action].flat().map((action) => ({ action, resource: JSON.stringify(s.Resource) })));
  };
  /** The logical id of the API Gateway API of a protocol: `HTTP` (the API) or `WEBSOCKET` (the live API). */
  const apiOf = (protocol: "HTTP" | "WEBSOCKET") => {
    const found = ofType("AWS::ApiGatewayV2::Api").filter(([, a]) => a.Properties.ProtocolType === protocol);
    if (found.length !== 1) throw new Error(`${found.length} ${protocol} APIs in the template`);
    return (found[0] as [string, Resource])[0];
  };
  /** Route key → logical id of the function behind it, for one API. */
  const integrations = new Map(ofType("AWS::ApiGatewayV2::Integration"));
  const targetsOf = (apiId: string) =>
    new Map(
      ofType("AWS::ApiGatewayV2::Route")
        // `{Ref}` in the API's own stack, an import in the other
        .filter(
          ([, r]) =>
            JSON.stringify(r.Properties.ApiId) === JSON.stringify({ Ref: apiId }) ||
            importedId(r.Properties.ApiId) === apiId,
        )
        .map(([, r]) => {
          const target = r.Properties.Target as { "Fn::Join": [string, [string, { Ref: string }]] };
          const integration = integrations.get(target["Fn::Join"][1][1].Ref);
          const uri = integration?.Properties.IntegrationUri as
            | { "Fn::GetAtt": [string] }
            | { "Fn::Join": unknown };
          // An HTTP API integration names the function's ARN; a WebSocket one its invocation URI.
          const id =
            "Fn::GetAtt" in uri
              ? uri["Fn::GetAtt"][0]
              : /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(uri))?.[1];
          return [r.Properties.RouteKey as string, id as string];
        }),
    );
  const httpApiId = apiOf("HTTP");
  const liveApiId = apiOf("WEBSOCKET");
  const routeTargets = targetsOf(httpApiId);
  const liveRouteTargets = targetsOf(liveApiId);
  const handlerIds = new Map([...functions].map(([id, f]) => [f.Properties.Handler as string, id]));
  const outputs = Object.assign({}, ...templates.map(({ json }) => json.Outputs ?? {})) as Record<
    string,
    { Value: unknown }
  >;
  return {
    resources,
    stackOf,
    stackNameOf,
    counts,
    ofType,
    functions,
    env,
    actionsOf,
    httpApiId,
    liveApiId,
    routeTargets,
    liveRouteTargets,
    handlerIds,
    outputs,
  };
}

/** The one resource of a type whose logical id starts with `prefix`, as [id, resource]. */
function only(db: ReturnType<typeof inspect>, type: string, prefix = ""): [string, Resource] {
  const found = db.ofType(type).filter(([id]) => id.startsWith(prefix));
  if (found.length !== 1) throw new Error(`${found.length} ${type} resources named ${prefix}…`);
  return found[0] as [string, Resource];
}

const FRONTEND = "https://recipes.example.com";
const ISSUER = "https://auth.example.com/realms/home";
let secretDb: ReturnType<typeof inspect>;
let auroraDb: ReturnType<typeof inspect>;

beforeAll(async () => {
  // The docs functions ship the files `npm run openapi` writes (the deploy runs it first).
  if (routes.some((route) => route.needs.files?.some((file) => !existsSync(file)))) {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/openapi.ts"], { stdio: "ignore" });
  }
  // Bundling ~47 functions dominates; let esbuild overlap with the asset copies.
  process.env.SST_BUILD_CONCURRENCY ??= "3";
  // No FRONTEND_URL: the API's origin becomes the web app's own site, as in a plain deploy.
  const options: RecipeServiceOptions = { database: "secret" };
  secretDb = inspect(
    await synth("prod", true, (app) => {
      for (const stack of recipeService(options)) app.stack(stack);
    }),
  );
  // The Aurora option through sst.config.ts itself, as `RECIPES_DATABASE=aurora npm run deploy` builds it.
  const env = {
    RECIPES_DATABASE: "aurora",
    FRONTEND_URL: FRONTEND,
    RECIPES_MAIL: "on",
    SMTP_FROM: "Kitchen <kitchen@example.com>",
    OIDC_ISSUER: ISSUER,
    OIDC_CLIENT_ID: "recipes",
  };
  auroraDb = inspect(await withEnv(env, () => synth("dev", false, (app) => sstConfig.stacks(app))));
}, 600_000);

describe("the API", () => {
  it("has one API Gateway route per route of the table, all below /api/v1, plus $default", () => {
    const keys = [...secretDb.routeTargets.keys()].sort();
    expect(keys).toEqual([...routes.map(routeKey), "$default"].sort());
    for (const key of keys)
      if (key !== "$default") expect(key.split(" ")[1]?.startsWith(`${API_PREFIX}/`)).toBe(true);
  });

  it("backs every route by its own function with the route's handler file on Node 22", () => {
    const seen = new Set<string>();
    for (const route of routes) {
      const id = secretDb.routeTargets.get(routeKey(route));
      expect(id, routeKey(route)).toBeDefined();
      const fn = secretDb.functions.get(id as string);
      expect(fn?.Properties.Handler).toBe(`functions/${route.handler}.handler`);
      expect(fn?.Properties.Runtime).toBe("nodejs22.x");
      expect(seen.has(id as string), `${routeKey(route)} shares a function`).toBe(false);
      seen.add(id as string);
    }
    const fallback = secretDb.functions.get(secretDb.routeTargets.get("$default") as string);
    expect(fallback?.Properties.Handler).toBe("functions/not-found.handler");
  });

  it("leaves CORS to the handlers (FRONTEND_URL), throttles the default stage and writes access logs", () => {
    const api = secretDb.resources[secretDb.httpApiId];
    // API-level CORS naming the site would be a cycle (the site is built with the API's address);
    // the handlers send the same headers and the $default function answers preflights.
    expect(api?.Properties.CorsConfiguration).toBeUndefined();
    const [[, stage] = []] = secretDb
      .ofType("AWS::ApiGatewayV2::Stage")
      .filter(
        ([, st]) => JSON.stringify(st.Properties.ApiId) === JSON.stringify({ Ref: secretDb.httpApiId }),
      );
    expect(stage?.Properties.DefaultRouteSettings).toEqual({
      ThrottlingBurstLimit: 200,
      ThrottlingRateLimit: 100,
    });
    expect(stage?.Properties.AccessLogSettings).toBeDefined();
  });

  it("gives route functions more time than the database bounds, so an outage is a 503 and not a timeout", () => {
    // core/db.ts defaults: 3 s to get a connection, 10 s per statement, 2 s for a frozen server.
    const databaseBoundSeconds = 3 + 10 + 2;
    for (const route of routes) {
      const fn = secretDb.functions.get(secretDb.routeTargets.get(routeKey(route)) as string);
      expect(fn?.Properties.Timeout, routeKey(route)).toBeGreaterThan(databaseBoundSeconds);
    }
  });

  it("sizes each function by its line: image decoding and archives get 1024 MB, archives 30 s", () => {
    for (const route of routes) {
      const fn = secretDb.functions.get(secretDb.routeTargets.get(routeKey(route)) as string);
      const { sharp, long } = route.needs;
      expect(fn?.Properties.MemorySize, route.handler).toBe(sharp || long ? 1024 : 512);
      expect(fn?.Properties.Timeout, route.handler).toBe(long ? 30 : 20);
    }
  });

  it("gives every function the production settings and the public picture address", () => {
    for (const [id] of secretDb.functions) {
      if (!secretDb.env(id).NODE_ENV) continue; // CDK's and SST's own helper functions
      expect(secretDb.env(id)).toMatchObject({ NODE_ENV: "production" });
      expect(JSON.stringify(secretDb.env(id).FRONTEND_URL), id).toContain("WebDistribution");
      expect(JSON.stringify(secretDb.env(id).PUBLIC_STORAGE_URL)).toContain("PicturesCdn");
    }
  });
});

describe("secrets", () => {
  const JWT = "SST_Secret_value_JWT_SECRET";
  const DB = "SST_Secret_value_DATABASE_URL";

  it("binds JWT_SECRET and DATABASE_URL to every route, the live API's and the migrations", () => {
    for (const handler of [...routes.map((r) => r.handler), ...Object.keys(LIVE_ROUTES), "migrate"]) {
      const env = secretDb.env(secretDb.handlerIds.get(`functions/${handler}.handler`) as string);
      expect(env[JWT], handler).toBe("__FETCH_FROM_SSM__");
      expect(env[DB], handler).toBe("__FETCH_FROM_SSM__");
    }
  });

  it("gives the 404/405 function JWT_SECRET only (config needs it) and no database", () => {
    const env = secretDb.env(secretDb.handlerIds.get("functions/not-found.handler") as string);
    expect(env[JWT]).toBe("__FETCH_FROM_SSM__");
    expect(env).not.toHaveProperty(DB);
    expect(env).not.toHaveProperty("DATABASE_URL");
  });

  it("binds secrets nowhere else", () => {
    const bound = [...secretDb.functions.keys()].filter(
      (id) => JWT in secretDb.env(id) || DB in secretDb.env(id),
    );
    expect(bound).toHaveLength(routes.length + Object.keys(LIVE_ROUTES).length + 2);
  });

  it("writes the secret values into each function on deploy", () => {
    expect(secretDb.ofType("Custom::SecretPrefetcher")).toHaveLength(
      routes.length + Object.keys(LIVE_ROUTES).length + 2,
    );
  });
});

describe("the picture bucket", () => {
  const writes = (db: ReturnType<typeof inspect>, handler: string) =>
    db
      .actionsOf(db.handlerIds.get(`functions/${handler}.handler`) as string)
      .filter((a) => a.action.startsWith("s3:"))
      .map((a) => a.action)
      .sort();

  it("is open to each function for exactly the storage grant of its route's line", () => {
    for (const route of routes) {
      const granted = route.needs.storage ? [...STORAGE_ACTIONS[route.needs.storage]].sort() : [];
      expect(writes(secretDb, route.handler), route.handler).toEqual(granted);
    }
    expect(writes(secretDb, "not-found")).toEqual([]);
    expect(writes(secretDb, "migrate")).toEqual([]);
  });

  const picturesBucket = () => {
    const [[, bucket] = []] = secretDb.ofType("AWS::S3::Bucket").filter(([id]) => id.startsWith("Pictures"));
    if (!bucket) throw new Error("no pictures bucket in the template");
    return bucket.Properties;
  };

  it("lets the web app's origin, and only it, use the archives' signed links", () => {
    const { CorsRules: rules } = picturesBucket().CorsConfiguration as {
      CorsRules: Record<string, unknown>[];
    };
    expect(rules).toHaveLength(1);
    expect(rules[0]?.AllowedMethods).toEqual(["GET", "HEAD", "PUT"]);
    expect(JSON.stringify(rules[0]?.AllowedOrigins)).toContain("WebDistribution");
  });

  it("forgets archives a day after they were written", () => {
    const { Rules: rules } = picturesBucket().LifecycleConfiguration as { Rules: Record<string, unknown>[] };
    expect(rules.map((r) => [r.Prefix, r.ExpirationInDays])).toEqual([
      ["exports/", 1],
      ["imports/", 1],
    ]);
  });

  it("is private, read through CloudFront, kept on production and emptied with other stages", () => {
    // The web app's own bucket (a build output, always emptied) sits beside it: pick the pictures'.
    const picturesOf = (db: ReturnType<typeof inspect>) => {
      const [[id, bucket] = []] = db.ofType("AWS::S3::Bucket").filter(([id]) => id.startsWith("Pictures"));
      const autoDeletes = db
        .ofType("Custom::S3AutoDeleteObjects")
        .filter(([, r]) => JSON.stringify(r.Properties.BucketName).includes(`"${id}"`));
      return { bucket, autoDeletes };
    };
    const prod = picturesOf(secretDb);
    expect(prod.bucket?.DeletionPolicy).toBe("Retain");
    expect(prod.bucket?.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicPolicy: true });
    expect(prod.autoDeletes).toHaveLength(0);
    expect(secretDb.ofType("AWS::CloudFront::OriginAccessControl")).toHaveLength(1);
    const dev = picturesOf(auroraDb);
    expect(dev.bucket?.DeletionPolicy).toBe("Delete");
    expect(dev.autoDeletes).toHaveLength(1);
  });
});

describe("the picture CDN", () => {
  const picturesId = () => {
    const [[id] = []] = secretDb.ofType("AWS::S3::Bucket").filter(([id]) => id.startsWith("Pictures"));
    if (!id) throw new Error("no pictures bucket in the template");
    return id;
  };
  /** The pictures bucket's policy statements whose principal is CloudFront. */
  const cloudFrontStatements = () => {
    const policies = secretDb
      .ofType("AWS::S3::BucketPolicy")
      .filter(([, p]) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: picturesId() }));
    const [[, policy] = []] = policies;
    if (!policy || policies.length !== 1) throw new Error("the pictures bucket has no policy, or several");
    const { Statement: statements } = policy.Properties.PolicyDocument as { Statement: Statement[] };
    return statements.filter((s) => s.Principal?.Service === "cloudfront.amazonaws.com");
  };
  /** The object-key patterns of a statement: `arn:…:bucket/recipes/*` → `recipes/*`. */
  const keyPatterns = (statement: Statement) =>
    [statement.Resource].flat().map((resource) => {
      const text = flatten(resource);
      const arn = JSON.stringify({ "Fn::GetAtt": [picturesId(), "Arn"] });
      expect(text.startsWith(`${arn}/`), text).toBe(true);
      return text.slice(arn.length + 1);
    });
  /** Would S3 let the picture CDN read this key? An allowing statement matches and no denying one. */
  const cdnMayRead = (key: string) => {
    const matches = (s: Statement) =>
      [s.Action].flat().some((a) => a === "s3:GetObject" || a === "s3:*") &&
      keyPatterns(s).some((pattern) => new RegExp(`^${pattern.replaceAll("*", ".*")}$`).test(key));
    const statements = cloudFrontStatements();
    return (
      statements.some((s) => s.Effect === "Allow" && matches(s)) &&
      !statements.some((s) => s.Effect === "Deny" && matches(s))
    );
  };

  it("may read the picture prefixes (core/image keys) and nothing else of the bucket", () => {
    expect([...PICTURE_KEY_PREFIXES].sort()).toEqual(["categories/", "ingredients/", "recipes/", "users/"]);
    const allows = cloudFrontStatements().filter((s) => s.Effect === "Allow");
    expect(allows).toHaveLength(1);
    expect(allows[0]?.Action).toBe("s3:GetObject");
    expect(keyPatterns(allows[0] as Statement).sort()).toEqual(
      PICTURE_KEY_PREFIXES.map((p) => `${p}*`).sort(),
    );
    // Only the picture distribution, through its origin access control.
    expect(JSON.stringify(allows[0]?.Condition)).toContain("PicturesCdn");
    const [, cdn] = only(secretDb, "AWS::CloudFront::Distribution", "PicturesCdn");
    const { Origins: cdnOrigins } = cdn.Properties.DistributionConfig as {
      Origins: Record<string, unknown>[];
    };
    expect(cdnOrigins).toHaveLength(1);
    expect(cdnOrigins[0]?.OriginAccessControlId).toBeDefined();

    for (const key of [
      "recipes/7/abc-1.jpg",
      "users/3/abc-preview.webp",
      "categories/1/a.png",
      "ingredients/9/b.avif",
    ])
      expect(cdnMayRead(key), key).toBe(true);
    for (const key of [
      "exports/3/2026-01-01-x.zip",
      "imports/3/x.zip",
      "backup.zip",
      "recipes",
      "recipesx/1/a.jpg",
    ])
      expect(cdnMayRead(key), key).toBe(false);
  });

  it("is refused the export and import archives outright, whatever else the policy grants", () => {
    const denies = cloudFrontStatements().filter((s) => s.Effect === "Deny");
    expect(denies).toHaveLength(1);
    expect(denies[0]?.Action).toBe("s3:*");
    expect(keyPatterns(denies[0] as Statement).sort()).toEqual(
      ARCHIVE_KEY_PREFIXES.map((p) => `${p}*`).sort(),
    );
    expect(denies[0]?.Condition).toBeUndefined(); // every distribution, not only this one
  });
});

describe("the live API", () => {
  const liveHandlers = Object.keys(LIVE_ROUTES).map((name) => `functions/${name}.handler`);
  /** The ManageConnections statements of a function's role, each resource as text. */
  const manageOf = (db: ReturnType<typeof inspect>, handlerFile: string) =>
    db
      .actionsOf(db.handlerIds.get(handlerFile) as string)
      .filter((a) => a.action === "execute-api:ManageConnections");

  it("is a WebSocket API routed by a message's action: $connect, $disconnect, subscribe and $default", () => {
    const api = secretDb.resources[secretDb.liveApiId];
    expect(api?.Properties.RouteSelectionExpression).toBe("$request.body.action");
    const expected = Object.values(LIVE_ROUTES).flat().sort();
    expect([...secretDb.liveRouteTargets.keys()].sort()).toEqual(expected);
    for (const [name, keys] of Object.entries(LIVE_ROUTES)) {
      for (const key of keys) {
        const fn = secretDb.functions.get(secretDb.liveRouteTargets.get(key) as string);
        expect(fn?.Properties.Handler, key).toBe(`functions/${name}.handler`);
        expect(fn?.Properties.Runtime).toBe("nodejs22.x");
      }
    }
    // A subscribe's answer (and any other message's) is the route's response.
    const responses = secretDb.ofType("AWS::ApiGatewayV2::RouteResponse");
    expect(responses).toHaveLength(LIVE_ROUTES["live/subscribe"].length);
  });

  it("limits the messages of all its connections together (API Gateway's stage throttling)", () => {
    const stages = secretDb
      .ofType("AWS::ApiGatewayV2::Stage")
      .filter(([, stage]) => JSON.stringify(stage.Properties.ApiId).includes(secretDb.liveApiId));
    expect(stages).toHaveLength(1);
    expect(stages[0]?.[1].Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: LIVE_MESSAGES_PER_SECOND,
      ThrottlingBurstLimit: LIVE_MESSAGE_BURST,
    });
  });

  it("prints its address and gives it to the functions that tell subscribers of a change", () => {
    expect(flatten(secretDb.outputs.LiveUrl?.Value)).toMatch(/^wss:\/\/.*execute-api/);
    for (const route of routes) {
      const env = secretDb.env(secretDb.routeTargets.get(routeKey(route)) as string);
      if (route.needs.live) {
        expect(flatten(env.LIVE_CONNECTIONS_URL), route.handler).toMatch(/^https:\/\//);
        expect(JSON.stringify(env.LIVE_CONNECTIONS_URL)).toContain(secretDb.liveApiId);
      } else expect(env, route.handler).not.toHaveProperty("LIVE_CONNECTIONS_URL");
    }
    // Which routes need it is their lines' business: a route that publishes list changes without the
    // need fails its own tests (core/live/list-changes.ts), so this test keeps no list of them.
  });

  it("lets exactly the list writes and its own routes post to its connections, and nothing more", () => {
    const writers = [
      ...routes.filter((r) => r.needs.live).map((r) => `functions/${r.handler}.handler`),
      ...liveHandlers,
    ];
    for (const handlerFile of writers) {
      const grants = manageOf(secretDb, handlerFile);
      expect(grants.length, handlerFile).toBeGreaterThan(0);
      for (const { resource } of grants) {
        // This API's connections only: arn:…:execute-api:<region>:<account>:<live api id>/<stage>/<method>/@connections/*
        expect(resource, handlerFile).toContain(secretDb.liveApiId);
        expect(resource, handlerFile).toMatch(/\/@connections\/\*"/);
        expect(resource, handlerFile).not.toContain(secretDb.httpApiId);
      }
    }
    // Our own statement names the stage and the two methods the fan-out uses.
    const own = manageOf(secretDb, "functions/shopping-lists/update-item.handler").map((g) => g.resource);
    expect(own.some((r) => r.includes("/prod/POST/@connections/*"))).toBe(true);
    expect(own.some((r) => r.includes("/prod/DELETE/@connections/*"))).toBe(true);
    for (const route of routes.filter((r) => !r.needs.live)) {
      expect(manageOf(secretDb, `functions/${route.handler}.handler`), route.handler).toEqual([]);
    }
    for (const handlerFile of ["functions/not-found.handler", "functions/migrate.handler"])
      expect(manageOf(secretDb, handlerFile)).toEqual([]);
  });

  it("gives a route that both deletes pictures and tells subscribers (an ingredient merge or delete) a role with both, and only it", () => {
    for (const handler of ["ingredients/merge", "ingredients/remove", "recipes/remove", "users/remove"]) {
      const id = secretDb.handlerIds.get(`functions/${handler}.handler`) as string;
      const actions = secretDb.actionsOf(id).map((a) => a.action);
      expect(actions, handler).toContain("execute-api:ManageConnections");
      expect(actions, handler).toContain("s3:DeleteObject");
    }
    // A category is on no list: deleting one deletes pictures and tells nobody.
    const remove = secretDb.handlerIds.get("functions/categories/remove.handler") as string;
    expect(secretDb.actionsOf(remove).map((a) => a.action)).not.toContain("execute-api:ManageConnections");
  });

  it("its functions wait for the migrations and sit in the database's VPC with Aurora", () => {
    const [[scriptId] = []] = secretDb.ofType("Custom::SSTScript");
    for (const handlerFile of liveHandlers) {
      const id = secretDb.handlerIds.get(handlerFile) as string;
      expect(secretDb.resources[id]?.DependsOn, handlerFile).toContain(scriptId);
    }
    for (const key of Object.values(LIVE_ROUTES).flat()) {
      const id = auroraDb.liveRouteTargets.get(key) as string;
      expect(auroraDb.functions.get(id)?.Properties.VpcConfig, key).toBeDefined();
    }
  });
});

describe("the template", () => {
  it("is two stacks within CloudFormation's 500 resources each; the lists' is deployed after the other", () => {
    for (const db of [secretDb, auroraDb]) {
      expect(db.counts.map((c) => c.name)).toEqual(["RecipeService", "Lists"]);
      for (const { name, resources } of db.counts) expect(resources, name).toBeLessThanOrEqual(500);
      expect(db.counts[1]?.dependsOn).toEqual(["RecipeService"]);
    }
    for (const route of routes) {
      const id = secretDb.routeTargets.get(routeKey(route)) as string;
      expect(secretDb.stackNameOf(id), route.handler).toBe(inListsStack(route) ? "Lists" : "RecipeService");
    }
  });

  it("has no dependency cycle (the site's headers name the API, the bucket's CORS names the site)", () => {
    expect(findCycle(secretDb.resources)).toEqual([]);
    expect(findCycle(auroraDb.resources)).toEqual([]);
  });
});

describe("the database", () => {
  it("runs the migrations on every deploy before the route functions change", () => {
    expect(secretDb.handlerIds.get("functions/migrate.handler")).toMatch(/^Migrate/);
    for (const db of [secretDb, auroraDb]) {
      const [[scriptId, script] = []] = db.ofType("Custom::SSTScript");
      const props = script?.Properties ?? {};
      expect(props.UserCreateFunction).toEqual({ Ref: expect.stringMatching(/^Migrate/) });
      expect(props.UserUpdateFunction).toEqual(props.UserCreateFunction);
      for (const route of routes) {
        const id = db.routeTargets.get(routeKey(route)) as string;
        // In the script's own stack the function waits for it; in the other, the whole stack does.
        if (db.stackOf(id) === db.stackOf(scriptId as string))
          expect(db.resources[id]?.DependsOn, route.handler).toContain(scriptId);
        else
          expect(db.counts.find((c) => c.name === db.stackNameOf(id))?.dependsOn).toContain("RecipeService");
      }
    }
  });

  it("uses the DATABASE_URL secret by default, with no VPC", () => {
    expect(secretDb.ofType("AWS::RDS::DBCluster")).toHaveLength(0);
    expect(secretDb.ofType("AWS::EC2::VPC")).toHaveLength(0);
  });

  it("creates Aurora Serverless v2 behind RDS Proxy and puts the database functions in its VPC", () => {
    const [[, cluster] = []] = auroraDb.ofType("AWS::RDS::DBCluster");
    expect(cluster?.Properties.Engine).toBe("aurora-postgresql");
    expect(cluster?.Properties.ServerlessV2ScalingConfiguration).toBeDefined();
    expect(auroraDb.ofType("AWS::RDS::DBProxy")).toHaveLength(1);
    for (const route of routes) {
      const id = auroraDb.routeTargets.get(routeKey(route)) as string;
      expect(auroraDb.functions.get(id)?.Properties.VpcConfig, route.handler).toBeDefined();
      expect(JSON.stringify(auroraDb.env(id).DATABASE_URL)).toContain("DatabaseProxy");
      expect(auroraDb.env(id)).not.toHaveProperty("SST_Secret_value_DATABASE_URL");
    }
    // Only the routes whose line needs the internet get the subnets with a way out (NAT).
    const subnetsOf = (handler: string) =>
      JSON.stringify(
        auroraDb.functions.get(
          auroraDb.routeTargets.get(routeKey(routes.find((r) => r.handler === handler) as never)) as string,
        )?.Properties.VpcConfig,
      );
    expect(subnetsOf("recipes/page-import")).toContain("egress");
    expect(subnetsOf("recipes/get")).not.toContain("egress");
    expect(subnetsOf("recipes/get")).toContain("private");
    expect(auroraDb.ofType("AWS::EC2::NatGateway")).toHaveLength(1);
    const notFound = auroraDb.routeTargets.get("$default") as string;
    expect(auroraDb.functions.get(notFound)?.Properties.VpcConfig).toBeUndefined();
    expect(auroraDb.env(notFound)).not.toHaveProperty("DATABASE_URL");
  });
});

describe("the web app", () => {
  it("is a static site: a bucket behind CloudFront that answers every path with the app", () => {
    const distributions = secretDb
      .ofType("AWS::CloudFront::Distribution")
      .filter(([id]) => id.startsWith("Web"));
    expect(distributions).toHaveLength(1);
    const config = distributions[0]?.[1].Properties.DistributionConfig as {
      DefaultRootObject: string;
      CustomErrorResponses: { ErrorCode: number; ResponseCode: number; ResponsePagePath: string }[];
    };
    expect(config.DefaultRootObject).toBe("index.html");
    expect(config.CustomErrorResponses).toContainEqual(
      expect.objectContaining({ ErrorCode: 404, ResponseCode: 200, ResponsePagePath: "/index.html" }),
    );
  });

  it("sends the security headers: a CSP that runs only the app's own scripts, HSTS, nosniff, no framing", () => {
    const [, site] = only(secretDb, "AWS::CloudFront::Distribution", "Web");
    const config = site.Properties.DistributionConfig as { DefaultCacheBehavior: Record<string, unknown> };
    const [policyId, policy] = only(secretDb, "AWS::CloudFront::ResponseHeadersPolicy");
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const { SecurityHeadersConfig: headers } = policy.Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, unknown>;
    };
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: REFERRER_POLICY, Override: true });

    const { ContentSecurityPolicy: csp, Override } = headers.ContentSecurityPolicy as {
      ContentSecurityPolicy: unknown;
      Override: boolean;
    };
    expect(Override).toBe(true);
    const directives = new Map(
      flatten(csp)
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    // The built page's inline first-screen script and stylesheet by their hashes (none before a build).
    const built = builtPageHashes(new URL("../../web/dist/index.html", import.meta.url));
    expect(directives.get("script-src")).toEqual(["'self'", ...(built.scriptHashes ?? [])]);
    expect(directives.get("style-src")).toEqual(["'self'", ...(built.styleHashes ?? [])]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(flatten(csp)).not.toMatch(/unsafe-(inline|eval)/);
    // The API is another origin on AWS; the archive's signed upload goes to the bucket's S3 host.
    const connect = directives.get("connect-src") ?? [];
    expect(connect[0]).toBe("'self'");
    // The API Gateway endpoint is `https://<id>.execute-api.<region>.amazonaws.com`: an origin.
    expect(connect[1]).toBe(JSON.stringify({ "Fn::GetAtt": [secretDb.httpApiId, "ApiEndpoint"] }));
    // The live API is `wss://<id>.execute-api.<region>.amazonaws.com/<stage>`.
    expect(connect[2]).toMatch(/^wss:\/\//);
    expect(connect[2]).toContain(secretDb.liveApiId);
    expect(connect.some((source) => /^https:\/\/\*\.s3\./.test(source))).toBe(true);
    expect(directives.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
  });

  it("is built with the API's and the live API's addresses, written into its files on deploy", () => {
    const [[, upload] = []] = secretDb.ofType("Custom::S3Uploader");
    const replaced = JSON.stringify(upload?.Properties.replaceValues);
    expect(replaced).toContain("{{ VITE_API_URL }}");
    expect(replaced).toContain(secretDb.httpApiId);
    expect(replaced).toContain("{{ VITE_LIVE_URL }}");
    expect(replaced).toContain(secretDb.liveApiId);
  });

  it("is the API's CORS origin, and its address is printed", () => {
    const siteUrl = secretDb.outputs.SiteUrl?.Value;
    expect(JSON.stringify(siteUrl)).toContain("WebDistribution");
    for (const handler of ["recipes/list", "not-found", "migrate"]) {
      const env = secretDb.env(secretDb.handlerIds.get(`functions/${handler}.handler`) as string);
      expect(env.FRONTEND_URL, handler).toEqual(siteUrl);
    }
  });

  it("gives way to FRONTEND_URL when the app has a domain of its own", () => {
    for (const [id] of auroraDb.functions) {
      if (auroraDb.env(id).NODE_ENV) expect(auroraDb.env(id).FRONTEND_URL, id).toBe(FRONTEND);
    }
  });
});

describe("deploy options", () => {
  const deploy = (stage: string) => ({ stage, mode: "deploy" });

  it("default to the DATABASE_URL secret, with the web app as the CORS origin unless FRONTEND_URL is set", () => {
    expect(optionsFromEnv(deploy("dev"), {})).toEqual({ database: "secret" });
    expect(
      optionsFromEnv(deploy("dev"), { RECIPES_DATABASE: "aurora", FRONTEND_URL: `${FRONTEND}/` }),
    ).toEqual({
      database: "aurora",
      frontendUrl: FRONTEND,
    });
  });

  it("turn on e-mail (RECIPES_MAIL=on, SMTP_FROM) and OIDC sign-in (OIDC_ISSUER with OIDC_CLIENT_ID) by their public settings", () => {
    const on = {
      RECIPES_MAIL: "on",
      SMTP_FROM: "Kitchen <k@example.com>",
      OIDC_ISSUER: ISSUER,
      OIDC_CLIENT_ID: "recipes",
    };
    expect(optionsFromEnv(deploy("dev"), on)).toEqual({
      database: "secret",
      mail: { from: "Kitchen <k@example.com>" },
      oidc: { issuer: ISSUER, clientId: "recipes" },
    });
    expect(optionsFromEnv(deploy("dev"), { ...on, OIDC_NAME: "Keycloak" }).oidc?.name).toBe("Keycloak");
    expect(() => optionsFromEnv(deploy("dev"), { RECIPES_MAIL: "yes" })).toThrow(/RECIPES_MAIL/);
    expect(() => optionsFromEnv(deploy("dev"), { OIDC_ISSUER: ISSUER })).toThrow(/OIDC_CLIENT_ID/);
  });

  it("give each integration's settings and secret to the functions that use it alone", () => {
    const fn = (key: string) => auroraDb.routeTargets.get(`${key.replace(" ", ` ${API_PREFIX}`)}`) as string;
    const mailer = fn("POST /users/{user_id}/password-reset");
    const signIns = [fn("POST /auth/token"), fn("GET /auth/providers")];
    expect(auroraDb.env(mailer)).toMatchObject({ SMTP_FROM: "Kitchen <kitchen@example.com>" });
    expect(auroraDb.env(mailer)).toHaveProperty("SST_Secret_value_SMTP_URL");
    expect(JSON.stringify(auroraDb.functions.get(mailer)?.Properties.VpcConfig)).toContain("egress");
    for (const id of signIns) {
      expect(auroraDb.env(id)).toMatchObject({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: "recipes" });
      expect(auroraDb.env(id)).toHaveProperty("SST_Secret_value_OIDC_CLIENT_SECRET");
    }
    const others = [...auroraDb.functions.keys()].filter((id) => id !== mailer && !signIns.includes(id));
    for (const id of others) {
      const names = Object.keys(auroraDb.env(id)).join(" ");
      expect(names, id).not.toMatch(/SMTP|OIDC/);
    }
  });

  it("refuse an unknown database option; production needs no FRONTEND_URL (the site is the origin)", () => {
    expect(() => optionsFromEnv(deploy("dev"), { RECIPES_DATABASE: "mysql" })).toThrow(/RECIPES_DATABASE/);
    expect(optionsFromEnv(deploy("prod"), {})).toEqual({ database: "secret" });
    expect(optionsFromEnv({ stage: "prod", mode: "remove" }, {}).database).toBe("secret");
  });
});
