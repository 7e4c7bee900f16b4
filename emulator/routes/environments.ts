import type { z } from "zod";
import { aggregateState, deletionState, deploymentStatusOf, phaseOf, serviceState } from "../clock";
import { runEnvironmentAction } from "../actions";
import { badRequest, conflict } from "../errors";
import { assertNameFree } from "../uniqueness";
import { DEFAULT_STAGE_NAME, baseFields, iso } from "../store";
import { listOf, statusResponse } from "../schemas/common";
import {
  environmentCreateRequest, environmentEditRequest, environmentResponse, environmentStatusResponse,
} from "../schemas/environments";
import type { EnvironmentRec } from "../types";
import { needEnvironment, needProject, paginate } from "./lookup";
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

function assertFreeName(ctx: RouteContext, projectId: string, name: string, self?: string): void {
  assertNameFree(ctx.world.store.environmentsOf(projectId), name, "case-insensitive", "environment", "this project", self);
}

/** Aggregated state and deployment status of an environment's services. */
export function environmentSummary(ctx: RouteContext, e: EnvironmentRec): { state: string; deploymentStatus: string } {
  const services = ctx.world.store.servicesOf(e.id);
  const fallback = e.last_action ? (e.last_action.action === "STOP" ? "STOPPED" : "DEPLOYED") : "READY";
  const state = e.deleting ? deletionState(e.deleting, ctx.now) : aggregateState(services.map((s) => serviceState(s, ctx.now)), fallback);
  const statuses = services.map((s) => deploymentStatusOf(s.runtime, ctx.now));
  let deploymentStatus: string;
  if (statuses.length === 0) deploymentStatus = e.last_action ? "UP_TO_DATE" : "NEVER_DEPLOYED";
  else if (statuses.every((s) => s === "UP_TO_DATE")) deploymentStatus = "UP_TO_DATE";
  else if (statuses.every((s) => s === "NEVER_DEPLOYED")) deploymentStatus = "NEVER_DEPLOYED";
  else deploymentStatus = "OUT_OF_DATE";
  return { state, deploymentStatus };
}

function envActionStatus(ctx: RouteContext, e: EnvironmentRec, action: string): Record<string, unknown> {
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

function envAction(path: string, action: "DEPLOY" | "STOP", summary: string): Route {
  return route({
    method: "POST", path: `/environment/{environmentId}/${path}`, status: 202, deployAction: true, summary,
    response: statusResponse,
    handler: (ctx) => {
      const e = needEnvironment(ctx);
      if (e.deleting) throw conflict(`environment ${e.id} is being deleted`);
      runEnvironmentAction(ctx.world, e, action, ctx.now);
      return envActionStatus(ctx, e, action);
    },
  });
}

/** Environments: collection under the project, items at top level, plus status and bulk actions. */
export const environmentRoutes: Route[] = [
  route({
    method: "GET", path: "/project/{projectId}/environment", status: 200, summary: "List environments",
    response: listOf(environmentResponse),
    handler: (ctx) => paginate(ctx, ctx.world.store.environmentsOf(needProject(ctx).id).map((e) => present(ctx, e))),
  }),
  route({
    method: "POST", path: "/project/{projectId}/environment", status: 201, summary: "Create an environment (with its default deployment stage)",
    request: environmentCreateRequest, response: environmentResponse,
    handler: (ctx) => {
      const p = needProject(ctx);
      const body = ctx.body as z.output<typeof environmentCreateRequest>;
      const clusters = ctx.world.store.state.clusters;
      const wanted = body.cluster ?? body.cluster_id;
      const field = body.cluster !== undefined ? "cluster" : "cluster_id";
      const cluster = wanted === undefined ? (clusters.find((c) => c.is_default) ?? clusters[0]) : clusters.find((c) => c.id === wanted);
      if (!cluster) throw badRequest(field, `unknown cluster ${wanted ?? ""}`);
      assertFreeName(ctx, p.id, body.name);
      const e: EnvironmentRec = {
        ...baseFields(ctx.now), organization_id: p.organization_id, project_id: p.id, name: body.name,
        mode: body.mode ?? "DEVELOPMENT", cluster_id: cluster.id,
      };
      ctx.world.store.state.environments.set(e.id, e);
      ctx.world.store.addStage(e.id, DEFAULT_STAGE_NAME, null, ctx.now);
      return present(ctx, e);
    },
  }),
  route({
    method: "GET", path: "/environment/{environmentId}", status: 200, summary: "Get an environment", response: environmentResponse,
    handler: (ctx) => present(ctx, needEnvironment(ctx)),
  }),
  route({
    method: "PUT", path: "/environment/{environmentId}", status: 200, summary: "Edit an environment (name, mode)",
    request: environmentEditRequest, response: environmentResponse,
    handler: (ctx) => {
      const e = needEnvironment(ctx);
      const body = ctx.body as z.output<typeof environmentEditRequest>;
      const cluster = body.cluster ?? body.cluster_id;
      if (cluster !== undefined && cluster !== e.cluster_id) {
        throw badRequest(body.cluster !== undefined ? "cluster" : "cluster_id", "the cluster of an environment cannot change");
      }
      if (body.name !== undefined) {
        assertFreeName(ctx, e.project_id, body.name, e.id);
        e.name = body.name;
      }
      if (body.mode !== undefined) e.mode = body.mode;
      e.updated_at = iso(ctx.now);
      return present(ctx, e);
    },
  }),
  route({
    method: "DELETE", path: "/environment/{environmentId}", status: 204, summary: "Delete an environment and its services",
    handler: (ctx) => {
      const e = needEnvironment(ctx);
      const stepMs = ctx.world.config.stepMs;
      if (stepMs <= 0) {
        ctx.world.store.removeEnvironment(e.id);
        return;
      }
      if (e.deleting) return;
      e.deleting = { start: ctx.now, stepMs };
      for (const svc of ctx.world.store.servicesOf(e.id)) svc.deleting ??= { start: ctx.now, stepMs };
    },
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
  envAction("deploy", "DEPLOY", "Deploy every service of the environment"),
  envAction("redeploy", "DEPLOY", "Redeploy every service of the environment"),
  envAction("stop", "STOP", "Stop every service of the environment"),
];
