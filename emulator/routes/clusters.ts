import { randomBytes } from "node:crypto";
import { badRequest } from "../server/errors";
import { clusterDetails, upgradeCluster, type ClusterRec } from "../models/clusters";
import { iso } from "../models/records";
import { listOf } from "../schemas/common";
import {
  argoCdMappingResponse, clusterResponse, clusterStatusResponse, clusterTokenResponse, commitResponse,
  gitAuthProviderResponse, instanceTypeResponse,
} from "../schemas/organization";
import { needCluster, needOrg } from "./lookup";
import { param, route, type Route } from "./types";

function present(c: ClusterRec): Record<string, unknown> {
  return {
    id: c.id, created_at: c.created_at, updated_at: c.updated_at, organization: { id: c.organization_id },
    name: c.name, region: c.region, cloud_provider: "AWS", min_running_nodes: 1, max_running_nodes: 3, disk_size: 50,
    instance_type: "t3a.large", kubernetes: "MANAGED", cpu: 4000, memory: 8192, estimated_cloud_provider_cost: 120,
    status: "DEPLOYED", has_access: true, version: c.version, is_default: c.is_default, is_demo: false, production: false,
    ssh_keys: [], features: [], deployment_status: "UP_TO_DATE", ...clusterDetails(c),
    labels_groups: (c.labels_groups ?? []).map((id) => ({ id })),
  };
}

/** A cluster's status (the upgrade's answer and the status read). */
export function clusterStatus(c: ClusterRec): Record<string, unknown> {
  return {
    cluster_id: c.id, status: "DEPLOYED", is_deployed: true, reason: "UNSPECIFIED",
    next_k8s_available_version: c.next_version, last_execution_id: c.last_execution_id,
    cluster_lock: null, last_deployment_date: c.last_deployment_date,
  };
}

const SCALEWAY_ZONES = ["fr-par-1", "fr-par-2", "fr-par-3", "nl-ams-1", "nl-ams-2", "nl-ams-3", "pl-waw-1", "pl-waw-2", "pl-waw-3"];
const SCALEWAY_TYPES: Array<[string, number, number, string]> = [
  ["DEV1-L", 4, 8, "0.4"], ["DEV1-XL", 4, 12, "0.5"], ["GP1-XS", 4, 16, "0.5"], ["GP1-S", 8, 32, "0.8"], ["PRO2-S", 8, 32, "1.5"],
];

/** Clusters, their token and upgrade, and the remaining organization-level reads of the published table. */
export const clusterRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/cluster", access: "read", status: 200, summary: "List clusters", response: listOf(clusterResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return { results: ctx.world.store.state.clusters.map(present) };
    },
  }),
  route({
    method: "POST", path: "/cluster/{clusterId}/upgrade", access: "write", status: 201, summary: "Upgrade a cluster to its next Kubernetes version",
    response: clusterStatusResponse,
    handler: (ctx) => {
      const c = needCluster(ctx);
      upgradeCluster(ctx, c);
      return clusterStatus(c);
    },
  }),
  route({
    method: "GET", path: "/cluster/{clusterId}/token", access: "credentials", status: 200, summary: "Kubernetes exec credential for a cluster",
    response: clusterTokenResponse,
    handler: (ctx) => {
      needCluster(ctx);
      return {
        apiVersion: "client.authentication.k8s.io/v1beta1", kind: "ExecCredential", spec: {},
        status: { token: `emu-${randomBytes(16).toString("hex")}`, expirationTimestamp: iso(ctx.now + 15 * 60 * 1000) },
      };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/cluster/{clusterId}/eks-anywhere/commits", access: "read", status: 200,
    summary: "Commits of an on-premise cluster's configuration repository", response: listOf(commitResponse.nullable()),
    handler: (ctx) => {
      needOrg(ctx);
      const c = needCluster(ctx);
      const results = [0, 1, 2].map((i) => {
        const sha = (c.id.replace(/-/g, "") + i.toString(16)).slice(i, i + 40).padEnd(40, "0");
        return {
          created_at: iso(Date.parse(c.created_at) - i * 86400000), git_commit_id: sha, tag: `v1.${2 - i}.0`,
          message: ["Bump node pool size", "Enable metrics", "Initial cluster configuration"][i] as string,
          author_name: "emulator", author_avatar_url: "https://example.invalid/avatar.png",
          commit_page_url: `https://example.invalid/cluster-config/commit/${sha}`,
        };
      });
      return { results };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/argoCdDestinationClusterMapping", access: "read", status: 200,
    summary: "Argo CD instance mappings per agent cluster", response: listOf(argoCdMappingResponse),
    handler: (ctx) => {
      needOrg(ctx);
      const [agent, other] = ctx.world.store.state.clusters;
      if (!agent) return { results: [] };
      return {
        results: [{
          agent_cluster_id: agent.id, agent_cluster_name: agent.name, agent_cluster_cloud_provider: "AWS",
          credentials_id: agent.id, argocd_url: `https://argocd.${agent.name}.emulator.internal`, status: "connected",
          last_checked_at: iso(ctx.now),
          linked_clusters: other ? [{
            argocd_cluster_url: `https://k8s.${other.name}.emulator.internal`, argocd_cluster_name: other.name,
            qovery_cluster_id: other.id, qovery_cluster_name: other.name, qovery_cluster_cloud_provider: "AWS",
            qovery_cluster_type: "MANAGED", applications_count: 0,
          }] : [],
          unlinked_clusters: [{ argocd_cluster_url: "https://kubernetes.default.svc", argocd_cluster_name: "in-cluster", applications_count: 0 }],
        }],
      };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/account/gitAuthProvider", access: "read", status: 200,
    summary: "Git provider accounts", response: listOf(gitAuthProviderResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return { results: ["GITHUB", "GITLAB", "BITBUCKET"].map((name, i) => ({ id: `${i + 1}`, name, owner: "emulator-bot", use_bot: true })) };
    },
  }),
  route({
    method: "GET", path: "/scaleway/instanceType/{zone}", access: "read", status: 200, summary: "Instance types of a zone", response: listOf(instanceTypeResponse),
    handler: (ctx) => {
      const zone = param(ctx, "zone");
      if (!SCALEWAY_ZONES.includes(zone)) throw badRequest("zone", `unknown zone '${zone}' (expected one of ${SCALEWAY_ZONES.join(", ")})`);
      return {
        results: SCALEWAY_TYPES.map(([type, cpu, ram, bw]) => ({
          type, name: type.toLowerCase(), cpu, ram_in_gb: ram, bandwidth_in_gbps: bw, bandwidth_guarantee: "false", architecture: "AMD64",
          gpu_info: { count: 0, name: "", manufacturer: "", memory_in_mib: "0" },
          attributes: { instance_category: type.split("-")[0] as string, instance_generation: 1, instance_family: type.split("-")[0] as string, instance_size: type.split("-")[1] as string, meets_resource_reqs: cpu >= 4 },
        })),
      };
    },
  }),
];
