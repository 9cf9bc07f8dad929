/**
 * The database the stack creates with RECIPES_DATABASE=aurora: Aurora Serverless v2 PostgreSQL behind
 * RDS Proxy in isolated subnets, and the DATABASE_URL of the functions that reach it. (With the
 * default "secret" mode, DATABASE_URL is an SST secret and nothing here is created.)
 */
import { Fn, RemovalPolicy, type SecretValue, type Stack } from "aws-cdk-lib";
import * as ec2 from "aws-cdk-lib/aws-ec2";
import * as rds from "aws-cdk-lib/aws-rds";
import type { FunctionProps } from "sst/constructs";

/** Where a function that reaches the database runs: the VPC's isolated subnets and security group. */
export type DatabaseNetwork = Pick<FunctionProps, "vpc" | "vpcSubnets" | "securityGroups">;

// Generated database passwords end up inside a URL: leave out every character that needs escaping.
const URL_UNSAFE_CHARACTERS = " %+~`#$&*()|[]{}:;<>?!'/@\"\\=,^";

export function auroraDatabase(
  stack: Stack,
  production: boolean,
): { environment: Record<string, string>; network: DatabaseNetwork } {
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
  proxy.connections.allowFrom(functionsSecurityGroup, ec2.Port.tcp(5432), "Lambda functions to RDS Proxy");
  // CloudFormation resolves the password at deploy time; it never appears in the template.
  const field = (name: string): SecretValue => secret.secretValueFromJson(name);
  const environment = {
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
  const network = { vpc, vpcSubnets, securityGroups: [functionsSecurityGroup] };
  return { environment, network };
}
