/**
 * Engine test harness: the engine runner of scripts/engine-stack.ts, plus the jest `describe` that requires the
 * Pulumi CLI in CI and skips with the reason elsewhere.
 */
import { findEngine, type EngineAvailability } from "../../scripts/engine-stack";
import { describeNeeding } from "../needs-tool";

export * from "../../scripts/engine-stack";

/**
 * `describe` for engine tests: in CI (CI=true) a missing CLI fails the run; locally the block does not run and a
 * test says why (see test/needs-tool.ts).
 */
export function describeWithEngine(name: string, body: (engine: Required<Pick<EngineAvailability, "binDir">>) => void): void {
  const engine = findEngine();
  describeNeeding("the Pulumi CLI", name, { found: engine.binDir, reason: engine.reason }, (binDir) => body({ binDir }));
}
