/**
 * Upgrade from the previous version: a stack that the main example created with commit 0ead9ff (the fixture in
 * test/fixtures/upgrade/, see its README) must preview and refresh with no change under the current code.
 *
 * The serialized provider text (`__provider`) and the type tokens are part of every user's state. A new type
 * token shows as a delete and a create of every resource. A new `__provider` text does NOT show in a preview
 * (the package's diff does not compare it), yet refresh and destroy load the text stored in the state, and an
 * update stores the new one: the fixture's text (0.1's, `olderSerializedProviders`) is checked byte for byte, and the
 * refresh loads it.
 *
 * The program runs from the repository root, so the current code it uses is `dist/` (the root program imports
 * `pulumi-deploy-service` through the package's self-reference, and so does the serialized provider):
 * build first (`npm test` does). The state checks compare with provider/shim.ts, the source.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { olderSerializedProviders, typeToken } from "../../provider/framework/shim";
import { clearRequests, writeRequests } from "../../emulator/control/control-client";
import { FIXTURE_PASSPHRASE, FIXTURE_STACK } from "../fixtures/upgrade/make-fixture";
import { describeWithEngine, EngineStack, REPO_ROOT, steps, type OperationResult } from "./harness";

const FIXTURE_DIR = path.join(REPO_ROOT, "test", "fixtures", "upgrade");
const RANDOM_STANDIN = path.join(REPO_ROOT, "test", "random-standin", "bin");
const DS = "pulumi-nodejs:dynamic/deploy-service:";
/** The kinds of resource the main example creates, each stored under its own type token. */
const KINDS = ["Application", "ApplicationAdvancedSettings", "Database", "DeploymentStage", "Environment", "GitToken", "Project"];
/** The fixture's resources that are not provider resources: 21 of this package, 4 random passwords, 2 components, the stack. */
const PROGRAM_RESOURCES = 28;

type StateResource = Record<string, any> & { urn: string; type: string };

/** "<type> <name>" to step (with the changed properties), for every step but the provider resources'. */
function opsByName(result: OperationResult): Record<string, string> {
  const ops: Record<string, string[]> = {};
  for (const step of steps(result)) {
    // Provider resources are left out: the dynamic-provider host (pulumi:providers:pulumi-nodejs) is given the
    // whole stack config, so it shows an update on any config change, a user's own keys included, which says
    // nothing about this package. (Here it shows "same": the stored provider config gets the new URL, see beforeAll.)
    if (step.type.startsWith("pulumi:providers:")) continue;
    const key = `${step.type} ${step.urn.split("::").pop()}`;
    (ops[key] ??= []).push(step.diffs?.length ? `${step.op} ${JSON.stringify(step.diffs)}` : step.op);
  }
  return Object.fromEntries(Object.entries(ops).map(([key, list]) => [key, list.join(", ")]));
}

/** The keys whose values differ between two property maps, to say what a refresh changed. */
function changedKeys(a: Record<string, unknown> = {}, b: Record<string, unknown> = {}): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

describeWithEngine("a stack made by the previous version (fixture of 0ead9ff), after the upgrade", ({ binDir }) => {
  jest.setTimeout(5 * 60 * 1000);
  const programConfig = path.join(REPO_ROOT, `Pulumi.${FIXTURE_STACK}.yaml`);
  let scratch: string;
  let emulator: RunningEmulator;
  let stack: EngineStack;
  let state: StateResource[];
  let wroteProgramConfig = false;

  /** Runs the `pulumi` CLI on the test's stack, with the environment the harness gives its own runs. */
  const pulumi = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const env = {
        ...process.env,
        PULUMI_BACKEND_URL: `file://${stack.backendDir}`,
        PULUMI_HOME: path.join(scratch, "home"),
        PULUMI_CONFIG_PASSPHRASE: FIXTURE_PASSPHRASE,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      };
      execFile(path.join(binDir, "pulumi"), [...args, "--non-interactive"], { cwd: REPO_ROOT, env, maxBuffer: 256 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new Error(`pulumi ${args.join(" ")}: ${error.message}\n${stderr}`)) : resolve(stdout)));
    });

  beforeAll(async () => {
    if (fs.existsSync(programConfig)) {
      throw new Error(`${programConfig} exists already: remove it (this test writes and removes it)`);
    }
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pds-upgrade-"));
    fs.mkdirSync(path.join(scratch, "home"));
    // The emulator writes to its data file: start it from a copy, never from the fixture itself.
    const dataFile = path.join(scratch, "emulator-data.json");
    fs.copyFileSync(path.join(FIXTURE_DIR, "emulator-data.json"), dataFile);
    emulator = await startEmulator({ dataFile, stepMs: 0, rateLimitPerHour: 1_000_000 });
    stack = new EngineStack({
      programDir: REPO_ROOT,
      binDir,
      stackName: FIXTURE_STACK, // the fixture's URNs carry its stack name
      // The fixture's config holds the old emulator's URL; its API token is the seeded one of the data file.
      // The environment deployments came after the fixture's version: switched off, the program declares what it did.
      config: {
        "deploy-service:apiUrl": emulator.url,
        "deploy-service-example:stagingDeploy": "false",
        "deploy-service-example:productionDeploy": "false",
      },
      env: { PATH: `${RANDOM_STANDIN}${path.delimiter}${process.env.PATH}`, PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
    // `stack init` keeps the encryption salt of an existing Pulumi.<stack>.yaml, so the fixture's secrets
    // (config and state) decrypt with the passphrase; then the state goes in as `pulumi stack import` takes it.
    fs.copyFileSync(path.join(FIXTURE_DIR, `Pulumi.${FIXTURE_STACK}.yaml`), programConfig);
    wroteProgramConfig = true;
    await pulumi(["stack", "init", FIXTURE_STACK]);
    // `refresh` does not run the program: it serves each resource with its provider as the state stores it, the
    // dynamic-provider host's config included. The service a user's stack points at does not move when the package
    // is upgraded; the emulator's port does, so the stored provider config gets the new URL (and nothing else).
    const fixtureState = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, "state.json"), "utf8"));
    for (const resource of fixtureState.deployment.resources as StateResource[]) {
      if (resource.type !== "pulumi:providers:pulumi-nodejs") continue;
      for (const props of [resource.inputs, resource.outputs]) {
        if (props?.["deploy-service:apiUrl"] !== undefined) props["deploy-service:apiUrl"] = emulator.url;
      }
    }
    const imported = path.join(scratch, "state.json");
    fs.writeFileSync(imported, JSON.stringify(fixtureState));
    await pulumi(["stack", "import", "--stack", FIXTURE_STACK, "--file", imported]);
    state = JSON.parse(await pulumi(["stack", "export", "--stack", FIXTURE_STACK])).deployment.resources;
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined); // removes the backend, its PULUMI_HOME and Pulumi.<stack>.yaml
    if (wroteProgramConfig) fs.rmSync(programConfig, { force: true });
    await emulator?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("stores the type tokens the current code writes, and the provider text of 0.1, which the current code still loads", () => {
    const ours = state.filter((r) => r.type.startsWith(DS));
    expect(ours).toHaveLength(21);
    expect([...new Set(ours.map((r) => r.type.slice(DS.length)))].sort()).toEqual(KINDS);
    for (const resource of ours) {
      const kind = resource.type.slice(DS.length);
      const name = resource.urn.split("::").pop();
      expect([name, resource.type]).toEqual([name, typeToken(kind)]);
      // Byte for byte, in the inputs and in the outputs (the host's Diff and Read see both): the refresh below loads
      // this text, so the module it requires (LEGACY_RUNTIME_MODULE) must stay where 0.1 put it.
      expect([name, resource.inputs?.__provider]).toEqual([name, olderSerializedProviders(kind)["0.1"]]);
      expect([name, resource.outputs?.__provider]).toEqual([name, olderSerializedProviders(kind)["0.1"]]);
    }
  });

  it("previews no change but what the program added since, without a single write request", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview(["--diff"]);
    const ops = opsByName(preview);
    expect(Object.keys(ops)).toHaveLength(PROGRAM_RESOURCES);
    // The program gave each environment its APP_ENV variable after the fixture's version; nothing else moves.
    // (sorted: the engine reports steps in the order they finish)
    expect(Object.entries(ops).filter(([, op]) => op !== "same").sort()).toEqual([
      [`${DS}Environment production-env`, "update"],
      [`${DS}Environment staging-env`, "update"],
    ]);
    expect(preview.stdout).toMatch(/\+\s*environmentVariables\s*:/);
    expect(preview.stdout).toContain("APP_ENV");
    // Every resource of the state, and no other, is in the program's steps.
    const urns = (s: { urn: string; type: string }[]) =>
      s.filter((r) => !r.type.startsWith("pulumi:providers:")).map((r) => r.urn).sort();
    expect(urns(steps(preview))).toEqual(urns(state));
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("refreshes with no change: the service's objects read back as the state holds them", async () => {
    await clearRequests(emulator);
    const refresh = await stack.refresh();
    // Refresh's pre-events all say "refresh"; what each read found ("same", "update", "delete") is in its outputs event.
    const refreshed = refresh.events
      .flatMap((e) => (e.resOutputsEvent ? [e.resOutputsEvent.metadata] : []))
      .filter((m) => !m.type.startsWith("pulumi:providers:"));
    expect(refreshed).toHaveLength(PROGRAM_RESOURCES);
    const changed = refreshed
      .filter((m) => m.op !== "same")
      .map((m) => [m.type, m.urn.split("::").pop(), m.op, changedKeys(m.old?.outputs, m.new?.outputs), changedKeys(m.old?.inputs, m.new?.inputs)]);
    expect(changed).toEqual([]);
    expect(refresh.changeSummary).toEqual({ same: PROGRAM_RESOURCES });
    expect(await writeRequests(emulator)).toEqual([]);
  });
});
