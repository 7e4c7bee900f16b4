/**
 * Lookups in a real program run by the engine, from the packed package: the Promise form (`getProject`) and Output
 * forms chained on it (`getEnvironmentOutput`, `getDatabaseOutput`) feeding a resource; a webhook's result kept secret
 * in the stack outputs and the state; a lookup that matches nothing failing the preview with the candidates named.
 */
import * as fs from "node:fs";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, steps } from "./harness";
import { makePackedProgram } from "./packed-program";

const HOOK_URL = "https://hooks.example.com/services/engine-lookup-secret-path";

const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const organizationId = config.require("organizationId");
const project = ds.getProject({ organizationId, name: config.get("projectName") ?? "LOOKUP-SHOP" });
const production = ds.getEnvironmentOutput({ projectId: project.then((p) => p.id), name: "production" });
const main = ds.getDatabaseOutput({ environmentId: production.id, name: "main" });
const hook = ds.getWebhookOutput({ organizationId: ds.getOrganizationOutput({}).id, id: config.require("webhookId") });

const stage = new ds.DeploymentStage("after-db", { environmentId: production.id, name: "after-db" });

export const projectId = project.then((p) => p.id);
export const environmentId = production.id;
export const databaseId = main.id;
export const stageEnvironmentId = stage.environmentId;
export const webhookUrl = hook.targetUrl;
export const webhookId = pulumi.unsecret(hook.id);
`;

describeWithEngine("lookups through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let programDir: string;
  let stack: EngineStack;
  const ids = { project: "", environment: "", database: "", webhook: "" };

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 100000, quiet: true });
    const client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin, pacing: false });
    const organizationId = emulator.ids.organizationId;
    ids.project = (await client.projects.create(organizationId, { name: "lookup-shop" })).id;
    await client.projects.create(organizationId, { name: "lookup-blog" });
    ids.environment = (await client.environments.create(ids.project, { name: "production", cluster: emulator.ids.clusterIds[0] })).id;
    ids.database = (await client.databases.create(ids.environment, { name: "main", type: "POSTGRESQL", version: "16", mode: "CONTAINER" } as never)).id;
    ids.webhook = (await client.webhooks.create(organizationId, { kind: "STANDARD", target_url: HOOK_URL, events: ["DEPLOYMENT_STARTED"] })).id;
    programDir = makePackedProgram("lookups", { "index.ts": PROGRAM });
    stack = new EngineStack({
      programDir,
      binDir,
      config: { "lookups:organizationId": organizationId, "lookups:webhookId": ids.webhook, "deploy-service:apiUrl": emulator.url },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
    });
  });

  afterAll(async () => {
    await stack?.destroy().catch(() => undefined);
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
    if (programDir) fs.rmSync(programDir, { recursive: true, force: true });
  });

  it("feeds looked-up ids to a resource, and keeps the webhook's result secret", async () => {
    const up = await stack.up();
    expect(steps(up).filter((s) => s.type.endsWith(":DeploymentStage")).map((s) => s.op)).toEqual(["create"]);
    expect(up.outputs).toEqual({
      projectId: ids.project, environmentId: ids.environment, databaseId: ids.database, stageEnvironmentId: ids.environment,
      webhookUrl: "[secret]", webhookId: ids.webhook,
    });
    const { text } = await stack.exportState();
    expect(text).not.toContain("engine-lookup-secret-path");
    expect(text).not.toContain(emulator.tokens.admin);
  });

  it("fails the preview naming the candidates when a name matches nothing", async () => {
    await stack.setConfig("lookups:projectName", "lookup-shoop");
    await expect(stack.preview()).rejects.toThrow(/getProject: no project named "lookup-shoop" in organization \S+ \(it has: "lookup-shop" \(id [^)]+\), "lookup-blog"/);
  });
});
