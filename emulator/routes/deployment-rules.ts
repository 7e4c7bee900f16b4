import { createRule, deleteRule, editRule, orderRules, ruleOf, rulesOf, type ProjectRuleRec } from "../models/deployment-rules";
import { editEnvironmentRule, ruleOfEnvironment, type EnvironmentRuleRec } from "../models/environment-rules";
import { ruleNow } from "../models/rule-schedule";
import { listOf } from "../schemas/common";
import {
  environmentRuleRequest, environmentRuleResponse, projectRuleRequest, projectRuleResponse, ruleOrderRequest,
} from "../schemas/deployment-rules";
import { crudRoutes } from "./crud";
import { needEnvironment, needProject } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

const SCHEDULE = ["auto_stop", "timezone", "start_time", "stop_time", "weekdays"] as const;

function schedule(r: ProjectRuleRec | EnvironmentRuleRec): Record<string, unknown> {
  return Object.fromEntries(SCHEDULE.map((k) => [k, k === "weekdays" ? [...r.weekdays] : r[k]]));
}

function presentProjectRule(_ctx: RouteContext, r: ProjectRuleRec): Record<string, unknown> {
  return {
    id: r.id, created_at: r.created_at, updated_at: r.updated_at, name: r.name, description: r.description, mode: r.mode,
    cluster_id: r.cluster_id, wildcard: r.wildcard, priority_index: r.priority_index, ...schedule(r),
  };
}

function presentEnvironmentRule(r: EnvironmentRuleRec): Record<string, unknown> {
  return {
    id: r.id, created_at: r.created_at, updated_at: r.updated_at, on_demand_preview: r.on_demand_preview, auto_preview: r.auto_preview,
    ...schedule(r),
  };
}

const project = (ctx: RouteContext) => needProject(ctx).id;

/**
 * A project's deployment rules (list, create, get, replace, delete, and their order) and an environment's rule (read
 * and replace). See `models/deployment-rules.ts`, `models/environment-rules.ts` and `deployments/rule-clock.ts`.
 */
export const deploymentRuleRoutes: Route[] = [
  ...crudRoutes({
    access: { read: "read", write: "write" },
    collection: "/project/{projectId}/deploymentRule", item: "/project/{projectId}/deploymentRule/{deploymentRuleId}",
    summaries: {
      list: "List the deployment rules of a project, by priority", create: "Add a deployment rule to a project (last in priority)",
      get: "Get a deployment rule of a project", edit: "Replace a deployment rule of a project", delete: "Delete a deployment rule of a project",
    },
    createStatus: 201, createRequest: projectRuleRequest, editRequest: projectRuleRequest, response: projectRuleResponse,
    present: presentProjectRule,
    list: (ctx) => rulesOf(ctx, project(ctx)),
    find: (ctx) => ruleOf(ctx, project(ctx), param(ctx, "deploymentRuleId")),
    create: (ctx, body) => createRule(ctx, project(ctx), body),
    edit: editRule,
    remove: deleteRule,
  }),
  route({
    method: "PUT", path: "/project/{projectId}/deploymentRule/order", status: 200, access: "write", request: ruleOrderRequest,
    summary: "Order the deployment rules of a project (every rule once); answers them in their new order",
    response: listOf(projectRuleResponse),
    handler: (ctx) => ({
      results: orderRules(ctx, project(ctx), (ctx.body as { project_deployment_rule_ids_in_order: string[] }).project_deployment_rule_ids_in_order)
        .map((r) => presentProjectRule(ctx, r)),
    }),
  }),
  route({
    method: "GET", path: "/environment/{environmentId}/deploymentRule", status: 200, access: "read",
    summary: "Get the deployment rule of an environment", response: environmentRuleResponse,
    handler: (ctx) => presentEnvironmentRule(ruleOfEnvironment(ctx, needEnvironment(ctx))),
  }),
  route({
    method: "PUT", path: "/environment/{environmentId}/deploymentRule/{deploymentRuleId}", status: 200, access: "write",
    request: environmentRuleRequest, summary: "Replace the deployment rule of an environment", response: environmentRuleResponse,
    handler: (ctx) => presentEnvironmentRule(editEnvironmentRule(
      ctx, needEnvironment(ctx), param(ctx, "deploymentRuleId"), ctx.body as Parameters<typeof editEnvironmentRule>[3],
      ruleNow(ctx.world.config.ruleClock, ctx.now),
    )),
  }),
];
