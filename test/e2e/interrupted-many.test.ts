/**
 * A `pulumi up` killed with several creates in flight, through the real engine: the emulator holds every
 * application's create (a latency fault taken by each), the whole run is killed while they wait, and the service
 * then makes them all. The next `up` names every object that conflicts, and the one command it prints takes them
 * all over: one round, however many creates were in flight (two and five here).
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { stateDump } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";
import { killWhileHeld, nextUp } from "./interrupt";
import { userObjects } from "./stack-checks";

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "interrupted-many-program");
const HOLD_MS = 4000;

describeWithEngine("a pulumi up killed with several creates in flight", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let seeded: unknown;
  let clusterId: string;
  const stacks: EngineStack[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000, quiet: true });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    clusterId = (await client.clusters.list(emulator.ids.organizationId))[0]!.id;
  });

  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => undefined);
    await emulator?.close();
  });

  const stackOf = (name: string, count: number): EngineStack => {
    const stack = new EngineStack({
      programDir: PROGRAM,
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        "interrupted-many-program:organizationId": emulator.ids.organizationId,
        "interrupted-many-program:clusterId": clusterId,
        "interrupted-many-program:name": name,
        "interrupted-many-program:count": String(count),
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
    stacks.push(stack);
    return stack;
  };

  /** The applications of the stack's project, by name. */
  const appsOf = async (projectName: string): Promise<Array<{ id: string; name: string }>> => {
    const project = (await client.projects.list(emulator.ids.organizationId)).find((p) => p.name === projectName);
    if (project === undefined) return [];
    const envs = await client.environments.list(project.id);
    return (await Promise.all(envs.map((e) => client.applications.list(e.id)))).flat();
  };

  /** The ids of every `DEPLOY_SERVICE_ADOPT=... pulumi up` the output prints, one list per command. */
  const printedCommands = (output: string): string[][] =>
    [...output.matchAll(/`DEPLOY_SERVICE_ADOPT=([^\s`]+) pulumi up`/g)].map((m) => m[1]!.split(",").sort());

  it.each([2, 5])("with %i creates in flight: the next up names them all, and its one command converges", async (count) => {
    const name = `kill-${count}-in-flight`;
    const stack = stackOf(name, count);
    await killWhileHeld(emulator, stack, { method: "POST", path: "/environment/*/application", times: count }, HOLD_MS);
    const made = await appsOf(name);
    expect(made.map((a) => a.name).sort()).toEqual(Array.from({ length: count }, (_, i) => `api-${i}`));
    const ids = made.map((a) => a.id).sort();

    const output = await nextUp(stack);
    // Each failure's list names every conflicting object with its id (the engine's output may cut the first ones).
    for (const app of made) expect(output).toMatch(new RegExp(`application \\\\?"${app.name}\\\\?" \\(id ${app.id}\\)`));
    // Every failure prints the same one command, holding every id.
    const commands = printedCommands(output);
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command).toEqual(ids);

    const up = await stack.upWith({ DEPLOY_SERVICE_ADOPT: commands[0]!.join(",") });
    expect([...(up.outputs?.["applicationIds"] as string[])].sort()).toEqual(ids);
    expect((await appsOf(name)).map((a) => a.id).sort()).toEqual(ids);
    const preview = await stack.preview();
    expect(Object.keys(preview.changeSummary).filter((k) => k !== "same")).toEqual([]);
    await stack.destroy();
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
