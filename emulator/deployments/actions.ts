/**
 * Service actions (deploy, stop, restart, uninstall) and environment requests, which act on several services of an
 * environment as one request, stage after stage, as the live service runs its deployment pipeline:
 *
 * - The services a request acts on are grouped by deployment stage, in `deployment_order`. A stage's services start
 *   together, when every service of the stage before has finished (a stage with none of them is passed over); until
 *   then they show their action's first state (`QUEUED`, `STOP_QUEUED`, `RESTART_QUEUED`). The deployment clock
 *   knows every action's steps from its start, so each stage's start is computed when the request is made.
 * - A deploy that fails (`failDeploys`) fails its stage once every service of that stage has finished: the services of
 *   the later stages never begin (they never reach BUILDING or DEPLOYING) and end `CANCELED` at that moment, having
 *   shown `QUEUED` until then. The reference leaves the transition unstated; CANCELED is its state for a deployment
 *   that did not run to its end (StateEnum), its stage status for a stage that did not run (`StageStatusEnum`
 *   CANCELED; SKIPPED is "not necessary", which a stage held back by a failure is not), and a terminal state, so a
 *   wait that follows the request ends there instead of waiting for services that will never move. Those services
 *   are part of the request: their status carries its `deployment_request_id`. They send no webhook event (a deploy
 *   cancelled before it began never started) and keep running what they ran before.
 * - Every service action an environment request starts carries the request's id as its `deployment_request_id` (the
 *   live service queues one deployment request for the whole environment request), and the environment's deployment
 *   history lists the request under that id with the deployments of its services.
 */
import { randomUUID } from "node:crypto";
import { endsInFailure, finished, naturalEnd, serviceStatus, startAction } from "./clock";
import { endDeployment, scheduleDeploymentEvents } from "./deployment-events";
import { badRequest, conflict } from "../server/errors";
import { staleKey, type StaleStatusRule } from "../server/faults";
import { archiveDeployment, lastDeployed, nextSequence } from "../models/deployments";
import {
  environmentStatus, recordEnvironmentAction, type EnvironmentActionRec, type EnvironmentRec,
} from "../models/environments";
import { appendLogs, cutLogs } from "../models/logs";
import { iso, type ModelContext } from "../models/records";
import type { DeploymentRec, ServiceAction } from "../models/runtime";
import type { DeployBody, ServiceKind, ServiceRec } from "../models/service-kinds";
import type { ServiceRecBase } from "../models/services";
import type { StoreView } from "../models/store-view";
import type { ModelWorld } from "../models/world";
import { servicesOf, stagesOf } from "../models/queries";

/** What an action is started with beyond the service and the action. */
export interface ActionOptions {
  /** Delay before its first step (a later stage of an environment request waits for the earlier ones). */
  delayMs?: number;
  /** The version a deploy request names (an application's `git_commit_id`). */
  requested?: string | undefined;
  /** The environment request it is part of; its id is also the action's `deployment_request_id`. */
  groupId?: string;
  /** Cancelled before it begins, at `at` (its start): an earlier stage of its environment request failed (`reason`). */
  cancel?: { at: number; reason: string };
  /** The stale-status fault its request falls under: what the service showed before is recorded for status reads. */
  stale?: StaleStatusRule | undefined;
}

/** How an action's log lines name it. */
function labelOf(action: ServiceAction): string {
  return { DEPLOY: "Deployment", STOP: "Stop", RESTART: "Restart", UNINSTALL: "Uninstall" }[action];
}

/**
 * Ends a service's action at `nowMs` (a newer action replaces it, or a cancel): cancelled when it had not reached its
 * end, with its final webhook event; the log lines it would still have written are replaced by one saying why it was
 * cancelled. Answers whether it was still running.
 */
export function cancelAction(world: ModelWorld, svc: ServiceRecBase, d: DeploymentRec, nowMs: number, reason: string): boolean {
  const running = !finished(d, nowMs);
  endDeployment(world, svc, d, nowMs);
  if (running && world.store.kindOf(svc.id)?.logLines) {
    cutLogs(world.store, svc, d, nowMs, `${labelOf(d.action)} request ${d.request_id} cancelled: ${reason}`);
  }
  return running;
}

/**
 * Starts deploy/stop/restart/uninstall on one service: ends the action it replaces (cancelled when still running, with
 * its final webhook event) and keeps it in the history, records the new timeline and what it rolls out, writes the log
 * lines its kind keeps (dated along the timeline, so they appear as the clock reaches them) and schedules its events.
 */
export function runServiceAction(
  world: ModelWorld, svc: ServiceRecBase, action: ServiceAction, nowMs: number, options: ActionOptions = {},
): DeploymentRec {
  const kind = world.store.kindOf(svc.id);
  if (kind === undefined) throw new Error(`service ${svc.id} is not stored`);
  if (options.stale) world.faults.recordStale(staleKey("service", svc.id), options.stale, serviceStatus(svc, nowMs), nowMs);
  const previous = svc.runtime.deployment;
  if (previous) {
    cancelAction(world, svc, previous, nowMs, "replaced by a newer action");
    archiveDeployment(svc.runtime, previous);
  }
  const d = startAction(svc.runtime, action, kind.buildSteps(svc), nowMs, world.config.stepMs, options.delayMs ?? 0, options.groupId);
  d.seq = nextSequence();
  if (options.groupId !== undefined) d.group_id = options.groupId;
  if (action === "DEPLOY") {
    const commit = kind.commitOf?.(svc, options.requested, d.start);
    if (commit) d.commit = commit;
    if (kind.releaseOf) d.release = kind.releaseOf(svc);
  }
  const tag = typeof d.release?.["tag"] === "string" ? d.release["tag"] : undefined;
  const shown = d.commit?.git_commit_id ?? tag ?? options.requested ?? d.request_id.slice(0, 8);
  const cancel = options.cancel;
  if (cancel) {
    d.cancelled_at = cancel.at;
    d.notified = "ended"; // it never begins: no webhook event
  }
  if (kind.logLines) {
    const lines = cancel
      ? [[0, `${labelOf(action)} request ${d.request_id} queued`], [0, `${labelOf(action)} request ${d.request_id} cancelled: ${cancel.reason}`]] as Array<[number, string]>
      : kind.logLines(svc, d, shown);
    appendLogs(world.store, svc, d, shown, lines);
  }
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
  runServiceAction(m.world, svc, action, m.now, { requested, stale: m.world.faults.takeStale() });
}

/** Checks a deploy request's body for a service: 400 naming the field, after `at` when the body is one item of a larger request (`jobs[0].`). */
export function checkDeploy(kind: ServiceKind, svc: ServiceRecBase, body: DeployBody, at = ""): void {
  const problem = kind.deployProblem?.(svc, body);
  if (problem) throw badRequest(`${at}${problem[0]}`, problem[1]);
}

/** Checks a deploy request's body for a service ({@link checkDeploy}) and applies what it changes (a new image tag, which the service keeps). */
export function prepareDeploy(m: ModelContext, kind: ServiceKind, svc: ServiceRecBase, body: DeployBody): void {
  checkDeploy(kind, svc, body);
  kind.applyDeploy?.(m, svc, body);
}

/** A service an environment request acts on, with the version a deploy of it rolls out. */
export interface PlannedService {
  svc: ServiceRec;
  requested?: string | undefined;
}

/** The services of an environment request in one deployment stage. */
export interface PlannedStage {
  name: string;
  services: PlannedService[];
}

/**
 * The services of an environment `pick` selects (with whether the stage skips them in environment-level deploys),
 * stage by stage in deployment order; services placed in no stage (only data files of older emulators have them)
 * form a last stage, and stages with none selected are left out.
 */
export function planByStage(store: StoreView, envId: string, pick: (svc: ServiceRec, skipped: boolean) => PlannedService | undefined): PlannedStage[] {
  const placed = new Set<string>();
  const plan: PlannedStage[] = [];
  for (const stage of stagesOf(store, envId)) {
    const services: PlannedService[] = [];
    for (const entry of stage.services) {
      placed.add(entry.service_id);
      const svc = store.service(entry.service_id);
      const p = svc === undefined ? undefined : pick(svc, entry.is_skipped);
      if (p) services.push(p);
    }
    if (services.length > 0) plan.push({ name: stage.name, services });
  }
  const rest = servicesOf(store, envId).filter((s) => !placed.has(s.id)).map((s) => pick(s, false)).filter((p) => p !== undefined);
  if (rest.length > 0) plan.push({ name: "(no stage)", services: rest });
  return plan;
}

/**
 * Runs one action on the planned services of an environment as one request, stage after stage (see the top of this
 * file): records it as the environment's last request and answers it. 409 while the environment is being deleted.
 */
export function runEnvironmentRequest(m: ModelContext, env: EnvironmentRec, action: ServiceAction, plan: PlannedStage[]): EnvironmentActionRec {
  if (env.deleting) throw conflict(`environment ${env.id} is being deleted`);
  const { world, now } = m;
  const stale = world.faults.takeStale();
  if (stale) world.faults.recordStale(staleKey("environment", env.id), stale, environmentStatus(m, env), now);
  const requestId = randomUUID();
  const seq = nextSequence();
  let start = now;
  let failed: { at: number; stage: string } | undefined;
  for (const stage of plan) {
    let end = start;
    let stageFailed = false;
    for (const p of stage.services) {
      const d = runServiceAction(world, p.svc, action, now, {
        delayMs: start - now, groupId: requestId, requested: p.requested, stale,
        ...(failed ? { cancel: { at: failed.at, reason: `deployment stage '${failed.stage}' failed before stage '${stage.name}' began` } } : {}),
      });
      end = Math.max(end, naturalEnd(d));
      stageFailed ||= endsInFailure(d);
    }
    if (failed) continue;
    if (stageFailed) failed = { at: end, stage: stage.name };
    start = end;
  }
  const rec: EnvironmentActionRec = { action, at: iso(now), request_id: requestId, seq };
  recordEnvironmentAction(env, rec);
  return rec;
}

/**
 * Deploy, redeploy or stop of a whole environment: every service not being deleted, those a stage skips
 * (`is_skipped`) left out of deploys; a redeploy rolls out the version each service deployed last.
 */
export function runEnvironmentAction(m: ModelContext, env: EnvironmentRec, action: ServiceAction, redeploy = false): EnvironmentActionRec {
  const plan = planByStage(m.world.store, env.id, (svc, skipped) => {
    if (svc.deleting || (skipped && action !== "STOP")) return undefined;
    return { svc, requested: redeploy ? lastDeployed(svc.runtime, m.now)?.commit?.git_commit_id : undefined };
  });
  return runEnvironmentRequest(m, env, action, plan);
}
