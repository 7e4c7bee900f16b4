/**
 * Errors as `pulumi up` prints them: a provider error names the object's kind and name and ends with what to do
 * next; a check failure (an unknown setting key) is printed by the engine with the resource's name and property.
 * Runs test/e2e/messages-program through the real CLI; the program loads the package from dist/, so build
 * first (`npm test` does).
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "messages-program");

/** The text a failed operation of `stack` throws (the engine's output), or "" when it succeeded. */
async function failureOutput(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    return (e as Error).message;
  }
  return "";
}

describeWithEngine("error messages in pulumi up's output", ({ binDir }) => {
  jest.setTimeout(5 * 60 * 1000);
  let emulator: RunningEmulator;
  const stacks: EngineStack[] = [];

  const stackWith = (mistake: "name" | "setting"): EngineStack => {
    const stack = new EngineStack({
      programDir: PROGRAM,
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        "messages-program:organizationId": emulator.ids.organizationId,
        "messages-program:mistake": mistake,
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
    stacks.push(stack);
    return stack;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000, quiet: true });
  });

  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("a 409 is printed under the resource with the kind, the name, the existing object's id and how to adopt it, without the token", async () => {
    const output = await failureOutput(() => stackWith("name").up());
    expect(output).toMatch(/pulumi up failed/);
    // The object holding the name is named by its id, with the two ways to take it over (see adoption.ts).
    expect(output).toMatch(
      /error: Project \\?"msg-taken\\?": a project \\?"msg-taken\\?" already exists in organization \S+ with id \S+\. To take it over in this stack .*add `adopt: \{ id: \\?"[^"\\]+\\?" \}` to the resource's args, or run once: `DEPLOY_SERVICE_ADOPT=\S+ pulumi up`\. To keep both, give this resource another name in the program\./,
    );
    expect(output).not.toContain(emulator.tokens.admin);
  });

  it("an unknown setting key fails the preview, printed with the resource's name, the key and close valid names", async () => {
    const output = await failureOutput(() => stackWith("setting").preview());
    expect(output).toMatch(
      /Application resource 'api': property advancedSettings\[\\?"network\.ingress\.proxy_body_size\\?"\] .*has a problem: unknown advanced setting \\?"network\.ingress\.proxy_body_size\\?"; close valid names: network\.ingress\.proxy_body_size_mb/,
    );
  });
});
