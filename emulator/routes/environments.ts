import { applyProjectRule } from "../models/deployment-rules";
import { ruleNow } from "../models/rule-schedule";
import { createEnvironment, deleteEnvironment, editEnvironment, type EnvironmentRec } from "../models/environments";
import {
  environmentCreateRequest, environmentEditRequest, environmentResponse, environmentStatusResponse,
} from "../schemas/environments";
import { readEnvironmentStatus } from "../deployments/status-reads";
import { crudRoutes } from "./crud";
import { environmentHistoryRoute } from "./deployment-history";
import { environmentActionRoutes } from "./environment-actions";
import { needEnvironment, needProject } from "./lookup";
import { route, type Route, type RouteContext } from "./types";
import { clusterById, environmentsOf } from "../models/queries";

function present(ctx: RouteContext, e: EnvironmentRec): Record<string, unknown> {
  const cluster = clusterById(ctx.world.store, e.cluster_id);
  return {
    id: e.id, created_at: e.created_at, updated_at: e.updated_at, name: e.name,
    organization: { id: e.organization_id }, project: { id: e.project_id },
    cloud_provider: { provider: "AWS", cluster: cluster?.name ?? "" },
    mode: e.mode, cluster_id: e.cluster_id, cluster_name: cluster?.name ?? "",
  };
}

/** Environments: collection under the project, items at top level, plus status, history and actions (`environment-actions.ts`). */
export const environmentRoutes: Route[] = [
  ...crudRoutes({
    access: {
      read: "read", write: "write", create: { need: "write", also: ["newEnvironment"], readOnly: ["projectId"] },
      edit: { need: "write", also: ["environmentMode"] },
    },
    collection: "/project/{projectId}/environment", item: "/environment/{environmentId}", createStatus: 201,
    summaries: {
      list: "List environments", create: "Create an environment (with its default deployment stage)", get: "Get an environment",
      edit: "Edit an environment (name, mode)", delete: "Delete an environment and its services",
    },
    createRequest: environmentCreateRequest, editRequest: environmentEditRequest, response: environmentResponse, present,
    list: (ctx) => environmentsOf(ctx.world.store, needProject(ctx).id),
    find: (ctx) => needEnvironment(ctx),
    create: (ctx, body) => {
      const e = createEnvironment(ctx, needProject(ctx), body);
      applyProjectRule(ctx, e, ruleNow(ctx.world.config.ruleClock, ctx.now));
      return e;
    },
    edit: editEnvironment,
    remove: deleteEnvironment,
  }),
  route({
    method: "GET", path: "/environment/{environmentId}/status", access: "read", status: 200, summary: "Aggregated status of an environment",
    response: environmentStatusResponse,
    handler: (ctx) => readEnvironmentStatus(ctx, needEnvironment(ctx)),
  }),
  environmentHistoryRoute,
  ...environmentActionRoutes,
];
