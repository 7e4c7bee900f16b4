/**
 * A cluster's lock and the organization's locks, its analyses and their logs, its Kubernetes events (the steps of its
 * own deployments, as the cluster log has them), the Helm values its installation takes, and the EKS Anywhere and
 * Karpenter settings: the reads and writes of `models/cluster-extras.ts`.
 */
import { z } from "zod";
import { clusterLog } from "../models/cluster-logs";
import {
  analysesOf, analysisLog, analysisOf, analysisStatus, eksAnywhereJwt, lockCluster, lockOf, setEksAnywhereCommit, setKarpenterSubnets,
  startAnalysis, unlockCluster, type ClusterAnalysisRec,
} from "../models/cluster-extras";
import type { ClusterRec } from "../models/clusters";
import { iso } from "../models/records";
import { badRequest } from "../server/errors";
import { listOf, nonEmpty } from "../schemas/common";
import { needCluster, needOrg } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

const lockResponse = z.object({ reason: z.string(), ttl_in_days: z.number().int().optional(), cluster_id: z.string(), locked_at: z.string(), owner_name: z.string() });
const analysisRequest = z.object({
  kind: z.enum(["COST_RECOMMENDATION", "DEPRECATED_API_CHECK"]), output_format: z.enum(["TABLE", "JSON", "CSV"]),
  prometheus_url: z.string().nullable().optional(), cmd_args: z.array(z.string()).optional(), target_kubernetes_version: z.string().nullable().optional(),
});
const analysisResponse = z.object({
  id: z.string(), cluster_id: z.string(), organization_id: z.string(), kind: z.string(), status: z.string(), output_format: z.string(),
  created_at: z.string(), updated_at: z.string(), triggered_by: z.string(),
});
const subnets = z.array(z.string()).optional();
const karpenterRequest = z.object({
  eks_karpenter_fargate_subnets_zone_a_ids: subnets, eks_karpenter_fargate_subnets_zone_b_ids: subnets, eks_karpenter_fargate_subnets_zone_c_ids: subnets,
});

function presentAnalysis(ctx: RouteContext, c: ClusterRec, a: ClusterAnalysisRec): Record<string, unknown> {
  const { status, since } = analysisStatus(a, ctx.now);
  return {
    id: a.id, cluster_id: c.id, organization_id: c.organization_id, kind: a.kind, status, output_format: a.output_format,
    created_at: a.created_at, updated_at: iso(since), triggered_by: "API token",
  };
}

function orgCluster(ctx: RouteContext): ClusterRec {
  needOrg(ctx);
  return needCluster(ctx);
}

/** A query date, required (400 naming it when absent or not a date). */
function dateParam(ctx: RouteContext, name: string): number {
  const ms = Date.parse(ctx.query.get(name) ?? "");
  if (Number.isNaN(ms)) throw badRequest(name, "expected a date-time");
  return ms;
}

/** The routes. */
export const clusterExtraRoutes: Route[] = [
  route({
    method: "POST", path: "/cluster/{clusterId}/lock", status: 200, access: "write", summary: "Lock the cluster (409 when it is locked)",
    request: z.object({ reason: nonEmpty, ttl_in_days: z.number().int().min(1).optional() }), response: lockResponse,
    handler: (ctx) => {
      const c = needCluster(ctx);
      return { ...lockCluster(ctx, c, ctx.body as { reason: string; ttl_in_days?: number }), cluster_id: c.id };
    },
  }),
  route({
    method: "DELETE", path: "/cluster/{clusterId}/lock", status: 204, access: "write", summary: "Unlock the cluster (404 when it is not locked)",
    handler: (ctx) => unlockCluster(ctx, needCluster(ctx)),
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/lock", status: 200, access: "read", summary: "The organization's locked clusters",
    response: listOf(lockResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return { results: ctx.world.store.state.clusters.flatMap((c) => { const l = lockOf(ctx, c); return l ? [{ ...l, cluster_id: c.id }] : []; }) };
    },
  }),
  route({
    method: "POST", path: "/clusters/{clusterId}/analysis", status: 202, access: "write", summary: "Start an analysis of the cluster",
    request: analysisRequest, response: analysisResponse,
    handler: (ctx) => {
      const c = needCluster(ctx);
      return presentAnalysis(ctx, c, startAnalysis(ctx, c, ctx.body as z.output<typeof analysisRequest>));
    },
  }),
  route({
    method: "GET", path: "/clusters/{clusterId}/analysis", status: 200, access: "read", summary: "The cluster's analyses, newest first",
    response: listOf(analysisResponse),
    handler: (ctx) => {
      const c = needCluster(ctx);
      return { results: analysesOf(c).map((a) => presentAnalysis(ctx, c, a)) };
    },
  }),
  route({
    method: "GET", path: "/clusters/{clusterId}/analysis/{analysisId}", status: 200, access: "read", summary: "One analysis of the cluster",
    response: analysisResponse,
    handler: (ctx) => {
      const c = needCluster(ctx);
      return presentAnalysis(ctx, c, analysisOf(c, param(ctx, "analysisId")));
    },
  }),
  route({
    method: "GET", path: "/clusters/{clusterId}/analysis/{analysisId}/logs", status: 200, access: "read", summary: "The log an analysis wrote so far",
    response: listOf(z.object({ timestamp: z.string(), level: z.string(), message: z.string(), line_order: z.number().int() })),
    handler: (ctx) => {
      const c = needCluster(ctx);
      return { results: analysisLog(c, analysisOf(c, param(ctx, "analysisId")), ctx.now) };
    },
  }),
  route({
    method: "GET", path: "/cluster/{clusterId}/events", status: 200, access: "read",
    summary: "Kubernetes events of the cluster between `from_date_time` and `to_date_time` (the steps of its deployments)",
    query: z.object({ from_date_time: z.string(), to_date_time: z.string(), node_name: z.string().optional(), pod_name: z.string().optional(), reporting_component: z.string().optional() }),
    response: listOf(z.object({ created_at: z.string(), kind: z.string(), namespace: z.string(), name: z.string(), reason: z.string(), message: z.string(), type: z.string() })),
    handler: (ctx) => {
      const c = needCluster(ctx);
      const from = dateParam(ctx, "from_date_time");
      const to = dateParam(ctx, "to_date_time");
      return {
        results: clusterLog(ctx, c).filter((l) => Date.parse(l.timestamp) >= from && Date.parse(l.timestamp) <= to).map((l) => ({
          created_at: l.timestamp, kind: "Cluster", namespace: "kube-system", name: c.name, reason: l.step, message: l.message.safe_message,
          type: l.type === "error" ? "Warning" : "Normal", reporting_component: "qovery-engine", count: 1, first_occurrence: l.timestamp, last_occurrence: l.timestamp,
        })),
      };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/cluster/{clusterId}/installationHelmValues", status: 200, access: "read",
    summary: "Helm values of the cluster's agent installation (YAML)", response: z.string(), contentType: "application/x-yaml",
    handler: (ctx) => {
      const c = orgCluster(ctx);
      return [`qovery:`, `  clusterId: "${c.id}"`, `  organizationId: "${c.organization_id}"`, `  clusterName: "${c.name}"`, `  region: "${c.region}"`, ""].join("\n");
    },
  }),
  route({
    method: "PUT", path: "/organization/{organizationId}/cluster/{clusterId}/eks-anywhere/commit", status: 200, access: "write",
    summary: "Set the commit the EKS Anywhere cluster's configuration is read from", request: z.object({ commit_id: nonEmpty }),
    response: z.object({ commit_id: z.string() }),
    handler: (ctx) => {
      const { commit_id } = ctx.body as { commit_id: string };
      setEksAnywhereCommit(ctx, orgCluster(ctx), commit_id);
      return { commit_id };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/cluster/{clusterId}/eks-anywhere/jwt", status: 200, access: "credentials",
    summary: "Token the EKS Anywhere cluster's agent signs in with", response: z.object({ jwt: z.string() }),
    handler: (ctx) => {
      const c = orgCluster(ctx);
      return { jwt: eksAnywhereJwt(ctx.world.store.state.clusterCredentials.get(c.id)?.token ?? c.id, c) };
    },
  }),
  route({
    method: "PUT", path: "/organization/{organizationId}/cluster/{clusterId}/karpenterPrivateSubnetIds", status: 200, access: "write",
    summary: "Set the subnets of Karpenter's Fargate profile, by zone", request: karpenterRequest,
    handler: (ctx) => setKarpenterSubnets(ctx, orgCluster(ctx), ctx.body as Record<string, string[] | undefined>),
  }),
];
