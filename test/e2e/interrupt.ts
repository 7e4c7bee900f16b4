/**
 * Interrupting a real `pulumi up` in the middle of its creates, and the next `up`: what the engine tests of an
 * interrupted run share (test/e2e/interrupted-up.test.ts, test/e2e/interrupted-many.test.ts).
 */
import type { RunningEmulator } from "../../emulator";
import { injectFault, stateDump } from "../../emulator/control/control-client";
import type { EngineStack } from "./harness";

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
