import { endDeployment } from "../deployments/deployment-events";
import type { StoreView } from "./store-view";
import type { GroupRefs } from "./groups";
import { touch, type BaseRec, type ModelContext } from "./records";
import type { DeletionRec, RuntimeRec } from "./runtime";
import type { AnyServiceKind, RecordOf } from "./service-kinds";
import { placeService } from "./stages";
import { assertNameFree } from "./uniqueness";
import { servicesOf } from "./queries";

/** Fields every service has, whatever its kind (the ids of the annotations and labels groups it references included). */
export interface ServiceRecBase extends BaseRec, GroupRefs {
  environment_id: string;
  name: string;
  description?: string;
  icon_uri: string;
  runtime: RuntimeRec;
  deleting?: DeletionRec;
}

/** 409 when another service of the environment, of any kind, has the name (ignoring case; see uniqueness.ts). */
export function assertServiceNameFree(store: StoreView, envId: string, name: string, self?: string): void {
  assertNameFree(servicesOf(store, envId), name, "case-insensitive", "service", "this environment", self);
}

/** Stores a new service and places it in its environment's first stage. */
export function addService<K extends AnyServiceKind>(m: ModelContext, kind: K, rec: RecordOf<K>): void {
  m.world.store.collection(kind).set(rec.id, rec);
  placeService(m, rec, undefined, false);
}

/** Applies a create request's fields to a new service (`apply`), stores it and places it; returns it. */
export function addNewService<K extends AnyServiceKind>(
  m: ModelContext, kind: K, rec: RecordOf<K>, apply: (rec: RecordOf<K>) => void,
): RecordOf<K> {
  apply(rec);
  addService(m, kind, rec);
  return rec;
}

/** Edits a service with a whole request again: its new name checked, the request's fields applied (`apply`), an edit. */
export function editWholeService<R extends ServiceRecBase>(
  m: ModelContext, rec: R, name: string, apply: (rec: R) => void,
): void {
  assertServiceNameFree(m.world.store, rec.environment_id, name, rec.id);
  apply(rec);
  serviceEdited(m, rec);
}

/** Records an edit of a service: newer `updated_at`, and out of date until deployed again. */
export function serviceEdited(m: ModelContext, svc: ServiceRecBase): void {
  touch(svc, m.now);
  svc.runtime.version += 1;
}

/** Ends a service's running action because the service is being deleted: cancelled, with its final webhook event. */
export function cancelForDeletion(m: ModelContext, svc: ServiceRecBase): void {
  if (svc.deleting) return;
  const d = svc.runtime.deployment;
  if (d) endDeployment(m.world, svc, d, m.now);
}

/**
 * Deletes a service (its running action cancelled): at once with `stepMs` 0, else it stays readable in
 * DELETE_QUEUED/DELETING for two steps.
 */
export function deleteService(m: ModelContext, svc: ServiceRecBase): void {
  cancelForDeletion(m, svc);
  const stepMs = m.world.config.stepMs;
  if (stepMs <= 0) m.world.store.removeService(svc.id);
  else svc.deleting ??= { start: m.now, stepMs };
}
