import type { Faults } from "../server/faults";
import type { RequestLog } from "../server/request-log";
import type { World } from "../models/store";
import type { StrictCheck } from "../server/strict";

/** What the control endpoints act on: the server's world, faults and request log, its reset and its data file. */
export interface ControlTarget {
  readonly world: World;
  readonly faults: Faults;
  readonly requests: RequestLog;
  /** Strict mode's check of the answers, when the emulator runs with one. */
  readonly strict?: StrictCheck | undefined;
  /** Back to the seed state; faults, request log, rate windows and pending timers cleared. */
  reset(): void;
  /**
   * Applies a change of the state; with a data file it is saved before this returns, or undone and a 503 thrown.
   */
  change<T>(fn: () => T): T;
}
