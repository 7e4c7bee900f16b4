/** progress.ts: the throttled progress lines (the engine side is in progress-engine.test.ts). */
import {
  asResource, attachEngineLog, captureProgress, environmentProgress, formatElapsed, logProgress, serviceProgress, UNCHANGED_REPEAT_MS,
} from "../../../provider/framework/progress";
import type { EnvironmentDeploymentProgress } from "../../../sdk";

describe("progress lines", () => {
  const lines: Array<[string, string | undefined]> = [];
  beforeEach(() => {
    lines.length = 0;
    captureProgress((line, urn) => lines.push([line, urn]));
  });
  afterAll(() => captureProgress(undefined));

  it("say the time since the wait began", () => {
    expect([formatElapsed(0), formatElapsed(45_400), formatElapsed(80_000), formatElapsed(3_725_000)]).toEqual(["0s", "45s", "1m20s", "1h02m"]);
  });

  it("come once per state change, and once a minute while nothing changes", () => {
    let now = 1_000;
    const report = serviceProgress("api", () => now);
    for (const [t, state] of [[0, "QUEUED"], [1_000, "QUEUED"], [2_500, "BUILDING"], [30_000, "BUILDING"], [62_500, "BUILDING"], [70_000, "BUILDING"], [80_000, "DEPLOYED"]] as const) {
      now = 1_000 + t;
      report({ state });
    }
    expect(lines.map(([l]) => l)).toEqual(["api: QUEUED (0s)", "api: BUILDING (2s)", "api: BUILDING (1m02s)", "api: DEPLOYED (1m20s)"]);
    expect(UNCHANGED_REPEAT_MS).toBe(60_000);
  });

  it("name an environment's stage and its services", () => {
    const now = 0;
    const report = environmentProgress("staging: ", () => now);
    const p = (stageIndex: number, stageName: string, services: Array<[string, string]>): EnvironmentDeploymentProgress => ({
      stageIndex, stageCount: 3, stageName, stages: [], elapsedMs: 0,
      services: services.map(([name, state]) => ({ id: `${name}-id`, name, kind: "application", state, outcome: "in_progress" })),
    });
    report(p(2, "apps", [["api", "DEPLOYING"], ["web", "QUEUED"]]));
    report(p(2, "apps", [["api", "DEPLOYING"], ["web", "QUEUED"]]));
    report(p(2, "apps", [["api", "DEPLOYED"], ["web", "DEPLOYING"]]));
    expect(lines.map(([l]) => l)).toEqual([
      'staging: stage 2/3 "apps": api DEPLOYING, web QUEUED (0s)',
      'staging: stage 2/3 "apps": api DEPLOYED, web DEPLOYING (0s)',
    ]);
  });

  it("carry the resource whose request is being served", async () => {
    await asResource("urn:pulumi:dev::p::t::api", async () => {
      await Promise.resolve();
      logProgress("inside");
    });
    logProgress("outside");
    expect(lines).toEqual([["inside", "urn:pulumi:dev::p::t::api"], ["outside", undefined]]);
  });

  it("go nowhere outside the engine's provider host", () => {
    captureProgress(undefined);
    attachEngineLog();
    expect(() => logProgress("no engine here")).not.toThrow();
  });
});
