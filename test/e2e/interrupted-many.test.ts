/**
 * A `pulumi up` killed with several creates in flight, through the real engine: the emulator holds every
 * application's create (a latency fault taken by each), the whole run is killed while they wait, and the service
 * then makes them all. The next `up` names every object that conflicts, and the one command it prints takes them
 * all over: one round, however many creates were in flight (two and five here).
 */
import * as path from "node:path";
import { stateDump } from "../../emulator/control/control-client";
import { describeWithEngine, type EngineStack, REPO_ROOT } from "./harness";
import { killWhileHeld, nextUp, useInterruptFixture } from "./interrupt";
import { userObjects } from "./stack-checks";

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "interrupted-many-program");
const HOLD_MS = 4000;

describeWithEngine("a pulumi up killed with several creates in flight", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  const fx = useInterruptFixture(PROGRAM, "interrupted-many-program", binDir);
  const stackOf = (name: string, count: number): EngineStack => fx.stack(name, { count: String(count) });
  const appsOf = (projectName: string) => fx.appsOf(projectName);

  /** The ids of every `DEPLOY_SERVICE_ADOPT=... pulumi up` the output prints, one list per command. */
  const printedCommands = (output: string): string[][] =>
    [...output.matchAll(/`DEPLOY_SERVICE_ADOPT=([^\s`]+) pulumi up`/g)].map((m) => m[1]!.split(",").sort());

  it.each([2, 5])("with %i creates in flight: the next up names them all, and its one command converges", async (count) => {
    const name = `kill-${count}-in-flight`;
    const stack = stackOf(name, count);
    await killWhileHeld(fx.emulator, stack, { method: "POST", path: "/environment/*/application", times: count }, HOLD_MS);
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
    expect(userObjects(await stateDump(fx.emulator))).toEqual(fx.seeded);
  });
});
