import { ApiError, badRequest } from "../server/errors";
import type { StoreView } from "./store-view";
import { baseFields, iso, touch, type BaseRec, type ModelContext } from "./records";
import { assertNameFree } from "./uniqueness";
import { stageHolding, stagesOf } from "./queries";
import { z } from "zod";
import { base, int, str, strOrNull } from "./record-forms";
import { slice } from "./slice";

/** Name of the deployment stage every new environment gets. */
export const DEFAULT_STAGE_NAME = "DEFAULT";

/** A service placed in a deployment stage. */
export interface StageServiceRec extends BaseRec {
  service_id: string;
  /** The `type` of the service's kind. */
  service_type: string;
  is_skipped: boolean;
}

/** A deployment stage of an environment. */
export interface StageRec extends BaseRec {
  environment_id: string;
  name: string;
  description: string | null;
  deployment_order: number;
  services: StageServiceRec[];
}

/** The stages of the state (see `slice.ts`). */
export const stageSlice = slice<StageRec>().keyed("stages", z.looseObject({
  ...base, environment_id: str, name: str, description: strOrNull, deployment_order: int,
  services: z.array(z.looseObject({ ...base, service_id: str, service_type: str, is_skipped: z.boolean() })),
}));

/** What a stage is created or edited with. */
export interface StageInput {
  name: string;
  description?: string | null | undefined;
}

function assertFreeName(store: StoreView, envId: string, name: string, self?: string): void {
  assertNameFree(stagesOf(store, envId), name, "case-insensitive", "deployment stage", "this environment", self);
}

/** Appends a stage to the environment's order (no name check: for the stages the emulator makes itself). */
export function appendStage(m: ModelContext, envId: string, name: string, description: string | null): StageRec {
  const store = m.world.store;
  const stage: StageRec = {
    ...baseFields(m.now), environment_id: envId, name, description, deployment_order: stagesOf(store, envId).length, services: [],
  };
  stageSlice.of(store).set(stage.id, stage);
  return stage;
}

/** Creates a stage, last in its environment's order. */
export function createStage(m: ModelContext, envId: string, input: StageInput): StageRec {
  assertFreeName(m.world.store, envId, input.name);
  return appendStage(m, envId, input.name, input.description ?? null);
}

/** Renames a stage and sets its description when given. */
export function editStage(m: ModelContext, s: StageRec, input: StageInput): void {
  assertFreeName(m.world.store, s.environment_id, input.name, s.id);
  s.name = input.name;
  if (input.description !== undefined) s.description = input.description;
  touch(s, m.now);
}

/** Deletes an empty stage and closes the gap in the order; 400 while services are attached. */
export function deleteStage(m: ModelContext, s: StageRec): void {
  if (s.services.length > 0) {
    throw new ApiError(400, `deploymentStageId: stage '${s.name}' still has ${s.services.length} service(s) attached; move them first`);
  }
  stageSlice.of(m.world.store).delete(s.id);
  renumber(m, stagesOf(m.world.store, s.environment_id));
}

/** Moves `stage` right after or before `target` in their environment's order. */
export function moveStage(m: ModelContext, stage: StageRec, target: StageRec, where: "After" | "Before"): void {
  if (target.environment_id !== stage.environment_id) throw badRequest("stageId", "the stages belong to different environments");
  if (target.id === stage.id) return;
  const list = stagesOf(m.world.store, stage.environment_id).filter((s) => s.id !== stage.id);
  list.splice(list.findIndex((s) => s.id === target.id) + (where === "After" ? 1 : 0), 0, stage);
  renumber(m, list);
}

function renumber(m: ModelContext, ordered: StageRec[]): void {
  ordered.forEach((st, i) => {
    if (st.deployment_order !== i) {
      st.deployment_order = i;
      st.updated_at = iso(m.now);
    }
  });
}

/** A stored service as a stage sees it. */
interface Placeable {
  id: string;
  environment_id: string;
}

/**
 * Moves a service into `stage` (out of any other); with no stage given, into its environment's first stage,
 * made (`DEFAULT`) when the environment has none.
 */
export function placeService(m: ModelContext, svc: Placeable, stage: StageRec | undefined, isSkipped: boolean): StageRec {
  if (stage && stage.environment_id !== svc.environment_id) throw badRequest("serviceId", "the service belongs to another environment");
  const store = m.world.store;
  const target = stage ?? stagesOf(store, svc.environment_id)[0] ?? appendStage(m, svc.environment_id, DEFAULT_STAGE_NAME, null);
  for (const st of stageSlice.of(store).values()) {
    const before = st.services.length;
    st.services = st.services.filter((x) => x.service_id !== svc.id);
    if (st.services.length !== before) st.updated_at = iso(m.now);
  }
  const type = store.kindOf(svc.id)?.type ?? "";
  target.services.push({ ...baseFields(m.now), service_id: svc.id, service_type: type, is_skipped: isSkipped });
  target.updated_at = iso(m.now);
  return target;
}

/** The stage a service sits in, placing it in the first one when it sits in none. */
export function stageOfService(m: ModelContext, svc: Placeable): StageRec {
  return stageHolding(m.world.store, svc.id) ?? placeService(m, svc, undefined, false);
}
