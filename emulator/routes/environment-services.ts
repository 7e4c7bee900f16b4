/**
 * An environment's requests on chosen services and its queue: uninstall the environment or the listed services,
 * delete the listed services, clean failed jobs, the unfinished requests of an environment or a service, and the
 * cancel of one request.
 */
import { z } from "zod";
import {
  cancelRequest, deleteServices, listedServices, queueStatus, queuedIn, stageNames, uninstallServices,
} from "../deployments/service-requests";
import { groupOf } from "../models/deployments";
import { environmentSummary } from "../models/environments";
import { environmentOfRequest } from "../models/queries";
import { badRequest, notFound } from "../server/errors";
import { jobKind } from "../models/jobs";
import { uuidString } from "../schemas/common";
import { needEnvironment, needService, needServiceOf } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

const ids = z.array(uuidString).optional();
const selectedServices = z.object({
  application_ids: ids, container_ids: ids, database_ids: ids, job_ids: ids, helm_ids: ids, terraform_ids: ids,
});
const ACTIONS: Record<string, string> = { DEPLOY: "DEPLOY", STOP: "STOP", RESTART: "RESTART", UNINSTALL: "UNINSTALL" };
const serviceIdentity = z.object({ service_id: z.string(), service_type: z.string(), name: z.string() });
const auditing = z.object({ triggered_by: z.string(), origin: z.literal("API") });

/** The unfinished requests of an environment, each with its stages and their services. */
function environmentQueue(ctx: RouteContext, envId: string): Array<Record<string, unknown>> {
  const names = stageNames(ctx, envId);
  const byRequest = new Map<string, Array<ReturnType<typeof queuedIn>[number]>>();
  for (const q of queuedIn(ctx, envId)) byRequest.set(groupOf(q.d), [...(byRequest.get(groupOf(q.d)) ?? []), q]);
  return [...byRequest.entries()].map(([id, queued]) => {
    const stages = new Map<string, Array<Record<string, unknown>>>();
    for (const { svc, d } of queued) {
      const stage = names.get(svc.id) ?? "(no stage)";
      const kind = ctx.world.store.kindOf(svc.id);
      stages.set(stage, [...(stages.get(stage) ?? []), {
        identifier: { service_id: svc.id, service_type: kind?.type ?? "APPLICATION", name: svc.name }, status: queueStatus(d, ctx.now), icon_uri: svc.icon_uri,
      }]);
    }
    const first = queued[0]?.d;
    return {
      identifier: { deployment_request_id: id, environment_id: envId },
      auditing_data: { triggered_by: "API token", origin: "API" },
      trigger_action: first?.action === "UNINSTALL" ? "UNINSTALL" : ACTIONS[first?.action ?? "DEPLOY"],
      stages: [...stages.entries()].map(([name, services]) => ({
        name, status: services.some((s) => s["status"] === "ONGOING") ? "ONGOING" : "QUEUED", services,
      })),
    };
  });
}

/** The routes. */
export const environmentServiceRoutes: Route[] = [
  route({
    method: "POST", path: "/environment/{environmentId}/uninstall", status: 202, access: "deploy", deployAction: true,
    summary: "Uninstall every service of the environment, stage by stage, keeping their configuration", response: z.object({}),
    handler: (ctx) => {
      uninstallServices(ctx, needEnvironment(ctx));
      return {};
    },
  }),
  route({
    method: "POST", path: "/environment/{environmentId}/service/uninstall", status: 200, access: "deploy", deployAction: true,
    summary: "Uninstall the listed services, stage by stage", request: selectedServices,
    handler: (ctx) => {
      const env = needEnvironment(ctx);
      uninstallServices(ctx, env, new Set(listedServices(ctx, env, ctx.body as Record<string, unknown>).map((s) => s.id)));
    },
  }),
  route({
    method: "POST", path: "/environment/{environmentId}/service/delete", status: 200, access: "write",
    summary: "Delete the listed services (query `skipReconcile` is accepted and changes nothing)", request: selectedServices,
    query: z.object({ skipReconcile: z.string().optional() }),
    handler: (ctx) => {
      const env = needEnvironment(ctx);
      deleteServices(ctx, listedServices(ctx, env, ctx.body as Record<string, unknown>));
    },
  }),
  route({
    method: "POST", path: "/environment/{environmentId}/cleanFailedJobs", status: 200, access: "deploy", deployAction: true,
    summary: "Clean the Kubernetes jobs the listed jobs left failed (the emulator keeps none: the list of cleaned ones is empty)",
    request: z.object({ job_ids: ids }), response: z.object({ clean_job_ids: z.array(z.string()), clean_kubernetes_jobs: z.array(z.string()) }),
    handler: (ctx) => {
      const env = needEnvironment(ctx);
      const jobs = listedServices(ctx, env, ctx.body as Record<string, unknown>);
      return { clean_job_ids: jobs.map((j) => j.id), clean_kubernetes_jobs: [] };
    },
  }),
  route({
    method: "POST", path: "/job/{jobId}/cleanFailedJob", status: 200, access: "deploy", deployAction: true,
    summary: "Clean the Kubernetes jobs the job left failed (none in the emulator)", response: z.object({ clean_kubernetes_jobs: z.array(z.string()) }),
    handler: (ctx) => {
      needServiceOf(ctx, jobKind);
      return { clean_kubernetes_jobs: [] };
    },
  }),
  route({
    method: "GET", path: "/environment/{environmentId}/deploymentQueue", status: 200, access: "read",
    summary: "The environment's unfinished requests, with their stages and services",
    response: z.object({ results: z.array(z.object({ identifier: z.object({ deployment_request_id: z.string(), environment_id: z.string() }), auditing_data: auditing, trigger_action: z.string(), stages: z.array(z.unknown()) })) }),
    handler: (ctx) => ({ results: environmentQueue(ctx, needEnvironment(ctx).id) }),
  }),
  route({
    method: "GET", path: "/service/{serviceId}/deploymentQueue", status: 200, access: "read",
    summary: "The service's unfinished request, if any",
    response: z.object({ results: z.array(z.object({ identifier: serviceIdentity.extend({ deployment_request_id: z.string() }), auditing_data: auditing, status_details: z.unknown(), icon_uri: z.string() })) }),
    handler: (ctx) => {
      const svc = needService(ctx);
      const kind = ctx.world.store.kindOf(svc.id);
      const d = svc.runtime.deployment;
      const queued = queuedIn(ctx, svc.environment_id).filter((q) => q.svc.id === svc.id);
      return {
        results: d && queued.length > 0 ? [{
          identifier: { deployment_request_id: groupOf(d), service_id: svc.id, service_type: kind?.type ?? "APPLICATION", name: svc.name },
          auditing_data: { triggered_by: "API token", origin: "API" },
          status_details: { action: d.action === "UNINSTALL" ? "DELETE" : d.action, status: queueStatus(d, ctx.now), sub_action: "NONE" },
          icon_uri: svc.icon_uri,
        }] : [],
      };
    },
  }),
  route({
    method: "GET", path: "/environment/deploymentStatus", status: 200, access: "read",
    summary: "The state of an environment request by its id (query `deploymentRequestId`): the environment's state for its last request; an older one, superseded, the state its action leads to",
    query: z.object({ deploymentRequestId: uuidString }),
    response: z.object({ deployment_request_id: z.string(), environment_id: z.string(), status: z.string() }),
    handler: (ctx) => {
      const id = ctx.query.get("deploymentRequestId") ?? "";
      if (!uuidString.safeParse(id).success) throw badRequest("deploymentRequestId", "expected the uuid of a deployment request");
      const env = environmentOfRequest(ctx.world.store, id);
      if (env === undefined) throw notFound("deployment request", id);
      const action = env.actions?.find((a) => a.request_id === id)?.action;
      const status = env.last_action?.request_id === id ? environmentSummary(ctx, env).state : action === "STOP" ? "STOPPED" : action === "UNINSTALL" ? "DELETED" : "DEPLOYED";
      return { deployment_request_id: id, environment_id: env.id, status };
    },
  }),
  route({
    method: "POST", path: "/deploymentQueue/{deploymentRequestId}/cancelDeployment", status: 202, access: "deploy", deployAction: true,
    summary: "Cancel every unfinished action of one request (404 when none is unfinished)", request: z.object({}),
    handler: (ctx) => cancelRequest(ctx, param(ctx, "deploymentRequestId")),
  }),
];
