/**
 * Benchmark of the main example through the real engine, against an in-process emulator:
 *  - API requests by method for preview, up, no-op up, refresh and destroy;
 *  - the wall time of `up` against the same number of do-nothing dynamic resources (the engine's floor),
 *    as a ratio measured in this one run.
 * Run: npx ts-node --transpile-only scripts/bench-stack.ts   (needs the Pulumi CLI: npm run pulumi:build)
 */
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { clearRequests, requests } from "../emulator/control/control-client";
import { EngineStack, findEngine, REPO_ROOT, steps } from "./engine-stack";
import { floorProgram } from "./bench-floor";

const RANDOM_STANDIN = path.join(REPO_ROOT, "test", "random-standin", "bin");

async function main(): Promise<void> {
  const engine = findEngine();
  if (!engine.binDir) throw new Error(engine.reason);
  const emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
  const env = { PATH: `${RANDOM_STANDIN}${path.delimiter}${process.env.PATH}`, PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" };
  const stack = new EngineStack({
    programDir: REPO_ROOT, binDir: engine.binDir, env,
    config: { "deploy-service:apiUrl": emulator.url },
    secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
  });
  const rows: Array<[string, string, number]> = [];
  let resources = 0;
  let upSeconds = 0;
  try {
    for (const [label, op] of [["preview", "preview"], ["up", "up"], ["no-op up", "up"], ["refresh", "refresh"], ["destroy", "destroy"]] as const) {
      await clearRequests(emulator);
      const started = process.hrtime.bigint();
      const result = await stack[op]();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (label === "up") {
        upSeconds = seconds;
        resources = steps(result).filter((s) => s.type.startsWith("pulumi-nodejs:dynamic/") || s.type.startsWith("random:")).length;
      }
      const byMethod: Record<string, number> = {};
      for (const r of await requests(emulator)) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
      rows.push([label, Object.entries(byMethod).map(([m, n]) => `${m} ${n}`).join(", ") || "none", seconds]);
    }
  } finally {
    await stack.remove().catch(() => undefined);
    await emulator.close();
  }

  const floor = new EngineStack({ programDir: floorProgram(resources), binDir: engine.binDir, env });
  let floorSeconds = 0;
  try {
    const started = process.hrtime.bigint();
    await floor.up();
    floorSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    await floor.destroy();
  } finally {
    await floor.remove().catch(() => undefined);
  }

  console.log("operation   requests by method                    wall time");
  for (const [label, methods, seconds] of rows) console.log(`${label.padEnd(11)} ${methods.padEnd(37)} ${seconds.toFixed(1)} s`);
  console.log(`\nup of the main example (${resources} resources): ${upSeconds.toFixed(1)} s`);
  console.log(`up of ${resources} do-nothing dynamic resources:   ${floorSeconds.toFixed(1)} s`);
  console.log(`ratio (example / engine floor): ${(upSeconds / floorSeconds).toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
