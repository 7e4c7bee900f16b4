/**
 * What clouds offer (cluster features, instance types per region or zone) and what a cluster costs. The catalogue is
 * `models/cloud-catalogue.ts`; these are its reads, one route set per cloud.
 */
import { badRequest } from "../server/errors";
import { CLOUDS, OFFERS, SCALEWAY_ZONES, instanceTypes, regionOfZone, type Cloud, type InstanceType } from "../models/cloud-catalogue";
import { clusterCostRange, clusterMonthlyCents } from "../models/cluster-lifecycle";
import { clusterFeatureResponse, costRangeResponse, instanceTypeResponse } from "../schemas/clusters";
import { listOf } from "../schemas/common";
import { presentFeature } from "./cluster-present";
import { needCluster, needOrg } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

/** Network bandwidth of a node in Gbps, by its vCPUs (the clouds' usual steps). */
function bandwidth(cpu: number): string {
  return cpu <= 2 ? "0.5" : cpu <= 4 ? "1.25" : "2.5";
}

function presentType(t: InstanceType): Record<string, unknown> {
  return {
    type: t.type, name: t.type.toLowerCase(), cpu: t.cpu, ram_in_gb: t.ram_in_gb, bandwidth_in_gbps: bandwidth(t.cpu),
    bandwidth_guarantee: t.cpu >= 8 ? "true" : "false", architecture: t.architecture,
    gpu_info: t.gpu ? { count: 1, name: t.gpu, manufacturer: "NVIDIA", memory_in_mib: "16384" } : { count: 0, name: "", manufacturer: "", memory_in_mib: "0" },
    attributes: {
      instance_category: t.gpu ? "gpu" : "general_purpose", instance_generation: Number(/\d+/.exec(t.family)?.[0] ?? 1),
      instance_family: t.family, instance_size: t.size, meets_resource_reqs: t.cpu >= 2 && t.ram_in_gb >= 4,
    },
  };
}

/** The instance types of `cloud` in the region named by the path parameter `name` (a 400 naming it when unknown). */
function typesIn(ctx: RouteContext, cloud: Cloud, name: "region" | "zone"): { results: unknown[] } {
  const given = param(ctx, name);
  const known = name === "zone" ? SCALEWAY_ZONES : OFFERS[cloud].regions;
  if (!known.includes(given)) throw badRequest(name, `unknown ${cloud} ${name} '${given}' (expected one of ${known.join(", ")})`);
  return { results: instanceTypes(cloud, name === "zone" ? regionOfZone(given) : given).map(presentType) };
}

const typeRoute = (path: string, cloud: Cloud, by?: "region" | "zone"): Route => route({
  method: "GET", path, access: "read", status: 200, response: listOf(instanceTypeResponse),
  summary: `Instance types of ${cloud}${by ? ` in a ${by}` : " in every region"}`,
  handler: (ctx) => (by ? typesIn(ctx, cloud, by) : { results: instanceTypes(cloud).map(presentType) }),
});

/** Cluster features and instance types of each cloud, and the current cost of a cluster. */
export const clusterCatalogueRoutes: Route[] = [
  ...CLOUDS.map((cloud) => route({
    method: "GET", path: `/${OFFERS[cloud].segment}/clusterFeature`, access: "read", status: 200, response: listOf(clusterFeatureResponse),
    summary: `Cluster features of ${cloud}`, handler: () => ({ results: OFFERS[cloud].features.map((f) => presentFeature(cloud, f)) }),
  })),
  typeRoute("/aws/instanceType", "AWS"),
  typeRoute("/aws/eks/instanceType/{region}", "AWS", "region"),
  typeRoute("/gcp/instanceType/{region}", "GCP", "region"),
  typeRoute("/azure/aks/instanceType/{region}", "AZURE", "region"),
  typeRoute("/scaleway/instanceType", "SCW"),
  typeRoute("/scaleway/instanceType/{zone}", "SCW", "zone"),
  route({
    method: "GET", path: "/organization/{organizationId}/cluster/{clusterId}/currentCost", access: "read", status: 200, response: costRangeResponse,
    summary: "Monthly cost of a cluster: its range (minimum to maximum nodes) and what it costs as it runs now",
    handler: (ctx) => {
      needOrg(ctx);
      const c = needCluster(ctx);
      const range = clusterCostRange(c);
      const now = clusterMonthlyCents(ctx, c);
      return {
        total_in_cents: now, total: now / 100, min_cost_in_cents: range.min, min_cost: range.min / 100,
        max_cost_in_cents: range.max, max_cost: range.max / 100, currency_code: "USD",
      };
    },
  }),
];
