/**
 * Requests on chosen services of an environment and the deployment queue: uninstall or delete the listed services,
 * the unfinished requests of an environment or a service (`deploymentQueue`), and the cancel of one request by id.
 */
import { cancelAction, planByStage, runEnvironmentRequest } from "./actions";
import { finished, stateAt } from "./clock";
import { badRequest, notFound } from "../server/errors";
import type { EnvironmentRec } from "../models/environments";
import type { ModelContext } from "../models/records";
import type { DeploymentRec } from "../models/runtime";
import type { ServiceRec } from "../models/service-kinds";
import { deleteService } from "../models/services";
import { groupOf } from "../models/deployments";
import { servicesOf, stagesOf } from "../models/queries";

/** The body's `<kind>_ids` lists, every id a service of the environment (400 naming the item otherwise). */
export function listedServices(m: ModelContext, env: EnvironmentRec, body: Record<string, unknown>): ServiceRec[] {
  const out: ServiceRec[] = [];
  for (const [field, ids] of Object.entries(body)) {
    if (!field.endsWith("_ids") || !Array.isArray(ids)) continue;
    ids.forEach((id, i) => {
      const svc = m.world.store.service(String(id));
      const kind = m.world.store.kindOf(String(id));
      if (!svc || svc.environment_id !== env.id || `${kind?.name}_ids` !== field) {
        throw badRequest(`${field}[${i}]`, `no ${field.slice(0, -4)} ${String(id)} in environment ${env.id}`);
      }
      out.push(svc);
    });
  }
  return out;
}

/** Uninstalls the listed services (all of the environment's when `ids` is undefined), stage by stage, as one request. */
export function uninstallServices(m: ModelContext, env: EnvironmentRec, ids?: ReadonlySet<string>): void {
  const plan = planByStage(m.world.store, env.id, (svc) => (svc.deleting || (ids && !ids.has(svc.id)) ? undefined : { svc }));
  runEnvironmentRequest(m, env, "UNINSTALL", plan);
}

/** Deletes the listed services (each as its own delete does). */
export function deleteServices(m: ModelContext, services: ServiceRec[]): void {
  for (const svc of services) deleteService(m, svc);
}

/** The unfinished deployments of an environment's services, with the service. */
export function queuedIn(m: ModelContext, envId: string): Array<{ svc: ServiceRec; d: DeploymentRec }> {
  return servicesOf(m.world.store, envId).flatMap((svc) => {
    const d = svc.runtime.deployment;
    return d && !finished(d, m.now) ? [{ svc, d }] : [];
  });
}

/** A queued service's status in the queue's words. */
export function queueStatus(d: DeploymentRec, nowMs: number): "QUEUED" | "ONGOING" {
  const s = stateAt(d, nowMs);
  return s === "QUEUED" || s.endsWith("_QUEUED") || nowMs < d.start ? "QUEUED" : "ONGOING";
}

/** The stage names of an environment holding each service. */
export function stageNames(m: ModelContext, envId: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const st of stagesOf(m.world.store, envId)) for (const x of st.services) names.set(x.service_id, st.name);
  return names;
}

/** Cancels every unfinished action of the request `requestId` (404 when none is unfinished). */
export function cancelRequest(m: ModelContext, requestId: string): void {
  let cancelled = 0;
  for (const [, svc] of m.world.store.servicesWithKind()) {
    const d = svc.runtime.deployment;
    if (!d || groupOf(d) !== requestId || finished(d, m.now)) continue;
    cancelAction(m.world, svc, d, m.now, `deployment request ${requestId} was cancelled`);
    cancelled += 1;
  }
  if (cancelled === 0) throw notFound("deployment request", requestId);
}
