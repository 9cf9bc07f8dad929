/**
 * The web app as a static site (S3 + CloudFront), built with the API's address and the live API's,
 * served with the security headers `vite preview` sends (web/security-headers.ts).
 */
import { Duration, Lazy, type Stack } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { type App, StaticSite } from "sst/constructs";
import { builtPageHashes, contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from "../web/security-headers.ts";

export function webSite(stack: Stack, app: App, apiUrl: string, liveUrl: string): StaticSite {
  // Its security headers (web/security-headers.ts, the same policy `vite preview` sends): the API is
  // another origin here. The archive's signed links go to the bucket's regional host, which the
  // policy can only name by wildcard: naming the bucket (or the picture CDN) would make a cycle, as
  // the bucket's CORS rule names this site. Pictures, the CDN's included, come under img-src https:.
  const webHeaders = new cloudfront.ResponseHeadersPolicy(stack, "WebSecurityHeaders", {
    comment: `${app.name} ${app.stage} web app security headers`,
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        // Resolved at synthesis, after StaticSite has built the app: the built page's inline
        // first-screen script and stylesheet are allowed by their hashes (web/first-screen.ts).
        contentSecurityPolicy: Lazy.string({
          produce: () =>
            contentSecurityPolicy({
              connect: [apiUrl, liveUrl, `https://*.s3.${stack.region}.${stack.urlSuffix}`],
              img: ["https:"],
              ...builtPageHashes(new URL("../web/dist/index.html", import.meta.url)),
            }),
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
  // VITE_API_URL and VITE_LIVE_URL (the live API's wss:// address) are deploy-time tokens: SST builds
  // with a placeholder and writes the real address into the uploaded files. Every path falls back to index.html, where the app's router takes over.
  const site = new StaticSite(stack, "Web", {
    path: "web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    errorPage: "redirect_to_index_page",
    environment: { VITE_API_URL: apiUrl, VITE_LIVE_URL: liveUrl },
    cdk: { distribution: { defaultBehavior: { responseHeadersPolicy: webHeaders } } },
  });
  return site;
}
