import {
  HELM_REPOSITORY_KINDS, HELM_REPOSITORY_SECRET_FIELDS, availableHelmRepositoryResponse, helmChartResponse, helmRepositoryRequest,
  helmRepositoryResponse, helmRepositoryServiceResponse,
} from "../schemas/helm-repositories";
import { chartsOf } from "../models/helm-charts";
import {
  REQUIRED_HELM_REPOSITORY_CONFIG, createHelmRepository, deleteHelmRepository, helmRepositorySlice, replaceHelmRepository,
  type HelmRepositoryRec,
} from "../models/helm-repositories";
import { helmsUsingRepository, parentsOf } from "../models/queries";
import { listOf } from "../schemas/common";
import { orgCrudRoutes } from "./crud";
import { needOrgRecord } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

const SECRET = new Set<string>(HELM_REPOSITORY_SECRET_FIELDS);

function present(ctx: RouteContext, r: HelmRepositoryRec): Record<string, unknown> {
  return {
    id: r.id, created_at: r.created_at, updated_at: r.updated_at, name: r.name, kind: r.kind,
    ...(r.description === undefined ? {} : { description: r.description }), url: r.url, skip_tls_verification: r.skip_tls_verification,
    associated_services_count: helmsUsingRepository(ctx.world.store, r.id).length,
    config: Object.fromEntries(Object.entries(r.config).filter(([k]) => !SECRET.has(k))),
  };
}

const records = (ctx: RouteContext) => helmRepositorySlice.of(ctx.world.store);
const need = (ctx: RouteContext) => needOrgRecord(ctx, records(ctx), "helm repository", "helmRepositoryId");
const item = "/organization/{organizationId}/helmRepository/{helmRepositoryId}";

/** Helm repositories of the organization (secret config fields kept, never answered), their charts and users, the kinds on offer. */
export const helmRepositoryRoutes: Route[] = [
  ...orgCrudRoutes({
    access: { read: "read", write: "write" },
    segment: "helmRepository", label: "helm repository", records, request: helmRepositoryRequest,
    response: helmRepositoryResponse, present, create: createHelmRepository, replace: replaceHelmRepository, remove: deleteHelmRepository,
  }),
  route({
    method: "GET", path: `${item}/charts`, access: "read", status: 200, response: listOf(helmChartResponse),
    summary: "Charts of the repository with their versions, newest first (query `chartName` keeps one)",
    handler: (ctx) => {
      need(ctx);
      const only = ctx.query.get("chartName");
      return { results: chartsOf().filter((c) => only === null || only === "" || c.chart_name === only) };
    },
  }),
  route({
    method: "GET", path: `${item}/associatedServices`, access: "read", status: 200, response: listOf(helmRepositoryServiceResponse),
    summary: "Helm services deploying a chart of the repository",
    handler: (ctx) => {
      const store = ctx.world.store;
      return {
        results: helmsUsingRepository(store, need(ctx).id).flatMap((h) => {
          const { environment: env, project } = parentsOf(store, h);
          if (!env || !project) return [];
          return [{
            project_id: project.id, project_name: project.name, environment_id: env.id, environment_name: env.name,
            service_id: h.id, service_name: h.name, service_type: "HELM",
          }];
        }),
      };
    },
  }),
  route({
    method: "GET", path: "/availableHelmRepository", access: "read", status: 200, response: listOf(availableHelmRepositoryResponse),
    summary: "Helm repository kinds a repository may be created with, and the config fields each needs",
    handler: () => ({
      results: HELM_REPOSITORY_KINDS.map((kind) => {
        const needed = ["url", ...(REQUIRED_HELM_REPOSITORY_CONFIG[kind]?.[0] ?? [])];
        return { kind, required_config: Object.fromEntries(needed.map((f) => [f, "string"])), is_mandatory: false };
      }),
    }),
  }),
];
