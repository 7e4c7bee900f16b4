/**
 * Installs as users install: the package packed by `npm pack`, installed into a fresh program folder with npm, pnpm,
 * Yarn and Bun (each as its users run it; the program itself runs on Node.js), then previewed, deployed and destroyed
 * through the engine on one emulator.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT, steps } from "./harness";
import { installInto, managerCommand, type PackageManager } from "./package-managers";
import { packPackage } from "./packed-program";

const DS = "pulumi-nodejs:dynamic/deploy-service:";
const MANAGERS: readonly PackageManager[] = ["npm", "pnpm", "yarn", "bun"];
/** The oldest `@pulumi/pulumi` the package's peer range allows (`^3.200.0` gives 3.200.0). */
const OLDEST_PULUMI: string = (() => {
  const range: string = require(path.join(REPO_ROOT, "package.json")).peerDependencies["@pulumi/pulumi"];
  const oldest = /^\^(\d+\.\d+\.\d+)$/.exec(range)?.[1];
  if (!oldest) throw new Error(`package.json: expected a caret peer range of @pulumi/pulumi, got ${JSON.stringify(range)}`);
  return oldest;
})();

/** One install to try: a package manager and the `@pulumi/pulumi` version installed beside the package. */
interface Case {
  /** Names the case in test titles and folders: the manager, plus `-oldest` for the oldest peer version. */
  label: string;
  manager: PackageManager;
  pulumiVersion: string;
}

/** One small program: a project and an environment in it. */
const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const project = new ds.Project("app", {
  organizationId: config.require("organizationId"),
  name: config.require("projectName"),
  description: "installed as users install",
});
const staging = new ds.Environment("staging", {
  projectId: project.id,
  clusterId: config.require("clusterId"),
  name: "staging",
  mode: "STAGING",
});
export const projectId = project.id;
export const environmentId = staging.id;
`;

/** A program folder installed by one case, and its stack. */
interface Installed {
  dir: string;
  stack: EngineStack;
  projectName: string;
}

/** The real path of `@pulumi/pulumi` as code in `fromDir` resolves it. */
function pulumiSeenFrom(fromDir: string): string {
  return fs.realpathSync(createRequire(path.join(fromDir, "package.json")).resolve("@pulumi/pulumi"));
}

describeWithEngine("installs as users install: the packed package with npm, pnpm, yarn and bun", ({ binDir }) => {
  jest.setTimeout(15 * 60 * 1000);
  const pulumiVersion: string = require(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi", "package.json")).version;
  const cases: Case[] = [
    ...MANAGERS.map((manager) => ({ label: manager, manager, pulumiVersion })),
    { label: "npm-oldest", manager: "npm", pulumiVersion: OLDEST_PULUMI },
  ];
  const installed = new Map<string, Installed>();
  let emulator: RunningEmulator;
  let client: DeployServiceClient;

  const projectNamed = async (name: string) =>
    (await client.projects.list(emulator.ids.organizationId)).find((p) => p.name === name);

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    const [cluster] = await client.clusters.list(emulator.ids.organizationId);
    const tarball = packPackage();
    // The installs wait on the network and the disk more than on the CPU: they run side by side.
    await Promise.all(cases.map(async ({ label, manager, pulumiVersion: version }) => {
      const command = await managerCommand(manager);
      const name = `installs-${label}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pds-${name}-`));
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, version: "0.0.0" }, null, 2));
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\ndescription: installed with ${manager}\n`);
      fs.writeFileSync(path.join(dir, "index.ts"), PROGRAM);
      await installInto(dir, command, tarball, version);
      const projectName = `installed-with-${label}`;
      const stack = new EngineStack({
        programDir: dir,
        binDir,
        config: {
          "deploy-service:apiUrl": emulator.url,
          [`${name}:organizationId`]: emulator.ids.organizationId,
          [`${name}:clusterId`]: cluster!.id,
          [`${name}:projectName`]: projectName,
        },
        secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
        env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
      });
      installed.set(label, { dir, stack, projectName });
    }));
  });

  afterAll(async () => {
    for (const { stack, dir } of installed.values()) {
      await stack.remove().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await emulator?.close();
  });

  const get = (label: string): Installed => {
    const found = installed.get(label);
    if (!found) throw new Error(`the ${label} install did not finish: see beforeAll's error`);
    return found;
  };

  it("installs with npm, Yarn and Bun as a real copy in node_modules", () => {
    for (const label of ["npm", "yarn", "bun"]) {
      const pkg = path.join(get(label).dir, "node_modules", "pulumi-deploy-service");
      expect(fs.lstatSync(pkg).isSymbolicLink()).toBe(false);
      expect(fs.existsSync(path.join(pkg, "dist", "provider", "runtime.js"))).toBe(true);
    }
  });

  it("installs with pnpm as a link into its strict store", () => {
    const pkg = path.join(get("pnpm").dir, "node_modules", "pulumi-deploy-service");
    expect(fs.lstatSync(pkg).isSymbolicLink()).toBe(true);
    expect(fs.realpathSync(pkg)).toContain(`${path.sep}.pnpm${path.sep}`);
  });

  it.each(cases)("$label: the package and the program share one @pulumi/pulumi $pulumiVersion (the peer dependency)", ({ label, pulumiVersion: version }) => {
    const { dir } = get(label);
    const pkg = fs.realpathSync(path.join(dir, "node_modules", "pulumi-deploy-service"));
    const programs = pulumiSeenFrom(dir);
    expect(pulumiSeenFrom(pkg)).toBe(programs);
    expect(JSON.parse(fs.readFileSync(path.join(path.dirname(programs), "package.json"), "utf8")).version).toBe(version);
  });

  describe.each(cases)("installed with $label (@pulumi/pulumi $pulumiVersion)", ({ label }) => {
    it("previews the project and the environment, creating nothing", async () => {
      const { stack, projectName } = get(label);
      const preview = await stack.preview();
      expect(preview.changeSummary).toEqual({ create: 3 });
      // Keyed by URN: an engine event can reach the Automation API twice (seen once with @pulumi/pulumi 3.200.0).
      const planned = new Map(steps(preview).filter((s) => s.type.startsWith(DS)).map((s) => [s.urn, `${s.op} ${s.type}`]));
      expect([...planned.values()].sort()).toEqual([`create ${DS}Environment`, `create ${DS}Project`]);
      expect(await projectNamed(projectName)).toBeUndefined();
    });

    it("creates them on up", async () => {
      const { stack, projectName } = get(label);
      const up = await stack.up();
      expect(up.changeSummary).toEqual({ create: 3 });
      const project = await projectNamed(projectName);
      expect(up.outputs?.projectId).toBe(project?.id);
      const environments = await client.environments.list(project!.id);
      expect(environments.map((e) => [e.id, e.name])).toEqual([[up.outputs?.environmentId, "staging"]]);
    });

    it("destroys them", async () => {
      const { stack, projectName } = get(label);
      const destroy = await stack.destroy();
      expect(destroy.changeSummary).toEqual({ delete: 3 });
      expect(await projectNamed(projectName)).toBeUndefined();
    });
  });
});
