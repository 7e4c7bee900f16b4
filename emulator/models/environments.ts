import { z } from "zod";
import { aggregateState, deletionState, deploymentStatusOf, serviceState } from "../deployments/clock";
import { badRequest } from "../server/errors";
import type { environmentCreateRequest, environmentEditRequest } from "../schemas/environments";
import { baseFields, iso, type BaseRec, type ModelContext } from "./records";
import type { DeletionRec, ServiceAction } from "./runtime";
import { cancelForDeletion } from "./services";
import { DEFAULT_STAGE_NAME, appendStage } from "./stages";
import { assertNameFree } from "./uniqueness";
import { environmentsOf, servicesOf } from "./queries";
import { base, deletion, obj, str } from "./record-forms";
import { read, slice } from "./slice";
import type { clusterSlice } from "./clusters";

/** An environment inside a project. */
export interface EnvironmentRec extends BaseRec {
  organization_id: string;
  project_id: string;
  name: string;
  mode: string;
  cluster_id: string;
  deleting?: DeletionRec;
  /** The last environment action (deploy, redeploy, stop of the whole environment). */
  last_action?: EnvironmentActionRec;
  /** Every environment action, oldest first, at most {@link MAX_ENVIRONMENT_ACTIONS} (absent in older data files). */
  actions?: EnvironmentActionRec[];
}

/** The environments of the state (see `slice.ts`). */
export const environmentSlice = slice<EnvironmentRec>().keyed("environments", z.looseObject({
  ...base, organization_id: str, project_id: str, name: str, mode: str, cluster_id: str, deleting: deletion.optional(),
  last_action: obj.optional(), actions: z.array(obj).optional(),
}));

/** One action on a whole environment; `request_id` is also the `group_id` of the service actions it started. */
export interface EnvironmentActionRec {
  action: ServiceAction;
  at: string;
  request_id: string;
  /** Orders it among actions of the same millisecond (see `nextSequence`; absent in older data files). */
  seq?: number;
}

/** How many environment actions an environment keeps. */
export const MAX_ENVIRONMENT_ACTIONS = 100;

/** Records an action on a whole environment as its last one and in its list. */
export function recordEnvironmentAction(e: EnvironmentRec, a: EnvironmentActionRec): void {
  e.last_action = a;
  const list = (e.actions ??= []);
  list.push(a);
  if (list.length > MAX_ENVIRONMENT_ACTIONS) list.splice(0, list.length - MAX_ENVIRONMENT_ACTIONS);
}

/** The project an environment is created in. */
interface Parent {
  id: string;
  organization_id: string;
}

function assertFreeName(m: ModelContext, projectId: string, name: string, self?: string): void {
  assertNameFree(environmentsOf(m.world.store, projectId), name, "case-insensitive", "environment", "this project", self);
}

/** The cluster field a request used: `cluster` (reference) or `cluster_id` (published description). */
function clusterField(input: { cluster?: string | undefined }): "cluster" | "cluster_id" {
  return input.cluster !== undefined ? "cluster" : "cluster_id";
}

/** What an environment is made with: a create request's fields, or a clone's (whose mode may be `PREVIEW`). */
export type EnvironmentInput = Omit<z.output<typeof environmentCreateRequest>, "mode"> & { mode?: string | undefined };

/** Creates an environment on the named cluster (else the default one) with its `DEFAULT` deployment stage. */
export function createEnvironment(m: ModelContext, project: Parent, input: EnvironmentInput): EnvironmentRec {
  const clusters = read<typeof clusterSlice>(m.world.store, "clusters");
  const wanted = input.cluster ?? input.cluster_id;
  const cluster = wanted === undefined ? (clusters.find((c) => c.is_default) ?? clusters[0]) : clusters.find((c) => c.id === wanted);
  if (!cluster) throw badRequest(clusterField(input), `unknown cluster ${wanted ?? ""}`);
  if (cluster.run?.action === "UNINSTALL") throw badRequest(clusterField(input), `cluster ${cluster.name} is being deleted`);
  assertFreeName(m, project.id, input.name);
  const e: EnvironmentRec = {
    ...baseFields(m.now), organization_id: project.organization_id, project_id: project.id, name: input.name,
    mode: input.mode ?? "DEVELOPMENT", cluster_id: cluster.id,
  };
  environmentSlice.of(m.world.store).set(e.id, e);
  appendStage(m, e.id, DEFAULT_STAGE_NAME, null);
  return e;
}

/** Renames an environment or changes its mode; 400 when the request names another cluster. */
export function editEnvironment(m: ModelContext, e: EnvironmentRec, input: z.output<typeof environmentEditRequest>): void {
  const cluster = input.cluster ?? input.cluster_id;
  if (cluster !== undefined && cluster !== e.cluster_id) throw badRequest(clusterField(input), "the cluster of an environment cannot change");
  if (input.name !== undefined) {
    assertFreeName(m, e.project_id, input.name, e.id);
    e.name = input.name;
  }
  if (input.mode !== undefined) e.mode = input.mode;
  e.updated_at = iso(m.now);
}

/**
 * Deletes an environment with its services (their running actions cancelled): at once with `stepMs` 0, else all
 * stay readable for two steps.
 */
export function deleteEnvironment(m: ModelContext, e: EnvironmentRec): void {
  if (e.deleting) return;
  for (const svc of servicesOf(m.world.store, e.id)) cancelForDeletion(m, svc);
  const stepMs = m.world.config.stepMs;
  if (stepMs <= 0) {
    m.world.store.removeEnvironment(e.id);
    return;
  }
  e.deleting = { start: m.now, stepMs };
  for (const svc of servicesOf(m.world.store, e.id)) svc.deleting ??= { start: m.now, stepMs };
}

/** Aggregated state and deployment status of an environment's services. */
export function environmentSummary(m: ModelContext, e: EnvironmentRec): { state: string; deploymentStatus: string } {
  const services = servicesOf(m.world.store, e.id);
  const fallback = e.last_action ? (e.last_action.action === "STOP" ? "STOPPED" : "DEPLOYED") : "READY";
  const state = e.deleting ? deletionState(e.deleting, m.now) : aggregateState(services.map((s) => serviceState(s, m.now)), fallback);
  const statuses = services.map((s) => deploymentStatusOf(s.runtime, m.now));
  let deploymentStatus: string;
  if (statuses.length === 0) deploymentStatus = e.last_action ? "UP_TO_DATE" : "NEVER_DEPLOYED";
  else if (statuses.every((s) => s === "UP_TO_DATE")) deploymentStatus = "UP_TO_DATE";
  else if (statuses.every((s) => s === "NEVER_DEPLOYED")) deploymentStatus = "NEVER_DEPLOYED";
  else deploymentStatus = "OUT_OF_DATE";
  return { state, deploymentStatus };
}

/** The environment's `EnvironmentStatus`: its aggregated state and its last environment request. */
export function environmentStatus(m: ModelContext, e: EnvironmentRec): Record<string, unknown> {
  const { state, deploymentStatus } = environmentSummary(m, e);
  return {
    id: e.id, state, last_deployment_state: state,
    last_deployment_date: e.last_action?.at ?? null, last_deployment_id: e.last_action?.request_id ?? null,
    total_deployment_duration_in_seconds: null, origin: "API", triggered_by: null,
    deployment_status: deploymentStatus, deployment_request_id: e.last_action?.request_id ?? null,
  };
}
