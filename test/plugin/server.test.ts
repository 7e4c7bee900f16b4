/**
 * The provider plugin in-process against the emulator: every family of `FAMILIES` is a resource it serves and every
 * plain lookup a function, each operation goes to the dynamic provider of the kind, secrets stay secret both ways,
 * and its configuration comes from `Configure` with the environment variables as defaults.
 */
import { runtime } from "@pulumi/pulumi";
import { clearRequests, requests } from "../../emulator/control/control-client";
import { advancedSettingKeysOf } from "../../sdk";
import { FAMILIES } from "../../provider/families";
import { VALUE_REF_OUTPUTS } from "../../provider/framework/value-maps";
import { API_TOKEN_ENV, API_URL_ENV, resetCredentials } from "../../provider/framework/credentials";
import { captureProgress, logProgress } from "../../provider/framework/progress";
import { configurePlugin } from "../../provider/plugin/server/config";
import { invoke } from "../../provider/plugin/server/functions";
import { plainLookupNames, tokenOf } from "../../provider/plugin/names";
import { pluginProvider } from "../../provider/plugin/server/provider";
import { dynamicProviderOf } from "../../provider/plugin/server/resources";
import { secretValue } from "../../provider/plugin/server/secrets";
import { useFixture } from "../provider/support/fixture";

jest.setTimeout(60_000);

type Props = Record<string, unknown>;
const fx = useFixture();
const plugin = pluginProvider();
const urnOf = (kind: string, name = "x"): string => `urn:pulumi:dev::plugin-test::${tokenOf(kind)}::${name}`;
const isSecret = (v: unknown): boolean => runtime.isRpcSecret(v);

/** check then create, as the engine does, answering the id and the outputs. */
async function created(kind: string, news: Props): Promise<{ id: string; inputs: Props; outs: Props }> {
  const checked = await plugin.check!(urnOf(kind), {}, news);
  expect(checked.failures ?? []).toEqual([]);
  const { id, outs } = await plugin.create!(urnOf(kind), checked.inputs);
  return { id, inputs: checked.inputs as Props, outs: outs as Props };
}

describe("what the plugin serves", () => {
  test.each(Object.keys(FAMILIES))("%s is a resource type of the plugin with every operation", (kind) => {
    const { kind: served, provider } = dynamicProviderOf(urnOf(kind));
    expect(served).toBe(kind);
    for (const op of ["check", "diff", "create", "read", "update", "delete"] as const) expect(typeof provider[op]).toBe("function");
  });

  test("an unknown type is refused naming it and the kinds served", async () => {
    await expect(plugin.check!(urnOf("Nope"), {}, {})).rejects.toThrow(/unknown resource type "deploy-service:index:Nope".*Project, Environment/);
    await expect(plugin.create!("urn:pulumi:dev::p::pulumi-nodejs:dynamic/deploy-service:Project::x", {})).rejects.toThrow(/unknown resource type "pulumi-nodejs:dynamic\/deploy-service:Project"/);
  });

  test("a resource under a parent is known by the last type of its URN", () => {
    expect(dynamicProviderOf("urn:pulumi:dev::p::my:index:Component$deploy-service:index:Environment::x").kind).toBe("Environment");
  });

  test("every plain lookup of provider/lookups is a function of the plugin; an unknown one is refused", async () => {
    const names = plainLookupNames();
    expect(names).toEqual(expect.arrayContaining(["getProject", "getCluster", "getEnvironment", "getApplication", "getDatabase", "getOrganization"]));
    expect(names.some((n) => n.endsWith("Output"))).toBe(false);
    for (const name of names) {
      // Each is served: anything but the unknown-function refusal (arguments are missing, so most fail otherwise).
      await invoke(tokenOf(name), {}).catch((e: Error) => expect(e.message).not.toMatch(/unknown function/));
    }
    await expect(invoke("deploy-service:index:getNope", {})).rejects.toThrow(/unknown function "deploy-service:index:getNope".*deploy-service:index:getProject/);
  });

  test("a create's progress lines carry its URN, so the engine shows them under its resource", async () => {
    const urn = urnOf("LabelsGroup", "team");
    const { provider } = dynamicProviderOf(urn);
    const original = provider.create;
    const lines: Array<[string, string | undefined]> = [];
    captureProgress((line, at) => lines.push([line, at]));
    provider.create = async () => {
      logProgress("working");
      return { id: "made", outs: {} };
    };
    try {
      await plugin.create!(urn, {});
    } finally {
      provider.create = original;
      captureProgress(undefined);
    }
    expect(lines).toEqual([["working", urn]]);
  });

  test("a lookup answers through the plugin", async () => {
    const { outputs } = await invoke(tokenOf("getProject"), { id: fx.projectId });
    expect(outputs).toMatchObject({ id: fx.projectId, name: "fixture-project", organizationId: fx.orgId });
  });

  test("the version is the package's and the schema is provider/plugin/schema.json", async () => {
    expect(plugin.version).toBe(require("../../package.json").version);
    expect(JSON.parse(await plugin.getSchema!())).toMatchObject({ name: "deploy-service", config: { variables: { apiToken: { secret: true } } } });
  });
});

describe("a project's life through the plugin", () => {
  test("check, create, no-op diff, update, refresh and delete reach the service as the dynamic provider does", async () => {
    const { id, inputs, outs } = await created("Project", { organizationId: fx.orgId, name: "plugin-made" });
    expect((await fx.client.projects.get(id)).name).toBe("plugin-made");
    expect(outs).toMatchObject({ name: "plugin-made", organizationId: fx.orgId });
    // The outputs its inputs imply, which the dynamic provider's state leaves out: the plugin's state keeps them,
    // since the engine's other languages read the state as it is.
    expect(Object.fromEntries(VALUE_REF_OUTPUTS.map((name) => [name, outs[name]]))).toEqual(Object.fromEntries(VALUE_REF_OUTPUTS.map((name) => [name, {}])));
    expect(await plugin.diff!(id, urnOf("Project"), outs, inputs)).toMatchObject({ changes: false });

    const news = (await plugin.check!(urnOf("Project"), inputs, { ...inputs, description: "now described" })).inputs as Props;
    const changed = await plugin.diff!(id, urnOf("Project"), outs, news);
    expect(changed.changes).toBe(true);
    expect(changed.replaces ?? []).toEqual([]);
    const updated = await plugin.update!(id, urnOf("Project"), outs, news);
    expect((updated.outs as Props)["secretAliasRefs"]).toEqual({});
    expect((await fx.client.projects.get(id)).description).toBe("now described");

    const refreshed = await plugin.read!(id, urnOf("Project"), updated.outs);
    expect(refreshed).toMatchObject({ id, props: { description: "now described" } });
    await plugin.delete!(id, urnOf("Project"), updated.outs);
    expect((await fx.client.projects.list(fx.orgId)).map((p) => p.id)).not.toContain(id);
  });
});

describe("outputs through the plugin are whole", () => {
  test("what the dynamic provider stores short comes back whole: implied outputs and every effective setting", async () => {
    const app = await created("Application", {
      environmentId: fx.envId, name: "plugin-whole", gitRepository: { url: "https://github.com/acme/whole.git" }, readBuiltInVariables: false,
    });
    expect([app.outs["builtInVariables"], app.outs["secretFileRefs"]]).toEqual([{}, {}]);
    const { id, outs } = await created("ApplicationAdvancedSettings", { applicationId: app.id, settings: { "network.ingress.proxy_body_size_mb": 25 } });
    const effective = outs["effectiveSettings"] as Record<string, unknown>;
    expect(Object.keys(effective).sort()).toEqual(advancedSettingKeysOf("application").sort());
    expect(effective["network.ingress.proxy_body_size_mb"]).toBe(25);
    const refreshed = await plugin.read!(id, urnOf("ApplicationAdvancedSettings"), outs);
    expect(Object.keys(refreshed.props as Props)).toContain("effectiveSettings");
    expect(Object.keys((refreshed.props as Props)["effectiveSettings"] as Props).sort()).toEqual(advancedSettingKeysOf("application").sort());
  });
});

describe("bad input through the plugin", () => {
  test("check answers the dynamic check's failures, naming the field, before any request", async () => {
    await clearRequests(fx.emulator);
    const { failures } = await plugin.check!(urnOf("Environment"), {}, { projectId: fx.projectId, name: "qa", mode: "NOPE", clusterId: fx.clusterIds[0] });
    expect(failures).toEqual([expect.objectContaining({ property: "mode", reason: expect.stringMatching(/PRODUCTION|STAGING|DEVELOPMENT/) })]);
    expect(await requests(fx.emulator)).toEqual([]);
  });
});

describe("importing through the plugin (a read with no state)", () => {
  test("by id and by <parent id>/<name>, answering the id and the inputs the state then stores", async () => {
    for (const importId of [fx.projectId, `${fx.orgId}/fixture-project`, `${fx.orgId}/FIXTURE-project`]) {
      const found = await plugin.read!(importId, urnOf("Project"), {});
      expect(found.id).toBe(fx.projectId);
      expect(found.inputs).toMatchObject({ organizationId: fx.orgId, name: "fixture-project" });
    }
    const env = await plugin.read!(`${fx.projectId}/fixture-b`, urnOf("Environment"), {});
    expect(env.id).toBe(fx.env2Id);
  });

  test("a name the parent does not hold fails naming the parent and its objects", async () => {
    await expect(plugin.read!(`${fx.orgId}/no-such`, urnOf("Project"), {})).rejects.toThrow(
      /importing Project ".*\/no-such": organization .* has none with name "no-such" \(it has: "fixture-project"/,
    );
  });
});

describe("secrets through the plugin", () => {
  test("a database's credentials and password come back secret, given plain or secret", async () => {
    const db = await created("Database", {
      environmentId: fx.envId, name: "plugin-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE",
      cpu: 500, memory: 512, storage: 10, masterCredentials: { login: "shop", password: "s3cret-pw" },
    });
    // The kind's secret input is marked secret by check, so the engine stores the input as one too.
    expect(isSecret(db.inputs["masterCredentials"])).toBe(true);
    expect(isSecret(db.outs["masterCredentials"])).toBe(true);
    expect(isSecret(db.outs["password"])).toBe(true);
    expect(JSON.stringify({ ...db.outs, masterCredentials: undefined, password: undefined })).not.toContain("s3cret-pw");
    const refreshed = await plugin.read!(db.id, urnOf("Database"), db.outs);
    expect(isSecret((refreshed.props as Props)["password"])).toBe(true);
    await plugin.delete!(db.id, urnOf("Database"), db.outs);
  });

  test("an input the program marks secret stays secret in the outputs, and reaches the service unmarked", async () => {
    const { id, outs } = await created("Project", { organizationId: fx.orgId, name: "secret-described", description: secretValue("hidden words") });
    expect(isSecret(outs["description"])).toBe(true);
    expect(runtime.unwrapRpcSecret(outs["description"])).toBe("hidden words");
    expect(isSecret(outs["name"])).toBe(false);
    expect((await fx.client.projects.get(id)).description).toBe("hidden words");
    await plugin.delete!(id, urnOf("Project"), outs);
  });
});

describe("the plugin's configuration", () => {
  afterEach(() => {
    process.env[API_URL_ENV] = fx.emulator.url;
    process.env[API_TOKEN_ENV] = fx.emulator.tokens.admin;
    resetCredentials();
  });

  test("apiUrl and a secret apiToken from Configure, with no environment variables", async () => {
    delete process.env[API_URL_ENV];
    delete process.env[API_TOKEN_ENV];
    configurePlugin({ apiUrl: fx.emulator.url, apiToken: secretValue(fx.emulator.tokens.admin), version: "0.1.0" });
    expect((await invoke(tokenOf("getProject"), { id: fx.projectId })).outputs).toMatchObject({ id: fx.projectId });
  });

  test("the engine's older variables spelling is read too", async () => {
    delete process.env[API_URL_ENV];
    configurePlugin({}, { "deploy-service:config:apiUrl": fx.emulator.url });
    expect((await invoke(tokenOf("getProject"), { id: fx.projectId })).outputs).toMatchObject({ id: fx.projectId });
  });

  test("absent config falls back to the environment variables; missing both names both places", async () => {
    configurePlugin({});
    expect((await invoke(tokenOf("getProject"), { id: fx.projectId })).outputs).toMatchObject({ id: fx.projectId });
    delete process.env[API_TOKEN_ENV];
    configurePlugin({ apiUrl: fx.emulator.url });
    await expect(invoke(tokenOf("getProject"), { id: fx.projectId })).rejects.toThrow(/deploy-service:apiToken.*DEPLOY_SERVICE_API_TOKEN/);
  });

  test("a wrong tokenScheme is refused naming the key, without quoting the value", async () => {
    configurePlugin({ tokenScheme: "Basic-xyz" });
    const failure = await invoke(tokenOf("getProject"), { id: fx.projectId }).catch((e: Error) => e.message);
    expect(failure).toMatch(/deploy-service:tokenScheme/);
    expect(failure).not.toContain("Basic-xyz");
  });

  test("a token given in Configure never appears in an error", async () => {
    configurePlugin({ apiUrl: fx.emulator.url, apiToken: secretValue("tok-not-valid-0123456789") });
    const failure = await invoke(tokenOf("getProject"), { id: fx.projectId }).catch((e: Error) => e.message);
    expect(typeof failure).toBe("string");
    expect(failure).not.toContain("tok-not-valid-0123456789");
  });
});
