/**
 * The deployments a service keeps: its current action and, oldest first, the earlier ones a newer action replaced
 * (at most {@link MAX_HISTORY}). The deployment history routes and the deployed commit of an application read them.
 */
import { finished, stateAt } from "../deployments/clock";
import type { DeploymentRec, RuntimeRec } from "./runtime";

let sequence = 0;

/** A number larger than every earlier one of this process: orders actions begun in the same millisecond. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** How many replaced actions a service keeps. */
export const MAX_HISTORY = 100;

/** Keeps a replaced action in the service's history, dropping the oldest beyond {@link MAX_HISTORY}. */
export function archiveDeployment(rt: RuntimeRec, d: DeploymentRec): void {
  const history = (rt.history ??= []);
  history.push(d);
  if (history.length > MAX_HISTORY) history.splice(0, history.length - MAX_HISTORY);
}

/** Every action of a service, newest first: the current one, then its history. */
export function deploymentsOf(rt: RuntimeRec): DeploymentRec[] {
  const past = [...(rt.history ?? [])].reverse();
  return rt.deployment ? [rt.deployment, ...past] : past;
}

/** The newest deploy that had reached DEPLOYED by `nowMs` (cancelled and failed ones never did). */
export function lastDeployed(rt: RuntimeRec, nowMs: number): DeploymentRec | undefined {
  return deploymentsOf(rt).find((d) => d.action === "DEPLOY" && finished(d, nowMs) && stateAt(d, nowMs) === "DEPLOYED");
}

/** The id an environment history entry groups a deployment under: its environment action's, else its own. */
export function groupOf(d: DeploymentRec): string {
  return d.group_id ?? d.request_id;
}
