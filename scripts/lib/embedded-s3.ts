/**
 * The embedded S3 server (s3rver) that stands in for MinIO when nothing is configured.
 * Objects are readable without credentials, like the public-read bucket in docker-compose.
 */
import { mkdirSync } from "node:fs";
import S3rver from "s3rver";

export type EmbeddedS3 = { url: string; close: () => Promise<void> };

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
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  const address = await server.run();
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => server.close(),
  };
}
