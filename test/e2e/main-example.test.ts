import { createHmac } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { DeployServiceClient } from "../../sdk";
import { serializedProvider } from "../../provider/framework/shim";
import { clearRequests, control, failDeploys, stateDump, writeRequests } from "../../emulator/control/control-client";
import { describeWithEngine, EngineStack, REPO_ROOT, steps } from "./harness";
import { changed, opsByName, userObjects } from "./stack-checks";
import { secretPlaintexts } from "./secrets";
import { startReceiver, type Receiver } from "../emulator/support/webhook-receiver";

const RANDOM_STANDIN = path.join(REPO_ROOT, "test", "random-standin", "bin");
const GIT_TOKEN = "ghp_engineTestGitToken0123456789abcdef";
const WEBHOOK_SECRET = "whsec_engineTestWebhookSecret0123456789";
const DS = "pulumi-nodejs:dynamic/deploy-service:";

/** The resources of the root program per type: the stack, one project, and two environments' worth. */
const EXPECTED_TYPES: Record<string, number> = {
  [`${DS}Project`]: 1,
  [`${DS}Environment`]: 2,
  [`${DS}DeploymentStage`]: 6,
  [`${DS}Database`]: 2,
  [`${DS}GitToken`]: 2,
  [`${DS}Application`]: 4,
  [`${DS}ApplicationAdvancedSettings`]: 4,
  [`${DS}EnvironmentDeployment`]: 2,
  [`${DS}Webhook`]: 1,
  "random:index/randomPassword:RandomPassword": 4,
  "shop:index:AppEnvironment": 2,
  "pulumi:pulumi:Stack": 1,
};
const TOTAL = Object.values(EXPECTED_TYPES).reduce((a, b) => a + b, 0);
/** The resources of this package in the state. */
const OURS = Object.entries(EXPECTED_TYPES).filter(([type]) => type.startsWith(DS)).reduce((n, [, count]) => n + count, 0);

describeWithEngine("the main example (root Pulumi.yaml) through the engine", ({ binDir }) => {
  jest.setTimeout(15 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let stack: EngineStack;
  let seeded: unknown;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    stack = new EngineStack({
      programDir: REPO_ROOT,
      binDir,
      config: { "deploy-service:apiUrl": emulator.url },
      secretConfig: {
        "deploy-service:apiToken": emulator.tokens.admin, "deploy-service-example:gitToken": GIT_TOKEN,
        "deploy-service-example:webhookUrl": `${receiver.base}/shop-deployments`, "deploy-service-example:webhookSecret": WEBHOOK_SECRET,
      },
      env: { PATH: `${RANDOM_STANDIN}${path.delimiter}${process.env.PATH}`, PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
    await receiver?.close();
  });

  const outputs = async () => (await stack.up()).outputs as Record<string, string>;

  it("previews every create before anything exists, with unknowns shown as such", async () => {
    const preview = await stack.preview(["--diff"]);
    const byType: Record<string, number> = {};
    for (const step of steps(preview).filter((s) => !s.type.startsWith("pulumi:providers:"))) {
      expect(step.op).toBe("create");
      byType[step.type] = (byType[step.type] ?? 0) + 1;
    }
    expect(byType).toEqual(EXPECTED_TYPES);
    expect(preview.changeSummary).toEqual({ create: TOTAL });
    expect(preview.stdout).toMatch(/environmentId\s*:\s*\[unknown\]/);
    expect(preview.stdout).toMatch(/masterCredentials\s*:\s*\[unknown\]/);
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("creates the whole stack on up", async () => {
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    const out = up.outputs as Record<string, string>;
    const environments = await client.environments.list(out.projectId!);
    expect(environments.map((e) => e.name).sort()).toEqual(["production", "staging"]);
    const stagingApps = await client.applications.list(out.stagingEnvironmentId!);
    expect(stagingApps.map((a) => a.name).sort()).toEqual(["api", "frontend"]);
    const stages = await client.deploymentStages.list(out.stagingEnvironmentId!);
    const names = stages.map((s) => s.name);
    expect(names.indexOf("database")).toBeLessThan(names.indexOf("api"));
    expect(names.indexOf("api")).toBeLessThan(names.indexOf("frontend"));
    expect(out.stagingDatabaseHost).toEqual(expect.any(String));
    // Where the services are reached, exported by the program.
    for (const url of [out.stagingApiUrl, out.stagingFrontendUrl, out.productionApiUrl, out.productionFrontendUrl]) {
      expect(url).toEqual(expect.stringMatching(/^https:\/\/[^\s/]+$/));
    }
    expect(out.stagingApiUrl).not.toBe(out.stagingFrontendUrl);
    expect(out.stagingApiInternalHost).toEqual(expect.stringMatching(/\S/));
    // The environment's APP_ENV is seen by both of its services, and by no service of the other environment.
    for (const [appId, expected] of [[out.stagingApiId, "staging"], [out.stagingFrontendId, "staging"], [out.productionApiId, "production"]]) {
      const visible = await client.variables.list({ parentId: appId!, scope: "APPLICATION" });
      expect(visible.filter((v) => v.key === "APP_ENV").map((v) => [v.scope, v.value])).toEqual([["ENVIRONMENT", expected]]);
    }
    const [webhook] = await client.webhooks.list(out.organizationId!);
    expect(webhook).toMatchObject({ id: out.webhookId, target_url: `${receiver.base}/shop-deployments`, project_names_filter: ["shop"] });
  });

  it("sent the deployments of that up to the webhook, signed with its secret", async () => {
    // Both environments deployed in up: each service's start and success, delivered by the emulator as they happened.
    const expectedEvents = 2 * 3 * 2;
    for (let i = 0; i < 200 && receiver.received.length < expectedEvents; i++) await new Promise((r) => setTimeout(r, 50));
    const events = receiver.received.map((r) => `${r.body.event_type} ${String(r.body.payload?.["environment_name"])} ${String(r.body.payload?.["service_name"])}`);
    expect(events.filter((e) => e.startsWith("DEPLOYMENT_SUCCESSFUL staging")).sort()).toEqual([
      "DEPLOYMENT_SUCCESSFUL staging api", "DEPLOYMENT_SUCCESSFUL staging frontend", "DEPLOYMENT_SUCCESSFUL staging shop-db",
    ]);
    expect(events.filter((e) => e.startsWith("DEPLOYMENT_STARTED"))).toHaveLength(6);
    for (const r of receiver.received) {
      expect(r.headers["qovery-signature-256"]).toBe(`sha256=${createHmac("sha256", WEBHOOK_SECRET).update(r.raw).digest("hex")}`);
      expect(r.body.payload?.["project_name"]).toBe("shop");
    }
  });

  it("previews and applies no change a second time, without a single write request", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: TOTAL });
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ same: TOTAL });
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("updates one application in place when one variable changes", async () => {
    await stack.setConfig("deploy-service-example:stagingLogLevel", "warn");
    await clearRequests(emulator);
    const up = await stack.up();
    expect(changed(up)).toEqual([["staging-api", "update"]]);
    const writes = await writeRequests(emulator);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "PUT", path: expect.stringMatching(/\/environmentVariable\//) });
    const out = up.outputs as Record<string, string>;
    const variables = await client.environmentVariables.list(out.stagingApiId!);
    expect(variables.find((v) => v.key === "LOG_LEVEL")?.value).toBe("warn");
  });

  it("replaces an environment and what depends on it when its cluster changes", async () => {
    const before = await outputs();
    await stack.setConfig("deploy-service-example:stagingCluster", "us-east");
    const preview = await stack.preview();
    const ops = opsByName(preview);
    for (const name of ["staging-env", "staging-api", "staging-frontend", "staging-db", "staging-stage-api"]) {
      expect([name, ops[name]]).toEqual([name, "replace"]);
    }
    expect(ops["production-env"]).toBe("same");
    const after = await outputs();
    expect(after.stagingEnvironmentId).not.toBe(before.stagingEnvironmentId);
    expect(after.productionEnvironmentId).toBe(before.productionEnvironmentId);
    const environment = await client.environments.get(after.stagingEnvironmentId!);
    expect(environment.cluster_id).toBe(emulator.ids.clusterIds[1]);
    await expect(client.environments.get(before.stagingEnvironmentId!)).rejects.toMatchObject({ status: 404 });
  });

  it("shows a change made outside after refresh, and the next up undoes it", async () => {
    const out = await outputs();
    const project = await client.projects.get(out.projectId!);
    await client.projects.update(out.projectId!, { name: project.name, description: "changed outside Pulumi" });
    const refresh = await stack.refresh();
    expect(refresh.changeSummary).toEqual({ same: TOTAL - 1, update: 1 });
    const preview = await stack.preview();
    expect(changed(preview)).toEqual([["shop", "update"]]);
    await stack.up();
    expect((await client.projects.get(out.projectId!)).description).toBe("The shop: an API, a frontend and their database");
  });

  it("drops an object deleted outside on refresh and recreates it on up", async () => {
    const out = await outputs();
    await client.applications.delete(out.productionFrontendId!);
    const refresh = await stack.refresh();
    expect(refresh.changeSummary).toEqual({ same: TOTAL - 2, delete: 2 });
    const preview = await stack.preview();
    expect(changed(preview)).toEqual([["production-frontend", "create"], ["production-frontend-settings", "create"]]);
    const up = await stack.up();
    expect(changed(up)).toEqual([["production-frontend", "create"], ["production-frontend-settings", "create"]]);
    const apps = await client.applications.list(out.productionEnvironmentId!);
    expect(apps.map((a) => a.name).sort()).toEqual(["api", "frontend"]);
  });

  it("keeps every secret out of `pulumi stack export`, and stores thin providers", async () => {
    const decrypted = await stack.exportStateWithSecrets();
    const secrets = secretPlaintexts(decrypted.deployment);
    secrets.add(emulator.tokens.admin);
    secrets.add(GIT_TOKEN);
    secrets.add(WEBHOOK_SECRET);
    expect(secrets.size).toBeGreaterThanOrEqual(7); // git token, API token, webhook secret, 4 random passwords at least
    const { deployment, text } = await stack.exportState();
    for (const secret of secrets) {
      expect([secret.slice(0, 4), text.includes(secret)]).toEqual([secret.slice(0, 4), false]);
    }
    const ours = (deployment.resources ?? []).filter((r) => String(r.type).startsWith(DS));
    expect(ours).toHaveLength(OURS);
    for (const r of ours) {
      // The thin text of shim.ts, stored twice per resource at every checkpoint: the package's name and the kind.
      const kind = String(r.type).slice(DS.length);
      expect([kind, r.inputs?.__provider, r.outputs?.__provider]).toEqual([kind, serializedProvider(kind), serializedProvider(kind)]);
    }
    // Where the program declares each resource (Pulumi Cloud shows it): a line of the program, not of the package.
    const positions = [...new Set(ours.map((r) => String(r["sourcePosition"]).replace(/#.*/, "")))].sort();
    expect(positions).toEqual(["project:///examples/components/app-environment.ts", "project:///index.ts"]);
  });

  it("keeps every resource in the state when refresh and destroy run against a wrong-path URL", async () => {
    const original = await stack.exportState();
    const ours = (deployment: { resources?: Array<Record<string, any>> }) =>
      (deployment.resources ?? []).filter((r) => String(r.type).startsWith(DS)).map((r) => r.urn).sort();
    expect(ours(original.deployment)).toHaveLength(OURS);
    // Refresh and destroy serve each resource with the provider configuration stored in the state (they do not
    // run the program), so the wrong URL goes where a user's `up` with a changed `deploy-service:apiUrl` puts it.
    const withUrl = (url: string) => {
      const copy = JSON.parse(original.text) as { deployment: { resources: Array<Record<string, any>> } };
      for (const r of copy.deployment.resources) {
        if (r.type !== "pulumi:providers:pulumi-nodejs") continue;
        for (const props of [r.inputs, r.outputs]) if (props?.["deploy-service:apiUrl"] !== undefined) props["deploy-service:apiUrl"] = url;
      }
      return copy;
    };
    // A version prefix the service never has (refused outright), and a path that merely 404s everywhere
    // (refused by the client's one-time check that the URL answers as the service).
    for (const wrongUrl of [`${emulator.url}/api/v1`, `${emulator.url}/gateway`]) {
      await stack.importState(withUrl(wrongUrl));
      await expect(stack.refresh()).rejects.toThrow(/apiUrl|DEPLOY_SERVICE_API_URL/);
      await expect(stack.destroy()).rejects.toThrow(/apiUrl|DEPLOY_SERVICE_API_URL/);
      expect(ours((await stack.exportState()).deployment)).toEqual(ours(original.deployment));
    }
    await stack.importState(withUrl(emulator.url));
    const out = await outputs();
    expect((await client.projects.get(out.projectId!)).id).toBe(out.projectId);
  });

  it("deploys staging stage by stage in up; a failed database stops the API and fails up naming it", async () => {
    const out = await outputs();
    const environmentId = out.stagingEnvironmentId!;
    const [database] = await client.databases.list(environmentId);
    const databaseId = database!.id;
    // Steps of 20 ms, so that each stage's start time tells the order the service deployed them in.
    await control(emulator, "PUT", "/config", { stepMs: 20 });
    try {
      await stack.setConfig("deploy-service-example:stagingRelease", "2");
      await clearRequests(emulator);
      const up = await stack.up();
      expect(changed(up)).toEqual([["staging-deployment", "update"]]);
      const actions = (await writeRequests(emulator)).filter((r) => r.method === "POST");
      expect(actions).toHaveLength(1);
      expect(actions[0]!.path).toMatch(new RegExp(`^/environment/${environmentId}/(re)?deploy$`));
      const dump = (await stateDump(emulator)) as Record<string, Record<string, { runtime: { deployment: { start: number } } }>>;
      const startOf = (collection: string, id: string) => dump[collection]![id]!.runtime.deployment.start;
      expect(startOf("databases", databaseId)).toBeLessThan(startOf("applications", out.stagingApiId!));
      expect(startOf("applications", out.stagingApiId!)).toBeLessThan(startOf("applications", out.stagingFrontendId!));
      expect(up.outputs?.stagingState).toBe("DEPLOYED");

      await failDeploys(emulator, databaseId, "DEPLOY");
      await stack.setConfig("deploy-service-example:stagingRelease", "3");
      // The receiver refuses the first delivery of this run: the emulator tries it again.
      const from = receiver.received.length;
      receiver.answer = (_r, index) => (index === from ? 500 : 200);
      await expect(stack.up()).rejects.toThrow(/shop-db/);
      expect((await client.applications.status(out.stagingApiId!)).state).toBe("CANCELED");
      expect((await client.applications.status(out.stagingFrontendId!)).state).toBe("CANCELED");
      const arrived = () => receiver.received.slice(from);
      const failureOfDatabase = () => arrived().find((r) => r.body.event_type === "DEPLOYMENT_FAILURE" && r.body.payload?.["service_name"] === "shop-db");
      for (let i = 0; i < 200 && (failureOfDatabase() === undefined || arrived().length < 2); i++) await new Promise((r) => setTimeout(r, 50));
      expect(failureOfDatabase()).toBeDefined();
      const [refused, ...later] = arrived();
      const retry = later.find((r) => r.headers["qovery-delivery"] === refused!.headers["qovery-delivery"]);
      expect([refused!.headers["qovery-delivery-attempt"], retry?.headers["qovery-delivery-attempt"]]).toEqual(["1", "2"]);
      expect(retry?.raw).toBe(refused!.raw);
    } finally {
      receiver.answer = () => 200;
      await failDeploys(emulator, databaseId, null);
      await control(emulator, "PUT", "/config", { stepMs: 0 });
    }
    // The failed deployment is recorded as not done: the next up deploys again and converges.
    const again = await stack.up();
    expect(changed(again)).toEqual([["staging-deployment", "update"]]);
    expect(again.outputs?.stagingState).toBe("DEPLOYED");
  });

  it("without a webhook, up removes it and prints no warning (no undefined output)", async () => {
    const configFile = path.join(REPO_ROOT, `Pulumi.${stack.stackName}.yaml`);
    const withWebhook = fs.readFileSync(configFile, "utf8");
    // The webhook's URL out of the stack's config, as in a stack that never set one (`npm run example:up`).
    fs.writeFileSync(configFile, withWebhook.replace(/^ {2}deploy-service-example:webhookUrl:\n(?: {4}.*\n)*/m, ""));
    try {
      const up = await stack.up();
      expect(changed(up)).toEqual([["deployment-notifications", "delete"]]);
      // Every warning but the engine's notes on the plugins this test puts on PATH (the Pulumi CLI's build, the random stand-in).
      const warnings = up.stderr.split("\n").filter((l) => /warning: /i.test(l) && !/warning: using pulumi-resource-\S+ from \$PATH/.test(l));
      expect(warnings).toEqual([]);
      expect(Object.keys(up.outputs ?? {})).not.toContain("webhookId");
      expect(up.outputs?.stagingApiUrl).toEqual(expect.stringMatching(/^https:\/\//));
    } finally {
      fs.writeFileSync(configFile, withWebhook);
    }
    const again = await stack.up();
    expect(changed(again)).toEqual([["deployment-notifications", "create"]]);
  });

  it("destroys everything and leaves the emulator as it was seeded", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary).toEqual({ delete: TOTAL });
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
