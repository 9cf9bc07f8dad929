/**
 * SST v2 app: `npm run deploy -- --stage <stage>` deploys the stacks of stacks/recipe-service.ts.
 * Options come from the deploying shell: FRONTEND_URL, RECIPES_DATABASE=secret|aurora (README).
 */
import type { SSTConfig } from "sst";
import { optionsFromEnv, PRODUCTION_STAGES, recipeService } from "./stacks/recipe-service.ts";

export default {
  config() {
    return { name: "recipe-service", region: process.env.AWS_REGION ?? "us-east-1" };
  },
  stacks(app) {
    // Logs and other leftovers go with a development stage; production keeps CDK's defaults
    // (stateful resources kept) plus the stack's own: the bucket kept, the database snapshotted.
    if (!PRODUCTION_STAGES.includes(app.stage)) app.setDefaultRemovalPolicy("destroy");
    for (const stack of recipeService(optionsFromEnv(app))) app.stack(stack);
  },
} satisfies SSTConfig;
