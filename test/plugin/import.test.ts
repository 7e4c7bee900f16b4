/**
 * Importing through the provider plugin: objects the service holds already (a project, an environment, an
 * application) imported by id and by `<parent id>/<name>` with the `import` resource option, which reaches the plugin
 * as `pulumi import` does (a Read with no state, then Check); the next preview shows no change and sends no write.
 * `pulumi import` itself runs the program's language host, which is not built here (the engine tests drive inline
 * programs through the Automation API).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, steps, type OperationResult } from "../e2e/harness";
import { installPlugin, pluginProgram, type InstalledPlugin } from "./plugin-install";

describeWithEngine("pulumi import through the provider plugin", ({ binDir }) => {
  jest.setTimeout(15 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let plugin: InstalledPlugin;
  let programDir: string;
  const stacks: EngineStack[] = [];
  const ids = { project: "", environment: "", application: "" };

  const ops = (result: OperationResult): Record<string, string> =>
    Object.fromEntries(steps(result).filter((s) => s.type.startsWith("deploy-service:index:")).map((s) => [s.type.split(":")[2], s.op]));
  const newStack = (config: Record<string, string> = {}): EngineStack => {
    const stack = new EngineStack({
      programDir, binDir,
      config: {
        "deploy-service:apiUrl": emulator.url, "plugin-import:organizationId": emulator.ids.organizationId,
        "plugin-import:clusterId": emulator.ids.clusterIds[0], ...config,
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PATH: `${plugin.dir}${path.delimiter}${process.env.PATH ?? ""}`, DEPLOY_SERVICE_API_URL: "", DEPLOY_SERVICE_API_TOKEN: "" },
    });
    stacks.push(stack);
    return stack;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, quiet: true, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin, pacing: false });
    plugin = installPlugin(binDir);
    programDir = pluginProgram("import-program");
    const project = await client.projects.create(emulator.ids.organizationId, { name: "existing-shop" });
    const environment = await client.environments.create(project.id, { name: "existing-staging", mode: "STAGING", cluster: emulator.ids.clusterIds[0] });
    const application = await client.applications.create(environment.id, {
      name: "existing-api", git_repository: { url: "https://github.com/acme/existing-api.git", provider: "GITHUB", branch: "main", root_path: "/" }, healthchecks: {},
    });
    Object.assign(ids, { project: project.id, environment: environment.id, application: application.id });
  });

  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => undefined);
    await emulator?.close();
    for (const dir of [programDir, plugin?.home]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the import option takes them over by <parent id>/<name> (project, application) and by id (environment); the next preview shows no change", async () => {
    const stack = newStack({
      "plugin-import:declare": "true", "plugin-import:projectImport": `${emulator.ids.organizationId}/existing-shop`,
      "plugin-import:environmentImport": ids.environment, "plugin-import:applicationImport": `${ids.environment}/existing-api`,
    });
    await clearRequests(emulator);
    const up = await stack.up();
    expect(ops(up)).toEqual({ Project: "import", Environment: "import", Application: "import" });
    expect(await writeRequests(emulator)).toEqual([]);
    const state = (await stack.exportState()).deployment.resources ?? [];
    const idOf = (type: string) => state.find((r) => r["type"] === `deploy-service:index:${type}`)?.["id"];
    expect([idOf("Project"), idOf("Environment"), idOf("Application")]).toEqual([ids.project, ids.environment, ids.application]);
    expect(ops(await stack.preview())).toEqual({ Project: "same", Environment: "same", Application: "same" });
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("the import option takes them over by id (project, application) and by <parent id>/<name> (environment) in another stack", async () => {
    const stack = newStack({
      "plugin-import:declare": "true", "plugin-import:projectImport": ids.project,
      "plugin-import:environmentImport": `${ids.project}/existing-staging`, "plugin-import:applicationImport": ids.application,
    });
    await clearRequests(emulator);
    const up = await stack.up();
    expect(ops(up)).toEqual({ Project: "import", Environment: "import", Application: "import" });
    expect(await writeRequests(emulator)).toEqual([]);
    expect(ops(await stack.preview())).toEqual({ Project: "same", Environment: "same", Application: "same" });
  });

  it("an import by a name the parent does not hold fails naming the parent's objects", async () => {
    const stack = newStack({ "plugin-import:declare": "true", "plugin-import:projectImport": `${emulator.ids.organizationId}/no-such-shop` });
    await expect(stack.preview()).rejects.toThrow(/has none with name "no-such-shop" \(it has: "existing-shop"/);
  });
});
