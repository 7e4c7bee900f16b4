import { randomUUID } from "node:crypto";
import { iso } from "../models/records";
import type { DeletionRec, DeploymentRec, RuntimeRec, ServiceAction } from "../models/runtime";

/**
 * The deployment clock. An action records its list of states and its start time; the current state
 * is computed from the elapsed time (`stepMs` per state, 0 = straight to the last one), so no timers are needed.
 */

/** What the clock reads of a service. */
export interface ClockedService {
  id: string;
  runtime: RuntimeRec;
  deleting?: DeletionRec;
}

/** The states an action walks through, the last one terminal; `build` are the deploy's steps before DEPLOYING. */
export function stepsFor(action: ServiceAction, build: readonly string[], failure: RuntimeRec["failure"]): string[] {
  if (action === "STOP") return ["STOP_QUEUED", "STOPPING", "STOPPED"];
  if (action === "RESTART") return ["RESTART_QUEUED", "RESTARTING", "DEPLOYED"];
  if (action === "UNINSTALL") return ["DELETE_QUEUED", "DELETING", "DELETED"];
  if (failure === "BUILD") return ["QUEUED", ...build, "BUILD_ERROR"];
  if (failure === "DEPLOY") return ["QUEUED", ...build, "DEPLOYING", "DEPLOYMENT_ERROR"];
  return ["QUEUED", ...build, "DEPLOYING", "DEPLOYED"];
}

/** Epoch ms at which a deployment reaches its terminal state (its cancellation, when it was cancelled). */
export function endOf(d: DeploymentRec): number {
  const natural = naturalEnd(d);
  return d.cancelled_at === undefined ? natural : Math.min(natural, d.cancelled_at);
}

/** State of a deployment at `nowMs` (`CANCELED` from its cancellation on). */
export function stateAt(d: DeploymentRec, nowMs: number): string {
  if (d.cancelled_at !== undefined && nowMs >= d.cancelled_at) return "CANCELED";
  const last = d.steps.length - 1;
  if (d.stepMs <= 0) return d.steps[last] as string;
  const elapsed = nowMs - d.start;
  if (elapsed < 0) return d.steps[0] as string;
  return d.steps[Math.min(last, Math.floor(elapsed / d.stepMs))] as string;
}

/** Epoch ms since which a deployment has been in its state at `nowMs` (its request time before its first step). */
export function stateSince(d: DeploymentRec, nowMs: number): number {
  const requested = d.requested_at ?? d.start;
  if (finished(d, nowMs)) return Math.max(requested, endOf(d));
  if (nowMs < d.start || d.stepMs <= 0) return requested;
  return d.start + Math.floor((nowMs - d.start) / d.stepMs) * d.stepMs;
}

/** True when the deployment's state at `nowMs` is its last one. */
export function finished(d: DeploymentRec, nowMs: number): boolean {
  return d.stepMs <= 0 || nowMs >= endOf(d);
}

/** True once a pending delete has run its course. */
export function deletionDone(d: DeletionRec | undefined, nowMs: number): boolean {
  return d !== undefined && nowMs - d.start >= 2 * d.stepMs;
}

/** State of a pending delete at `nowMs`. */
export function deletionState(d: DeletionRec, nowMs: number): string {
  return d.stepMs > 0 && nowMs - d.start < d.stepMs ? "DELETE_QUEUED" : "DELETING";
}

/**
 * Starts an action on a service (replacing any running one) and returns it; `requestId` is the id of the request that
 * started it (an environment request's, shared by every service it acts on), a new one when absent.
 */
export function startAction(
  rt: RuntimeRec, action: ServiceAction, build: readonly string[], nowMs: number, stepMs: number, delayMs = 0, requestId?: string,
): DeploymentRec {
  const prev = rt.deployment;
  if (prev && prev.action === "DEPLOY" && finished(prev, nowMs) && stateAt(prev, nowMs) === "DEPLOYED") {
    rt.deployed_version = prev.version;
  }
  if (action === "UNINSTALL") rt.deployed_version = null;
  const d: DeploymentRec = {
    action, steps: stepsFor(action, build, action === "DEPLOY" ? rt.failure : null),
    start: nowMs + delayMs, requested_at: nowMs, stepMs, request_id: requestId ?? randomUUID(), version: rt.version,
  };
  rt.deployment = d;
  rt.requests_count += 1;
  rt.last_deployment_date = iso(nowMs);
  return d;
}

/** `status_details.status` of a state. */
export function phaseOf(state: string): string {
  if (state === "QUEUED" || state.endsWith("_QUEUED")) return "QUEUED";
  if (state.endsWith("ING")) return "ONGOING";
  if (state.endsWith("_ERROR")) return "ERROR";
  if (state === "CANCELED") return "CANCELED";
  return "SUCCESS";
}

/** `service_deployment_status` of a service. */
export function deploymentStatusOf(rt: RuntimeRec, nowMs: number): string {
  const d = rt.deployment;
  let deployed = rt.deployed_version;
  if (d && d.action === "DEPLOY" && finished(d, nowMs) && stateAt(d, nowMs) === "DEPLOYED") deployed = d.version;
  if (deployed === null) return "NEVER_DEPLOYED";
  return deployed === rt.version ? "UP_TO_DATE" : "OUT_OF_DATE";
}

/** Current state of a service (delete first, then its last action, `READY` when never acted on). */
export function serviceState(svc: ClockedService, nowMs: number): string {
  if (svc.deleting) return deletionState(svc.deleting, nowMs);
  const d = svc.runtime.deployment;
  return d ? stateAt(d, nowMs) : "READY";
}

/** The `Status` body of a service. */
export function serviceStatus(svc: ClockedService, nowMs: number): Record<string, unknown> {
  const rt = svc.runtime;
  const d = rt.deployment;
  const state = serviceState(svc, nowMs);
  // an uninstall deletes what the deploys installed: the reference's `status_details.action` calls it DELETE
  const action = svc.deleting || d?.action === "UNINSTALL" ? "DELETE" : d ? d.action : "DEPLOY";
  const status: Record<string, unknown> = {
    id: svc.id,
    state,
    service_deployment_status: deploymentStatusOf(rt, nowMs),
    status_details: { action, status: d || svc.deleting ? phaseOf(state) : "NEVER", sub_action: "NONE" },
    is_part_last_deployment: d !== null,
    deployment_request_id: d ? d.request_id : null,
    deployment_requests_count: rt.requests_count,
  };
  if (rt.last_deployment_date) status["last_deployment_date"] = rt.last_deployment_date;
  return status;
}

/** True for states still moving (`*ING`, `*_QUEUED`, `QUEUED`, `WAITING_*`). */
export function inProgress(state: string): boolean {
  return state.endsWith("ING") || state.endsWith("QUEUED") || state.startsWith("WAITING_");
}

/**
 * Aggregated state of several services: the first still moving, else the first failed (`*_ERROR`), else CANCELED
 * when one was cancelled, else the first one.
 */
export function aggregateState(states: string[], fallback: string): string {
  if (states.length === 0) return fallback;
  const moving = states.find(inProgress);
  if (moving) return moving;
  const failed = states.find((s) => s.endsWith("_ERROR")) ?? states.find((s) => s === "CANCELED");
  if (failed) return failed;
  return states[0] as string;
}

/** True when a deployment's last step is a failure (`*_ERROR`): the failure injected at its start. */
export function endsInFailure(d: DeploymentRec): boolean {
  return (d.steps[d.steps.length - 1] as string).endsWith("_ERROR");
}

/** Epoch ms at which a deployment reaches its last step if nothing cancels it. */
export function naturalEnd(d: DeploymentRec): number {
  return d.start + (d.steps.length - 1) * d.stepMs;
}
