/**
 * Destroy and ownership never fight, through the real engine (test/e2e/ownership-program): a deployment stage
 * removed in the same `up` as its application moves to another stage, or leaves its stage, is deleted in that one
 * `up`; a standalone `Variable` on a key the application's map holds, and the map gaining a key a standalone
 * `Variable` holds, each fail with the owner and the map named; and destroy completes in one run, also right after
 * a failed `up`.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { injectFault, stateDump } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";
import { userObjects } from "./stack-checks";

const PROGRAM = "ownership-program";

/** The message a failed operation throws (quotes the engine escaped unescaped), or "" when it succeeded. */
async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "";
  } catch (e) {
    return (e as Error).message.replace(/\\"/g, '"');
  }
}

describeWithEngine("stages and variable keys that change owners through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let seeded: unknown;
  let stack: EngineStack;
  let environmentId: string;
  let applicationId: string;

  /** Sets the program's config keys (an empty value leaves a key out). */
  const configure = async (values: Record<string, string>): Promise<void> => {
    for (const [k, v] of Object.entries(values)) await stack.setConfig(`${PROGRAM}:${k}`, v);
  };
  /** The environment's stages, by name, with the ids of the services in each. */
  const stagesNow = async (): Promise<Record<string, unknown[]>> =>
    Object.fromEntries((await client.deploymentStages.list(environmentId)).map((s) => [s.name, (s.services ?? []).map((x) => x.service_id)]));

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000, quiet: true });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    stack = new EngineStack({
      programDir: path.join(REPO_ROOT, "test", "e2e", PROGRAM),
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        [`${PROGRAM}:organizationId`]: emulator.ids.organizationId,
        [`${PROGRAM}:clusterId`]: (await client.clusters.list(emulator.ids.organizationId))[0]!.id,
        [`${PROGRAM}:stages`]: "workers",
        [`${PROGRAM}:appStage`]: "workers",
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("deletes a stage in the same up as its application moves out: into a new stage, or to the first stage left when its deploymentStageId is removed", async () => {
    const up = await stack.up();
    ({ environmentId, applicationId } = up.outputs as { environmentId: string; applicationId: string });
    expect((await stagesNow())["workers"]).toEqual([applicationId]);
    // Into a new stage: the engine updates the application before it deletes the stage it left.
    await configure({ stages: "batch", appStage: "batch" });
    await stack.up();
    const moved = await stagesNow();
    expect(moved["workers"]).toBeUndefined();
    expect(moved["batch"]).toEqual([applicationId]);
    // Out of every declared stage: the stage's delete moves the application to the first stage left.
    await configure({ stages: "", appStage: "" });
    const removed = await stack.up();
    expect(removed.changeSummary).toMatchObject({ delete: 1 });
    const stages = await client.deploymentStages.list(environmentId);
    expect(stages.map((s) => s.name)).not.toContain("batch");
    expect((stages[0]!.services ?? []).map((x) => x.service_id)).toEqual([applicationId]);
    // Nothing left to do: the next preview has no change.
    const preview = await stack.preview();
    expect(Object.keys(preview.changeSummary).filter((k) => k !== "same")).toEqual([]);
  });

  it("a standalone Variable on a key the application's map holds fails naming the owner and the map, and makes nothing", async () => {
    await configure({ standalone: "LOG_LEVEL" });
    const message = await failure(() => stack.up());
    expect(message).toContain('key "LOG_LEVEL" is taken');
    expect(message).toContain(`application "api" (${applicationId})`);
    expect(message).toContain("`environmentVariables` map");
    expect(message).not.toContain("already exists in parent");
    const own = (await client.variables.list({ parentId: applicationId, scope: "APPLICATION" })).filter((v) => v.scope === "APPLICATION");
    expect(own.map((v) => `${v.key}=${v.value}`)).toEqual(["LOG_LEVEL=info"]);
  });

  it("the application's map gaining a key a standalone Variable holds fails naming the map and the Variable", async () => {
    await configure({ standalone: "FREE" });
    await stack.up();
    const held = (await client.variables.list({ parentId: applicationId, scope: "APPLICATION" })).find((v) => v.key === "FREE")!;
    await configure({ mapKeys: "FREE" });
    const message = await failure(() => stack.up());
    expect(message).toContain(`environmentVariables.FREE: the application already holds the key "FREE" as a variable of type VALUE (id ${held.id})`);
    expect(message).toContain("`environmentVariables` map");
    expect(message).not.toContain("The name is taken in its parent");
    await configure({ mapKeys: "" });
  });

  it("destroys everything in one run right after an up that failed midway (its partial state keeps the serialized provider)", async () => {
    // The application's update fails at its new key, after it did the rest: the engine stores what it reported.
    await configure({ standalone: "", mapKeys: "EXTRA" });
    await injectFault(emulator, { method: "POST", path: `/application/${applicationId}/environmentVariable`, status: 400 });
    expect(await failure(() => stack.up())).toContain("(setting environment variables and secrets) failed (HTTP 400)");
    await stack.destroy();
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
