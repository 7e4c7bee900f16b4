/**
 * Benchmark of the provider plugin against the dynamic providers (issue 37): one run takes the program of
 * `npm run bench:scale` (one project, `E` environments of 5 databases and 50 applications with their advanced
 * settings) through the real engine twice, each time against a fresh emulator: once with the package's classes (the
 * dynamic providers), once with the same program text over a stand-in `pulumi-deploy-service` module whose classes
 * register `deploy-service:index:<Kind>` and whose lookups invoke `deploy-service:index:get<Name>` (the plugin, from
 * `bin/` over the built `dist/`). It prints the API requests of preview, up, no-op preview, refresh and destroy for
 * both, in all and per declared resource, the wall time of each, and the plugin's startup: the time from starting
 * its executable to its listening (what each `pulumi` operation pays once per plugin process).
 *
 * Run: npm run build && npx ts-node --transpile-only scripts/bench-plugin.ts [--environments 2] [--applications 50]
 * (needs the Pulumi CLI: npm run pulumi:build). Figures only: timing goals live here, never in tests.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { clearRequests, requests } from "../emulator/control/control-client";
import { option, scaleProgram, snapshotPackage } from "./bench-scale";
import { EngineStack, findEngine, REPO_ROOT } from "./engine-stack";

const EXECUTABLE = "pulumi-resource-deploy-service";
const PHASES = ["preview", "up", "no-op preview", "refresh", "destroy"] as const;
type Front = "dynamic" | "plugin";

/**
 * A stand-in for the package whose exports register the plugin's tokens: `Project` a resource of type
 * `deploy-service:index:Project`, `getClusterOutput` an invoke of `deploy-service:index:getCluster`.
 */
function pluginShim(): string {
  const dir = path.join(REPO_ROOT, ".work", "bench-plugin-shim");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "pulumi-deploy-service", private: true, main: "index.js" }));
  fs.writeFileSync(path.join(dir, "index.js"), `"use strict";
const pulumi = require("@pulumi/pulumi");
const token = (name) => "deploy-service:index:" + name;
const classes = new Map();
module.exports = new Proxy({}, { get(_, name) {
  if (name === "__esModule") return true;
  if (typeof name !== "string") return undefined;
  const lookup = /^get(\\w+)Output$/.exec(name);
  if (lookup) return (args) => pulumi.runtime.invokeOutput(token("get" + lookup[1]), args);
  if (!classes.has(name)) classes.set(name, class extends pulumi.CustomResource { constructor(n, args, opts) { super(token(name), n, args, opts); } });
  return classes.get(name);
} });
`);
  return dir;
}

/** The plugin's executable over the package snapshot (its `dist/` one folder up), in a folder to put on PATH. */
function pluginBin(packageDir: string): string {
  const dir = path.join(packageDir, "bin");
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "bin", EXECUTABLE), path.join(dir, EXECUTABLE));
  fs.chmodSync(path.join(dir, EXECUTABLE), 0o755);
  return dir;
}

/** Requests and seconds of each phase of one front's stack. */
async function runFront(front: Front, binDir: string, programDir: string, pathDir: string): Promise<Map<string, { requests: number; seconds: number }>> {
  const emulator = await startEmulator({ stepMs: 0, quiet: true, rateLimitPerHour: 100_000_000 });
  const stack = new EngineStack({
    programDir, binDir, timeoutSeconds: 1800,
    env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true", PATH: `${pathDir}${path.delimiter}${process.env.PATH ?? ""}` },
    config: { "deploy-service:apiUrl": emulator.url },
    secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
  });
  const out = new Map<string, { requests: number; seconds: number }>();
  try {
    for (const phase of PHASES) {
      await clearRequests(emulator);
      const started = process.hrtime.bigint();
      await stack[phase === "no-op preview" ? "preview" : phase]();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      out.set(phase, { requests: (await requests(emulator)).length, seconds });
      console.error(`${front}: ${phase} done`);
    }
  } finally {
    await stack.remove().catch(() => undefined);
    await emulator.close();
  }
  return out;
}

/** Milliseconds from starting the plugin's executable to its printing the port it listens on, `runs` times. */
async function startupTimes(binDir: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const child = spawn(path.join(binDir, EXECUTABLE), ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.once("data", () => resolve());
      child.once("exit", (code) => reject(new Error(`${EXECUTABLE} exited (${code}) before listening`)));
    });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    child.kill();
  }
  return times;
}

async function main(): Promise<void> {
  const engine = findEngine();
  if (!engine.binDir) throw new Error(engine.reason);
  const environments = Number(option("--environments", "2"));
  const applications = Number(option("--applications", "50"));
  const packageDir = snapshotPackage();
  const bin = pluginBin(packageDir);
  const declared = 1 + environments * (1 + 5 + 2 * applications);
  // The same program text for both fronts; scaleProgram's folder is per size, so the plugin's is renamed aside.
  const pluginDir = path.join(REPO_ROOT, ".work", "bench-plugin-program");
  fs.rmSync(pluginDir, { recursive: true, force: true });
  fs.renameSync(scaleProgram(environments, pluginShim(), { applications }), pluginDir);
  const dynamicDir = scaleProgram(environments, packageDir, { applications });
  const dynamic = await runFront("dynamic", engine.binDir, dynamicDir, bin);
  const plugin = await runFront("plugin", engine.binDir, pluginDir, bin);
  const startup = (await startupTimes(bin, 5)).sort((a, b) => a - b);
  const per = (n: number) => (n / declared).toFixed(2);
  console.log(`Plugin against dynamic providers: the bench:scale program, ${environments} environment(s) x ${applications} applications, ${declared} declared resources`);
  console.log("phase          | dynamic: requests (per resource), s | plugin: requests (per resource), s");
  for (const phase of PHASES) {
    const d = dynamic.get(phase)!;
    const p = plugin.get(phase)!;
    console.log(`${phase.padEnd(14)} | ${String(d.requests).padStart(5)} (${per(d.requests)}), ${d.seconds.toFixed(1)} s | ${String(p.requests).padStart(5)} (${per(p.requests)}), ${p.seconds.toFixed(1)} s`);
  }
  console.log(`plugin startup (start to listening, 5 runs): median ${startup[2]!.toFixed(0)} ms, min ${startup[0]!.toFixed(0)} ms, max ${startup[4]!.toFixed(0)} ms; paid once per plugin process of each pulumi operation`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
