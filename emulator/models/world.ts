import type { Faults } from "../server/faults";
import type { RuleClock } from "./rule-schedule";
import type { StoreView } from "./store-view";

/** Settings that can change while running (`PUT /_emulator/config`). */
export interface EmulatorConfig {
  /** Duration of each deployment-clock step in ms; 0 = instant. */
  stepMs: number;
  /** Requests per hour per token (per window, when `rateLimitWindowSeconds` sets another length). */
  rateLimitPerHour: number;
  /** Length of the rate-limit window in seconds; absent = 3600 (the service's hour). */
  rateLimitWindowSeconds?: number;
  /**
   * Hosts webhooks may be delivered to besides loopback (normalized by `normalizeAllowHost`); absent = loopback only.
   * Metadata and unspecified addresses are refused whatever it holds (see `webhook-targets.ts`).
   */
  webhookAllowHosts?: string[];
  /** The clock environments' deployment rules stop and start them by (see `deployments/rule-clock.ts`); absent = real time. */
  ruleClock?: RuleClock;
}

/**
 * What a model's operation may use: the store (as {@link StoreView}), the live config, the faults and the timers of
 * pending side effects. A route handler has the same with the whole store (`World`, `store.ts`).
 */
export interface ModelWorld {
  store: StoreView;
  config: EmulatorConfig;
  /** The injected faults (the stale-status fault is applied by actions and status reads). */
  faults: Faults;
  /** Pending timers (webhook deliveries at deployment end); cleared on reset and close. */
  timers: Set<NodeJS.Timeout>;
  /** Current time in epoch ms (a function so tests of the clock could shift it). */
  now(): number;
  /** Told of a change of the state made outside a request (by a timer): the data file saves it soon. */
  changed?(): void;
}

/** Runs `fn` after `ms` (at once when `ms <= 0`), tracked in the world's timers, never keeping the process alive. */
export function later(world: ModelWorld, ms: number, fn: () => void): void {
  const t = setTimeout(() => {
    world.timers.delete(t);
    fn();
    world.changed?.();
  }, Math.max(0, ms));
  t.unref();
  world.timers.add(t);
}
