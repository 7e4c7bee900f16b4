import { randomUUID } from "node:crypto";
import { endOf, startAction, stateAt } from "./clock";
import { conflict } from "./errors";
import type { EnvironmentRec } from "./models/environments";
import { appendLogs } from "./models/logs";
import type { ModelContext } from "./models/records";
import type { DeploymentRec, ServiceAction } from "./models/runtime";
import type { ServiceRecBase } from "./models/services";
import { emitDeploymentEvent } from "./webhook-delivery";
import { later, type World } from "./world";

/**
 * Starts deploy/stop/restart on one service: records the timeline, writes the log lines its kind keeps
 * (dated along the timeline, so they appear as the clock reaches them) and schedules its kind's webhook deliveries.
 */
export function runServiceAction(
  world: World, svc: ServiceRecBase, action: ServiceAction, nowMs: number, delayMs = 0, version?: string,
): DeploymentRec {
  const kind = world.store.kindOf(svc.id);
  if (kind === undefined) throw new Error(`service ${svc.id} is not stored`);
  const d = startAction(svc.runtime, action, kind.buildSteps, nowMs, world.config.stepMs, delayMs);
  const shown = version ?? d.request_id.slice(0, 8);
  if (kind.logLines) appendLogs(world.store.state, svc, d, shown, kind.logLines(svc, d, shown));
  if (kind.deploymentEvents && action === "DEPLOY") {
    later(world, d.start - nowMs, () => emitDeploymentEvent(world, "DEPLOYMENT_STARTED", svc, eventExtra(d, "QUEUED")));
    later(world, endOf(d) - nowMs, () => {
      if (svc.runtime.deployment !== d) return; // superseded by a newer action
      const final = stateAt(d, endOf(d));
      emitDeploymentEvent(world, final === "DEPLOYED" ? "DEPLOYMENT_SUCCESSFUL" : "DEPLOYMENT_FAILURE", svc, eventExtra(d, final));
    });
  }
  return d;
}

function eventExtra(d: DeploymentRec, state: string): Record<string, unknown> {
  return { deployment_request_id: d.request_id, state };
}

/** Starts an action asked for by a request; 409 while the service is being deleted. */
export function startServiceAction(m: ModelContext, svc: ServiceRecBase, action: ServiceAction, version?: string): void {
  if (svc.deleting) throw conflict(`${m.world.store.kindOf(svc.id)?.name ?? "service"} ${svc.id} is being deleted`);
  runServiceAction(m.world, svc, action, m.now, 0, version);
}

/** Runs an action on every service of an environment, stage after stage; skipped services are left out of deploys. */
export function runEnvironmentAction(m: ModelContext, env: EnvironmentRec, action: ServiceAction): void {
  if (env.deleting) throw conflict(`environment ${env.id} is being deleted`);
  const { world, now } = m;
  const store = world.store;
  const placed = new Set<string>();
  let delay = 0;
  const stepSpan = 4 * world.config.stepMs;
  for (const stage of store.stagesOf(env.id)) {
    let any = false;
    for (const entry of stage.services) {
      placed.add(entry.service_id);
      if (entry.is_skipped && action !== "STOP") continue;
      const svc = store.service(entry.service_id);
      if (!svc || svc.deleting) continue;
      runServiceAction(world, svc, action, now, delay);
      any = true;
    }
    if (any) delay += stepSpan;
  }
  for (const svc of store.servicesOf(env.id)) {
    if (!placed.has(svc.id) && !svc.deleting) runServiceAction(world, svc, action, now, delay);
  }
  env.last_action = { action, at: new Date(now).toISOString(), request_id: randomUUID() };
}
