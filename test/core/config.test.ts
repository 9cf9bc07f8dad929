import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../core/config.ts";

const secret = "s".repeat(32);

describe("configuration", () => {
  it("stops production start-up without a JWT_SECRET, naming it", () => {
    expect(() => loadConfig({ NODE_ENV: "production", STORAGE_URL: "http://s3:9000" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", STORAGE_URL: "http://s3:9000" })).toThrow(/JWT_SECRET/);
  });

  it("stops production start-up with a JWT_SECRET shorter than 32 characters", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "production", JWT_SECRET: "short", STORAGE_URL: "http://s3:9000" }),
    ).toThrow(/JWT_SECRET must be set to at least 32 characters/);
  });

  it("refuses a bcrypt cost under 10 in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: secret, BCRYPT_COST: "4" })).toThrow(
      /BCRYPT_COST/,
    );
  });

  it("takes an OIDC provider only with its client's id and secret, named by its host unless OIDC_NAME says", () => {
    const issuer = { NODE_ENV: "test", OIDC_ISSUER: "https://auth.example.org/realms/home" } as const;
    expect(() => loadConfig({ ...issuer, OIDC_CLIENT_ID: "recipes" })).toThrow(
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set with OIDC_ISSUER/,
    );
    const client = { ...issuer, OIDC_CLIENT_ID: "recipes", OIDC_CLIENT_SECRET: "s3cret" };
    expect(loadConfig(client).oidc).toEqual({
      issuer: issuer.OIDC_ISSUER,
      clientId: "recipes",
      clientSecret: "s3cret",
      name: "auth.example.org",
    });
    expect(loadConfig({ ...client, OIDC_NAME: "Authentik" }).oidc?.name).toBe("Authentik");
    expect(loadConfig({ NODE_ENV: "test" }).oidc).toBeUndefined();
  });

  it("mails from no-reply at the app's host unless SMTP_FROM says otherwise", () => {
    const plain = loadConfig({ NODE_ENV: "test", FRONTEND_URL: "https://recipes.example.org" });
    expect(plain.smtp).toEqual({ url: undefined, from: "Recipes <no-reply@recipes.example.org>" });
    const set = loadConfig({
      NODE_ENV: "test",
      SMTP_URL: "smtp://mail:587",
      SMTP_FROM: "Kitchen <k@example.org>",
    });
    expect(set.smtp).toEqual({ url: "smtp://mail:587", from: "Kitchen <k@example.org>" });
  });

  it("generates a development secret once and keeps it", () => {
    const dir = mkdtempSync(join(tmpdir(), "recipes-config-"));
    const first = loadConfig({ NODE_ENV: "development", DATA_DIR: dir });
    const second = loadConfig({ NODE_ENV: "development", DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(dir, "jwt-secret"), "utf8")).toBe(first.jwtSecret);
  });

  it("lets the import reach this machine's own pages under npm run dev only, unless told otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), "recipes-config-"));
    const production = { NODE_ENV: "production", JWT_SECRET: secret, STORAGE_URL: "http://s3:9000" };
    expect(loadConfig({ NODE_ENV: "development", DATA_DIR: dir }).importAllowPrivateHosts).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).importAllowPrivateHosts).toBe(false);
    expect(loadConfig(production).importAllowPrivateHosts).toBe(false);
    expect(loadConfig({ ...production, IMPORT_ALLOW_PRIVATE_HOSTS: "true" }).importAllowPrivateHosts).toBe(
      true,
    );
    expect(
      loadConfig({ NODE_ENV: "development", DATA_DIR: dir, IMPORT_ALLOW_PRIVATE_HOSTS: "false" })
        .importAllowPrivateHosts,
    ).toBe(false);
  });

  it("uses the embedded defaults when nothing is configured", () => {
    const c = loadConfig({ NODE_ENV: "test" });
    expect(c.port).toBe(7000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.storage.embedded).toBe(true);
    expect(c.storage.url).toBe("http://127.0.0.1:9000");
    expect(c.storage.linkUrl).toBe("http://127.0.0.1:9000");
    expect(c.storage.publicUrl).toBe("http://127.0.0.1:9000/recipes");
    expect(c.frontendUrl).toBe("http://localhost:8000");
  });

  it("signs browsers' links for STORAGE_LINK_URL when the service reaches storage elsewhere", () => {
    const c = loadConfig({
      NODE_ENV: "test",
      STORAGE_URL: "http://minio:9000",
      STORAGE_LINK_URL: "http://localhost:9000",
    });
    expect(c.storage.url).toBe("http://minio:9000");
    expect(c.storage.linkUrl).toBe("http://localhost:9000");
  });

  it("uses one connection per Lambda instance and S3 itself when STORAGE_URL is unset there", () => {
    const c = loadConfig({
      NODE_ENV: "production",
      JWT_SECRET: secret,
      AWS_LAMBDA_FUNCTION_NAME: "api-get",
      DATABASE_URL: "postgres://db/recipes",
      PUBLIC_STORAGE_URL: "https://cdn.example.com",
    });
    expect(c.dbPoolMax).toBe(1);
    expect(c.storage.url).toBeUndefined();
    expect(c.storage.embedded).toBe(false);
    expect(c.storage.publicUrl).toBe("https://cdn.example.com");
  });

  it("names an invalid variable and says what it must be, in the service's own words", () => {
    expect(() => loadConfig({ NODE_ENV: "test", PORT: "seventy" })).toThrow(
      "Configuration error: PORT is invalid: Must be a number.",
    );
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_URL: "not a url" })).toThrow(
      "Configuration error: DATABASE_URL is invalid: Must be a URL.",
    );
    expect(() => loadConfig({ NODE_ENV: "banana" })).toThrow(
      "Configuration error: NODE_ENV is invalid: Must be one of 'development', 'production', 'test'.",
    );
  });
});

describe("ALLOWED_HOSTS", () => {
  it("is read as Host headers name hosts: lower case, without a port or a final dot", () => {
    expect(
      loadConfig({ NODE_ENV: "test", ALLOWED_HOSTS: " Recipes.Example.com.:443, home.arpa ,," }).allowedHosts,
    ).toEqual(["recipes.example.com", "home.arpa"]);
  });
});
