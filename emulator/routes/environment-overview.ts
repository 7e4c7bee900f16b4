/**
 * Reads across an environment's or a project's services, as the official CLI and console ask them: every status of an
 * environment at once (`statuses`), its services of every kind (`services`), one kind's statuses, a project's
 * environments with their statuses, service counts and overviews, the organization's environments and project counts.
 */
import { z } from "zod";
import { readEnvironmentStatus, readServiceStatus } from "../deployments/status-reads";
import { clusterById, environmentsOf, servicesOf, servicesOfKind, servicesWithKindIn } from "../models/queries";
import { SERVICE_KINDS, type AnyServiceKind, type ServiceRec } from "../models/service-kinds";
import type { EnvironmentRec } from "../models/environments";
import { listOf, referenceObject, statusResponse } from "../schemas/common";
import { environmentStatusResponse } from "../schemas/environments";
import { presentApplication } from "./applications";
import { presentContainer } from "./containers";
import { presentDatabase } from "./databases";
import { presentHelm } from "./helms";
import { presentJob } from "./jobs";
import { needEnvironment, needOrg, needProject } from "./lookup";
import { presentTerraform } from "./terraforms";
import { route, type Route, type RouteContext } from "./types";

type Presenter = (ctx: RouteContext, svc: never) => Record<string, unknown>;

/** Each kind's wire form, by its `service_type`. */
const PRESENTERS: Record<string, Presenter> = {
  APPLICATION: presentApplication, CONTAINER: presentContainer, DATABASE: presentDatabase, JOB: presentJob,
  HELM: presentHelm, TERRAFORM: presentTerraform,
};

const KIND_KEYS = SERVICE_KINDS.map((k) => `${k.name}s`);

/** The statuses of an environment's services of one kind. */
function statusesOfKind(ctx: RouteContext, kind: AnyServiceKind, envId: string): Array<Record<string, unknown>> {
  return servicesOfKind(ctx.world.store, kind, envId).map((s: ServiceRec) => readServiceStatus(ctx.world, s, ctx.now));
}

/** `EnvironmentStatusesWithStages` minus the stages: the environment's status and each kind's services' statuses. */
function allStatuses(ctx: RouteContext, e: EnvironmentRec): Record<string, unknown> {
  const out: Record<string, unknown> = { environment: readEnvironmentStatus(ctx, e) };
  for (const kind of SERVICE_KINDS) out[`${kind.name}s`] = statusesOfKind(ctx, kind, e.id);
  return out;
}

/** `EnvironmentOverviewResponse`: the environment, its cluster, how many services it has and its status. */
function overview(ctx: RouteContext, e: EnvironmentRec): Record<string, unknown> {
  const cluster = clusterById(ctx.world.store, e.cluster_id);
  return {
    id: e.id, created_at: e.created_at, updated_at: e.updated_at ?? e.created_at, name: e.name, mode: e.mode,
    cluster: { id: e.cluster_id, name: cluster?.name ?? "", cloud_provider: cluster?.spec?.cloud_provider ?? "AWS", is_demo: false },
    services_overview: { service_count: servicesOf(ctx.world.store, e.id).length, managed_by: "QOVERY" },
    deployment_status: readEnvironmentStatus(ctx, e),
  };
}

/**
 * The reference's `ServiceTotalNumber` and `EnvironmentTotalNumber` require a property `number` they do not declare
 * (they declare `service_total_number` and `environment_total_number`): both are answered, `number` the service count.
 */
const countResponse = referenceObject.extend({ number: z.number(), service_total_number: z.number() });

/** The routes. */
export const environmentOverviewRoutes: Route[] = [
  route({
    method: "GET", path: "/environment/{environmentId}/statuses", status: 200, access: "read",
    summary: "The environment's status and its services' statuses, by kind",
    response: z.object({ environment: environmentStatusResponse, ...Object.fromEntries(KIND_KEYS.map((k) => [k, z.array(statusResponse)])) }),
    handler: (ctx) => allStatuses(ctx, needEnvironment(ctx)),
  }),
  route({
    method: "GET", path: "/environment/{environmentId}/services", status: 200, access: "read",
    summary: "Every service of the environment, each in its kind's wire form (its `service_type` says which)",
    response: listOf(z.record(z.string(), z.unknown())),
    handler: (ctx) => ({
      results: servicesWithKindIn(ctx.world.store, needEnvironment(ctx).id)
        .map(([kind, svc]) => (PRESENTERS[kind.type] as (c: RouteContext, s: ServiceRec) => Record<string, unknown>)(ctx, svc)),
    }),
  }),
  ...SERVICE_KINDS.filter((k) => k.type !== "TERRAFORM").map((kind) => route({
    method: "GET", path: `/environment/{environmentId}/${kind.name}/status`, status: 200, access: "read",
    summary: `Statuses of the environment's ${kind.name}s`, response: listOf(statusResponse),
    handler: (ctx) => ({ results: statusesOfKind(ctx, kind, needEnvironment(ctx).id) }),
  })),
  route({
    method: "GET", path: "/project/{projectId}/environment/status", status: 200, access: "read",
    summary: "Status of each environment of the project", response: listOf(environmentStatusResponse),
    handler: (ctx) => ({ results: environmentsOf(ctx.world.store, needProject(ctx).id).map((e) => readEnvironmentStatus(ctx, e)) }),
  }),
  route({
    method: "GET", path: "/project/{projectId}/environment/stats", status: 200, access: "read",
    summary: "How many services each environment of the project has", response: listOf(countResponse),
    handler: (ctx) => ({
      results: environmentsOf(ctx.world.store, needProject(ctx).id).map((e) => ({ id: e.id, number: servicesOf(ctx.world.store, e.id).length, service_total_number: servicesOf(ctx.world.store, e.id).length })),
    }),
  }),
  route({
    method: "GET", path: "/project/{projectId}/environment/overview", status: 200, access: "read",
    summary: "Each environment of the project with its cluster, service count and status",
    response: listOf(z.record(z.string(), z.unknown())),
    handler: (ctx) => ({ results: environmentsOf(ctx.world.store, needProject(ctx).id).map((e) => overview(ctx, e)) }),
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/environments", status: 200, access: "read",
    summary: "Every environment of the organization",
    response: listOf(z.object({ id: z.string(), created_at: z.string(), name: z.string(), organization: referenceObject, project: referenceObject, mode: z.string() })),
    handler: (ctx) => {
      const org = needOrg(ctx);
      return {
        results: [...ctx.world.store.state.environments.values()].map((e) => ({
          id: e.id, created_at: e.created_at, ...(e.updated_at ? { updated_at: e.updated_at } : {}), name: e.name,
          organization: { id: org.id }, project: { id: e.project_id }, mode: e.mode,
        })),
      };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/project/stats", status: 200, access: "read",
    summary: "How many environments and services each project of the organization has",
    response: listOf(countResponse.extend({ environment_total_number: z.number() })),
    handler: (ctx) => {
      needOrg(ctx);
      const store = ctx.world.store;
      return {
        results: [...store.state.projects.values()].map((p) => {
          const envs = environmentsOf(store, p.id);
          const services = envs.reduce((n, e) => n + servicesOf(store, e.id).length, 0);
          return { id: p.id, number: services, service_total_number: services, environment_total_number: envs.length };
        }),
      };
    },
  }),
];
