/**
 * Beyond one window's budget, never a failure: on an emulator whose limit is lowered to 20 requests per 10 s window,
 * `pulumi up` of a stack needing several windows completes, the provider paces the window's last requests, waits
 * for the reset (a 429 is waited for, never an error) and the engine's output says so once per wait
 * (`waiting 9s for the rate-limit window: 0 of 20 requests left`); destroy completes the same way. Runs
 * test/e2e/rate-limit-program through the real CLI; the program loads the package from dist/, so build first.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { requests, stateDump } from "../../emulator/control/control-client";
import { describeWithEngine, EngineStack, rateLimitWaitLines, REPO_ROOT } from "./harness";
import { userObjects } from "./stack-checks";

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "rate-limit-program");
const LIMIT = 20;
const WINDOW_SECONDS = 10;
const VARIABLES = 24;

describeWithEngine("waiting for the rate-limit window through the engine", ({ binDir }) => {
  jest.setTimeout(4 * 60 * 1000);
  let emulator: RunningEmulator;
  let stack: EngineStack;
  let seeded: unknown;

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: LIMIT, rateLimitWindowSeconds: WINDOW_SECONDS, quiet: true });
    seeded = userObjects(await stateDump(emulator));
    stack = new EngineStack({
      programDir: PROGRAM,
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        "rate-limit-program:organizationId": emulator.ids.organizationId,
        "rate-limit-program:count": String(VARIABLES),
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("up needs more than one window, completes, and says once per wait that it waits for the window", async () => {
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: VARIABLES + 2 });
    const log = await requests(emulator);
    const served = log.filter((r) => r.status >= 200 && r.status < 300);
    expect(served.length).toBeGreaterThan(LIMIT); // more than one window's budget
    const lines = rateLimitWaitLines(up);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) {
      expect(line).toMatch(new RegExp(`^waiting \\d+s for the rate-limit window: \\d+ of ${LIMIT} requests left(, one every \\d+s until it resets)?$`));
    }
    // Once per wait, not per request: far fewer lines than requests that waited.
    const windows = Math.ceil(log.length / LIMIT) + 1;
    expect(lines.length).toBeLessThanOrEqual(2 * windows);
  });

  it("destroy completes the same way, back to the seeded emulator", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary).toEqual({ delete: VARIABLES + 2 });
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
