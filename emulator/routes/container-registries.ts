import {
  CONTAINER_REGISTRY_KINDS, REGISTRY_SECRET_FIELDS, availableRegistryResponse, containerRegistryRequest, containerRegistryResponse,
  registryServiceResponse,
} from "../schemas/container-registries";
import {
  FIXED_REGISTRY_URLS, REQUIRED_REGISTRY_CONFIG, createContainerRegistry, deleteContainerRegistry, replaceContainerRegistry,
  servicesUsingRegistry, type ContainerRegistryRec,
} from "../models/container-registries";
import { listOf } from "../schemas/common";
import { orgCrudRoutes } from "./crud";
import { needOrgRecord } from "./lookup";
import { route, type Route, type RouteContext } from "./types";
import { parentsOf } from "../models/queries";

const SECRET = new Set<string>(REGISTRY_SECRET_FIELDS);

function present(ctx: RouteContext, r: ContainerRegistryRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: r.id, created_at: r.created_at, updated_at: r.updated_at, name: r.name, kind: r.kind, url: r.url,
    associated_services_count: servicesUsingRegistry(ctx.world.store, r.id).length,
    config: Object.fromEntries(Object.entries(r.config).filter(([k]) => !SECRET.has(k))),
  };
  if (r.description !== undefined) out["description"] = r.description;
  return out;
}

/** The registry a container or a job pulls from, as their answers carry it (`registry`). */
export function presentRegistryDetails(ctx: RouteContext, registryId: string): Record<string, unknown> {
  const r = ctx.world.store.state.containerRegistries.get(registryId);
  return { id: registryId, name: r?.name ?? "", url: r?.url ?? "", kind: r?.kind ?? "GENERIC_CR" };
}

const records = (ctx: RouteContext) => ctx.world.store.state.containerRegistries;

/** Container registries of the organization (secret config fields kept, never answered) and the kinds on offer. */
export const containerRegistryRoutes: Route[] = [
  ...orgCrudRoutes({
    access: { read: "read", write: "write" },
    segment: "containerRegistry", label: "container registry", records, request: containerRegistryRequest,
    response: containerRegistryResponse, present, create: createContainerRegistry, replace: replaceContainerRegistry,
    remove: deleteContainerRegistry,
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/containerRegistry/{containerRegistryId}/associatedServices", access: "read", status: 200,
    summary: "Services pulling from the registry", response: listOf(registryServiceResponse),
    handler: (ctx) => {
      const r = needOrgRecord(ctx, records(ctx), "container registry", "containerRegistryId");
      const store = ctx.world.store;
      return {
        results: servicesUsingRegistry(store, r.id).flatMap((u) => {
          const { environment: env, project } = parentsOf(store, u);
          if (!env || !project) return [];
          return [{
            project_id: project.id, project_name: project.name, environment_id: env.id, environment_name: env.name,
            service_id: u.id, service_name: u.name, service_type: u.type,
          }];
        }),
      };
    },
  }),
  route({
    method: "GET", path: "/availableContainerRegistry", access: "read", status: 200,
    summary: "Registry kinds a registry may be created with, and the config fields each needs", response: listOf(availableRegistryResponse),
    handler: () => ({
      results: CONTAINER_REGISTRY_KINDS.filter((k) => k !== "DOCR").map((kind) => {
        const needed = new Set<string>((REQUIRED_REGISTRY_CONFIG[kind] ?? []).flat());
        if (FIXED_REGISTRY_URLS[kind] === undefined) needed.add("url");
        return { kind, required_config: Object.fromEntries([...needed].map((f) => [f, "string"])), is_mandatory: false };
      }),
    }),
  }),
];
