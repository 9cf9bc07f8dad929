/**
 * Stands in for `@aws-sdk/credential-provider-node` in Lambda bundles (see stacks/bundle.ts). That
 * default chain tries profiles, SSO, a credential process, web identity and the ECS/EC2 metadata
 * services, bundling the STS and SSO clients it would call (about 130 KB, a third of the S3 client's
 * parse time at a cold start). On Lambda the first link always answers: the runtime puts the
 * function role's credentials in the environment, which is all this provider reads.
 */
import { fromEnv } from "@aws-sdk/credential-provider-env";

export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
