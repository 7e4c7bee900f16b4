import { randomBytes } from "node:crypto";
import { deleteCluster, deployCluster, redeployIfRunning } from "../models/cluster-lifecycle";
import { createCluster, editCluster } from "../models/cluster-spec";
import { upgradeCluster } from "../models/clusters";
import { iso } from "../models/records";
import { clusterRequest, type ClusterRequest } from "../schemas/clusters";
import { listOf } from "../schemas/common";
import {
  argoCdMappingResponse, clusterResponse, clusterStatusResponse, clusterTokenResponse, commitResponse, gitAuthProviderResponse,
} from "../schemas/organization";
import { clusterStatus, presentCluster } from "./cluster-present";
import { needCluster, needOrg } from "./lookup";
import { route, type Route } from "./types";

const CLUSTER = "/organization/{organizationId}/cluster";

/**
 * Clusters (list, create, edit, delete: a delete runs on the clock, refused while environments run on it), their
 * upgrade and token, and the remaining organization-level reads of the published table.
 */
export const clusterRoutes: Route[] = [
  route({
    method: "GET", path: CLUSTER, access: "read", status: 200, summary: "List clusters", response: listOf(clusterResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return { results: ctx.world.store.state.clusters.map((c) => presentCluster(ctx, c)) };
    },
  }),
  route({
    method: "POST", path: CLUSTER, access: "write", status: 201, request: clusterRequest, response: clusterResponse,
    summary: "Create a cluster (READY, never deployed, until POST .../deploy)",
    handler: (ctx) => presentCluster(ctx, createCluster(ctx, needOrg(ctx).id, ctx.body as ClusterRequest)),
  }),
  route({
    method: "PUT", path: `${CLUSTER}/{clusterId}`, access: "write", status: 200, request: clusterRequest, response: clusterResponse,
    summary: "Edit a cluster (the full request again; new node counts, instance type or disk size redeploy a running cluster)",
    handler: (ctx) => {
      needOrg(ctx);
      const c = needCluster(ctx);
      if (editCluster(ctx, c, ctx.body as ClusterRequest)) redeployIfRunning(ctx, c);
      return presentCluster(ctx, c);
    },
  }),
  route({
    method: "DELETE", path: `${CLUSTER}/{clusterId}`, access: "write", status: 204,
    summary: "Delete a cluster (DELETE_QUEUED, DELETING, then gone; refused while environments run on it)",
    handler: (ctx) => {
      needOrg(ctx);
      deleteCluster(ctx, needCluster(ctx));
    },
  }),
  route({
    method: "POST", path: "/cluster/{clusterId}/upgrade", access: "write", status: 201, summary: "Upgrade a cluster to its next Kubernetes version",
    response: clusterStatusResponse,
    handler: (ctx) => {
      const c = needCluster(ctx);
      upgradeCluster(ctx, c);
      if (c.spec) deployCluster(ctx, c); // a cluster made through the API rolls the new version out on the clock
      return clusterStatus(ctx, c);
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
];
