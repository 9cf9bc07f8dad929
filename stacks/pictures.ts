/**
 * The picture bucket: private, its pictures read publicly only through a CloudFront distribution that
 * may read picture keys and nothing else; export archives and uploads for import expire after a day.
 */
import { Annotations, Duration, RemovalPolicy, type Stack } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import { Effect, PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import * as s3 from "aws-cdk-lib/aws-s3";
import { type App, Bucket } from "sst/constructs";
import { PICTURE_KEY_PREFIXES } from "../core/image/repository.ts";

/** Export archives and uploads for import: read only through their 15-minute signed links. */
export const ARCHIVE_KEY_PREFIXES = ["exports/", "imports/"];

export function pictureStorage(stack: Stack, app: App, production: boolean) {
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
  return { bucket, cdn, publicStorageUrl };
}
