/**
 * Status reads as the API answers them: the live status, or, while the stale-status fault holds one (see
 * `server/faults.ts`), what the service or environment showed before the last action request, using up one of its reads.
 */
import { serviceStatus, type ClockedService } from "./clock";
import { staleKey } from "../server/faults";
import { environmentStatus, type EnvironmentRec } from "../models/environments";
import type { ModelContext } from "../models/records";
import type { ModelWorld } from "../models/world";

/** A service's `Status` as a status read answers it. */
export function readServiceStatus(world: ModelWorld, svc: ClockedService, nowMs: number): Record<string, unknown> {
  return world.faults.readStale(staleKey("service", svc.id), nowMs) ?? serviceStatus(svc, nowMs);
}

/** An environment's `EnvironmentStatus` as a status read answers it. */
export function readEnvironmentStatus(m: ModelContext, e: EnvironmentRec): Record<string, unknown> {
  return m.world.faults.readStale(staleKey("environment", e.id), m.now) ?? environmentStatus(m, e);
}
