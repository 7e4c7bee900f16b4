import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";

const RANDOM_STANDIN = path.join(REPO_ROOT, "test", "random-standin", "bin");

const WEBHOOK_URL = "http://127.0.0.1:9/feature-branch-failures";

describeWithEngine("the feature-branch example through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let projectId: string;
  let stack: EngineStack;

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    projectId = (await client.projects.create(emulator.ids.organizationId, { name: "shop" })).id;
    stack = new EngineStack({
      programDir: path.join(REPO_ROOT, "examples", "feature-branch"),
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        "shop-feature-branch:projectId": projectId,
        "shop-feature-branch:branch": "feature/Login-Page",
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin, "shop-feature-branch:webhookUrl": WEBHOOK_URL },
      env: { PATH: `${RANDOM_STANDIN}${path.delimiter}${process.env.PATH}`, PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("builds one environment named from the branch, with the same component as staging and production", async () => {
    const up = await stack.up();
    expect(up.outputs?.environment).toBe("fb-feature-login-page");
    const [environment] = await client.environments.list(projectId);
    expect(environment?.name).toBe("fb-feature-login-page");
    expect(environment?.id).toBe(up.outputs?.environmentId);
    const apps = await client.applications.list(environment!.id);
    expect(apps.map((a) => [a.name, a.git_repository?.branch]).sort()).toEqual([
      ["api", "feature/Login-Page"],
      ["frontend", "feature/Login-Page"],
    ]);
    expect((await client.databases.list(environment!.id)).map((d) => d.name)).toEqual(["shop-db"]);
    const hooks = await client.webhooks.list(emulator.ids.organizationId);
    expect(hooks.map((h) => [h.target_url, h.events, h.environment_types_filter])).toEqual([[WEBHOOK_URL, ["DEPLOYMENT_FAILURE"], ["DEVELOPMENT"]]]);
  });

  it("removes the environment and everything in it on destroy, and leaves the project", async () => {
    await stack.destroy();
    expect(await client.environments.list(projectId)).toEqual([]);
    expect((await client.projects.get(projectId)).name).toBe("shop");
    expect(await client.gitTokens.list(emulator.ids.organizationId)).toEqual([]);
    expect(await client.webhooks.list(emulator.ids.organizationId)).toEqual([]);
  });
});
