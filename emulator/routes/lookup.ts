import { badRequest, notFound } from "../errors";
import type {
  ApplicationRec, ClusterRec, DatabaseRec, EnvironmentRec, OrganizationRec, ProjectRec, ServiceRec, StageRec,
} from "../types";
import type { RouteContext } from "./types";
import { param } from "./types";

/** The organization named by `{organizationId}`, or 404. */
export function needOrg(ctx: RouteContext): OrganizationRec {
  const id = param(ctx, "organizationId");
  const org = ctx.world.store.state.organization;
  if (org.id !== id) throw notFound("organization", id);
  return org;
}

/** Project by id, or 404. */
export function needProject(ctx: RouteContext, id = param(ctx, "projectId")): ProjectRec {
  const p = ctx.world.store.state.projects.get(id);
  if (!p) throw notFound("project", id);
  return p;
}

/** Environment by id, or 404. */
export function needEnvironment(ctx: RouteContext, id = param(ctx, "environmentId")): EnvironmentRec {
  const e = ctx.world.store.state.environments.get(id);
  if (!e) throw notFound("environment", id);
  return e;
}

/** Application by id, or 404. */
export function needApplication(ctx: RouteContext, id = param(ctx, "applicationId")): ApplicationRec {
  const a = ctx.world.store.state.applications.get(id);
  if (!a) throw notFound("application", id);
  return a;
}

/** Database by id, or 404. */
export function needDatabase(ctx: RouteContext, id = param(ctx, "databaseId")): DatabaseRec {
  const d = ctx.world.store.state.databases.get(id);
  if (!d) throw notFound("database", id);
  return d;
}

/** Application or database by id, or 404. */
export function needService(ctx: RouteContext, id = param(ctx, "serviceId")): ServiceRec {
  const s = ctx.world.store.service(id);
  if (!s) throw notFound("service", id);
  return s;
}

/** Cluster by id, or 404. */
export function needCluster(ctx: RouteContext, id = param(ctx, "clusterId")): ClusterRec {
  const c = ctx.world.store.state.clusters.find((x) => x.id === id);
  if (!c) throw notFound("cluster", id);
  return c;
}

/** Deployment stage by id, or 404. */
export function needStage(ctx: RouteContext, id = param(ctx, "deploymentStageId")): StageRec {
  const s = ctx.world.store.state.stages.get(id);
  if (!s) throw notFound("deployment stage", id);
  return s;
}

/** Applies `page`/`page_size` when given: `{results, pagination}`; else `{results}` with everything. */
export function paginate<T>(ctx: RouteContext, items: T[]): { results: T[]; pagination?: Record<string, number> } {
  const pageRaw = ctx.query.get("page");
  const sizeRaw = ctx.query.get("page_size");
  if (pageRaw === null && sizeRaw === null) return { results: items };
  const page = intParam("page", pageRaw, 1);
  const size = intParam("page_size", sizeRaw, 100);
  const start = (page - 1) * size;
  return {
    results: items.slice(start, start + size),
    pagination: { page, page_size: size, total_count: items.length, total_pages: Math.max(1, Math.ceil(items.length / size)) },
  };
}

function intParam(name: string, raw: string | null, dflt: number): number {
  if (raw === null) return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw badRequest(name, "expected an integer >= 1");
  return n;
}
