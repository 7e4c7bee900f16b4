import { randomUUID } from "node:crypto";
import { endOf, startAction, stateAt, type ServiceKind } from "./clock";
import type { ApplicationRec, DeploymentRec, EnvironmentRec, LogRec, ServiceRec } from "./types";
import { emitDeploymentEvent } from "./webhook-delivery";
import { later, type World } from "./world";

const MAX_LOG_LINES_PER_SERVICE = 500;

/** Kind of a stored service. */
export function kindOf(world: World, svc: ServiceRec): ServiceKind {
  return world.store.state.applications.has(svc.id) ? "APPLICATION" : "DATABASE";
}

/**
 * Starts deploy/stop/restart on one service: records the timeline, writes the application's log lines
 * (dated along the timeline, so they appear as the clock reaches them) and schedules webhook deliveries.
 */
export function runServiceAction(
  world: World, svc: ServiceRec, action: DeploymentRec["action"], nowMs: number, delayMs = 0, commit?: string,
): DeploymentRec {
  const kind = kindOf(world, svc);
  const d = startAction(svc.runtime, action, kind, nowMs, world.config.stepMs, delayMs);
  if (kind === "APPLICATION") {
    const app = svc as ApplicationRec;
    writeLogs(world, app, d, commit);
    if (action === "DEPLOY") {
      later(world, d.start - nowMs, () => emitDeploymentEvent(world, "DEPLOYMENT_STARTED", app, eventExtra(d, "QUEUED")));
      later(world, endOf(d) - nowMs, () => {
        if (app.runtime.deployment !== d) return; // superseded by a newer action
        const final = stateAt(d, endOf(d));
        const event = final === "DEPLOYED" ? "DEPLOYMENT_SUCCESSFUL" : "DEPLOYMENT_FAILURE";
        emitDeploymentEvent(world, event, app, eventExtra(d, final));
      });
    }
  }
  return d;
}

function eventExtra(d: DeploymentRec, state: string): Record<string, unknown> {
  return { deployment_request_id: d.request_id, state };
}

/** Runs an action on every service of an environment, stage after stage; skipped services are left out of deploys. */
export function runEnvironmentAction(world: World, env: EnvironmentRec, action: DeploymentRec["action"], nowMs: number): string {
  const store = world.store;
  const requestId = randomUUID();
  const stages = store.stagesOf(env.id);
  const placed = new Set<string>();
  let delay = 0;
  const stepSpan = 4 * world.config.stepMs;
  for (const stage of stages) {
    let any = false;
    for (const entry of stage.services) {
      placed.add(entry.service_id);
      if (entry.is_skipped && action !== "STOP") continue;
      const svc = store.service(entry.service_id);
      if (!svc || svc.deleting) continue;
      runServiceAction(world, svc, action, nowMs, delay);
      any = true;
    }
    if (any) delay += stepSpan;
  }
  for (const svc of store.servicesOf(env.id)) {
    if (!placed.has(svc.id) && !svc.deleting) runServiceAction(world, svc, action, nowMs, delay);
  }
  env.last_action = { action, at: new Date(nowMs).toISOString(), request_id: requestId };
  return requestId;
}

function writeLogs(world: World, app: ApplicationRec, d: DeploymentRec, commit: string | undefined): void {
  const version = commit ?? d.request_id.slice(0, 8);
  const pod = `${app.name.toLowerCase().replace(/[^a-z0-9-]/g, "-")}-${d.request_id.slice(0, 5)}`;
  const at = (i: number) => d.start + i * d.stepMs;
  const lines: Array<[number, string]> = [];
  const repo = app.git_repository;
  if (d.action === "DEPLOY") {
    lines.push([at(0), `Deployment request ${d.request_id} queued`]);
    lines.push([at(1), `Cloning ${repo.url} (branch ${repo.branch})`]);
    lines.push([at(1), `Building image from ${app.dockerfile_path ?? "Dockerfile"}`]);
    const final = d.steps[d.steps.length - 1];
    if (final === "BUILD_ERROR") {
      lines.push([at(d.steps.length - 1), "Build failed: the image build exited with code 1 (failure injected by the emulator at stage BUILD)"]);
    } else {
      lines.push([at(2), `Image built; deploying version ${version}`]);
      if (final === "DEPLOYMENT_ERROR") {
        lines.push([at(d.steps.length - 1), "Deployment failed: the container exited with code 1 and never became ready (failure injected by the emulator at stage DEPLOY)"]);
      } else {
        lines.push([at(d.steps.length - 1), `Application ${app.name} deployed and running (${app.min_running_instances} instance(s))`]);
      }
    }
  } else if (d.action === "STOP") {
    lines.push([at(0), `Stop request ${d.request_id} queued`], [at(2), `Application ${app.name} stopped`]);
  } else {
    lines.push([at(0), `Restart request ${d.request_id} queued`], [at(2), `Application ${app.name} restarted`]);
  }
  const state = world.store.state;
  for (const [t, message] of lines) {
    const rec: LogRec = { id: randomUUID(), service_id: app.id, at: t, message, pod_name: pod, version };
    state.logs.push(rec);
  }
  const mine = state.logs.filter((l) => l.service_id === app.id);
  if (mine.length > MAX_LOG_LINES_PER_SERVICE) {
    const drop = new Set(mine.slice(0, mine.length - MAX_LOG_LINES_PER_SERVICE).map((l) => l.id));
    state.logs = state.logs.filter((l) => !drop.has(l.id));
  }
}
