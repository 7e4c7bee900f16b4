/**
 * The per-customer fleet example (examples/per-customer/) through the engine: 20 customer stacks, four at a time,
 * on one emulator. A create the service refuses fails that customer alone; the next run, with a changed plan,
 * completes it, updates in place the customers whose plan changed and sends nothing for the others; destroy removes
 * all 20 and leaves the emulator as seeded. The token reaches the provider hosts through the environment only: it is in no file
 * the fleet writes and in nothing it prints.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, injectFault, requests, stateDump } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, REPO_ROOT } from "./harness";
import { userObjects } from "./stack-checks";

const TS_NODE = path.join(REPO_ROOT, "node_modules", "ts-node", "dist", "bin.js");
const FLEET = path.join(REPO_ROOT, "examples", "per-customer", "index.ts");
const COUNT = 20;
const IDS = Array.from({ length: COUNT }, (_, i) => `customer-${String(i + 1).padStart(2, "0")}`);

/** What one run of the fleet printed, and its exit code. */
interface FleetRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The line of each customer, by id (what follows `<id>: `). */
  lines: Map<string, string>;
}

/** Every file under `dir` (recursively) whose text contains `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file, "utf8").includes(needle)) found.push(file);
  }
  return found;
}

describeWithEngine("the per-customer fleet example through the engine", ({ binDir }) => {
  jest.setTimeout(40 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let seeded: unknown;
  let stateDir: string;
  let homeDir: string;
  let customersFile: string;

  /** Runs the fleet program with `args`, its state in the test's folder, credentials in the environment only. */
  function fleet(...args: string[]): Promise<FleetRun> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DEPLOY_SERVICE_API_URL: emulator.url,
      DEPLOY_SERVICE_API_TOKEN: emulator.tokens.admin,
      PULUMI_BIN_DIR: binDir,
      PULUMI_HOME: homeDir,
      PULUMI_CONFIG_PASSPHRASE: "engine-tests",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      TS_NODE_TRANSPILE_ONLY: "true",
    };
    delete env.PULUMI_BACKEND_URL; // the fleet's own local backend, in its state folder
    return new Promise((resolve) => {
      execFile(process.execPath, [TS_NODE, "--transpile-only", FLEET, ...args, "--state", stateDir],
        { env, cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60 * 1000 },
        (error, stdout, stderr) => {
          const lines = new Map<string, string>();
          for (const line of stdout.split("\n")) {
            const match = /^(customer-\d\d): (.*)$/.exec(line);
            if (match) lines.set(match[1]!, match[2]!);
          }
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr, lines });
        });
    });
  }

  /** The names of the customers' projects in the service, sorted. */
  async function customerProjects(): Promise<string[]> {
    const projects = await client.projects.list(emulator.ids.organizationId);
    return projects.map((p) => p.name).filter((name) => name.startsWith("customer-")).sort();
  }

  /** The API requests since the last clear, as `METHOD /path` with every id as `{id}`, sorted. */
  async function requestShapes(): Promise<string[]> {
    return (await requests(emulator)).map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}")}`).sort();
  }

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    // Inside the repository: each stack's provider host loads the package from its workspace folder's ancestors.
    const work = path.join(REPO_ROOT, "examples", "per-customer", ".work");
    fs.mkdirSync(work, { recursive: true });
    stateDir = fs.mkdtempSync(path.join(work, "test-"));
    homeDir = fs.mkdtempSync(path.join(os.tmpdir(), "pds-fleet-home-"));
    customersFile = path.join(stateDir, "customers.json");
    fs.writeFileSync(customersFile, JSON.stringify(IDS.map((id, i) => ({ id, plan: i % 5 === 0 ? "premium" : "standard" }))));
  });

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
    if (homeDir) fs.rmSync(homeDir, { recursive: true, force: true });
  });

  let failedId = "";

  it("provisions 20 customers four at a time; the one whose create the service refused fails alone", async () => {
    await injectFault(emulator, { method: "POST", path: `/organization/${emulator.ids.organizationId}/project`, status: 400, times: 1 });
    const run = await fleet("up", "--customers", customersFile, "--parallel", "4");
    expect(run.code).toBe(1);
    expect([...run.lines.keys()].sort()).toEqual(IDS);
    const failed = [...run.lines].filter(([, line]) => line.startsWith("up failed"));
    expect(failed).toHaveLength(1);
    failedId = failed[0]![0];
    expect(failed[0]![1]).toMatch(/^up failed in \d+s: .*HTTP 400.*fault injected/);
    for (const [id, line] of run.lines) if (id !== failedId) expect([id, line]).toEqual([id, expect.stringMatching(/^up 4 created in \d+s$/)]);
    expect(run.stdout).toContain(`up: ${COUNT - 1} of ${COUNT} customers done, 1 failed`);
    expect(await customerProjects()).toEqual(IDS.filter((id) => id !== failedId));

    const list = await fleet("list", "--customers", customersFile);
    expect(list.code).toBe(0);
    expect(list.lines.get(failedId)).toMatch(/^failed \(up: .*HTTP 400/);
    expect([...list.lines].filter(([, line]) => line.startsWith("done (up: 4 created")).map(([id]) => id)).toEqual(IDS.filter((id) => id !== failedId));
  });

  it("resumes with a changed plan: creates the failed customer, updates only those whose plan changed, leaves the rest", async () => {
    expect(failedId).not.toBe("");
    // `--count` gives every customer the plan "standard"; the file gave every fifth one "premium".
    const premium = IDS.filter((_, i) => i % 5 === 0);
    const updated = premium.filter((id) => id !== failedId);
    await clearRequests(emulator);
    const run = await fleet("up", "--count", String(COUNT));
    expect([run.code, run.code === 0 ? "" : run.stderr]).toEqual([0, ""]);
    expect([...run.lines.keys()].sort()).toEqual(IDS);
    expect(run.lines.get(failedId)).toMatch(/^up \d created in \d+s$/);
    for (const [id, line] of run.lines) {
      if (id === failedId) continue;
      expect([id, line]).toEqual([id, expect.stringMatching(updated.includes(id) ? /^up 1 updated in \d+s$/ : /^up no change in \d+s$/)]);
    }
    expect(await customerProjects()).toEqual(IDS);
    // The writes are the failed customer's project and environment and one edit per changed plan: nothing for the
    // others. The reads are the fleet's two lookups and, at most, the provider's look for the project its failed
    // create may have left.
    const shapes = await requestShapes();
    expect(shapes.filter((r) => !r.startsWith("GET "))).toEqual(
      ["POST /organization/{id}/project", "POST /project/{id}/environment", ...updated.map(() => "PUT /project/{id}")].sort(),
    );
    const reads = shapes.filter((r) => r.startsWith("GET "));
    expect(reads).toEqual(expect.arrayContaining(["GET /organization", "GET /organization/{id}/cluster"]));
    expect(reads.length).toBeLessThanOrEqual(3);
    const described = (await client.projects.list(emulator.ids.organizationId)).filter((p) => premium.includes(p.name));
    expect(described.map((p) => p.description).sort()).toEqual(premium.map((id) => `Customer ${id} (standard)`).sort());
  });

  it("keeps the token out of every file the fleet writes and out of what it prints", async () => {
    const run = await fleet("list", "--count", String(COUNT));
    expect(run.stdout).not.toContain(emulator.tokens.admin);
    expect(filesContaining(stateDir, emulator.tokens.admin)).toEqual([]);
    expect(fs.readdirSync(path.join(stateDir, "stacks")).sort()).toEqual(IDS);
  });

  it("destroys all 20 and leaves the emulator as seeded", async () => {
    await clearRequests(emulator);
    const run = await fleet("destroy", "--count", String(COUNT), "--parallel", "4");
    expect([run.code, run.code === 0 ? "" : run.stderr]).toEqual([0, ""]);
    expect([...run.lines.keys()].sort()).toEqual(IDS);
    for (const [id, line] of run.lines) expect([id, line]).toEqual([id, expect.stringMatching(/^destroy 4 deleted in \d+s$/)]);
    // The environment is declared deletedWith its project, whose delete takes it: one delete per customer.
    const shapes = await requestShapes();
    expect(shapes.filter((r) => !r.startsWith("GET "))).toEqual(IDS.map(() => "DELETE /project/{id}"));
    // Each delete's wait reads the project until it is gone; the first 404 a stack's provider host meets is trusted
    // once it has checked that the URL answers as the service (GET /organization).
    expect(shapes.filter((r) => r === "GET /project/{id}")).toEqual(IDS.map(() => "GET /project/{id}"));
    expect(shapes.filter((r) => r !== "GET /project/{id}" && r !== "DELETE /project/{id}")).toEqual(IDS.map(() => "GET /organization"));
    expect(await customerProjects()).toEqual([]);
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
    expect(fs.readdirSync(path.join(stateDir, "stacks"))).toEqual([]);
    const list = await fleet("list", "--count", String(COUNT));
    expect([...list.lines.values()].every((line) => line.startsWith("destroyed (destroy: 4 deleted"))).toBe(true);
  });
});
