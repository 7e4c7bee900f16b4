/**
 * A cluster's lifecycle on the deployment clock (`deployments/clock.ts`): a deploy walks DEPLOYMENT_QUEUED, then
 * DEPLOYING for three steps (infrastructure, nodes, charts), then DEPLOYED; a stop STOP_QUEUED, STOPPING, STOPPED; a
 * delete DELETE_QUEUED, DELETING for two steps, then the cluster is gone. A cluster made through the API is `READY`
 * (never deployed) until its first deploy; a seeded one is DEPLOYED. A cluster whose credentials were deleted, or
 * which the `invalid_credentials` fault names, answers `INVALID_CREDENTIALS` (a delete still runs).
 */
import { randomUUID } from "node:crypto";
import { ApiError } from "../server/errors";
import { finished, stateAt } from "../deployments/clock";
import { OFFERS, instanceTypeIn, nodeCents } from "./cloud-catalogue";
import { credentialsById } from "./cloud-credentials";
import { clusterSlice, type ClusterRec } from "./clusters";
import { clusterCredentialsSlice } from "./kubeconfig";
import { environmentsOnCluster } from "./queries";
import { iso, type ModelContext } from "./records";
import type { DeploymentRec, ServiceAction } from "./runtime";
import type { StateHolder } from "./slice";

/** What a cluster action walks through, the last state terminal (`UNINSTALL` is the delete). */
export const CLUSTER_STEPS: Readonly<Record<"DEPLOY" | "STOP" | "UNINSTALL", readonly string[]>> = {
  DEPLOY: ["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYING", "DEPLOYING", "DEPLOYED"],
  STOP: ["STOP_QUEUED", "STOPPING", "STOPPED"],
  UNINSTALL: ["DELETE_QUEUED", "DELETING", "DELETING", "DELETED"],
};

/** Monthly price in cents of a seeded cluster while it runs. */
const SEEDED_CLUSTER_CENTS = 12000;

/** True when the cluster's credentials are gone or a fault marks them invalid. */
export function credentialsInvalid(m: ModelContext, c: ClusterRec): boolean {
  if (m.world.faults.clusterCredentialsInvalid(c.id)) return true;
  return c.spec !== undefined && credentialsById(m, c.spec.credentials_id) === undefined;
}

/** True when the cluster's delete is under way. */
export function deleting(c: ClusterRec): boolean {
  return c.run?.action === "UNINSTALL";
}

/** The cluster's state now. */
export function clusterState(m: ModelContext, c: ClusterRec): string {
  if (!deleting(c) && credentialsInvalid(m, c)) return "INVALID_CREDENTIALS";
  if (!c.run) return c.spec ? "READY" : "DEPLOYED";
  return stateAt(c.run, m.now);
}

function lastDeployDone(c: ClusterRec, now: number): boolean {
  return c.run?.action === "DEPLOY" && finished(c.run, now) && stateAt(c.run, now) === "DEPLOYED";
}

/** `spec_version` of the cluster's last finished deploy; undefined when never deployed. */
function deployedVersion(c: ClusterRec, now: number): number | undefined {
  return lastDeployDone(c, now) ? c.run?.version : c.deployed_version;
}

/** True when the cluster has been deployed (a seeded one always). */
export function isDeployed(c: ClusterRec, now: number): boolean {
  return !c.spec || deployedVersion(c, now) !== undefined;
}

/** `deployment_status` of a cluster: NEVER_DEPLOYED, OUT_OF_DATE (edited since its last deploy) or UP_TO_DATE. */
export function clusterDeploymentStatus(c: ClusterRec, now: number): string {
  if (!c.spec) return "UP_TO_DATE";
  const v = deployedVersion(c, now);
  if (v === undefined) return "NEVER_DEPLOYED";
  return v === (c.spec_version ?? 0) ? "UP_TO_DATE" : "OUT_OF_DATE";
}

/** Starts an action on the cluster, replacing the running one. */
function startRun(m: ModelContext, c: ClusterRec, action: "DEPLOY" | "STOP" | "UNINSTALL"): DeploymentRec {
  const deployed = deployedVersion(c, m.now);
  if (deployed !== undefined) c.deployed_version = deployed;
  const run: DeploymentRec = {
    action: action as ServiceAction, steps: [...CLUSTER_STEPS[action]], start: m.now, requested_at: m.now,
    stepMs: m.world.config.stepMs, request_id: randomUUID(), version: c.spec_version ?? 0,
  };
  c.run = run;
  c.last_execution_id = run.request_id;
  c.last_deployment_date = iso(m.now);
  return run;
}

function refuseWhileDeleting(c: ClusterRec): void {
  if (deleting(c)) throw new ApiError(409, `cluster ${c.name} is being deleted`);
}

/** Deploys the cluster (a first deploy, a redeploy after an edit, or a start after a stop). */
export function deployCluster(m: ModelContext, c: ClusterRec): void {
  refuseWhileDeleting(c);
  startRun(m, c, "DEPLOY");
}

/** Stops a deployed cluster; 409 when it was never deployed or is stopped already. */
export function stopCluster(m: ModelContext, c: ClusterRec): void {
  refuseWhileDeleting(c);
  if (!isDeployed(c, m.now)) throw new ApiError(409, `cluster ${c.name} was never deployed: there is nothing to stop`);
  if (c.run?.action === "STOP") throw new ApiError(409, `cluster ${c.name} is already stopped`);
  startRun(m, c, "STOP");
}

/** Redeploys a cluster whose nodes were edited, when it runs (neither stopped nor never deployed). */
export function redeployIfRunning(m: ModelContext, c: ClusterRec): void {
  if (!isDeployed(c, m.now) || c.run?.action === "STOP" || deleting(c)) return;
  startRun(m, c, "DEPLOY");
}

/**
 * Deletes a cluster: refused while environments run on it (their names in the message, nothing changed); else its
 * delete runs on the clock and the cluster is gone at its end.
 */
export function deleteCluster(m: ModelContext, c: ClusterRec): void {
  const envs = environmentsOnCluster(m.world.store, c.id);
  if (envs.length > 0) {
    const names = envs.map((e) => `'${e.name}'`).join(", ");
    throw new ApiError(400, `cluster: cluster ${c.name} still has ${envs.length} environment(s) running on it: ${names}; delete them first`);
  }
  if (deleting(c)) return;
  startRun(m, c, "UNINSTALL");
}

/** Removes the clusters whose delete has run its course, with their Kubernetes credentials (the store's sweep). */
export function sweepClusters(store: StateHolder, nowMs: number): void {
  const all = clusterSlice.of(store);
  const gone = all.filter((c) => deleting(c) && c.run !== undefined && finished(c.run, nowMs));
  if (gone.length === 0) return;
  clusterSlice.put(store, all.filter((c) => !gone.includes(c)));
  for (const c of gone) clusterCredentialsSlice.of(store).delete(c.id);
}

/** True when the cluster's nodes run (and cost): deployed, neither stopped nor deleted. */
function running(m: ModelContext, c: ClusterRec): boolean {
  if (!isDeployed(c, m.now) || deleting(c)) return false;
  return !(c.run?.action === "STOP" && finished(c.run, m.now));
}

/** Monthly cost range of a cluster in cents: its minimum and maximum node counts, control plane and paid features. */
export function clusterCostRange(c: ClusterRec): { min: number; max: number } {
  if (!c.spec) return { min: SEEDED_CLUSTER_CENTS, max: SEEDED_CLUSTER_CENTS };
  const s = c.spec;
  const offer = OFFERS[s.cloud_provider];
  const type = instanceTypeIn(s.cloud_provider, c.region, s.instance_type);
  const node = type ? nodeCents(type) : 0;
  const features = s.features.filter((f) => f.value === true).length * 3300;
  const fixed = offer.controlPlaneCents + features;
  return { min: fixed + s.min_running_nodes * node, max: fixed + s.max_running_nodes * node };
}

/** What the cluster costs this month in cents: its minimum while it runs, nothing stopped, deleted or never deployed. */
export function clusterMonthlyCents(m: ModelContext, c: ClusterRec): number {
  return running(m, c) ? clusterCostRange(c).min : 0;
}

/** The clusters' cost this month in cents. */
export function clustersMonthlyCents(m: ModelContext): number {
  return clusterSlice.of(m.world.store).reduce((sum, c) => sum + clusterMonthlyCents(m, c), 0);
}
