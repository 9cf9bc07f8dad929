/**
 * The embedded S3 server (s3rver) that stands in for MinIO when nothing is configured.
 * Objects are readable without credentials, like the public-read bucket in docker-compose.
 */
import { mkdirSync } from "node:fs";
import S3rver from "s3rver";

export type EmbeddedS3 = { url: string; close: () => Promise<void> };

/**
 * The web app sends an archive to import straight to storage (the signed PUT of POST /imports/uploads)
 * and downloads exports from it: a cross-origin request from the app's page, allowed from any origin
 * as MinIO allows it by default (the links are signed; nothing else is writable without credentials).
 */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startEmbeddedS3(options: {
  port: number;
  directory: string;
  bucket: string;
}): Promise<EmbeddedS3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port,
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  const address = await server.run();
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => server.close(),
  };
}
