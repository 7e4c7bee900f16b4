/**
 * The provider plugin through the real engine against the emulator: installed from its archive by
 * `pulumi plugin install --file` and found on PATH from there, a program registering its resources by type token:
 * preview, up, a no-op preview that asks the service only the lookup, an update in place, a refresh with no drift,
 * no secret in plaintext in the state, and destroy leaving the emulator as seeded.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, steps } from "../e2e/harness";
import { secretPlaintexts } from "../e2e/secrets";
import { userObjects } from "../e2e/stack-checks";
import { installPlugin, pluginProgram, type InstalledPlugin } from "./plugin-install";

const DATABASE_PASSWORD = "plugin-db-password-0123456789";
const API_KEY = "plugin-api-key-0123456789abcdef";
const PLUGIN_TYPES = ["Project", "Environment", "DeploymentStage", "Database", "Application"].map((k) => `deploy-service:index:${k}`);

describeWithEngine("the provider plugin through the engine", ({ binDir }) => {
  jest.setTimeout(15 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let plugin: InstalledPlugin;
  let programDir: string;
  let stack: EngineStack;
  let seeded: unknown;

  const ops = (result: Parameters<typeof steps>[0]): Record<string, string> =>
    Object.fromEntries(steps(result).filter((s) => s.type.startsWith("deploy-service:index:")).map((s) => [s.type.split(":")[2], s.op]));
  const projects = async () => client.projects.list(emulator.ids.organizationId);

  beforeAll(async () => {
    // Each deployment state lasts 0.2 s, so the application's deployment reports its progress.
    emulator = await startEmulator({ stepMs: 200, quiet: true, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin, pacing: false });
    seeded = userObjects(await stateDump(emulator));
    plugin = installPlugin(binDir);
    programDir = pluginProgram();
    stack = new EngineStack({
      programDir, binDir,
      config: { "plugin-engine:apiUrl": emulator.url, "plugin-engine:organizationId": emulator.ids.organizationId, "plugin-engine:clusterId": emulator.ids.clusterIds[0] },
      secretConfig: { "plugin-engine:apiToken": emulator.tokens.admin, "plugin-engine:databasePassword": DATABASE_PASSWORD, "plugin-engine:apiKey": API_KEY },
      // The installed plugin, found on PATH: nothing to download, and no environment credentials to fall back on.
      env: { PATH: `${plugin.dir}${path.delimiter}${process.env.PATH ?? ""}`, DEPLOY_SERVICE_API_URL: "", DEPLOY_SERVICE_API_TOKEN: "" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
    for (const dir of [programDir, plugin?.home]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("installs the archive as a plugin: the executable, its code and its modules", () => {
    for (const file of ["pulumi-resource-deploy-service", "package.json", "dist/provider/plugin/server/main.js", "dist/provider/plugin/schema.json", "node_modules/@pulumi/pulumi/package.json"]) {
      expect(fs.existsSync(path.join(plugin.dir, file))).toBe(true);
    }
  });

  it("previews every resource as a create, writing nothing", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(ops(preview)).toEqual({ Project: "create", Environment: "create", DeploymentStage: "create", Database: "create", Application: "create" });
    expect((await requests(emulator)).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("creates them on up, with the application's variables and secret, and answers the lookup", async () => {
    const up = await stack.up();
    expect(Object.values(ops(up)).every((op) => op === "create")).toBe(true);
    const project = (await projects()).find((p) => p.name === "plugin-shop");
    expect(project?.description).toBe("made by the plugin");
    expect(up.outputs?.["projectId"]).toBe(project?.id);
    const appId = String(up.outputs?.["applicationId"]);
    const variables = await client.environmentVariables.list(appId);
    expect(variables.map((v) => v.key)).toEqual(expect.arrayContaining(["LOG_LEVEL", "DATABASE_HOST"]));
    expect((await client.secrets.list(appId)).map((s) => s.key)).toContain("API_KEY");
    const [cluster] = await client.clusters.list(emulator.ids.organizationId);
    expect(up.outputs?.["clusterName"]).toBe(cluster?.name);
    // The application's deployment reports its progress under the application, as with the dynamic providers.
    const progress = up.events.flatMap((e) => (e.diagnosticEvent?.severity === "info" && e.diagnosticEvent.urn?.endsWith("::api") ? [e.diagnosticEvent.message] : []));
    expect(progress.join("\n")).toMatch(/api: /);
  });

  it("a no-op preview changes nothing and asks the service nothing but the lookup", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(new Set(Object.values(ops(preview)))).toEqual(new Set(["same"]));
    const asked = await requests(emulator);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.method === "GET" && r.path.includes("/cluster"))).toBe(true);
  });

  it("updates the project in place when its description changes", async () => {
    await stack.setConfig("plugin-engine:description", "changed through the plugin");
    const up = await stack.up();
    expect(ops(up)).toMatchObject({ Project: "update", Environment: "same", Application: "same", Database: "same" });
    expect((await projects()).find((p) => p.name === "plugin-shop")?.description).toBe("changed through the plugin");
  });

  it("refreshes with no drift", async () => {
    const refresh = await stack.refresh();
    expect(refresh.changeSummary).not.toHaveProperty("update");
    expect(refresh.changeSummary).not.toHaveProperty("delete");
  });

  it("keeps every secret out of the state's plaintext: the token, the database's password and credentials, the app's secret", async () => {
    const secrets = secretPlaintexts((await stack.exportStateWithSecrets()).deployment);
    for (const value of [emulator.tokens.admin, DATABASE_PASSWORD, API_KEY]) expect(secrets).toContain(value);
    const { text, deployment } = await stack.exportState();
    for (const value of secrets) expect(text).not.toContain(value);
    const types = (deployment.resources ?? []).map((r) => String(r["type"]));
    expect(types).toEqual(expect.arrayContaining([...PLUGIN_TYPES, "pulumi:providers:deploy-service"]));
  });

  it("a new token for the provider is an update of the provider alone: no resource is replaced", async () => {
    await stack.setConfig("plugin-engine:apiToken", emulator.tokens.write);
    const preview = await stack.preview();
    expect(steps(preview).find((s) => s.type === "pulumi:providers:deploy-service")?.op).toBe("update");
    expect(new Set(Object.values(ops(preview)))).toEqual(new Set(["same"]));
    await stack.setConfig("plugin-engine:apiToken", emulator.tokens.admin);
  });

  it("destroys everything, leaving the emulator as seeded", async () => {
    await stack.destroy();
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
