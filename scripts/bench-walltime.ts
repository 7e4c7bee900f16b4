/**
 * Benchmark of wall time and CPU (issue 38): preview, up, refresh, update and destroy of the main example and of the
 * generated stack of `npm run bench:scale` (213 resources with two environments), through the real engine, against an
 * in-process emulator answering every API request after `--latency-ms` (0, 50 and 150 ms by default). Per phase it
 * prints the wall time; the CPU seconds of the program (the runner process, where the program runs inline), the
 * engine (`pulumi`) and the dynamic-provider host, read from /proc while the phase runs; the API requests and how
 * many were in flight (the most at once, the mean while any was, as the emulator counts them); and the host's time
 * from its start to its first request, and to its first evaluation of a serialized provider (the engine's part, which
 * the do-nothing resources show too). After `up` it prints the state's bytes per resource (`pulumi stack export`) by
 * type. The same phases of as many do-nothing dynamic resources (the engine floor) follow each stack.
 *
 * Run (the package must be built): npm run build && npm run bench:walltime -- [--stacks main,scale,small]
 * [--latencies 0,50,150] [--environments 2] [--no-floor] [--out FILE] [--state-out FILE] (the state after `up`,
 * as `pulumi stack export` gives it, of the last stack run). One stack at one latency at a time lets a busy
 * machine run it in parts. Timing goals live here only, never in tests.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator";
import { EngineStack, findEngine, REPO_ROOT } from "./engine-stack";
import { floorProgram } from "./bench-floor";
import { option, scaleProgram, snapshotPackage } from "./bench-scale";
import { TreeSampler, type TreeCpu } from "./proc-tree";
import { perResource, stateBytes, stateTable } from "./state-size";

const PROBE = path.join(REPO_ROOT, "scripts", "bench-host-probe.js");
const PROBE_FILE = path.join(REPO_ROOT, ".work", "bench-host-probe.jsonl");
const RANDOM_STANDIN = path.join(REPO_ROOT, "test", "random-standin", "bin");

/** One phase's figures. */
interface PhaseFigures {
  label: string;
  seconds: number;
  cpu: TreeCpu;
  requests?: number;
  most?: number;
  meanInFlight?: number;
  busySeconds?: number;
  /** Seconds from the (first) host's start to its first evaluation of a serialized provider (the engine's part). */
  hostProviderAsked?: number;
  /** Seconds from the host's start to its first API request. */
  hostFirstRequest?: number;
  /** Seconds from the host's first evaluation of a serialized provider to its first API request (the package's part). */
  packageStart?: number;
}

/** A stack under measure: its engine stack and the latest runner process it started. */
interface Measured {
  stack: EngineStack;
  emulator?: RunningEmulator;
  spawned: (pid: number) => void;
}

interface ProbeRecord { startedAt: number; providerAskedAt?: number; firstRequestAt?: number }

/** The first host's start-up figures of a phase, from the probe's file. */
function hostFigures(): Pick<PhaseFigures, "hostProviderAsked" | "hostFirstRequest" | "packageStart"> {
  if (!fs.existsSync(PROBE_FILE)) return {};
  // Each host writes its record again as it grows: the last line of a process is its whole record.
  const byPid = new Map<number, ProbeRecord>();
  for (const line of fs.readFileSync(PROBE_FILE, "utf8").split("\n").filter((l) => l !== "")) {
    const r = JSON.parse(line) as ProbeRecord & { pid: number };
    byPid.set(r.pid, r);
  }
  const first = [...byPid.values()].sort((a, b) => a.startedAt - b.startedAt)[0];
  if (!first) return {};
  const seconds = (from: number | undefined, to: number | undefined) => (from === undefined || to === undefined ? {} : (to - from) / 1000);
  const out: Pick<PhaseFigures, "hostProviderAsked" | "hostFirstRequest" | "packageStart"> = {};
  const asked = seconds(first.startedAt, first.providerAskedAt);
  if (typeof asked === "number") out.hostProviderAsked = asked;
  const request = seconds(first.startedAt, first.firstRequestAt);
  if (typeof request === "number") out.hostFirstRequest = request;
  const own = seconds(first.providerAskedAt, first.firstRequestAt);
  if (typeof own === "number") out.packageStart = own;
  return out;
}

/** Runs one phase and reads its figures. */
async function measure(label: string, target: Measured, op: () => Promise<unknown>): Promise<PhaseFigures> {
  fs.rmSync(PROBE_FILE, { force: true });
  target.emulator?.inFlight(true);
  let sampler: TreeSampler | undefined;
  target.spawned = (pid) => {
    sampler?.stop();
    sampler = new TreeSampler(pid);
  };
  const started = process.hrtime.bigint();
  await op();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = sampler?.stop() ?? { program: 0, engine: 0, host: 0, other: 0 };
  target.spawned = () => undefined;
  const figures: PhaseFigures = { label, seconds, cpu, ...hostFigures() };
  if (target.emulator) {
    const flight = target.emulator.inFlight(true);
    Object.assign(figures, { requests: flight.requests, most: flight.most, meanInFlight: flight.meanWhileBusy, busySeconds: flight.busyMs / 1000 });
  }
  process.stderr.write(`  ${label}: ${seconds.toFixed(1)} s\n`);
  return figures;
}

const ENGINE_ENV = {
  PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  PATH: `${RANDOM_STANDIN}${path.delimiter}${process.env.PATH ?? ""}`,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${PROBE}`.trim(),
  BENCH_HOST_PROBE_FILE: PROBE_FILE,
};

/** A stack of `programDir` (its provider pointed at `emulator` when given) whose runner processes are measured. */
function measured(programDir: string, emulator?: RunningEmulator): Measured {
  const target: Omit<Measured, "stack"> = { spawned: () => undefined, ...(emulator ? { emulator } : {}) };
  const stack = new EngineStack({
    programDir, binDir: findEngine().binDir!, onSpawn: (pid) => target.spawned(pid),
    env: { ...ENGINE_ENV, ...(emulator ? { BENCH_HOST_PROBE_PORT: new URL(emulator.url).port } : {}) },
    ...(emulator ? { config: { "deploy-service:apiUrl": emulator.url }, secretConfig: { "deploy-service:apiToken": emulator.tokens.admin } } : {}),
  });
  return Object.assign(target, { stack });
}

/** The five phases of a stack; `change` prepares the update and answers the environment its `up` takes. */
async function phases(target: Measured, change: () => Promise<Record<string, string>>): Promise<{ figures: PhaseFigures[]; state: Array<Record<string, any>> }> {
  const stack = target.stack;
  const figures: PhaseFigures[] = [];
  // The stack's config is set by a first command outside the measured phases.
  await stack.setConfig("bench:run", "walltime");
  figures.push(await measure("preview", target, () => stack.preview()));
  figures.push(await measure("up", target, () => stack.up()));
  const state = (await stack.exportState()).deployment.resources ?? [];
  figures.push(await measure("refresh", target, () => stack.refresh()));
  const env = await change();
  figures.push(await measure("update", target, () => stack.upWith(env)));
  figures.push(await measure("destroy", target, () => stack.destroy()));
  return { figures, state };
}

const fixed = (n: number | undefined, digits = 1) => (n === undefined ? "-" : n.toFixed(digits));

/** The table of a run's phases. */
function table(title: string, figures: PhaseFigures[]): string[] {
  const lines = [title, "", "| phase | wall s | CPU s program | engine | provider host | other | requests | in flight most | mean | busy s | host: first provider asked at s | first request at s | package's part s |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"];
  for (const f of figures) {
    lines.push(`| ${f.label} | ${fixed(f.seconds)} | ${fixed(f.cpu.program)} | ${fixed(f.cpu.engine)} | ${fixed(f.cpu.host)} | ${fixed(f.cpu.other)} | ${f.requests ?? "-"} | ` +
      `${f.most ?? "-"} | ${fixed(f.meanInFlight)} | ${fixed(f.busySeconds)} | ${fixed(f.hostProviderAsked, 2)} | ${fixed(f.hostFirstRequest, 2)} | ${fixed(f.packageStart, 2)} |`);
  }
  const sum = (pick: (f: PhaseFigures) => number) => figures.reduce((n, f) => n + pick(f), 0);
  lines.push(`| all five | ${fixed(sum((f) => f.seconds))} | ${fixed(sum((f) => f.cpu.program))} | ${fixed(sum((f) => f.cpu.engine))} | ${fixed(sum((f) => f.cpu.host))} | ${fixed(sum((f) => f.cpu.other))} | ${sum((f) => f.requests ?? 0)} | | | | | | |`);
  return [...lines, ""];
}

/** The stacks the benchmark knows: their program folder and how their update is made. */
function stackTargets(environments: number): Record<string, { title: string; programDir: () => string; change: (stack: EngineStack) => Promise<Record<string, string>> }> {
  return {
    main: {
      title: "the main example", programDir: () => REPO_ROOT,
      change: async (stack) => { await stack.setConfig("stagingLogLevel", "warn"); return {}; },
    },
    scale: {
      title: `the generated stack of ${environments} environments`, programDir: () => scaleProgram(environments, snapshotPackage()),
      change: async () => ({ BENCH_CHANGE: "1" }),
    },
    small: {
      // The issue's 7-object stack: a project, an environment, a database, two applications and their settings.
      title: "the generated stack of 7 objects", programDir: () => scaleProgram(1, snapshotPackage(), { databases: 1, applications: 2 }),
      change: async () => ({ BENCH_CHANGE: "1" }),
    },
  };
}

/** One stack at one latency, then (unless told not to) its floor: the report's lines. */
async function benchOne(name: string, environments: number, latencyMs: number, floor: boolean): Promise<string[]> {
  const spec = stackTargets(environments)[name];
  if (!spec) throw new Error(`--stacks: expected main, scale or small, got ${name}`);
  process.stderr.write(`${spec.title} at ${latencyMs} ms\n`);
  const emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000, latencyMs });
  const target = measured(spec.programDir(), emulator);
  let run: { figures: PhaseFigures[]; state: Array<Record<string, any>> };
  try {
    run = await phases(target, () => spec.change(target.stack));
  } finally {
    await target.stack.remove().catch(() => undefined);
    await emulator.close();
  }
  const stateOut = option("--state-out", "");
  if (stateOut) fs.writeFileSync(stateOut, `${JSON.stringify(run.state, null, 1)}\n`);
  const { all, byType } = stateBytes(run.state);
  const lines = [...table(`## ${spec.title} (${all.resources} resources), ${latencyMs} ms per request`, run.figures)];
  lines.push(`state: ${perResource(all)} bytes per resource (inputs and outputs; __provider ${Math.round(all.provider / all.resources)}, secrets ${Math.round(all.secrets / all.resources)})`, "", ...stateTable(byType), "");
  if (!floor) return lines;
  process.stderr.write(`floor of ${all.resources} do-nothing resources\n`);
  const floorTarget = measured(floorProgram(all.resources, 0, true));
  let floorRun: { figures: PhaseFigures[]; state: Array<Record<string, any>> };
  try {
    floorRun = await phases(floorTarget, async () => ({ BENCH_CHANGE: "1" }));
  } finally {
    await floorTarget.stack.remove().catch(() => undefined);
  }
  lines.push(...table(`### the engine floor: ${all.resources} do-nothing dynamic resources`, floorRun.figures));
  lines.push(`floor state: ${perResource(stateBytes(floorRun.state).all)} bytes per resource`, "");
  const ratio = (i: number) => (run.figures[i]!.seconds / floorRun.figures[i]!.seconds).toFixed(2);
  lines.push(`wall time / floor: ${run.figures.map((f, i) => `${f.label} ${ratio(i)}`).join(", ")}`, "");
  return lines;
}

async function main(): Promise<void> {
  if (!findEngine().binDir) throw new Error(findEngine().reason);
  const stacks = option("--stacks", "main,scale,small").split(",");
  const latencies = option("--latencies", "0,50,150").split(",").map(Number);
  if (latencies.some((n) => !Number.isInteger(n) || n < 0)) throw new Error("--latencies: expected non-negative integers, e.g. 0,50,150");
  const environments = Number(option("--environments", "2"));
  if (!Number.isInteger(environments) || environments < 1) throw new Error("--environments: expected a positive integer, e.g. 2");
  const out = option("--out", "");
  const lines = [`# bench-walltime ${new Date().toISOString()}`, ""];
  for (const name of stacks) for (const latency of latencies) lines.push(...(await benchOne(name, environments, latency, !process.argv.includes("--no-floor"))));
  const text = lines.join("\n");
  console.log(text);
  if (out) fs.writeFileSync(out, `${text}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
