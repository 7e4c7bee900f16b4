/**
 * The webhook events of a deployment. Every deploy that started (its first step began) ends with exactly one final
 * event: `DEPLOYMENT_SUCCESSFUL` when it reached DEPLOYED, `DEPLOYMENT_FAILURE` when it reached an error state, and
 * `DEPLOYMENT_CANCELLED` when it was cancelled before its end: replaced by a newer deploy, stop or restart of its
 * service, or its service deleted (the reference documents `DEPLOYMENT_CANCELLED` as "sent when a deployment is
 * cancelled"; a delete cancels the running deployment, so a service deleted mid-deploy gets a cancellation, never a
 * success). A deploy cancelled before its first step began sends nothing. Stops and restarts send no event.
 */
import { endOf, finished, stateAt } from "./clock";
import type { DeploymentRec } from "../models/runtime";
import type { ServiceRecBase } from "../models/services";
import { emitDeploymentEvent, type WebhookEvent } from "./webhook-delivery";
import { later, type ModelWorld } from "../models/world";

function finalEvent(state: string): WebhookEvent {
  if (state === "DEPLOYED") return "DEPLOYMENT_SUCCESSFUL";
  if (state === "CANCELED") return "DEPLOYMENT_CANCELLED";
  return "DEPLOYMENT_FAILURE";
}

function announce(world: ModelWorld, svc: ServiceRecBase, d: DeploymentRec, event: WebhookEvent, state: string): void {
  emitDeploymentEvent(world, event, svc, { deployment_request_id: d.request_id, state });
}

function announceStart(world: ModelWorld, svc: ServiceRecBase, d: DeploymentRec): void {
  if (d.notified !== undefined) return;
  d.notified = "started";
  announce(world, svc, d, "DEPLOYMENT_STARTED", "QUEUED");
}

/** Sends the one final event of a deployment (its start first when that is due and not sent yet). */
function announceEnd(world: ModelWorld, svc: ServiceRecBase, d: DeploymentRec, nowMs: number): void {
  if (d.action !== "DEPLOY" || d.notified === "ended") return;
  if (d.notified === undefined && d.start > nowMs) {
    d.notified = "ended"; // cancelled before it began: it never started, so it has no events
    return;
  }
  announceStart(world, svc, d);
  d.notified = "ended";
  const state = stateAt(d, Math.max(nowMs, endOf(d)));
  announce(world, svc, d, finalEvent(state), state);
}

/** Schedules a deploy's events on the clock: its start when its first step begins, its end when it reaches it. */
export function scheduleDeploymentEvents(world: ModelWorld, svc: ServiceRecBase, d: DeploymentRec, nowMs: number): void {
  if (d.action !== "DEPLOY") return;
  later(world, d.start - nowMs, () => {
    if (d.cancelled_at === undefined) announceStart(world, svc, d);
  });
  later(world, endOf(d) - nowMs, () => {
    if (d.notified === "ended") return;
    // a delete that did not go through endDeployment still cancels: a service deleted mid-deploy is never successful
    const end = endOf(d);
    const deletedAt = svc.deleting?.start ?? (world.store.service(svc.id) === undefined ? d.start : undefined);
    if (deletedAt !== undefined && deletedAt < end) d.cancelled_at ??= deletedAt;
    announceEnd(world, svc, d, world.now());
  });
}

/**
 * Ends a service's action at `nowMs` because a newer action replaces it or the service is deleted: cancelled when
 * it had not reached its terminal state, and its final event sent now (not when its timer would have fired).
 */
export function endDeployment(world: ModelWorld, svc: ServiceRecBase, d: DeploymentRec, nowMs: number): void {
  if (!finished(d, nowMs)) d.cancelled_at = nowMs;
  announceEnd(world, svc, d, nowMs);
}
