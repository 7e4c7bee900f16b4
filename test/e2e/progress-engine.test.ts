/**
 * Progress through the engine: while `pulumi up` waits for a deployment, the provider's lines reach the engine's log
 * under the resource being created (`progress-api: BUILDING (2s)`, `staging: stage 2/3 "data": progress-db
 * DEPLOYING (2s)`), as `pulumi up` prints them. Runs test/e2e/progress-program through the real CLI; the
 * program loads the package from dist/, so build first (`npm test` does).
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { describeWithEngine, EngineStack, REPO_ROOT, type OperationResult } from "./harness";

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "progress-program");

/** The info lines of an operation as [resource name ("" for the stack), message]. */
function infoLines(result: OperationResult): Array<[string, string]> {
  return result.events.flatMap((e) => {
    const d = e.diagnosticEvent;
    if (!d || d.severity !== "info") return [];
    return [[d.urn ? d.urn.split("::").pop()! : "", d.message.trim()] as [string, string]];
  });
}

describeWithEngine("deployment progress in pulumi up's output", ({ binDir }) => {
  jest.setTimeout(5 * 60 * 1000);
  let emulator: RunningEmulator;
  let stack: EngineStack;

  beforeAll(async () => {
    // Each state lasts 0.4 s: a deployment takes a few seconds and goes through several states.
    emulator = await startEmulator({ stepMs: 400, rateLimitPerHour: 1_000_000, quiet: true });
    stack = new EngineStack({
      programDir: PROGRAM,
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        "progress-program:organizationId": emulator.ids.organizationId,
        "progress-program:clusterId": emulator.ids.clusterIds[0],
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("a service's deploy logs its states under the resource", async () => {
    const up = await stack.up();
    const lines = infoLines(up);
    const api = lines.filter(([name]) => name === "api").map(([, m]) => m);
    const db = lines.filter(([name]) => name === "db").map(([, m]) => m);
    for (const [service, own] of [["progress-api", api], ["progress-db", db]] as const) {
      expect(own.length).toBeGreaterThanOrEqual(2);
      for (const line of own) expect(line).toMatch(new RegExp(`^${service}: [A-Z_]+ \\(\\d+s\\)$`));
      expect(own.at(-1)).toMatch(new RegExp(`^${service}: DEPLOYED `));
      // One line per state change: never the same state twice in a row (the wait is shorter than a minute).
      const states = own.map((l) => l.split(" ")[1]);
      expect(states.filter((s, i) => s === states[i - 1])).toEqual([]);
    }
  });

  it("an environment deployment logs each stage and its services under the resource; destroy logs the stop", async () => {
    await stack.setConfig("progress-program:environmentDeployment", "true");
    const up = await stack.up();
    const release = infoLines(up).filter(([name]) => name === "release").map(([, m]) => m);
    expect(release.length).toBeGreaterThanOrEqual(2);
    for (const line of release) expect(line).toMatch(/^staging: stage \d\/3 "(data|apps)": progress-(db|api) [A-Z_]+ \(\d+s\)$/);
    expect(release[0]).toMatch(/"data": progress-db /);
    expect(release.at(-1)).toMatch(/"apps": progress-api DEPLOYED /);

    // Destroy stops the environment: the first resource a destroy deletes is served before the provider is loaded,
    // so its lines come as stack messages, still naming the environment.
    const destroy = await stack.destroy();
    const stop = infoLines(destroy).map(([, m]) => m).filter((m) => m.startsWith("staging: "));
    expect(stop.at(-1)).toMatch(/STOPPED \(\d+s\)$/);
  });
});
