/**
 * Engine test harness: the engine runner of scripts/engine-stack.ts, plus the jest `describe` that requires the
 * Pulumi CLI in CI and skips with the reason elsewhere.
 */
import { findEngine, type EngineAvailability } from "../../scripts/engine-stack";

export * from "../../scripts/engine-stack";

/**
 * `describe` for engine tests: in CI (CI=true) a missing CLI fails the run; locally the block is skipped
 * with a message saying why.
 */
export function describeWithEngine(name: string, body: (engine: Required<Pick<EngineAvailability, "binDir">>) => void): void {
  const engine = findEngine();
  if (engine.binDir) {
    describe(name, () => body({ binDir: engine.binDir! }));
    return;
  }
  if (process.env.CI) {
    describe(name, () => {
      it("needs the Pulumi CLI", () => {
        throw new Error(`engine tests are required in CI: ${engine.reason}`);
      });
    });
    return;
  }
  // eslint-disable-next-line no-console
  console.warn(`skipping engine tests "${name}": ${engine.reason}`);
  describe.skip(name, () => body({ binDir: "" }));
}
