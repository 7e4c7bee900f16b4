/**
 * Clones: an environment copied into a new one (`POST /environment/{id}/clone`), or one service copied into an
 * environment (`POST /<kind>/{id}/clone`). A copy is a new, independent record of the same kind: new ids (its own,
 * and those of its ports, storage and autoscaling parts), the source's settings, advanced settings and group
 * references, a fresh deployment record (never deployed), and copies of its variables and secrets (new ids; a secret
 * keeps its value, which no answer shows). An environment's copy has its own copies of the source's variables, its
 * deployment stages (names, descriptions, order) and every service, each in the stage of the same position; aliases
 * and overrides among the copies point at the copies (a built-in one at the copy's built-in). Custom domains are not
 * copied: a domain routes to one service of the organization.
 */
import { randomUUID } from "node:crypto";
import { badRequest } from "../server/errors";
import { environmentBuiltIns, serviceBuiltIns } from "./builtin-variables";
import type { DatabaseRec } from "./databases";
import { createEnvironment, type EnvironmentRec } from "./environments";
import { databaseInternalHost } from "./hosts";
import type { ProjectRec } from "./projects";
import { baseFields, iso, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { ServiceKind, ServiceRec } from "./service-kinds";
import { assertServiceNameFree } from "./services";
import { appendStage, placeService, stageSlice } from "./stages";
import { servicesWithKindIn, stageHolding, stagesOf, variablesOf } from "./queries";
import { variableSlice } from "./variables";

/** Old id to new id: every record a clone copied (services, nested parts, variables, built-ins). */
type IdMap = Map<string, string>;

/** Every `id` of an object nested in `value` (not `value`'s own), each given a new one in `ids`. */
function collectNestedIds(value: unknown, ids: IdMap, top = true): void {
  if (Array.isArray(value)) {
    for (const v of value) collectNestedIds(v, ids, false);
  } else if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>;
    if (!top && typeof o["id"] === "string") ids.set(o["id"], randomUUID());
    for (const v of Object.values(o)) collectNestedIds(v, ids, false);
  }
}

/** `value` with every string naming a copied id replaced by the copy's, and renewed parts' dates set to `at`. */
function remap(value: unknown, ids: IdMap, at: string): unknown {
  if (typeof value === "string") return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remap(v, ids, at));
  if (typeof value !== "object" || value === null) return value;
  const o = value as Record<string, unknown>;
  const renewed = typeof o["id"] === "string" && ids.has(o["id"]);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, renewed && (k === "created_at" || k === "updated_at") ? at : remap(v, ids, at)]));
}

/** A copy of a service record into `envId` named `name`: new ids throughout, never deployed (not stored yet). */
function copyRecord(m: ModelContext, src: ServiceRec, envId: string, name: string, ids: IdMap): ServiceRec {
  const fresh = baseFields(m.now);
  ids.set(src.id, fresh.id);
  collectNestedIds(src, ids);
  const { deleting: _deleting, runtime: _runtime, ...rest } = src;
  return { ...(remap(rest, ids, fresh.created_at) as ServiceRec), ...fresh, environment_id: envId, name, runtime: newRuntime() };
}

/** Copies of the variables and secrets `fromId` holds, held by `toId` (targets remapped later by {@link retarget}). */
function copyVariables(m: ModelContext, fromId: string, toId: string, ids: IdMap): void {
  const vars = variableSlice.of(m.world.store);
  for (const v of variablesOf(m.world.store, fromId)) {
    const copy = { ...structuredClone(v), ...baseFields(m.now), service_id: toId };
    ids.set(v.id, copy.id);
    vars.set(copy.id, copy);
  }
}

/** Points the copies' aliases and overrides at the copies of what their sources pointed at, where copied. */
function retarget(m: ModelContext, copies: readonly string[], ids: IdMap): void {
  const owners = new Set(copies);
  for (const v of variableSlice.of(m.world.store).values()) {
    if (owners.has(v.service_id) && v.target_id !== undefined) v.target_id = ids.get(v.target_id) ?? v.target_id;
  }
}

/** Maps each built-in of `before` to the one at the same place in `after` (a copy's built-ins follow its source's). */
function mapBuiltIns(ids: IdMap, before: ReadonlyArray<{ id: string }>, after: ReadonlyArray<{ id: string }>): void {
  before.forEach((b, i) => {
    const a = after[i];
    if (a) ids.set(b.id, a.id);
  });
}

/** Stores a copy of `src` in `envId` with its variables; returns it (placed by the caller). */
function storeCopy(m: ModelContext, kind: ServiceKind, src: ServiceRec, envId: string, name: string, ids: IdMap): ServiceRec {
  const copy = copyRecord(m, src, envId, name, ids);
  // A database stores the host made from its id (older records have none): the copy's is its own.
  if (kind.type === "DATABASE") (copy as DatabaseRec).host = databaseInternalHost(copy as DatabaseRec);
  (m.world.store.collection(kind as never) as Map<string, ServiceRec>).set(copy.id, copy);
  copyVariables(m, src.id, copy.id, ids);
  mapBuiltIns(ids, serviceBuiltIns(m.world.store, kind, src), serviceBuiltIns(m.world.store, kind, copy));
  return copy;
}

/** Copies one service into `env` under `name` (409 when the name is taken there), in its first stage. */
export function cloneService(m: ModelContext, kind: ServiceKind, src: ServiceRec, env: EnvironmentRec, name: string): ServiceRec {
  if (env.deleting) throw badRequest("environment_id", `environment ${env.name} is being deleted`);
  assertServiceNameFree(m.world.store, env.id, name);
  const ids: IdMap = new Map();
  const copy = storeCopy(m, kind, src, env.id, name, ids);
  placeService(m, copy, undefined, false);
  retarget(m, [copy.id], ids);
  return copy;
}

/** What an environment clone is asked for (`CloneEnvironmentRequest`, its project resolved). */
export interface EnvironmentCloneInput {
  name: string;
  cluster_id?: string | undefined;
  mode?: string | undefined;
}

/** Copies the source's stages into the new environment (replacing the one it was made with); old stage id to new. */
function copyStages(m: ModelContext, src: EnvironmentRec, env: EnvironmentRec): Map<string, string> {
  const stages = stageSlice.of(m.world.store);
  for (const st of stagesOf(m.world.store, env.id)) stages.delete(st.id);
  return new Map(stagesOf(m.world.store, src.id).map((st) => [st.id, appendStage(m, env.id, st.name, st.description).id]));
}

/**
 * Copies an environment into `project` (its own or another of the organization) under a new name, on the cluster
 * and in the mode asked (else the source's; `PREVIEW` allowed), with its variables, stages and services.
 */
export function cloneEnvironment(m: ModelContext, src: EnvironmentRec, project: ProjectRec, b: EnvironmentCloneInput): EnvironmentRec {
  const env = createEnvironment(m, project, { name: b.name, cluster_id: b.cluster_id ?? src.cluster_id, mode: b.mode ?? src.mode });
  const ids: IdMap = new Map();
  const stageIds = copyStages(m, src, env);
  copyVariables(m, src.id, env.id, ids);
  mapBuiltIns(ids, environmentBuiltIns(src), environmentBuiltIns(env));
  const copies = [env.id];
  for (const [kind, svc] of servicesWithKindIn(m.world.store, src.id)) {
    if (svc.deleting) continue;
    const copy = storeCopy(m, kind, svc, env.id, svc.name, ids);
    const from = stageHolding(m.world.store, svc.id);
    const to = from && stageSlice.of(m.world.store).get(stageIds.get(from.id) ?? "");
    placeService(m, copy, to, from?.services.find((x) => x.service_id === svc.id)?.is_skipped ?? false);
    copies.push(copy.id);
  }
  retarget(m, copies, ids);
  env.updated_at = iso(m.now);
  return env;
}
