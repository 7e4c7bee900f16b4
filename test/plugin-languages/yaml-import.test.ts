/**
 * `pulumi import` itself through the provider plugin: objects the service holds already, imported into a YAML project
 * (`runtime: yaml`, whose language host writes the program of what was imported) by id and by `<parent id>/<name>`,
 * with no write request; the program the CLI wrote, put in the project, then previews with no change.
 * (test/plugin/import.test.ts covers the `import` resource option of a TypeScript program.)
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeNeeding } from "../needs-tool";
import { engineTools, pathWith, PLUGIN_BIN } from "./support";

const PROJECT_HEADER = "name: import-yaml\nruntime: yaml\n";

describeNeeding("the Pulumi CLI, pulumi-language-yaml and the built plugin", "pulumi import through the plugin, into a YAML project", engineTools("yaml"), ({ pulumiBin, hostsBin }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let work: string;
  let programDir: string;
  const ids = { project: "", environment: "" };

  /** Runs the `pulumi` CLI in the project folder; answers its output, or fails with it. */
  const pulumi = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const env = {
        ...process.env,
        PATH: pathWith(pulumiBin, hostsBin, PLUGIN_BIN),
        PULUMI_BACKEND_URL: `file://${path.join(work, "backend")}`,
        PULUMI_HOME: path.join(work, "home"),
        PULUMI_CONFIG_PASSPHRASE: "yaml-import",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        DEPLOY_SERVICE_API_URL: "",
        DEPLOY_SERVICE_API_TOKEN: "",
      };
      execFile(path.join(pulumiBin, "pulumi"), [...args, "--non-interactive"], { cwd: programDir, env, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new Error(`pulumi ${args.join(" ")}: ${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)));
    });

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, quiet: true, rateLimitPerHour: 1_000_000 });
    const client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin, pacing: false });
    const project = await client.projects.create(emulator.ids.organizationId, { name: "existing-shop" });
    const environment = await client.environments.create(project.id, { name: "existing-staging", mode: "STAGING", cluster: emulator.ids.clusterIds[0] });
    Object.assign(ids, { project: project.id, environment: environment.id });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "pds-yaml-import-"));
    programDir = path.join(work, "program");
    for (const dir of [programDir, path.join(work, "backend"), path.join(work, "home")]) fs.mkdirSync(dir);
    fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), PROJECT_HEADER);
    await pulumi(["stack", "init", "dev"]);
    await pulumi(["config", "set", "deploy-service:apiUrl", emulator.url]);
    await pulumi(["config", "set", "--secret", "deploy-service:apiToken", emulator.tokens.admin]);
  });

  afterAll(async () => {
    await emulator?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("imports a project by id and an environment by <project id>/<name>, writing nothing to the service, and the program it writes previews with no change", async () => {
    await clearRequests(emulator);
    await pulumi(["import", "deploy-service:index:Project", "shop", ids.project, "--yes", "--out", path.join(work, "project.yaml")]);
    await pulumi(["import", "deploy-service:index:Environment", "staging", `${ids.project}/existing-staging`, "--yes", "--out", path.join(work, "environment.yaml")]);
    expect(await writeRequests(emulator)).toEqual([]);

    const state = JSON.parse(await pulumi(["stack", "export"])).deployment.resources as Array<Record<string, unknown>>;
    const idOf = (type: string) => state.find((r) => r["type"] === `deploy-service:index:${type}`)?.["id"];
    expect([idOf("Project"), idOf("Environment")]).toEqual([ids.project, ids.environment]);

    // The CLI wrote each import as a YAML program (a `resources:` map): the two together are the project's program.
    const written = ["project.yaml", "environment.yaml"].map((f) => fs.readFileSync(path.join(work, f), "utf8"));
    expect(written[0]).toMatch(/type: deploy-service:Project[\s\S]*name: existing-shop/);
    expect(written[1]).toMatch(/type: deploy-service:Environment[\s\S]*mode: STAGING/);
    const resources = written.map((text) => text.replace(/^resources:\n/, "")).join("");
    fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), `${PROJECT_HEADER}resources:\n${resources}`);

    await clearRequests(emulator);
    const preview = await pulumi(["preview", "--expect-no-changes"]);
    expect(preview).toMatch(/3 unchanged/);
    expect(await writeRequests(emulator)).toEqual([]);
  });
});
