import { z } from "zod";
import { kubeconfigOf } from "../models/kubeconfig";
import { clusterEnvironments } from "../models/queries";
import { clusterEnvironmentsResponse } from "../schemas/clusters";
import { clusterStatusResponse } from "../schemas/organization";
import { kubeconfigQuery } from "../schemas/team";
import { clusterStatus } from "./cluster-present";
import { needCluster, needOrg } from "./lookup";
import { route, type Route } from "./types";

/**
 * One cluster's status, the environments on it (with their projects and services), and its kubeconfig for
 * Kubernetes clients (YAML, holding a credential).
 */
export const clusterAccessRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/cluster/{clusterId}/status", access: "read", status: 200, summary: "Status of a cluster",
    response: clusterStatusResponse,
    handler: (ctx) => {
      needOrg(ctx);
      return clusterStatus(ctx, needCluster(ctx));
    },
  }),
  route({
    method: "GET", path: "/cluster/{clusterId}/environments", access: "read", status: 200,
    summary: "Environments on a cluster, with their projects and services (what a delete is refused for)",
    response: clusterEnvironmentsResponse, handler: (ctx) => ({ results: clusterEnvironments(ctx.world.store, needCluster(ctx).id) }),
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/cluster/{clusterId}/kubeconfig", access: "credentials", status: 200,
    summary: "Kubeconfig of a cluster (YAML; with_token_from_cli: an exec user; read_only: the read-only credential)",
    query: kubeconfigQuery, response: z.string(), contentType: "application/x-yaml",
    handler: (ctx) => {
      needOrg(ctx);
      const cluster = needCluster(ctx);
      return kubeconfigOf(ctx, cluster, {
        withTokenFromCli: ctx.query.get("with_token_from_cli") === "true", readOnly: ctx.query.get("read_only") === "true",
      });
    },
  }),
];
