import * as pulumi from "@pulumi/pulumi";
import {
  findCustomDomain, findSecret, findVariable, getCustomDomain, getCustomDomainOutput, getSecret, getSecretOutput, getVariable,
  getVariableOutput,
} from "../../../provider/lookups/index";
import type { DeployServiceClient } from "../../../sdk";
import { useFixture } from "../support/fixture";

const fx = useFixture();

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

const SECRET_VALUE = "postgres://admin:lookup-secret-value@db.internal/shop";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describe("variable, secret and custom domain lookups against the emulator", () => {
  let appId: string;
  let levelId: string;
  let fileId: string;
  let appLevelId: string;
  let secretId: string;
  let shopId: string;
  let wwwId: string;

  beforeAll(async () => {
    appId = (await fx.client.applications.create(fx.envId, {
      name: "values-api", git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" }, healthchecks: {},
      ports: [{ internal_port: 8080, publicly_accessible: true }],
    } as never)).id;
    const v = fx.client.variables;
    levelId = (await v.create({
      key: "LOG_LEVEL", value: "debug", is_secret: false, variable_scope: "ENVIRONMENT", variable_parent_id: fx.envId, description: "verbosity",
    })).id;
    fileId = (await v.create({
      key: "APP_CONFIG", value: "a: 1", is_secret: false, variable_scope: "ENVIRONMENT", variable_parent_id: fx.envId,
      mount_path: "/etc/app/config.yaml",
    })).id;
    // The same key at the application: a lookup at the environment must not see it, nor the other way round.
    appLevelId = (await v.create({ key: "LOG_LEVEL", value: "info", is_secret: false, variable_scope: "APPLICATION", variable_parent_id: appId })).id;
    secretId = (await v.create({ key: "DATABASE_URL", value: SECRET_VALUE, is_secret: true, variable_scope: "ENVIRONMENT", variable_parent_id: fx.envId })).id;
    shopId = (await fx.client.customDomains.create("application", appId, { domain: "shop.example.com", generate_certificate: true, use_cdn: false })).id;
    wwwId = (await fx.client.customDomains.create("application", appId, { domain: "www.example.com", generate_certificate: false, use_cdn: true })).id;
  });

  it("finds a variable by key or by id at its parent, with its value, and not the same key at another parent", async () => {
    const byKey = await findVariable(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, key: "LOG_LEVEL" });
    expect(byKey).toMatchObject({
      id: levelId, key: "LOG_LEVEL", scope: "ENVIRONMENT", parentId: fx.envId, value: "debug", description: "verbosity", variableType: "VALUE",
    });
    expect(await findVariable(fx.client, { scope: "APPLICATION", parentId: appId, key: "LOG_LEVEL" })).toMatchObject({ id: appLevelId, value: "info" });
    const file = await findVariable(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, id: fileId });
    expect(file).toMatchObject({ key: "APP_CONFIG", mountPath: "/etc/app/config.yaml", value: "a: 1" });
  });

  it("fails naming the parent's variables when a key or an id matches nothing there", async () => {
    await expect(findVariable(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, key: "LOG_LEVLE" })).rejects.toThrow(
      new RegExp(`getVariable: no variable with key "LOG_LEVLE" in parent ${fx.envId} \\(it has: "LOG_LEVEL" \\(id ${levelId}\\), "APP_CONFIG"`),
    );
    // An inherited variable is not the parent's own.
    await expect(findVariable(fx.client, { scope: "APPLICATION", parentId: appId, id: levelId })).rejects.toThrow(
      `getVariable: no variable with id "${levelId}" in parent ${appId}`,
    );
    await expect(findVariable(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, id: MISSING_ID })).rejects.toThrow(/no variable with id/);
  });

  it("needs the parent and its scope, and exactly one of key and id", async () => {
    await expect(findVariable(fx.client, { parentId: fx.envId, key: "LOG_LEVEL" } as never)).rejects.toThrow(
      /getVariable: pass \{ scope \} with \{ parentId \}: one of PROJECT, ENVIRONMENT, APPLICATION, CONTAINER, JOB, HELM, TERRAFORM, got none/,
    );
    await expect(findSecret(fx.client, { scope: "ENVIRONMENT", parentId: "", id: secretId })).rejects.toThrow(/getSecret: pass \{ parentId \} with \{ id \}/);
    await expect(findVariable(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, key: "LOG_LEVEL", id: levelId })).rejects.toThrow(
      /exactly one of \{ key \} and \{ id \}, got both/,
    );
  });

  it("keeps variables and secrets apart, and never returns a secret's value", async () => {
    const byKey = await findSecret(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, key: "DATABASE_URL" });
    expect(byKey).toEqual({ id: secretId, key: "DATABASE_URL", scope: "ENVIRONMENT", parentId: fx.envId, variableType: "VALUE" });
    const byId = await findSecret(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, id: secretId });
    expect(byId.id).toBe(secretId);
    expect(Object.keys(byId)).not.toContain("value");
    expect(JSON.stringify([byKey, byId])).not.toContain("lookup-secret-value");
    await expect(findVariable(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, key: "DATABASE_URL" })).rejects.toThrow(
      /getVariable: no variable with key "DATABASE_URL" in parent/,
    );
    await expect(findSecret(fx.client, { scope: "ENVIRONMENT", parentId: fx.envId, key: "LOG_LEVEL" })).rejects.toThrow(
      new RegExp(`getSecret: no secret with key "LOG_LEVEL" in parent ${fx.envId} \\(it has: "DATABASE_URL" \\(id ${secretId}\\)\\)`),
    );
  });

  it("finds a custom domain by domain ignoring case, or by id, named as the resource's outputs", async () => {
    const shop = await findCustomDomain(fx.client, { serviceKind: "application", serviceId: appId, domain: "SHOP.example.com" });
    expect(shop).toMatchObject({
      id: shopId, domain: "shop.example.com", serviceKind: "application", serviceId: appId, generateCertificate: true, useCdn: false,
    });
    expect(typeof shop.validationDomain).toBe("string");
    expect(typeof shop.status).toBe("string");
    expect(await findCustomDomain(fx.client, { serviceKind: "application", serviceId: appId, id: wwwId })).toMatchObject({
      domain: "www.example.com", generateCertificate: false, useCdn: true,
    });
  });

  it("fails naming the service's domains when a domain or an id matches nothing", async () => {
    await expect(findCustomDomain(fx.client, { serviceKind: "application", serviceId: appId, domain: "shp.example.com" })).rejects.toThrow(
      new RegExp(`getCustomDomain: no custom domain with domain "shp.example.com" in service ${appId} ` +
        `\\(it has: "shop.example.com" \\(id ${shopId}\\), "www.example.com" \\(id ${wwwId}\\)\\)`),
    );
    await expect(findCustomDomain(fx.client, { serviceKind: "application", serviceId: appId, id: MISSING_ID })).rejects.toThrow(
      `getCustomDomain: no custom domain with id "${MISSING_ID}" in service ${appId}`,
    );
    await expect(findCustomDomain(fx.client, { serviceKind: "database" as never, serviceId: appId, id: shopId })).rejects.toThrow(
      /getCustomDomain: pass \{ serviceKind \}: one of application, container, helm, got "database"/,
    );
  });

  it("Promise forms take plain values and the program's credentials", async () => {
    const level = getVariable({ scope: "ENVIRONMENT", parentId: fx.envId, key: "LOG_LEVEL" });
    expect(level).toBeInstanceOf(Promise);
    expect((await level).id).toBe(levelId);
    const secret = await getSecret({ scope: "ENVIRONMENT", parentId: fx.envId, key: "DATABASE_URL" });
    expect(secret.id).toBe(secretId);
    expect(JSON.stringify(secret)).not.toContain("lookup-secret-value");
    expect((await getCustomDomain({ serviceKind: "application", serviceId: appId, domain: "www.example.com" })).id).toBe(wwwId);
  });

  it("Output forms resolve from Inputs and chain, with no secret value in their results", async () => {
    const parentId = pulumi.output(Promise.resolve(fx.envId));
    const level = getVariableOutput({ scope: pulumi.output("ENVIRONMENT" as const), parentId, key: "LOG_LEVEL" });
    expect(await value(level.apply((l) => l.value))).toBe("debug");
    expect(await pulumi.isSecret(level.id)).toBe(false);
    const secret = getSecretOutput({ scope: "ENVIRONMENT", parentId, key: Promise.resolve("DATABASE_URL") });
    const whole = await value(secret);
    expect(whole.id).toBe(secretId);
    expect(JSON.stringify(whole)).not.toContain("lookup-secret-value");
    const app = pulumi.output(appId);
    const www = getCustomDomainOutput({ serviceKind: "application", serviceId: app, id: pulumi.output(wwwId) });
    expect(await value(www.domain)).toBe("www.example.com");
    const secretDomain = getCustomDomainOutput({ serviceKind: "application", serviceId: app, domain: pulumi.secret("shop.example.com") });
    expect(await value(secretDomain.id)).toBe(shopId);
    expect(await pulumi.isSecret(secretDomain.id)).toBe(true);
  });
});

describe("several matches", () => {
  it("fail naming each candidate and asking for the id, as every lookup does", async () => {
    const client = {
      customDomains: { list: async () => [{ id: "d-1", domain: "Shop.example.com" }, { id: "d-2", domain: "shop.example.com" }] },
      variables: { list: async () => [1, 2].map((n) => ({ id: `v-${n}`, key: "PORT", scope: "PROJECT", is_secret: false })) },
    } as unknown as DeployServiceClient;
    await expect(findCustomDomain(client, { serviceKind: "container", serviceId: "c-1", domain: "SHOP.example.com" })).rejects.toThrow(
      'getCustomDomain: 2 custom domains with domain "SHOP.example.com" in service c-1: "Shop.example.com" (id d-1), "shop.example.com" (id d-2); pass { id }',
    );
    await expect(findVariable(client, { scope: "PROJECT", parentId: "p-1", key: "PORT" })).rejects.toThrow(
      'getVariable: 2 variables with key "PORT" in parent p-1: "PORT" (id v-1), "PORT" (id v-2); pass { id }',
    );
  });
});
