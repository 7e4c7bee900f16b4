/**
 * Interrupting a real `pulumi up` in the middle of its creates, and the next `up`: what the engine tests of an
 * interrupted run share (test/e2e/interrupted-up.test.ts, test/e2e/interrupted-many.test.ts).
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { injectFault, stateDump } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { EngineStack } from "./harness";
import { userObjects } from "./stack-checks";

/** Waits (bounded) until `ok` holds. */
export async function until(what: string, ok: () => Promise<boolean>, limitMs = 120_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The message a failed operation throws, or "" when it succeeded. */
export async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * Starts `up`, waits until the held requests (`fault.times` of them, the emulator holding each `holdMs`) have
 * reached the emulator, and kills every process of the run; then lets the held requests finish (or be dropped) in
 * the emulator, as the service would.
 */
export async function killWhileHeld(
  emulator: RunningEmulator, stack: EngineStack, fault: Parameters<typeof injectFault>[1], holdMs: number,
): Promise<void> {
  await injectFault(emulator, { latency_ms: holdMs, ...fault });
  const run = stack.start("up");
  // The fault leaves the list when requests have taken it: they are then held in the emulator.
  await until("the held request", async () => ((await stateDump(emulator))["faults"] as unknown[]).length === 0);
  // Ctrl-C twice: the first asks the engine to stop after what is running, the second stops it at once.
  process.kill(-run.child.pid!, "SIGINT");
  await new Promise((r) => setTimeout(r, 300));
  try { process.kill(-run.child.pid!, "SIGINT"); } catch { /* already gone */ }
  const ended = await run.done;
  expect(ended.code === 0).toBe(false);
  await new Promise((r) => setTimeout(r, holdMs + 500));
}

/**
 * The next `pulumi up`: when the interrupted run left its lock (the engine's own file lock; whether it does
 * depends on where the CLI was stopped), the engine says to run `pulumi cancel`, and then `up` runs. Answers the
 * `up`'s failure output, or "" when it succeeded.
 */
export async function nextUp(stack: EngineStack): Promise<string> {
  const first = await failure(() => stack.up());
  if (!/the stack is currently locked/.test(first)) return first;
  expect(first).toContain("`pulumi cancel`");
  await stack.cancel();
  return failure(() => stack.up());
}

/** What the engine tests of an interrupted run share: one emulator, its seeded objects, the stacks they made. */
export interface InterruptFixture {
  readonly emulator: RunningEmulator;
  readonly client: DeployServiceClient;
  /** The emulator's user objects as seeded, to compare with after a destroy. */
  readonly seeded: unknown;
  /** A stack of the program named `name`, with the program's config keys given in `config` (besides the ids). */
  stack(name: string, config?: Record<string, string>): EngineStack;
  /** The applications of the project named `projectName`, in whatever environment they are. */
  appsOf(projectName: string): Promise<Array<{ id: string; name: string }>>;
}

/**
 * Starts one emulator for the suite (stopped, with every stack removed, after it) and makes stacks of the program in
 * `programDir` (its Pulumi project `project`) against it. Call inside the `describe` block.
 */
export function useInterruptFixture(programDir: string, project: string, binDir: string): InterruptFixture {
  let emulator: RunningEmulator | undefined;
  let client: DeployServiceClient | undefined;
  let seeded: unknown;
  let clusterId = "";
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
  return {
    get emulator() { return emulator!; },
    get client() { return client!; },
    get seeded() { return seeded; },
    stack(name, config = {}) {
      const own = Object.fromEntries(Object.entries(config).map(([k, v]) => [`${project}:${k}`, v]));
      const stack = new EngineStack({
        programDir,
        binDir,
        config: {
          "deploy-service:apiUrl": emulator!.url,
          [`${project}:organizationId`]: emulator!.ids.organizationId,
          [`${project}:clusterId`]: clusterId,
          [`${project}:name`]: name,
          ...own,
        },
        secretConfig: { "deploy-service:apiToken": emulator!.tokens.admin },
        env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
      });
      stacks.push(stack);
      return stack;
    },
    async appsOf(projectName) {
      const project = (await client!.projects.list(emulator!.ids.organizationId)).find((p) => p.name === projectName);
      if (project === undefined) return [];
      const envs = await client!.environments.list(project.id);
      return (await Promise.all(envs.map((e) => client!.applications.list(e.id)))).flat();
    },
  };
}
