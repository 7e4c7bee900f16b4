/**
 * A `pulumi up` killed in the middle of a create, then recovered, through the real engine: the emulator holds the
 * application's create (a latency fault) and the whole run (runner, CLI, provider hosts) is killed with SIGKILL
 * while it waits. Three points: before the service applied the create, after it applied it but before the answer,
 * and after the answer (during the create's next request). Each recovers with nothing duplicated and nothing
 * orphaned, by itself or with the one command the error prints, and destroy leaves the emulator as seeded.
 */
import * as path from "node:path";
import { injectFault, stateDump } from "../../emulator/control/control-client";
import { describeWithEngine, type EngineStack, REPO_ROOT } from "./harness";
import { killWhileHeld as holdAndKill, nextUp, useInterruptFixture } from "./interrupt";
import { userObjects } from "./stack-checks";

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "interrupted-program");
const HOLD_MS = 4000;

describeWithEngine("a pulumi up killed in the middle of a create", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  const fx = useInterruptFixture(PROGRAM, "interrupted-program", binDir);
  const stackNamed = (name: string): EngineStack => fx.stack(name);
  /** The applications named `api` in the stack's project, whatever environment they are in. */
  const apisOf = async (projectName: string) => (await fx.appsOf(projectName)).filter((a) => a.name === "api");

  const killWhileHeld = (stack: EngineStack, fault: Parameters<typeof injectFault>[1]) => holdAndKill(fx.emulator, stack, fault, HOLD_MS);

  /** The second up's error names the object and the command that takes it over; that command converges. */
  const recoverWithPrintedCommand = async (stack: EngineStack, projectName: string): Promise<void> => {
    const [made] = await apisOf(projectName);
    expect(made).toBeDefined();
    const output = await nextUp(stack);
    expect(output).toMatch(new RegExp(`an application \\\\?"api\\\\?" already exists in environment \\S+ with id ${made!.id}`));
    expect(output).toContain(`\`DEPLOY_SERVICE_ADOPT=${made!.id} pulumi up\``);
    // The engine names the interrupted create too.
    expect(output).toMatch(/pending operations from previous deployment[\s\S]*Application::api, interrupted while creating/);
    const up = await stack.upWith({ DEPLOY_SERVICE_ADOPT: made!.id });
    expect(up.outputs?.["applicationId"]).toBe(made!.id);
    expect((await apisOf(projectName)).map((a) => a.id)).toEqual([made!.id]);
  };

  /** A no-op preview, then destroy leaves nothing of the stack on the service. */
  const settleAndDestroy = async (stack: EngineStack): Promise<void> => {
    const preview = await stack.preview();
    expect(Object.keys(preview.changeSummary).filter((k) => k !== "same")).toEqual([]);
    await stack.destroy();
    expect(userObjects(await stateDump(fx.emulator))).toEqual(fx.seeded);
  };

  it("killed before the service applied the create: the next up creates it, once", async () => {
    const stack = stackNamed("kill-before");
    await killWhileHeld(stack, { method: "POST", path: "/environment/*/application", drop: "before" });
    expect(await apisOf("kill-before")).toEqual([]);
    expect(await nextUp(stack)).toBe("");
    const apis = await apisOf("kill-before");
    expect(apis).toHaveLength(1);
    expect((await stack.preview()).changeSummary).toEqual({ same: 4 });
    await settleAndDestroy(stack);
  });

  it("killed after the service applied the create, before its answer: the printed command takes it over", async () => {
    const stack = stackNamed("kill-during");
    await killWhileHeld(stack, { method: "POST", path: "/environment/*/application" });
    expect(await apisOf("kill-during")).toHaveLength(1);
    await recoverWithPrintedCommand(stack, "kill-during");
    await settleAndDestroy(stack);
  });

  it("killed after the create's answer, while the create still sets the application's variables", async () => {
    const stack = stackNamed("kill-after");
    await killWhileHeld(stack, { method: "POST", path: "/application/*/environmentVariable/import" });
    expect(await apisOf("kill-after")).toHaveLength(1);
    await recoverWithPrintedCommand(stack, "kill-after");
    const [api] = await apisOf("kill-after");
    const vars = (await fx.client.variables.list({ parentId: api!.id, scope: "APPLICATION" }))
      .filter((v) => v.key === "LOG_LEVEL" && v.scope === "APPLICATION");
    expect(vars).toHaveLength(1);
    await settleAndDestroy(stack);
  });
});
