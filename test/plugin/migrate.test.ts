/**
 * The README's move of a TypeScript stack from the dynamic resources to the provider plugin's, through the engine:
 * `retainOnDelete` on the classes, then the plugin's resources importing the same objects by id in their place. No
 * object is made again or deleted (no write request), the ids stay, and the next preview shows no change.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT, steps, type OperationResult } from "../e2e/harness";
import { installPlugin, type InstalledPlugin } from "./plugin-install";

describeWithEngine("moving a stack from the dynamic resources to the provider plugin", ({ binDir }) => {
  jest.setTimeout(15 * 60 * 1000);
  let emulator: RunningEmulator;
  let plugin: InstalledPlugin;
  let programDir: string;
  let stack: EngineStack;

  const ops = (result: OperationResult): string[] =>
    steps(result).filter((s) => s.type.includes("deploy-service") && !s.type.startsWith("pulumi:providers:")).map((s) => `${s.type} ${s.op}`).sort();

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, quiet: true, rateLimitPerHour: 1_000_000 });
    plugin = installPlugin(binDir);
    // Inside the repository, so the program's pulumi-deploy-service (this package) and @pulumi/pulumi resolve here.
    programDir = path.join(REPO_ROOT, ".work", `plugin-migrate-${process.pid}`);
    fs.mkdirSync(path.join(programDir, "node_modules"), { recursive: true });
    for (const file of ["Pulumi.yaml", "index.ts"]) fs.copyFileSync(path.join(__dirname, "migrate-program", file), path.join(programDir, file));
    fs.writeFileSync(path.join(programDir, "package.json"), JSON.stringify({ name: "plugin-migrate", private: true }));
    fs.symlinkSync(REPO_ROOT, path.join(programDir, "node_modules", "pulumi-deploy-service"), "dir");
    stack = new EngineStack({
      programDir, binDir,
      config: {
        "deploy-service:apiUrl": emulator.url, "plugin-migrate:step": "dynamic",
        "plugin-migrate:organizationId": emulator.ids.organizationId, "plugin-migrate:clusterId": emulator.ids.clusterIds[0],
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PATH: `${plugin.dir}${path.delimiter}${process.env.PATH ?? ""}` },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
    for (const dir of [programDir, plugin?.home]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes the objects over without making or deleting any, and then previews no change", async () => {
    const made = (await stack.up()).outputs as Record<string, string>;
    await stack.setConfig("plugin-migrate:step", "retain");
    await stack.up();
    await stack.setConfig("plugin-migrate:step", "plugin");
    await stack.setConfig("plugin-migrate:projectId", made["projectId"]!);
    await stack.setConfig("plugin-migrate:environmentId", made["environmentId"]!);
    await clearRequests(emulator);
    const moved = await stack.up();
    expect(ops(moved)).toEqual([
      "deploy-service:index:Environment import", "deploy-service:index:Project import",
      "pulumi-nodejs:dynamic/deploy-service:Environment delete", "pulumi-nodejs:dynamic/deploy-service:Project delete",
    ]);
    expect(await writeRequests(emulator)).toEqual([]);
    expect(moved.outputs).toEqual(made);
    const client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin, pacing: false });
    expect((await client.environments.get(made["environmentId"]!)).name).toBe("staging");
    expect(ops(await stack.preview())).toEqual(["deploy-service:index:Environment same", "deploy-service:index:Project same"]);
  });
});
