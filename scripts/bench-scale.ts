/**
 * Benchmark of requests per resource at scale, through the real engine, against an in-process emulator with a high
 * rate limit (issue 16). It generates a program of one project and `E` environments, each with 5 databases and 50
 * applications that have 3 variables, 1 secret and advanced settings (E=2: 213 resources, E=3: 319; the program reads
 * no built-in variable and no database credential and says so, `readBuiltInVariables: false` and
 * `readMasterCredentials: false`), runs preview,
 * up, no-op preview, refresh, an update changing three values of every application, and destroy, and prints for each
 * phase the API requests (total, per declared resource, 429s, wall time), the requests by resource kind (from the
 * request log's paths), and the wall time of `up` of the same number of do-nothing dynamic resources (the engine's
 * floor) with the ratio, also for do-nothing resources holding as many bytes of state as the stack's, and for the
 * stack's own resources declared again as do-nothing ones of the same shape (inputs, outputs, secrets, dependencies:
 * what the engine and the Pulumi SDK cost for this very stack). It then brings the stack up again with each object declared `deletedWith` its parent and
 * destroys it, to show what a destroy costs that way, then with the built-ins and credentials read (the package's
 * default), and
 * once more with the engine's checkpoints left out, compared
 * with the floor left the same way (what the provider costs apart from the state's size). Last, it times loading the
 * package in a fresh process as the engine's provider host does.
 *
 * With `--budget E`, it also brings a stack of `E` environments (E=6: 637 resources) up and destroys it against the
 * service's real count, 1000 requests per window, with the window shortened to `--window-seconds` (default 300): the
 * run crosses the budget, and the report shows the 429s, the waits the engine printed and the wall time.
 *
 * Run: npm run build && npx ts-node --transpile-only scripts/bench-scale.ts [--environments 2,3|none] [--budget 6
 * [--window-seconds 300]] [--out FILE] (needs the Pulumi CLI: npm run pulumi:build). Timing goals live here only,
 * never in tests.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator";
import { clearRequests, requests, type LoggedRequest } from "../emulator/control/control-client";
import { EngineStack, findEngine, rateLimitWaitLines, REPO_ROOT, type OperationResult } from "./engine-stack";
import { floorProgram, replicaFloorProgram } from "./bench-floor";

const DATABASES = 5;
const APPLICATIONS = 50;

/** Resources the program declares for `environments` environments (the project, then per environment). */
export function declaredResources(environments: number): number {
  return 1 + environments * (1 + DATABASES + 2 * APPLICATIONS);
}

/**
 * A copy of the built package (`dist/` and `package.json`) taken when the benchmark starts, so that a rebuild
 * while it runs (another change being made) does not change what is measured. Its dependencies resolve from the
 * repository's `node_modules` above it.
 */
export function snapshotPackage(): string {
  const dir = path.join(REPO_ROOT, ".work", "bench-package");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(REPO_ROOT, "dist"), path.join(dir, "dist"), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(dir, "package.json"));
  return dir;
}

/**
 * Writes the generated program for `environments` environments and returns its folder: a package of its own
 * (so `pulumi-deploy-service` is not the repository itself) that links the package snapshot into its node_modules.
 */
export function scaleProgram(
  environments: number, packageDir: string, { databases = DATABASES, applications = APPLICATIONS }: { databases?: number; applications?: number } = {},
): string {
  const dir = path.join(REPO_ROOT, ".work", `bench-scale-${environments}-${databases}-${applications}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  fs.symlinkSync(packageDir, path.join(dir, "node_modules", "pulumi-deploy-service"), "dir");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: `bench-scale-${environments}`, private: true }));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: bench-scale-${environments}\nruntime: nodejs\nmain: index.ts\n`);
  fs.writeFileSync(path.join(dir, "index.ts"), `
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const organization = ds.getOrganizationOutput({});
const cluster = ds.getClusterOutput({ organizationId: organization.id, name: "eu-west" });
// BENCH_DELETED_WITH=1: each object is deleted with its parent (the service's deletes cascade), so a destroy
// deletes the project alone.
const withParent = (parent: pulumi.Resource): pulumi.CustomResourceOptions =>
  process.env["BENCH_DELETED_WITH"] === "1" ? { deletedWith: parent } : {};
// The program reads no built-in variable and no database credential, so it does not ask for them (one request
// fewer per application and per database); BENCH_READ_ALL=1 reads them, as the package does by default.
const readAll = process.env["BENCH_READ_ALL"] === "1";
const project = new ds.Project("bench", { organizationId: organization.id, name: "bench-${environments}" });
for (let e = 0; e < ${environments}; e++) {
  const environment = new ds.Environment("env" + e, { projectId: project.id, name: "env" + e, mode: "DEVELOPMENT", clusterId: cluster.id }, withParent(project));
  const environmentId = environment.id;
  for (let d = 0; d < ${databases}; d++) {
    new ds.Database("env" + e + "-db" + d, {
      environmentId, name: "db" + d, type: "POSTGRESQL", version: "16", mode: "CONTAINER", readMasterCredentials: readAll,
    }, withParent(environment));
  }
  for (let a = 0; a < ${applications}; a++) {
    const app = new ds.Application("env" + e + "-app" + a, {
      environmentId,
      name: "app" + a,
      gitRepository: { url: "https://github.com/acme/app-" + a + ".git", branch: "main", rootPath: "/" },
      buildMode: "DOCKER",
      dockerfilePath: "Dockerfile",
      cpu: 250,
      memory: 256,
      minRunningInstances: 1,
      maxRunningInstances: 2,
      ports: [{ internalPort: 8080, externalPort: 443, publiclyAccessible: true, protocol: "HTTP", name: "http" }],
      // BENCH_CHANGE=1: three values of every application change (one change set per application).
      environmentVariables: process.env["BENCH_CHANGE"] === "1"
        ? { LOG_LEVEL: "debug", REGION: "eu-central", APP_INDEX: "v2-" + a }
        : { LOG_LEVEL: "info", REGION: "eu-west", APP_INDEX: String(a) },
      secrets: { API_KEY: pulumi.secret("bench-secret-" + e + "-" + a) },
      readBuiltInVariables: readAll,
    }, withParent(environment));
    new ds.ApplicationAdvancedSettings("env" + e + "-app" + a + "-settings", {
      applicationId: app.id,
      settings: { "network.ingress.proxy_body_size_mb": 25, "deployment.termination_grace_period_seconds": 60 },
    }, withParent(app));
  }
}
export const projectId = project.id;
`);
  return dir;
}

/**
 * The resource kind a request is about, from its path: `/application/{id}/environmentVariable/...` is
 * `application/environmentVariable`, `/database/{id}` is `database`, `/variable` is `variable`.
 */
export function kindOf(requestPath: string): string {
  const segments = requestPath.split("/").filter((s) => s !== "");
  // Ids carry digits; the service's path words never do.
  const named = segments.filter((s) => !/\d/.test(s));
  return named.slice(0, 2).join("/") || "/";
}

/** One phase's figures. */
interface Phase {
  label: string;
  total: number;
  tooMany: number;
  seconds: number;
  byMethod: Record<string, number>;
  byKind: Record<string, number>;
}

function summarize(label: string, log: LoggedRequest[], seconds: number): Phase {
  const byMethod: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  for (const r of log) {
    byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
    const kind = `${r.method} ${kindOf(r.path)}`;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  return { label, total: log.length, tooMany: log.filter((r) => r.status === 429).length, seconds, byMethod, byKind };
}

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The engine's settings of every benchmark stack. */
const ENGINE_ENV = { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" };

/** The generated stack of `environments` environments, its provider pointed at `emulator`. */
function scaleStack(binDir: string, environments: number, packageDir: string, emulator: RunningEmulator, timeoutSeconds?: number): EngineStack {
  return new EngineStack({
    programDir: scaleProgram(environments, packageDir), binDir, env: ENGINE_ENV, ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
    config: { "deploy-service:apiUrl": emulator.url },
    secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
  });
}

/**
 * The engine's settings that leave out its checkpoint after each step (it saves the state at the end only), so that
 * a comparison shows what the provider costs apart from the state's size. Not a recommendation: an interrupted
 * operation then loses the record of what it did.
 */
const NO_CHECKPOINTS = { PULUMI_EXPERIMENTAL: "true", PULUMI_SKIP_CHECKPOINTS: "true" };

/** Wall time of `up` of a floor program (the stack is destroyed and removed afterwards). */
async function floorUp(binDir: string, programDir: string, env: Record<string, string> = {}): Promise<number> {
  const floor = new EngineStack({ programDir, binDir, env: { ...ENGINE_ENV, ...env } });
  try {
    const seconds = await timed(() => floor.up());
    await floor.destroy();
    return seconds;
  } finally {
    await floor.remove().catch(() => undefined);
  }
}

/** Mean bytes of a custom resource's inputs and outputs in the stack's exported state (what the engine checkpoints). */
async function stateBytesPerResource(stack: EngineStack): Promise<number> {
  const resources = ((await stack.exportState()).deployment.resources ?? []).filter((r) => r["custom"] === true && !String(r["type"]).startsWith("pulumi:providers:"));
  const bytes = resources.reduce((n, r) => n + JSON.stringify(r["inputs"] ?? {}).length + JSON.stringify(r["outputs"] ?? {}).length, 0);
  return resources.length === 0 ? 0 : Math.round(bytes / resources.length);
}

/** Runs the phases of one generated stack and the floors of the same count; returns the report's lines. */
async function benchStack(binDir: string, environments: number, packageDir: string): Promise<string[]> {
  const declared = declaredResources(environments);
  const emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
  const stack = scaleStack(binDir, environments, packageDir, emulator);
  const phases: Phase[] = [];
  let stateBytes = 0;
  let replicaDir = "";
  try {
    const deletedWith = { BENCH_DELETED_WITH: "1" };
    const ops = [["preview", () => stack.preview()], ["up", () => stack.up()], ["no-op preview", () => stack.preview()],
      ["refresh", () => stack.refresh()], ["update (3 values per application)", () => stack.upWith({ BENCH_CHANGE: "1" })],
      ["destroy", () => stack.destroy()],
      // The same stack again, each object declared `deletedWith` its parent: only the destroy differs.
      ["up (deletedWith)", () => stack.upWith(deletedWith)], ["destroy (deletedWith)", () => stack.destroy()],
      // The same stack reading its applications' built-in variables and its databases' credentials (the package's default).
      ["up (built-ins and credentials read)", () => stack.upWith({ BENCH_READ_ALL: "1" })], ["destroy (after reading them)", () => stack.destroy()],
      // And once more with the engine's checkpoints left out, to compare with the floor's up left the same way.
      ["up (no checkpoints)", () => stack.upWith(NO_CHECKPOINTS)], ["destroy (after no checkpoints)", () => stack.destroy()]] as const;
    for (const [label, op] of ops) {
      await clearRequests(emulator);
      const seconds = await timed(op);
      phases.push(summarize(label, await requests(emulator), seconds));
      process.stderr.write(`[${declared}] ${label}: ${phases.at(-1)!.total} requests, ${seconds.toFixed(1)} s\n`);
      if (label === "up") {
        stateBytes = await stateBytesPerResource(stack);
        replicaDir = replicaFloorProgram((await stack.exportStateWithSecrets()).deployment.resources ?? []);
      }
    }
  } finally {
    await stack.remove().catch(() => undefined);
    await emulator.close();
  }

  const floorSeconds = await floorUp(binDir, floorProgram(declared));
  // Inputs and outputs both hold the pad: half the stack's bytes per resource each.
  const sizedFloorSeconds = await floorUp(binDir, floorProgram(declared, Math.round(stateBytes / 2)));
  const bareFloorNoCheckpoints = await floorUp(binDir, floorProgram(declared), NO_CHECKPOINTS);
  const replicaSeconds = await floorUp(binDir, replicaDir);
  const replicaNoCheckpoints = await floorUp(binDir, replicaDir, NO_CHECKPOINTS);

  const up = phases.find((p) => p.label === "up")!;
  const budgeted = phases.filter((p) => ["up", "no-op preview", "refresh", "destroy"].includes(p.label));
  const fastDestroy = phases.find((p) => p.label === "destroy (deletedWith)")!;
  const lines = [`## ${declared} declared resources (1 project, ${environments} environments x (1 + ${DATABASES} databases + ${APPLICATIONS} applications + ${APPLICATIONS} advanced settings))`, ""];
  lines.push("| phase | requests | per resource | 429s | wall time | by method |", "|---|---|---|---|---|---|");
  for (const p of phases) {
    const methods = Object.entries(p.byMethod).sort(([a], [b]) => a.localeCompare(b)).map(([m, n]) => `${m} ${n}`).join(", ") || "none";
    lines.push(`| ${p.label} | ${p.total} | ${(p.total / declared).toFixed(2)} | ${p.tooMany} | ${p.seconds.toFixed(1)} s | ${methods} |`);
  }
  const sum = budgeted.reduce((n, p) => n + p.total, 0);
  lines.push("", `up + no-op preview + refresh + destroy: ${sum} requests (${budgeted.reduce((n, p) => n + p.tooMany, 0)} answered 429)`);
  const fastSum = sum - budgeted.at(-1)!.total + fastDestroy.total;
  lines.push(`the same with deletedWith (destroy deletes the project alone): ${fastSum} requests`);
  lines.push(`up: ${up.seconds.toFixed(1)} s; up of ${declared} do-nothing dynamic resources: ${floorSeconds.toFixed(1)} s; ratio ${(up.seconds / floorSeconds).toFixed(2)}`);
  lines.push(
    `the stack's state: ${stateBytes} bytes per resource (inputs and outputs); up of ${declared} do-nothing resources ` +
      `holding as much: ${sizedFloorSeconds.toFixed(1)} s; ratio ${(up.seconds / sizedFloorSeconds).toFixed(2)}`,
  );
  const upNoCheckpoints = phases.find((p) => p.label === "up (no checkpoints)")!;
  lines.push(
    `with the engine's checkpoints left out on both sides (PULUMI_SKIP_CHECKPOINTS): up ${upNoCheckpoints.seconds.toFixed(1)} s; ` +
      `up of ${declared} do-nothing resources ${bareFloorNoCheckpoints.toFixed(1)} s; ratio ${(upNoCheckpoints.seconds / bareFloorNoCheckpoints).toFixed(2)}`,
  );
  lines.push(
    `up of the same ${declared} resources declared again as do-nothing ones (their inputs, outputs, secrets and ` +
      `dependencies from the stack's state; what the engine and the Pulumi SDK cost for this stack by themselves): ` +
      `${replicaSeconds.toFixed(1)} s; ratio ${(up.seconds / replicaSeconds).toFixed(2)}; both without checkpoints ` +
      `${replicaNoCheckpoints.toFixed(1)} s; ratio ${(upNoCheckpoints.seconds / replicaNoCheckpoints).toFixed(2)}`,
  );
  lines.push("", "Requests by kind (method and the path's named segments), per phase:", "");
  const kinds = [...new Set(phases.flatMap((p) => Object.keys(p.byKind)))].sort();
  lines.push(`| kind | ${phases.map((p) => p.label).join(" | ")} |`, `|---|${phases.map(() => "---").join("|")}|`);
  for (const k of kinds) lines.push(`| ${k} | ${phases.map((p) => p.byKind[k] ?? 0).join(" | ")} |`);
  lines.push("");
  return lines;
}

/**
 * One `up` of the generated stack against the service's real count (1000 requests per token per window) with the
 * window shortened to `windowSeconds` (the hour, compressed so that a run crosses it in minutes): the requests, the
 * 429s, the waits the engine printed and the wall time. The stack is then destroyed within the same budget.
 */
async function benchBudget(binDir: string, environments: number, packageDir: string, windowSeconds: number): Promise<string[]> {
  const declared = declaredResources(environments);
  const emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1000, rateLimitWindowSeconds: windowSeconds });
  // An operation waits for as many windows as its requests need: give it three, and ten minutes besides.
  const stack = scaleStack(binDir, environments, packageDir, emulator, 3 * windowSeconds + 600);
  const lines = [`## ${declared} declared resources against 1000 requests per ${windowSeconds}-second window`, ""];
  lines.push("| phase | requests | 429s | waits printed | wall time |", "|---|---|---|---|---|");
  const waits: string[] = [];
  try {
    for (const [label, op] of [["up", () => stack.up()], ["destroy", () => stack.destroy()]] as const) {
      await clearRequests(emulator);
      let result: OperationResult | undefined;
      const seconds = await timed(async () => { result = await op(); });
      const log = await requests(emulator);
      const printed = result === undefined ? [] : rateLimitWaitLines(result);
      waits.push(...printed.slice(0, 2).map((l) => `${label}: ${l.trim()}`));
      lines.push(`| ${label} | ${log.length} | ${log.filter((r) => r.status === 429).length} | ${printed.length} | ${seconds.toFixed(1)} s |`);
      process.stderr.write(`[${declared}, ${windowSeconds}s window] ${label}: ${log.length} requests, ${seconds.toFixed(1)} s\n`);
    }
  } finally {
    await stack.remove().catch(() => undefined);
    await emulator.close();
  }
  lines.push("", ...(waits.length > 0 ? ["What the engine printed while waiting (first lines):", "", ...waits.map((w) => `    ${w}`)] : ["No wait was needed."]), "");
  return lines;
}

/** The kinds the generated program declares. */
const PROGRAM_KINDS = ["Project", "Environment", "Database", "Application", "ApplicationAdvancedSettings"];

/** Milliseconds a fresh Node process spends on each step of loading the package as a provider host does. */
interface HostLoad { pulumi: number; runtime: number; kinds: number; undici: number }

/**
 * Loads the package snapshot in a fresh Node process the way the engine's provider host does (`@pulumi/pulumi`
 * first, which the host has loaded anyway, then the runtime module and the program's kinds) and times each step;
 * undici is timed apart, since the sdk loads it at the first request only (a preview's checks and diffs send none).
 */
function measureHostLoad(packageDir: string): HostLoad {
  const code = `
    const ms = (t) => Number(process.hrtime.bigint() - t) / 1e6;
    let t = process.hrtime.bigint(); require("@pulumi/pulumi"); const pulumi = ms(t);
    t = process.hrtime.bigint(); const runtime = require("./dist/provider/runtime.js"); const loaded = ms(t);
    t = process.hrtime.bigint(); for (const k of ${JSON.stringify(PROGRAM_KINDS)}) runtime.providerFor(k); const kinds = ms(t);
    const early = Object.keys(require.cache).some((f) => f.includes("/undici/"));
    t = process.hrtime.bigint(); require("undici"); const undici = early ? 0 : ms(t);
    console.log(JSON.stringify({ pulumi, runtime: loaded, kinds, undici }));`;
  const runs = Array.from({ length: 5 }, () => JSON.parse(execFileSync(process.execPath, ["-e", code], { cwd: packageDir, encoding: "utf8" })) as HostLoad);
  const median = (k: keyof HostLoad) => runs.map((r) => r[k]).sort((a, b) => a - b)[2]!;
  return { pulumi: median("pulumi"), runtime: median("runtime"), kinds: median("kinds"), undici: median("undici") };
}

/** The report's lines on the package's load time in a provider host. */
function hostLoadLines(load: HostLoad, declared: number): string[] {
  const total = load.runtime + load.kinds + load.undici;
  return [
    `## Loading the package in a provider host (median of 5 fresh processes)`, "",
    `runtime module ${load.runtime.toFixed(0)} ms, the program's ${PROGRAM_KINDS.length} kinds ${load.kinds.toFixed(0)} ms, ` +
      `undici at the first request ${load.undici.toFixed(0)} ms: ${total.toFixed(0)} ms once per host ` +
      `(@pulumi/pulumi, which the host has loaded before: ${load.pulumi.toFixed(0)} ms). ` +
      `Per resource of a ${declared}-resource up: ${(total / declared).toFixed(2)} ms; a preview's host loads no undici.`,
    "",
  ];
}

/** The value after `name` on the command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

async function main(): Promise<void> {
  const engine = findEngine();
  if (!engine.binDir) throw new Error(engine.reason);
  const given = option("--environments", "2,3");
  const counts = given === "none" ? [] : given.split(",").map((s) => Number(s));
  if (counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--environments: expected positive integers, e.g. 2,3");
  const out = option("--out", "");
  const budget = option("--budget", "");
  const window = Number(option("--window-seconds", "300"));
  const packageDir = snapshotPackage();
  const lines: string[] = [`# bench-scale ${new Date().toISOString()}`, ""];
  for (const environments of counts) lines.push(...(await benchStack(engine.binDir, environments, packageDir)));
  if (counts.length > 0) lines.push(...hostLoadLines(measureHostLoad(packageDir), declaredResources(counts[0]!)));
  if (budget !== "") {
    const environments = Number(budget);
    if (!Number.isInteger(environments) || environments < 1) throw new Error("--budget: expected a positive integer of environments, e.g. 6");
    if (!Number.isInteger(window) || window < 1) throw new Error("--window-seconds: expected a positive integer, e.g. 300");
    lines.push(...(await benchBudget(engine.binDir, environments, packageDir, window)));
  }
  const text = lines.join("\n");
  console.log(text);
  if (out) fs.writeFileSync(out, `${text}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
