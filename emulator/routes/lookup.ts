import { badRequest, notFound } from "../server/errors";
import { applicationKind, type ApplicationRec } from "../models/applications";
import type { ClusterRec } from "../models/clusters";
import type { EnvironmentRec } from "../models/environments";
import type { OrganizationRec } from "../models/organization";
import type { ProjectRec } from "../models/projects";
import type { AnyServiceKind, RecordOf, ServiceRec } from "../models/service-kinds";
import type { StageRec } from "../models/stages";
import { param, type RouteContext } from "./types";
import { clusterById } from "../models/queries";

/** The record stored under `id`, or 404 naming `what`. */
export function needIn<R>(records: { get(id: string): R | undefined }, what: string, id: string): R {
  const r = records.get(id);
  if (r === undefined) throw notFound(what, id);
  return r;
}

/** The organization named by `{organizationId}`, or 404. */
export function needOrg(ctx: RouteContext): OrganizationRec {
  const org = ctx.world.store.state.organization;
  return needIn({ get: (id) => (id === org.id ? org : undefined) }, "organization", param(ctx, "organizationId"));
}

/** The records of a collection the organization named by `{organizationId}` owns (404 for another organization). */
export function orgRecords<R>(ctx: RouteContext, records: ReadonlyMap<string, R>): R[] {
  needOrg(ctx);
  return [...records.values()];
}

/** A record of a collection the organization named by `{organizationId}` owns, named by `{<idParam>}`, or 404. */
export function needOrgRecord<R>(ctx: RouteContext, records: ReadonlyMap<string, R>, what: string, idParam: string): R {
  needOrg(ctx);
  return needIn(records, what, param(ctx, idParam));
}

/** Project by id, or 404. */
export function needProject(ctx: RouteContext, id = param(ctx, "projectId")): ProjectRec {
  return needIn(ctx.world.store.state.projects, "project", id);
}

/** Environment by id, or 404. */
export function needEnvironment(ctx: RouteContext, id = param(ctx, "environmentId")): EnvironmentRec {
  return needIn(ctx.world.store.state.environments, "environment", id);
}

/** Service of one kind named by `{<kind>Id}`, or 404 naming the kind. */
export function needServiceOf<K extends AnyServiceKind>(ctx: RouteContext, kind: K): RecordOf<K> {
  return needIn(ctx.world.store.collection(kind), kind.name, param(ctx, `${kind.name}Id`));
}

/** Application named by `{applicationId}`, or 404. */
export function needApplication(ctx: RouteContext): ApplicationRec {
  return needServiceOf(ctx, applicationKind);
}

/** Service of any kind by id, or 404. */
export function needService(ctx: RouteContext, id = param(ctx, "serviceId")): ServiceRec {
  return needIn({ get: (x) => ctx.world.store.service(x) }, "service", id);
}

/** Cluster by id, or 404. */
export function needCluster(ctx: RouteContext, id = param(ctx, "clusterId")): ClusterRec {
  return needIn({ get: (x) => clusterById(ctx.world.store, x) }, "cluster", id);
}

/** Deployment stage by id, or 404. */
export function needStage(ctx: RouteContext, id = param(ctx, "deploymentStageId")): StageRec {
  return needIn(ctx.world.store.state.stages, "deployment stage", id);
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
