import { randomUUID } from "node:crypto";
import { startAction } from "./clock";
import { endDeployment, scheduleDeploymentEvents } from "./deployment-events";
import { conflict } from "./errors";
import { archiveDeployment, nextSequence } from "./models/deployments";
import { recordEnvironmentAction, type EnvironmentRec } from "./models/environments";
import { appendLogs } from "./models/logs";
import type { ModelContext } from "./models/records";
import type { DeploymentRec, ServiceAction } from "./models/runtime";
import type { ServiceRecBase } from "./models/services";
import type { World } from "./world";

/** What an action is started with beyond the service and the action. */
export interface ActionOptions {
  /** Delay before its first step (stages of an environment action run one after the other). */
  delayMs?: number;
  /** The version a deploy request names (an application's `git_commit_id`). */
  requested?: string | undefined;
  /** The environment action it is part of. */
  groupId?: string;
}

/**
 * Starts deploy/stop/restart on one service: ends the action it replaces (cancelled when still running, with its
 * final webhook event) and keeps it in the history, records the new timeline and what it rolls out, writes the log
 * lines its kind keeps (dated along the timeline, so they appear as the clock reaches them) and schedules its events.
 */
export function runServiceAction(
  world: World, svc: ServiceRecBase, action: ServiceAction, nowMs: number, options: ActionOptions = {},
): DeploymentRec {
  const kind = world.store.kindOf(svc.id);
  if (kind === undefined) throw new Error(`service ${svc.id} is not stored`);
  const previous = svc.runtime.deployment;
  if (previous) {
    endDeployment(world, svc, previous, nowMs);
    archiveDeployment(svc.runtime, previous);
  }
  const d = startAction(svc.runtime, action, kind.buildSteps(svc), nowMs, world.config.stepMs, options.delayMs ?? 0);
  d.seq = nextSequence();
  if (options.groupId !== undefined) d.group_id = options.groupId;
  if (action === "DEPLOY") {
    const commit = kind.commitOf?.(svc, options.requested, d.start);
    if (commit) d.commit = commit;
    if (kind.releaseOf) d.release = kind.releaseOf(svc);
  }
  const tag = typeof d.release?.["tag"] === "string" ? d.release["tag"] : undefined;
  const shown = d.commit?.git_commit_id ?? tag ?? options.requested ?? d.request_id.slice(0, 8);
  if (kind.logLines) appendLogs(world.store.state, svc, d, shown, kind.logLines(svc, d, shown));
  scheduleDeploymentEvents(world, svc, d, nowMs);
  return d;
}

/** 409 while the service is being deleted: it takes no action. */
export function assertActionable(m: ModelContext, svc: ServiceRecBase): void {
  if (svc.deleting) throw conflict(`${m.world.store.kindOf(svc.id)?.name ?? "service"} ${svc.id} is being deleted`);
}

/** Starts an action asked for by a request (`requested`: the version a deploy names); 409 while the service is being deleted. */
export function startServiceAction(m: ModelContext, svc: ServiceRecBase, action: ServiceAction, requested?: string): void {
  assertActionable(m, svc);
  runServiceAction(m.world, svc, action, m.now, { requested });
}

/** Runs an action on every service of an environment, stage after stage; skipped services are left out of deploys. */
export function runEnvironmentAction(m: ModelContext, env: EnvironmentRec, action: ServiceAction): void {
  if (env.deleting) throw conflict(`environment ${env.id} is being deleted`);
  const { world, now } = m;
  const store = world.store;
  const placed = new Set<string>();
  const groupId = randomUUID();
  const seq = nextSequence();
  let delay = 0;
  const stepSpan = 4 * world.config.stepMs;
  for (const stage of store.stagesOf(env.id)) {
    let any = false;
    for (const entry of stage.services) {
      placed.add(entry.service_id);
      if (entry.is_skipped && action !== "STOP") continue;
      const svc = store.service(entry.service_id);
      if (!svc || svc.deleting) continue;
      runServiceAction(world, svc, action, now, { delayMs: delay, groupId });
      any = true;
    }
    if (any) delay += stepSpan;
  }
  for (const svc of store.servicesOf(env.id)) {
    if (!placed.has(svc.id) && !svc.deleting) runServiceAction(world, svc, action, now, { delayMs: delay, groupId });
  }
  recordEnvironmentAction(env, { action, at: new Date(now).toISOString(), request_id: groupId, seq });
}
