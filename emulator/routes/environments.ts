import { runEnvironmentAction } from "../actions";
import { phaseOf } from "../clock";
import {
  createEnvironment, deleteEnvironment, editEnvironment, environmentSummary, type EnvironmentRec,
} from "../models/environments";
import type { ServiceAction } from "../models/runtime";
import { statusResponse } from "../schemas/common";
import {
  environmentCreateRequest, environmentEditRequest, environmentResponse, environmentStatusResponse,
} from "../schemas/environments";
import { crudRoutes } from "./crud";
import { environmentHistoryRoute } from "./deployment-history";
import { needEnvironment, needProject } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

function present(ctx: RouteContext, e: EnvironmentRec): Record<string, unknown> {
  const cluster = ctx.world.store.state.clusters.find((c) => c.id === e.cluster_id);
  return {
    id: e.id, created_at: e.created_at, updated_at: e.updated_at, name: e.name,
    organization: { id: e.organization_id }, project: { id: e.project_id },
    cloud_provider: { provider: "AWS", cluster: cluster?.name ?? "" },
    mode: e.mode, cluster_id: e.cluster_id, cluster_name: cluster?.name ?? "",
  };
}

function presentAction(ctx: RouteContext, e: EnvironmentRec, action: string): Record<string, unknown> {
  const { state, deploymentStatus } = environmentSummary(ctx, e);
  const out: Record<string, unknown> = {
    id: e.id, state, service_deployment_status: deploymentStatus,
    status_details: { action, status: phaseOf(state), sub_action: "NONE" },
    is_part_last_deployment: true,
    deployment_request_id: e.last_action?.request_id ?? null,
    deployment_requests_count: ctx.world.store.servicesOf(e.id).length,
    // The reference answers `Status` for deploy and `EnvironmentStatus` for stop/redeploy: carry both.
    last_deployment_state: state, last_deployment_id: e.last_action?.request_id ?? null,
    deployment_status: deploymentStatus, origin: "API",
  };
  if (e.last_action) out["last_deployment_date"] = e.last_action.at;
  return out;
}

function envAction(path: string, action: ServiceAction, summary: string): Route {
  return route({
    method: "POST", path: `/environment/{environmentId}/${path}`, status: 202, deployAction: true, summary,
    response: statusResponse,
    handler: (ctx) => {
      const e = needEnvironment(ctx);
      runEnvironmentAction(ctx, e, action);
      return presentAction(ctx, e, action);
    },
  });
}

/** Environments: collection under the project, items at top level, plus status and bulk actions. */
export const environmentRoutes: Route[] = [
  ...crudRoutes({
    collection: "/project/{projectId}/environment", item: "/environment/{environmentId}", createStatus: 201,
    summaries: {
      list: "List environments", create: "Create an environment (with its default deployment stage)", get: "Get an environment",
      edit: "Edit an environment (name, mode)", delete: "Delete an environment and its services",
    },
    createRequest: environmentCreateRequest, editRequest: environmentEditRequest, response: environmentResponse, present,
    list: (ctx) => ctx.world.store.environmentsOf(needProject(ctx).id),
    find: (ctx) => needEnvironment(ctx),
    create: (ctx, body) => createEnvironment(ctx, needProject(ctx), body),
    edit: editEnvironment,
    remove: deleteEnvironment,
  }),
  route({
    method: "GET", path: "/environment/{environmentId}/status", status: 200, summary: "Aggregated status of an environment",
    response: environmentStatusResponse,
    handler: (ctx) => {
      const e = needEnvironment(ctx);
      const { state, deploymentStatus } = environmentSummary(ctx, e);
      return {
        id: e.id, state, last_deployment_state: state,
        last_deployment_date: e.last_action?.at ?? null, last_deployment_id: e.last_action?.request_id ?? null,
        total_deployment_duration_in_seconds: null, origin: "API", triggered_by: null,
        deployment_status: deploymentStatus, deployment_request_id: e.last_action?.request_id ?? null,
      };
    },
  }),
  environmentHistoryRoute,
  envAction("deploy", "DEPLOY", "Deploy every service of the environment"),
  envAction("redeploy", "DEPLOY", "Redeploy every service of the environment"),
  envAction("stop", "STOP", "Stop every service of the environment"),
];
